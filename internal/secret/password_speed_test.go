package secret

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// passwordsRef is the pass that passwords replaced, kept to compare with:
// it reads every byte.
func passwordsRef(text string, fn func(Finding)) {
	for i := 0; i < len(text); i++ {
		if c := text[i] | 0x20; c != 'p' {
			continue
		}
		label := ""
		for _, l := range passwordLabels {
			if hasLowerPrefix(text[i:], l) {
				label = l
				break
			}
		}
		if label == "" || i > 0 && isAlpha(text[i-1]) && !isUpper(text[i]) {
			continue // inside a word (…pwd… in a longer word), unless camelCase
		}
		j := i + len(label)
		// The rest of the identifier: at most 12 bytes, none naming
		// something else.
		k := j
		for k < len(text) && k-j < 13 && (isBase62(text[k]) || text[k] == '_' || text[k] == '-' || text[k] == '.') {
			k++
		}
		if k-j > 12 || suffixed(text[j:k]) {
			i = k - 1
			continue
		}
		for n := 0; n < 3 && k < len(text) && (text[k] == '"' || text[k] == '\'' || text[k] == ' ' || text[k] == '\t'); n++ {
			k++
		}
		if k >= len(text) || text[k] != '=' && text[k] != ':' {
			continue
		}
		if k+1 < len(text) && (text[k] == '=' && text[k+1] == '=' || text[k] == ':' && text[k+1] == ':') || k > 0 && text[k-1] == '!' {
			continue
		}
		if k+1 < len(text) && text[k] == ':' && text[k+1] == '=' { // :=
			k++
		}
		k++
		for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		s, e, ok := passwordValue(text, k)
		if !ok {
			continue
		}
		fn(Finding{Rule: "password_assignment", Start: s, End: e, Confidence: 0.7})
		i = e - 1
	}
}

// TestPasswordsSame: passwords finds what the pass it replaced found, on
// real text and on random text made of labels, separators and values.
func TestPasswordsSame(t *testing.T) {
	texts := testTexts(t)
	pieces := []string{"password", "PASSWORD", "Passwd", "pwd", "passphrase", "p", "P", "pa", "_hash", "_file", "Min", "=", ":", "==", ":=", "!=", " ", "\t", "\"", "'", "\n",
		"hunter2!x", "S3cr3t-Pa55w0rd", "xK9#mQ2$vL7@", "${PASSWORD}", "changeme", ";", ",", "é", "\xff", "dbPassword", "user:pass@"}
	r := rand.New(rand.NewPCG(27, 13))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := r.IntN(16); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, s := range texts {
		var got, want []Finding
		passwords(s, func(f Finding) { got = append(got, f) })
		passwordsRef(s, func(f Finding) { want = append(want, f) })
		if !slices.Equal(got, want) {
			t.Fatalf("passwords(%q) = %v, want %v", s[:min(len(s), 200)], got, want)
		}
		found += len(want)
	}
	if found < 100 {
		t.Errorf("%d passwords found: the comparison says little", found)
	}
}

// testTexts are real texts to compare two implementations on: files of
// the Go distribution's source (code, documentation comments, test code
// full of keys and certificates: GOROOT/src is in every toolchain, its
// doc/ directory is not in the module proxy's) and of /usr/share/doc, in
// 16 KiB pieces.
func testTexts(t testing.TB) []string {
	var out []string
	add := func(s string) {
		for len(s) > 16<<10 {
			out = append(out, s[:16<<10])
			s = s[16<<10:]
		}
		out = append(out, s)
	}
	root, err := benchtext.GoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"src/net/http/doc.go", "src/net/http/server.go", "src/crypto/tls/handshake_client_test.go",
		"src/crypto/x509/x509_test.go", "src/database/sql/sql.go", "src/net/url/url_test.go"} {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		add(string(b))
	}
	docs, _ := filepath.Glob("/usr/share/doc/*/copyright")
	for _, p := range docs[:min(len(docs), 200)] {
		if b, err := os.ReadFile(p); err == nil {
			add(string(b))
		}
	}
	return out
}

// BenchmarkPasswords compares passwords with the pass it replaced on 16
// KiB of prose (the Go specification), alternating call by call, in
// thread-CPU time (ref/new).
func BenchmarkPasswords(b *testing.B) {
	text := goText(b, "doc/go_spec.html", 16<<10)
	var ref, cur time.Duration
	odd := false
	benchtext.PerCall(b, func() {
		odd = !odd
		c0, _ := benchtext.ThreadCPU()
		if odd {
			passwordsRef(text, func(Finding) {})
		} else {
			passwords(text, func(Finding) {})
		}
		c1, _ := benchtext.ThreadCPU()
		if odd {
			ref += c1 - c0
		} else {
			cur += c1 - c0
		}
	})
	b.ReportMetric(float64(ref)/float64(cur), "ref/new")
}
