package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

var t0 = time.Date(2026, 12, 1, 0, 0, 0, 123456000, time.UTC)

// sample returns a valid new flag numbered n.
func sample(n int) store.Flag {
	return store.Flag{
		ID:             fmt.Sprintf("flg_%020x", n),
		Status:         store.StatusStanding,
		Artifact:       store.Artifact{Type: "external_server", Ref: "https://mcp.example/" + fmt.Sprint(n%3), Label: "Example"},
		Field:          "tools[0].description",
		Class:          "zero_width",
		EvidenceSHA256: fmt.Sprintf("%064x", n),
		Excerpt:        "a⟨U+200B ZERO WIDTH SPACE⟩b",
		Actor:          store.Actor{AccountID: "acc_1", AgentID: "agt_1", Handle: "someone", KYALevel: 2, Kind: "account"},
		Source:         "submission",
		Context:        "",
		LedgerSeq:      0,
		CreatedAt:      t0.Add(time.Duration(n) * time.Second),
	}
}

func mustInsert(t testing.TB, s store.Flags, f store.Flag) {
	t.Helper()
	if err := s.InsertFlag(ctx(t), f); err != nil {
		t.Fatalf("InsertFlag(%s): %v", f.ID, err)
	}
}

func countFlags(t testing.TB, s store.Flags) int {
	t.Helper()
	n := 0
	for off := 0; ; off += store.MaxListLimit {
		fs, err := s.ListFlags(ctx(t), store.FlagQuery{Offset: off})
		if err != nil {
			t.Fatalf("ListFlags: %v", err)
		}
		n += len(fs)
		if len(fs) < store.MaxListLimit {
			return n
		}
	}
}

func countEntries(t testing.TB, s store.Ledger) int {
	t.Helper()
	n := 0
	if err := s.LedgerEntries(ctx(t), 1, func(store.LedgerEntry) error { n++; return nil }); err != nil {
		t.Fatalf("LedgerEntries: %v", err)
	}
	return n
}

func testFlags(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	if _, err := s.Flag(c, "flg_none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Flag of a missing id: got %v, want ErrNotFound", err)
	}
	var want []store.Flag
	for n := 1; n <= 7; n++ {
		f := sample(n)
		if n == 4 {
			f.Artifact.Label, f.Context, f.Actor = "", "email_html", store.Actor{Kind: "anonymous"}
		}
		mustInsert(t, s, f)
		want = append(want, f)
	}
	got, err := s.Flag(c, want[3].ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want[3], got); d != "" {
		t.Errorf("Flag round trip (-want +got):\n%s", d)
	}
	all, err := s.ListFlags(c, store.FlagQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, all); d != "" {
		t.Errorf("ListFlags: not every flag in creation order (-want +got):\n%s", d)
	}
	for _, tc := range []struct {
		name string
		q    store.FlagQuery
		ids  []int
	}{
		{"by artifact ref", store.FlagQuery{ArtifactRef: "https://mcp.example/1"}, []int{1, 4, 7}},
		{"by hash and class", store.FlagQuery{EvidenceSHA256: want[4].EvidenceSHA256, Class: "zero_width"}, []int{5}},
		{"by class, none", store.FlagQuery{Class: "bidi_control"}, nil},
		{"by account", store.FlagQuery{ActorAccountID: "acc_1", Limit: 2}, []int{1, 2}},
		{"offset", store.FlagQuery{Offset: 5}, []int{6, 7}},
		{"by status", store.FlagQuery{Statuses: []string{store.StatusDisputed, store.StatusOverturned}}, nil},
		{"by field", store.FlagQuery{Field: "tools[0].description", ArtifactType: "external_server", Limit: 1}, []int{1}},
	} {
		fs, err := s.ListFlags(c, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var ids []int
		for _, f := range fs {
			var n int
			fmt.Sscanf(f.ID, "flg_%x", &n)
			ids = append(ids, n)
		}
		if d := cmp.Diff(tc.ids, ids); d != "" {
			t.Errorf("ListFlags %s (-want +got):\n%s", tc.name, d)
		}
	}

	// Identity: an id is used once; a live §8 identity once.
	dup := sample(1)
	if err := s.InsertFlag(c, dup); !errors.Is(err, store.ErrDuplicate) {
		t.Errorf("InsertFlag of a taken id: got %v, want ErrDuplicate", err)
	}
	dup = sample(2)
	dup.ID = "flg_other"
	if err := s.InsertFlag(c, dup); !errors.Is(err, store.ErrDuplicate) {
		t.Errorf("InsertFlag of a live identity: got %v, want ErrDuplicate", err)
	}
	// Disputed is live too; overturned is not.
	mustTransition(t, s, store.Transition{ID: want[1].ID, From: "standing", To: "disputed", Dispute: &store.Dispute{CaseID: "case_1", CaseNumber: 1}})
	if err := s.InsertFlag(c, dup); !errors.Is(err, store.ErrDuplicate) {
		t.Errorf("InsertFlag of a disputed identity: got %v, want ErrDuplicate", err)
	}
	mustTransition(t, s, store.Transition{ID: want[1].ID, From: "disputed", To: "overturned"})
	if err := s.InsertFlag(c, dup); err != nil {
		t.Errorf("InsertFlag of an overturned identity: %v", err)
	}
	if n := countFlags(t, s); n != 8 {
		t.Errorf("%d flags, want 8", n)
	}
}

// mustTransition takes step tr with its ledger entry, in one transaction,
// and returns the entry's sequence number.
func mustTransition(t testing.TB, s store.Store, tr store.Transition) int64 {
	t.Helper()
	err := s.Atomic(ctx(t), func(tx store.Tx) error {
		var err error
		if tr, err = stepEntry(ctx(t), tx, tr, tr.EntryType(), ""); err != nil {
			return err
		}
		return tx.TransitionFlag(ctx(t), tr)
	})
	if err != nil {
		t.Fatalf("TransitionFlag(%s %s→%s): %v", tr.ID, tr.From, tr.To, err)
	}
	return tr.EntrySeq
}

// stepEntry appends to the ledger an entry of type typ for step tr of its
// flag, as package flag writes it before the step — naming the flag
// forID when it is not empty — and returns tr with the entry's sequence
// number.
func stepEntry(c context.Context, tx store.Tx, tr store.Transition, typ, forID string) (store.Transition, error) {
	f, err := tx.Flag(c, tr.ID)
	if err != nil {
		return tr, err
	}
	caseID := ""
	switch {
	case tr.Dispute != nil:
		caseID = tr.Dispute.CaseID
	case f.Dispute != nil:
		caseID = f.Dispute.CaseID
	}
	if forID == "" {
		forID = f.ID
	}
	e, err := ledger.Append(c, tx, typ, t0, map[string]any{
		"flag_id": forID, "finding_class": f.Class, "evidence_sha256": f.EvidenceSHA256,
		"artifact": map[string]any{"type": f.Artifact.Type, "ref": f.Artifact.Ref},
		"case_id":  caseID, "case_number": 0, "decided_by": "account:acc_test",
	})
	if err != nil {
		return tr, err
	}
	tr.EntrySeq = e.Seq
	return tr, nil
}

func testFlagBounds(t *testing.T, o Opener) {
	s := o.New(t)
	for _, tc := range []struct {
		name string
		edit func(*store.Flag)
	}{
		{"empty id", func(f *store.Flag) { f.ID = "" }},
		{"disputed at creation", func(f *store.Flag) { f.Status = store.StatusDisputed }},
		{"a dispute at creation", func(f *store.Flag) { f.Dispute = &store.Dispute{CaseID: "c"} }},
		{"a lifecycle step at creation", func(f *store.Flag) { f.LifecycleSeq = 1 }},
		{"over-long excerpt", func(f *store.Flag) { f.Excerpt = strings.Repeat("x", store.ExcerptMaxBytes+1) }},
		{"over-long ref", func(f *store.Flag) { f.Artifact.Ref = strings.Repeat("x", store.TextMaxBytes+1) }},
		{"invalid UTF-8", func(f *store.Flag) { f.Field = "a\xffb" }},
	} {
		f := sample(1)
		tc.edit(&f)
		if err := s.InsertFlag(ctx(t), f); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", tc.name, err)
		}
	}
	if n := countFlags(t, s); n != 0 {
		t.Errorf("%d flags written by refused inserts", n)
	}
}

func testTransitions(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	f := sample(1)
	mustInsert(t, s, f)
	d1 := &store.Dispute{CaseID: "case_1", CaseNumber: 41}
	for _, tc := range []struct {
		name string
		tr   store.Transition
		want error
	}{
		{"not a step", store.Transition{ID: f.ID, From: "standing", To: "overturned"}, store.ErrInvalid},
		{"not a step back", store.Transition{ID: f.ID, From: "overturned", To: "standing"}, store.ErrInvalid},
		{"dispute without a case", store.Transition{ID: f.ID, From: "standing", To: "disputed"}, store.ErrInvalid},
		{"award with a case", store.Transition{ID: f.ID, From: "disputed", To: "standing", Dispute: d1}, store.ErrInvalid},
		{"missing flag", store.Transition{ID: "flg_none", From: "standing", To: "disputed", Dispute: d1, EntrySeq: 1}, store.ErrNotFound},
		{"stale state", store.Transition{ID: f.ID, From: "disputed", To: "overturned", EntrySeq: 1}, store.ErrConflict},
		{"no ledger entry", store.Transition{ID: f.ID, From: "standing", To: "disputed", Dispute: d1}, store.ErrInvalid},
		{"an entry that is not in the ledger", store.Transition{ID: f.ID, From: "standing", To: "disputed", Dispute: d1, EntrySeq: 9}, store.ErrInvalid},
	} {
		if err := s.TransitionFlag(c, tc.tr); !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
	// A step whose entry is not its own is refused, the entry rolled back
	// with it: of another step's type, naming another flag, or not the
	// ledger's head.
	dispute := store.Transition{ID: f.ID, From: "standing", To: "disputed", Dispute: d1}
	for _, tc := range []struct {
		name      string
		typ, flag string
		notHead   bool
	}{
		{"an entry of another type", store.EntryFlagOverturned, "", false},
		{"an entry of the creation's type", "security.flagged", "", false},
		{"an entry for another flag", store.EntryFlagDisputed, "flg_other", false},
		{"an entry that is not the head", store.EntryFlagDisputed, "", true},
	} {
		err := s.Atomic(c, func(tx store.Tx) error {
			tr, err := stepEntry(c, tx, dispute, tc.typ, tc.flag)
			if err != nil {
				return err
			}
			if tc.notHead {
				if _, err := ledger.Append(c, tx, "test.after", t0, map[string]any{}); err != nil {
					return err
				}
			}
			return tx.TransitionFlag(c, tr)
		})
		if !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", tc.name, err)
		}
	}
	if n := countEntries(t, s); n != 0 {
		t.Errorf("%d ledger entries after the refused steps, want 0", n)
	}
	mustTransition(t, s, dispute)
	if err := s.TransitionFlag(c, store.Transition{ID: f.ID, From: "standing", To: "disputed", Dispute: d1, EntrySeq: 1}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second dispute: got %v, want ErrConflict", err)
	}
	upheld := mustTransition(t, s, store.Transition{ID: f.ID, From: "disputed", To: "standing"})
	// Upheld: standing again, and its dispute is kept; a new dispute would
	// replace the deciding case, so the store refuses it.
	err := s.TransitionFlag(c, store.Transition{ID: f.ID, From: "standing", To: "disputed", Dispute: &store.Dispute{CaseID: "case_2", CaseNumber: 42}, EntrySeq: upheld})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("dispute after a decided dispute: got %v, want ErrConflict", err)
	}
	got, err := s.Flag(c, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := f
	want.Dispute, want.LifecycleSeq = d1, upheld
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("after dispute and uphold (-want +got):\n%s", d)
	}
}

func entry(seq int64, prev string) store.LedgerEntry {
	body := fmt.Appendf(nil, `{"seq":%d}`, seq)
	return store.LedgerEntry{Seq: seq, Type: "test.entry", Prev: prev, Hash: fmt.Sprintf("%064x", seq), Body: body}
}

func testLedger(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	if _, err := s.LedgerHead(c); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LedgerHead of an empty ledger: got %v, want ErrNotFound", err)
	}
	if err := s.AppendLedgerEntry(c, entry(2, "")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("append of entry 2 first: got %v, want ErrConflict", err)
	}
	if err := s.AppendLedgerEntry(c, entry(1, "x")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("append of entry 1 with a prev: got %v, want ErrConflict", err)
	}
	var want []store.LedgerEntry
	prev := ""
	for seq := int64(1); seq <= 5; seq++ {
		e := entry(seq, prev)
		if err := s.AppendLedgerEntry(c, e); err != nil {
			t.Fatalf("append %d: %v", seq, err)
		}
		want, prev = append(want, e), e.Hash
	}
	for _, bad := range []store.LedgerEntry{entry(5, want[3].Hash), entry(6, want[3].Hash), entry(7, prev)} {
		if err := s.AppendLedgerEntry(c, bad); !errors.Is(err, store.ErrConflict) {
			t.Errorf("append of %d after %s: got %v, want ErrConflict", bad.Seq, bad.Prev, err)
		}
	}
	bad := entry(6, prev)
	bad.Body = make([]byte, store.LedgerBodyMaxBytes+1)
	if err := s.AppendLedgerEntry(c, bad); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("append of an over-long body: got %v, want ErrInvalid", err)
	}
	head, err := s.LedgerHead(c)
	if err != nil || head.Seq != 5 {
		t.Errorf("LedgerHead: %d, %v; want 5", head.Seq, err)
	}
	e3, err := s.LedgerEntry(c, 3)
	if d := cmp.Diff(want[2], e3); err != nil || d != "" {
		t.Errorf("LedgerEntry(3): %v (-want +got):\n%s", err, d)
	}
	if _, err := s.LedgerEntry(c, 6); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LedgerEntry(6): got %v, want ErrNotFound", err)
	}
	var got []store.LedgerEntry
	if err := s.LedgerEntries(c, 2, func(e store.LedgerEntry) error { got = append(got, e); return nil }); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want[1:], got); d != "" {
		t.Errorf("LedgerEntries from 2 (-want +got):\n%s", d)
	}
	stop := errors.New("stop")
	n := 0
	err = s.LedgerEntries(c, 1, func(store.LedgerEntry) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("LedgerEntries stopped by fn: %v after %d entries, want the fn's error after 1", err, n)
	}
}

func testAtomic(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	mine := errors.New("mine")
	err := s.Atomic(c, func(tx store.Tx) error {
		if err := tx.AppendLedgerEntry(c, entry(1, "")); err != nil {
			return err
		}
		if err := tx.InsertFlag(c, sample(1)); err != nil {
			return err
		}
		if _, err := tx.Flag(c, sample(1).ID); err != nil {
			t.Errorf("a transaction does not see its own write: %v", err)
		}
		return mine
	})
	if err != mine {
		t.Errorf("Atomic returned %v, want fn's error as is", err)
	}
	if n, m := countFlags(t, s), countEntries(t, s); n != 0 || m != 0 {
		t.Errorf("after a failed transaction: %d flags, %d entries; want none", n, m)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("a panic in fn was not passed on")
			}
		}()
		s.Atomic(c, func(tx store.Tx) error {
			tx.AppendLedgerEntry(c, entry(1, ""))
			panic("boom")
		})
	}()
	if m := countEntries(t, s); m != 0 {
		t.Errorf("after a panicking transaction: %d entries; want none", m)
	}
	err = s.Atomic(c, func(tx store.Tx) error {
		if err := tx.AppendLedgerEntry(c, entry(1, "")); err != nil {
			return err
		}
		return tx.InsertFlag(c, sample(1))
	})
	if err != nil {
		t.Fatal(err)
	}
	if n, m := countFlags(t, s), countEntries(t, s); n != 1 || m != 1 {
		t.Errorf("after a committed transaction: %d flags, %d entries; want 1 and 1", n, m)
	}
	// A store error inside fn is still the store's: the sentinel survives.
	err = s.Atomic(c, func(tx store.Tx) error { return tx.InsertFlag(c, sample(1)) })
	if !errors.Is(err, store.ErrDuplicate) {
		t.Errorf("Atomic with a duplicate insert: got %v, want ErrDuplicate", err)
	}
}
