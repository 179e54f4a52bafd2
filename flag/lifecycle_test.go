package flag_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/sqlite"
)

var (
	alice   = flag.Actor{AccountID: "acc_alice", AgentID: "agt_1", Handle: "alice", KYALevel: 2, Kind: flag.KindAccount}
	held    = flag.SubmissionInput{Artifact: flag.Artifact{Type: "skill", Ref: "https://example.com/s"}, Field: "SKILL.md", Bytes: []byte("Reads a file.\u200b"), Actor: alice, Source: flag.Submission}
	case1   = flag.Case{CaseID: "case_1", CaseNumber: 1}
	arbiter = flag.Principal{AccountID: "acc_arbiter", KeyID: "key_arbiter"}
)

func disputed(t *testing.T, s store.Store, by flag.Principal) (*flag.Service, string) {
	t.Helper()
	svc := &flag.Service{Store: s}
	out, err := svc.Submit(t.Context(), held)
	if err != nil || out.Status != flag.Held {
		t.Fatalf("submission: %+v, %v", out, err)
	}
	id := out.Decisions[0].Flag.ID
	if _, err := svc.DisputeAs(t.Context(), id, by, case1); err != nil {
		t.Fatal(err)
	}
	return svc, id
}

// TestSelfDecisionRefused (issue 29, item 5): the principal that filed a
// dispute does not decide it, nor does any principal of the flag's
// attributed account; the refusal writes nothing.
func TestSelfDecisionRefused(t *testing.T) {
	filer := flag.Principal{AccountID: alice.AccountID, KeyID: "key_alice_1"}
	for _, by := range []flag.Principal{filer, {AccountID: alice.AccountID, KeyID: "key_alice_2"}, {AccountID: alice.AccountID}} {
		s := memory.New()
		svc, id := disputed(t, s, filer)
		head, _ := s.LedgerHead(t.Context())
		for _, decide := range []func() (flag.Flag, error){
			func() (flag.Flag, error) { return svc.Overturn(t.Context(), id, case1, by) },
			func() (flag.Flag, error) { return svc.Uphold(t.Context(), id, case1, by) },
		} {
			if _, err := decide(); !errors.Is(err, flag.ErrSelfDecision) {
				t.Errorf("a decision by %+v: got %v, want ErrSelfDecision", by, err)
			}
		}
		if after, _ := s.LedgerHead(t.Context()); after.Seq != head.Seq {
			t.Errorf("a refused decision appended entry %d", after.Seq)
		}
		if f, _ := svc.Get(t.Context(), id); f.Status != flag.Disputed {
			t.Errorf("after refused decisions: %s, want disputed", f.Status)
		}
	}
	// A principal that names no account decides nothing.
	svc, id := disputed(t, memory.New(), filer)
	if _, err := svc.Overturn(t.Context(), id, case1, flag.Principal{KeyID: "key_x"}); !errors.Is(err, flag.ErrInvalid) {
		t.Errorf("a decision by no account: got %v, want ErrInvalid", err)
	}
}

// TestEntriesRecordWho (issue 29, item 5): the dispute's entry records
// who filed it, the overturn's who decided.
func TestEntriesRecordWho(t *testing.T) {
	s := memory.New()
	svc, id := disputed(t, s, flag.Principal{AccountID: alice.AccountID, KeyID: "key_alice_1"})
	entryData := func(typ string) map[string]any {
		t.Helper()
		head, err := s.LedgerHead(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		e, err := ledger.Decode(head)
		if err != nil || e.Type != typ {
			t.Fatalf("head %+v, %v; want %s", e, err, typ)
		}
		return decodeObject(t, e.Data)
	}
	d := entryData(ledger.TypeFlagDisputed)
	if d["filed_by"] != "key:key_alice_1" || d["flag_id"] != id || d["case_id"] != "case_1" {
		t.Errorf("the dispute's entry: %v", d)
	}
	if _, err := svc.Overturn(t.Context(), id, case1, arbiter); err != nil {
		t.Fatal(err)
	}
	d = entryData(ledger.TypeFlagOverturned)
	if d["decided_by"] != "key:key_arbiter" || d["flag_id"] != id || d["case_id"] != "case_1" {
		t.Errorf("the overturn's entry: %v", d)
	}
	if _, err := ledger.Verify(t.Context(), s); err != nil {
		t.Error(err)
	}
}

// TestForgedOverturnNotAdmitted (issue 29, item 2): two plain UPDATEs
// (standing → disputed with an invented case, then → overturned) are
// refused by the database, and the gate still holds the bytes.
func TestForgedOverturnNotAdmitted(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "p.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	svc := &flag.Service{Store: s}
	out, err := svc.Submit(t.Context(), held)
	if err != nil || out.Status != flag.Held {
		t.Fatalf("submission: %+v, %v", out, err)
	}
	id := out.Decisions[0].Flag.ID
	for _, q := range []string{
		`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_invented', dispute_case_number = 1 WHERE id = ?`,
		`UPDATE flags SET status = 'overturned' WHERE id = ?`,
	} {
		if _, err := s.DB().ExecContext(t.Context(), q, id); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	out, err = svc.Submit(t.Context(), held)
	if err != nil || out.Status != flag.Held || out.Decisions[0].Flag == nil || out.Decisions[0].Flag.ID != id {
		t.Errorf("the gate after the attempted forgery: %+v, %v; want held by %s", out, err, id)
	}
	if f, _ := svc.Get(t.Context(), id); f.Status != flag.Standing || f.Dispute != nil {
		t.Errorf("the flag after the attempted forgery: %+v", f)
	}
}

func decodeObject(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
