package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

// lastEntry returns the type and data of the database's newest ledger entry.
func lastEntry(t *testing.T, path string) (string, map[string]any) {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	se, err := s.LedgerHead(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e, err := ledger.Decode(se)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	json.Unmarshal(e.Data, &d)
	return e.Type, d
}

// TestFlagsAward (issue 28, item 3): the operator's award on the database
// records the route's ledger entry, decided by account:ACCOUNT; the
// disputing account does not decide its own dispute.
func TestFlagsAward(t *testing.T) {
	path, ids := testDB(t)
	award := func(by string, extra ...string) (int, string, string) {
		return runCmd(t, "", append([]string{"flags", "award", "--db", path, "--by", by, "--case-id", "case_7", "--case-number", "7"}, extra...)...)
	}
	if code, _, errOut := award("acc_alice", "--decision", "overturn", ids[1]); code != exitError || !strings.Contains(errOut, "self_decision") {
		t.Errorf("the disputing account's award: exit %d %s", code, errOut)
	}
	if code, _, errOut := award("acct_operator", "--decision", "overturn", ids[0]); code != exitError || !strings.Contains(errOut, "wrong_state") {
		t.Errorf("the award of a standing flag: exit %d %s", code, errOut)
	}
	if code, _, errOut := award("acct_operator", "--decision", "pardon", ids[1]); code != exitError || !strings.Contains(errOut, "--decision") {
		t.Errorf("an unknown decision: exit %d %s", code, errOut)
	}
	code, out, errOut := award("acct_operator", "--decision", "overturn", ids[1])
	if code != exitClean || !strings.Contains(out, ids[1]+"  overturned") || !strings.Contains(out, "dispute: case case_7") {
		t.Fatalf("the operator's award: exit %d\n%s%s", code, out, errOut)
	}
	typ, d := lastEntry(t, path)
	if typ != ledger.TypeFlagOverturned || d["flag_id"] != ids[1] || d["decided_by"] != "account:acct_operator" || d["case_id"] != "case_7" {
		t.Errorf("the award's entry: %s %v", typ, d)
	}
	if code, _, errOut := award("acct_operator", "--decision", "uphold", ids[1]); code != exitError || !strings.Contains(errOut, "decided") {
		t.Errorf("a second award: exit %d %s", code, errOut)
	}
	if code, out, _ := runCmd(t, "", "ledger", "verify", "--db", path); code != exitClean {
		t.Errorf("ledger verify after the award: exit %d\n%s", code, out)
	}
}

// TestFlagsDispute: a dispute on the database for the flag's attributed
// account — including the publisher of a claimed server, for a flag
// recorded against the anonymous registry actor before the claim.
func TestFlagsDispute(t *testing.T) {
	path, ids := testDB(t)
	dispute := func(by string, id string) (int, string, string) {
		return runCmd(t, "", "flags", "dispute", "--db", path, "--by", by, "--case-id", "case_9", "--case-number", "9", "--format", "json", id)
	}
	if code, _, errOut := runCmd(t, "", "flags", "dispute", "--db", path, "--case-id", "c", "--case-number", "1", ids[0]); code != exitError || !strings.Contains(errOut, "--by") {
		t.Errorf("without --by: exit %d %s", code, errOut)
	}
	if code, _, errOut := dispute("acc_bob", ids[0]); code != exitError || !strings.Contains(errOut, "not_attributed") {
		t.Errorf("another account's dispute: exit %d %s", code, errOut)
	}
	code, out, errOut := dispute("acc_alice", ids[0])
	if code != exitClean || !strings.Contains(out, `"status": "disputed"`) {
		t.Fatalf("dispute: exit %d\n%s%s", code, out, errOut)
	}
	typ, d := lastEntry(t, path)
	if typ != ledger.TypeFlagDisputed || d["flag_id"] != ids[0] || d["filed_by"] != "account:acc_alice" {
		t.Errorf("the dispute's entry: %s %v", typ, d)
	}

	// A claimed server's anonymous flag.
	const u = "https://mcp.weather.example/mcp"
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	err = s.Atomic(context.Background(), func(tx store.Tx) error {
		if err := tx.InsertServer(context.Background(), store.Server{URL: u, Slug: "weather", PublisherStatus: store.PublisherUnclaimed, FirstSeen: at, LastChecked: at, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(context.Background(), store.FingerprintVersion{ServerURL: u, Version: 1, Fingerprint: "ab", Definitions: []byte("{}"), RecordedAt: at})
	})
	if err != nil {
		t.Fatal(err)
	}
	outc, err := (&psflag.Service{Store: s}).Submit(context.Background(), psflag.SubmissionInput{
		Artifact: psflag.Artifact{Type: psflag.ArtifactExternalServer, Ref: u}, Field: "tools/forecast/description",
		Bytes: []byte("Forecasts.\u200b"), Actor: psflag.Actor{Kind: psflag.KindAnonymous, Handle: "weather"}, Source: psflag.IntegrityRefresh,
	})
	if err != nil {
		t.Fatal(err)
	}
	anon := outc.FlagIDs()[0]
	s.Close()
	if code, _, errOut := dispute("acct_pub", anon); code != exitError || !strings.Contains(errOut, "not_attributed") {
		t.Errorf("before the claim: exit %d %s", code, errOut)
	}
	s, err = sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimServer(context.Background(), u, "acct_pub"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if code, out, errOut := dispute("acct_pub", anon); code != exitClean || !strings.Contains(out, `"status": "disputed"`) {
		t.Errorf("the publisher's dispute after the claim: exit %d\n%s%s", code, out, errOut)
	}
}
