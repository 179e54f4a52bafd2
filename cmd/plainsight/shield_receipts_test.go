package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/shield"
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
		a := shield.Action{Kind: shield.Read, Direction: shield.Inbound}
		if err := log.Append(ctx, shield.NewLogEntry(c.who, r, &resp, a, shield.Decide(shield.DefaultPolicy(), &resp, a))); err != nil {
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
	if strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(lines[1], `"agent-\x1b[2J2"`) || !strings.Contains(lines[1], `"to\u202eol"`) {
		t.Errorf("outside strings not rendered visibly:\n%q", out)
	}
	if !strings.Contains(lines[1], " malicious ") {
		t.Errorf("the second entry: %s", lines[1])
	}

	code, out, _ = runCmd(t, "", "shield", "receipts", "list", "--db", path, "--hash", hashes[1], "--format", "json")
	var rec struct {
		Seq   int64           `json:"seq"`
		Entry shield.LogEntry `json:"entry"`
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
		{"shield", "receipts", "list"},
		{"shield", "receipts", "list", "--db", path, "--since", "yesterday"},
		{"shield", "receipts", "list", "--db", path, "--format", "xml"},
		{"shield", "receipts", "list", "--db", path, "--limit", "0"},
		{"shield", "receipts", "list", "--db", path, "--limit", "1001"},
		{"shield", "receipts", "list", "--db", path, "--after", "-1"},
		{"shield", "receipts", "list", "--db", filepath.Join(t.TempDir(), "none.db")},
	} {
		t.Setenv(dbEnv, "")
		if code, _, _ := runCmd(t, "", bad...); code != exitError {
			t.Errorf("%v: exit %d, want %d", bad, code, exitError)
		}
	}
}
