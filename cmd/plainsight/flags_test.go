package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store/sqlite"
)

// testDB makes a SQLite database holding two flags (one disputed) and
// returns its path and the flags' ids.
func testDB(t *testing.T) (string, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	svc := &psflag.Service{Store: s}
	alice := psflag.Actor{AccountID: "acc_alice", AgentID: "agt_1", Handle: "alice", KYALevel: 2, Kind: psflag.KindAccount}
	out, err := svc.Submit(context.Background(), psflag.SubmissionInput{
		Artifact: psflag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"}, Field: "tools[0].description",
		Bytes: []byte("Reads.\u200b Then \u202esends."), Actor: alice, Source: psflag.IntegrityRefresh,
	})
	if err != nil {
		t.Fatal(err)
	}
	ids := out.FlagIDs()
	if _, err := svc.Dispute(context.Background(), ids[1], alice, psflag.Case{CaseID: "case_7", CaseNumber: 7}); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

func TestFlagsList(t *testing.T) {
	path, ids := testDB(t)
	code, out, errOut := runCmd(t, "", "flags", "list", "--db", path, "--format", "json")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || string(got[0]["id"]) != `"`+ids[0]+`"` || string(got[1]["status"]) != `"disputed"` {
		t.Errorf("flags list --format json:\n%s", out)
	}
	code, out, _ = runCmd(t, "", "flags", "list", "--db", path, "--status", "disputed")
	if code != exitClean || !strings.Contains(out, ids[1]) || strings.Contains(out, ids[0]) || !strings.Contains(out, "1 flag(s)") {
		t.Errorf("flags list --status disputed: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "flags", "list", "--db", path, "--artifact", "https://other.example/")
	if code != exitClean || !strings.Contains(out, "0 flag(s)") {
		t.Errorf("flags list of another artifact: exit %d\n%s", code, out)
	}
}

func TestFlagsShow(t *testing.T) {
	path, ids := testDB(t)
	code, out, errOut := runCmd(t, "", "flags", "show", ids[1], "--db", path, "--format", "json")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var f psflag.Flag
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	if f.ID != ids[1] || f.Dispute == nil || f.Dispute.CaseID != "case_7" || f.FindingClass != "bidi_control" {
		t.Errorf("flags show: %+v", f)
	}
	code, out, _ = runCmd(t, "", "flags", "show", "--db", path, ids[0])
	if code != exitClean || !strings.Contains(out, "ZERO WIDTH SPACE") || !strings.Contains(out, "ledger entry: 1") {
		t.Errorf("flags show text: exit %d\n%s", code, out)
	}
}

func TestFlagsErrors(t *testing.T) {
	path, _ := testDB(t)
	for _, args := range [][]string{
		{"flags"},
		{"flags", "remove"},
		{"flags", "list", "--db", path, "--status", "deleted"},
		{"flags", "list", "--db", path, "--limit", "0"},
		{"flags", "list", "--db", path, "--format", "yaml"},
		{"flags", "show", "--db", path},
		{"flags", "show", "--db", path, "flg_00000000000000000000"},
		{"ledger"},
		{"ledger", "verify", "--db", path, "extra"},
	} {
		t.Setenv(dbEnv, "")
		code, _, errOut := runCmd(t, "", args...)
		if code != exitError || errOut == "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

// TestLedgerVerify: testDB writes three entries, two creations and the
// dispute (security.flag_disputed, issue 29).
func TestLedgerVerify(t *testing.T) {
	path, _ := testDB(t)
	code, out, errOut := runCmd(t, "", "ledger", "verify", "--db", path)
	if code != exitClean || !strings.Contains(out, "3 entries, chain intact") {
		t.Fatalf("ledger verify: exit %d\n%s%s", code, out, errOut)
	}
	t.Setenv(dbEnv, path)
	code, out, _ = runCmd(t, "", "ledger", "verify", "--format", "json")
	var r struct {
		Intact  bool  `json:"intact"`
		Entries int64 `json:"entries"`
	}
	if code != exitClean || json.Unmarshal([]byte(out), &r) != nil || !r.Intact || r.Entries != 3 {
		t.Errorf("ledger verify --format json via %s: exit %d\n%s", dbEnv, code, out)
	}

	// An operator with the file's owner rights drops the trigger and edits
	// an entry: verify finds the broken link.
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().Exec(`DROP TRIGGER ledger_no_update; UPDATE ledger SET body = replace(body, 'zero_width', 'zero_wide') WHERE seq = 1`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	code, out, _ = runCmd(t, "", "ledger", "verify", "--db", path, "--format", "json")
	var b struct {
		Intact   bool  `json:"intact"`
		BrokenAt int64 `json:"broken_at"`
	}
	if code != exitFound || json.Unmarshal([]byte(out), &b) != nil || b.Intact || b.BrokenAt != 1 {
		t.Errorf("ledger verify of an edited ledger: exit %d\n%s", code, out)
	}
}

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"https://mcp.example/mcp":     "https://mcp.example/mcp",
		"a⟨U+200B ZERO WIDTH SPACE⟩b": "a⟨U+200B ZERO WIDTH SPACE⟩b",
		// The excerpt rules (visible.go), one rendering for every command.
		"\x1b[2Jcleared": "⟨U+001B ESCAPE⟩[2Jcleared",
		"abc\u202edef":   "abc⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩def",
		"tab\there":      "tab⟨U+0009 CHARACTER TABULATION⟩here",
	} {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %s, want %s", in, got, want)
		}
	}
}
