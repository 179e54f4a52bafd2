package secret

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// goText is the first n bytes of a file of the Go distribution: real
// prose (the language specification) and real code (net/http).
func goText(b testing.TB, rel string, n int) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatalf("go env GOROOT: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), rel))
	if err != nil {
		b.Fatalf("the Go distribution's %s: %v", rel, err)
	}
	if len(data) < n {
		b.Fatalf("%s: %d bytes, want %d", rel, len(data), n)
	}
	return string(data[:n])
}

// BenchmarkFind measures Find on 16 KiB of prose (the Go
// specification), of code (net/http) and of test code full of keys and
// certificates (crypto/tls), the rules compiled beforehand; "own" is the
// package's own rules alone, "gitleaks" gitleaks' rules alone. Besides the
// mean it reports single calls' 50th and 99th percentiles of wall and
// thread-CPU time (benchtext.PerCall): on a shared machine the wall time
// includes other processes' turns.
func BenchmarkFind(b *testing.B) {
	gitleaksRules()
	for _, c := range []struct{ name, rel string }{
		{"prose", "doc/go_spec.html"},
		{"code", "src/net/http/server.go"},
		{"keys", "src/crypto/tls/handshake_client_test.go"},
	} {
		text := goText(b, c.rel, 16<<10)
		for _, f := range []struct {
			name string
			fn   func()
		}{
			{"all", func() { Find(text, func(Finding) {}) }},
			{"own", func() { own(text, func(Finding) {}) }},
			{"gitleaks", func() { findGitleaks(text, false, func(glFinding) {}) }},
		} {
			b.Run(c.name+"-16KiB/"+f.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				benchtext.PerCall(b, f.fn)
			})
		}
	}
}

// BenchmarkCompile measures the one-time compilation of the rules.
func BenchmarkCompile(b *testing.B) {
	for b.Loop() {
		if _, err := compileRules(gitleaksTOML); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindHostile runs Find on 1 MiB texts built against the rules'
// keyword hits and windows: each must stay linear in the text.
func BenchmarkFindHostile(b *testing.B) {
	for _, unit := range []string{"ey", "eyJhbGciOiJub25lIn0", "key=", "api_key = ", "sig=", "-----BEGIN PRIVATE KEY-----", "s.", "0x", "sk_live_", "a3-", "curl ", "curl -H ", "hooks.slack.com/", "password=", "Authorization: Basic ", "private key ",
		// The fourth pass's readers (cliauth.go).
		" -p", "mysql -p", "a@tcp(", "new PDO('", "machine login password ", "u:$apr1$", "u:$2y$10$", "ACabcdef0123456789abcdef0123456789 '",
		"MTA5ODc2NTQzMjEwOTg3NjU0.Gh7kLm.", "--password ", "pass: ", "db:5432:*:u:"} {
		text := strings.Repeat(unit, (1<<20)/len(unit))
		b.Run(unit, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Find(text, func(Finding) {})
			}
		})
	}
}
