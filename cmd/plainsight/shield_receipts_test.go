package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/store/sqlite"
)

func TestShieldReceiptsList(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	log := receiptstore.New(s)
	var hashes []string
	// A requester name and a tool name that try to drive the terminal.
	for _, c := range []struct{ who, tool, content string }{
		{"agent-1", "fetch", "hello"},
		{"agent-\x1b[2J2", "to\u202eol", "AKIAZ3VQ7MXR5NB2KL4P"},
	} {
		r := shield.Request{Content: c.content, Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound, Tool: c.tool}}
		resp, err := shield.Scan(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		a := enforce.Action{Kind: enforce.Read, Direction: shield.Inbound}
		if err := log.Append(ctx, enforce.NewLogEntry(c.who, r, &resp, a, enforce.Decide(enforce.DefaultPolicy(), &resp, a))); err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, resp.Receipt.ContentHash)
	}
	s.Close()

	code, out, stderr := runCmd(t, "", "shield", "receipts", "list", "--db", path)
	if code != exitClean {
		t.Fatalf("list: %d %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "1  ") || !strings.Contains(lines[0], " agent-1  fetch  inbound  clean  proceed  ") ||
		!strings.HasSuffix(lines[0], hashes[0]) {
		t.Fatalf("list:\n%s", out)
	}
	if strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(lines[1], "agent-⟨U+001B ESCAPE⟩[2J2") || !strings.Contains(lines[1], "to⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩ol") {
		t.Errorf("outside strings not rendered visibly:\n%q", out)
	}
	if !strings.Contains(lines[1], " malicious ") {
		t.Errorf("the second entry: %s", lines[1])
	}

	code, out, _ = runCmd(t, "", "shield", "receipts", "list", "--db", path, "--hash", hashes[1], "--format", "json")
	var rec struct {
		Seq   int64            `json:"seq"`
		Entry enforce.LogEntry `json:"entry"`
	}
	if code != exitClean || json.Unmarshal([]byte(out), &rec) != nil || rec.Seq != 2 || rec.Entry.Receipt.ContentHash != hashes[1] {
		t.Errorf("--hash --format json: %d %s", code, out)
	}
	// In JSON too, the outside strings reach the terminal escaped, the
	// value unchanged.
	code, out, _ = runCmd(t, "", "shield", "receipts", "list", "--db", path, "--after", "1", "--format", "json")
	if code != exitClean || strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(out, `to\u202eol`) ||
		json.Unmarshal([]byte(out), &rec) != nil || rec.Entry.Who != "agent-\x1b[2J2" || rec.Entry.Tool != "to\u202eol" {
		t.Errorf("json with outside strings: %d %q", code, out)
	}
	code, out, _ = runCmd(t, "", "shield", "receipts", "list", "--db", path, "--after", "2")
	if code != exitClean || out != "" {
		t.Errorf("--after 2: %d %q", code, out)
	}
	for _, bad := range [][]string{
		{"shield", "receipts"},
		{"shield", "receipts", "list", "--db", path, "--since", "yesterday"},
		{"shield", "receipts", "list", "--db", path, "--format", "xml"},
		{"shield", "receipts", "list", "--db", path, "--limit", "0"},
		{"shield", "receipts", "list", "--db", path, "--limit", "1001"},
		{"shield", "receipts", "list", "--db", path, "--after", "-1"},
	} {
		t.Setenv(dbEnv, "")
		if code, _, _ := runCmd(t, "", bad...); code != exitError {
			t.Errorf("%v: exit %d, want %d", bad, code, exitError)
		}
	}
}

func TestShieldReceiptsListJWKS(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	path := filepath.Join(dir, "r.db")
	ring, err := receipt.NewKeyRingFromSeed([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	jwks, _ := ring.JWKS()
	jwksPath := filepath.Join(dir, "jwks.json")
	if err := os.WriteFile(jwksPath, jwks, 0o600); err != nil {
		t.Fatal(err)
	}
	scanner, err := shield.New(shield.Options{Signer: ring})
	if err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	log := receiptstore.New(s)
	a := enforce.Action{Kind: enforce.Send, Direction: shield.Outbound}
	for _, who := range []string{"honest", "forger"} {
		r := shield.Request{Content: "key AKIAZ3VQ7MXR5NB2KL4P", Context: shield.Context{Source: shield.SourceAgentMessage, Direction: shield.Outbound}}
		resp, err := scanner.Scan(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		if who == "forger" { // a host that logs a verdict the scanner did not give
			resp.Verdict = shield.Clean
		}
		if err := log.Append(ctx, enforce.NewLogEntry(who, r, &resp, a, enforce.Decide(enforce.DefaultPolicy(), &resp, a))); err != nil {
			t.Fatal(err)
		}
	}
	// No scan: the scanner could not be reached.
	if err := log.Append(ctx, enforce.NewLogEntry("offline", shield.Request{Context: shield.Context{Source: shield.SourceAgentMessage, Direction: shield.Outbound}},
		nil, a, enforce.Decide(enforce.DefaultPolicy(), nil, a))); err != nil {
		t.Fatal(err)
	}
	s.Close()

	code, out, stderr := runCmd(t, "", "shield", "receipts", "list", "--db", path, "--jwks", jwksPath)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitFound || len(lines) != 3 || !strings.HasSuffix(lines[0], "  signature ok") ||
		!strings.Contains(lines[1], "signature FAILED") || !strings.HasSuffix(lines[2], "  unsigned") {
		t.Fatalf("--jwks: exit %d (want %d)\n%s%s", code, exitFound, out, stderr)
	}
	if code, out, _ := runCmd(t, "", "shield", "receipts", "list", "--db", path, "--jwks", jwksPath, "--who", "honest"); code != exitClean {
		t.Errorf("--jwks on a verifying entry: exit %d\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "", "shield", "receipts", "list", "--db", path, "--jwks", filepath.Join(dir, "none.json")); code != exitError {
		t.Errorf("a missing JWKS: exit %d, want %d", code, exitError)
	}
}
