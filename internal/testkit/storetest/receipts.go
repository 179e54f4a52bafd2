package storetest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// receipt is the suite's receipt entry n: who alternates between two
// agents, the content hash between three, the time is r0 + n minutes.
func receipt(n int) store.ReceiptEntry {
	return store.ReceiptEntry{
		ScanID:      fmt.Sprintf("0190a5f2-0000-7000-8000-%012d", n),
		Who:         fmt.Sprintf("agent-%d", n%2),
		ContentHash: fmt.Sprintf("sha256:%064x", n%3),
		At:          r0.Add(time.Duration(n) * time.Minute),
		Engine:      "plainsight/shield-1",
		Verdict:     "clean",
		Outcome:     "proceed",
		Entry:       []byte(fmt.Sprintf(`{"schema":"shield-receipt-log/1","n":%d}`, n)),
	}
}

func appendReceipts(t testing.TB, s store.Receipts, from, to int) []store.ReceiptEntry {
	t.Helper()
	var out []store.ReceiptEntry
	for n := from; n <= to; n++ {
		r := receipt(n)
		seq, err := s.AppendReceipt(ctx(t), r)
		if err != nil {
			t.Fatalf("AppendReceipt %d: %v", n, err)
		}
		r.Seq = seq
		out = append(out, r)
	}
	return out
}

func seqs(rs []store.ReceiptEntry) []int64 {
	out := []int64{}
	for _, r := range rs {
		out = append(out, r.Seq)
	}
	return out
}

func testReceipts(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	empty, err := s.ListReceipts(c, store.ReceiptQuery{})
	if err != nil || len(empty) != 0 {
		t.Errorf("an empty log: %v %v", empty, err)
	}
	want := appendReceipts(t, s, 1, 6)
	// seqOf is the number of the suite's entry n: n itself, or with gaps
	// (o.ReceiptGaps) the number the store returned, each above the last.
	seqOf := map[int64]int64{0: 0}
	for i, r := range want {
		seqOf[int64(i+1)] = r.Seq
		if !o.ReceiptGaps && r.Seq != int64(i+1) || r.Seq <= seqOf[int64(i)] {
			t.Errorf("entry %d: seq %d, want %d", i+1, r.Seq, i+1)
		}
	}
	got, err := s.ListReceipts(c, store.ReceiptQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the log, oldest first (-want +got):\n%s", d)
	}

	// A scan id is unique; an entry without one (no scan was made) is not.
	_, err = s.AppendReceipt(c, receipt(3))
	wantKind(t, "AppendReceipt with a logged scan id", err, store.ErrDuplicate)
	noScan := func(n int) store.ReceiptEntry {
		r := receipt(n)
		r.ScanID, r.ContentHash, r.Engine, r.Verdict, r.Outcome = "", "", "", "", "block"
		return r
	}
	for _, n := range []int{7, 8} {
		seq, err := s.AppendReceipt(c, noScan(n))
		seqOf[int64(n)] = seq
		if err != nil || !o.ReceiptGaps && seq != int64(n) || seq <= seqOf[int64(n-1)] {
			t.Errorf("an entry without a scan id: seq %d, %v; want %d", seq, err, n)
		}
	}
	if all, _ := s.ListReceipts(c, store.ReceiptQuery{}); len(all) != 8 {
		t.Errorf("after a refused duplicate: %d entries, want 8", len(all))
	}

	// Look-ups by who, content hash and time range, paged.
	for _, tc := range []struct {
		name string
		q    store.ReceiptQuery
		want []int64
	}{
		{"who", store.ReceiptQuery{Who: "agent-1"}, []int64{1, 3, 5, 7}},
		{"content hash", store.ReceiptQuery{ContentHash: fmt.Sprintf("sha256:%064x", 0)}, []int64{3, 6}},
		{"time range", store.ReceiptQuery{From: r0.Add(2 * time.Minute), To: r0.Add(5 * time.Minute)}, []int64{2, 3, 4}},
		{"from", store.ReceiptQuery{From: r0.Add(7 * time.Minute)}, []int64{7, 8}},
		{"who and range", store.ReceiptQuery{Who: "agent-0", To: r0.Add(5 * time.Minute)}, []int64{2, 4}},
		{"first page", store.ReceiptQuery{Limit: 3}, []int64{1, 2, 3}},
		{"next page", store.ReceiptQuery{Limit: 3, After: seqOf[3]}, []int64{4, 5, 6}},
		{"next page of who", store.ReceiptQuery{Who: "agent-1", After: seqOf[3], Limit: 1}, []int64{5}},
		{"past the end", store.ReceiptQuery{After: seqOf[8]}, []int64{}},
		{"unknown who", store.ReceiptQuery{Who: "nobody"}, []int64{}},
	} {
		got, err := s.ListReceipts(c, tc.q)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		want := make([]int64, len(tc.want))
		for i, n := range tc.want {
			want[i] = seqOf[n]
		}
		if d := cmp.Diff(want, seqs(got)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}

	// Bounds.
	for name, mod := range map[string]func(*store.ReceiptEntry){
		"no who":          func(r *store.ReceiptEntry) { r.Who = "" },
		"no outcome":      func(r *store.ReceiptEntry) { r.Outcome = "" },
		"no entry":        func(r *store.ReceiptEntry) { r.Entry = nil },
		"long entry":      func(r *store.ReceiptEntry) { r.Entry = make([]byte, store.ReceiptEntryMaxBytes+1) },
		"long scan id":    func(r *store.ReceiptEntry) { r.ScanID = strings.Repeat("a", store.IDMaxBytes+1) },
		"long who":        func(r *store.ReceiptEntry) { r.Who = strings.Repeat("a", store.TextMaxBytes+1) },
		"who not UTF-8":   func(r *store.ReceiptEntry) { r.Who = "agent-\xff" },
		"verdict too big": func(r *store.ReceiptEntry) { r.Verdict = strings.Repeat("v", store.IDMaxBytes+1) },
	} {
		r := receipt(100)
		mod(&r)
		_, err := s.AppendReceipt(c, r)
		wantKind(t, "AppendReceipt with "+name, err, store.ErrInvalid)
	}

	// Atomic: a failed transaction keeps none of its entries; a duplicate
	// inside one is still ErrDuplicate.
	mine := errors.New("mine")
	err = s.Atomic(c, func(tx store.Tx) error {
		if _, err := tx.AppendReceipt(c, receipt(20)); err != nil {
			return err
		}
		if got, err := tx.ListReceipts(c, store.ReceiptQuery{After: seqOf[8]}); err != nil || len(got) != 1 {
			t.Errorf("a transaction does not see its own entry: %v %v", got, err)
		}
		return mine
	})
	if err != mine {
		t.Errorf("Atomic returned %v, want fn's error as is", err)
	}
	err = s.Atomic(c, func(tx store.Tx) error {
		_, err := tx.AppendReceipt(c, receipt(1))
		return err
	})
	wantKind(t, "a duplicate scan id inside Atomic", err, store.ErrDuplicate)
	if all, _ := s.ListReceipts(c, store.ReceiptQuery{}); len(all) != 8 {
		t.Errorf("after failed transactions: %d entries, want 8", len(all))
	}
	seq, err := s.AppendReceipt(c, receipt(20))
	if err != nil || !o.ReceiptGaps && seq != 9 || seq <= seqOf[8] {
		t.Errorf("the entry a failed transaction held back: seq %d, %v; want 9", seq, err)
	}
	if all, _ := s.ListReceipts(c, store.ReceiptQuery{After: seqOf[8]}); len(all) != 1 || all[0].Seq != seq {
		t.Errorf("after the entry a failed transaction held back: %v", seqs(all))
	}
}

// testReceiptLimit: a list is capped at MaxListLimit, and a page after it
// continues where it stopped.
func testReceiptLimit(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	err := s.Atomic(c, func(tx store.Tx) error {
		appendReceipts(t, tx, 1, store.MaxListLimit+2)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{0, -1, store.MaxListLimit + 1} {
		got, err := s.ListReceipts(c, store.ReceiptQuery{Limit: limit})
		if err != nil || len(got) != store.MaxListLimit {
			t.Errorf("limit %d: %d entries, %v; want %d", limit, len(got), err, store.MaxListLimit)
		}
	}
	rest, err := s.ListReceipts(c, store.ReceiptQuery{After: store.MaxListLimit})
	if err != nil || len(rest) != 2 || rest[0].Seq != store.MaxListLimit+1 {
		t.Errorf("the page after the cap: %v, %v", seqs(rest), err)
	}
}

// testRaceReceipts: concurrent appends from two handles (two processes)
// are all kept, numbered 1…n without a gap or a repeat, and two appends
// of one scan id keep exactly one.
func testRaceReceipts(t *testing.T, o Opener) {
	s := o.New(t)
	s2 := again(t, o, s)
	c := ctx(t)
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		h := s
		if i%2 == 1 {
			h = s2
		}
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := h.AppendReceipt(c, receipt(i))
			errs <- err
		}()
		go func() { // every goroutine also races for scan id 1000
			defer wg.Done()
			r := receipt(1000)
			r.Who = fmt.Sprintf("racer-%d", i)
			_, err := h.AppendReceipt(c, r)
			if errors.Is(err, store.ErrDuplicate) {
				err = nil
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent append: %v", err)
		}
	}
	all, err := s.ListReceipts(c, store.ReceiptQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != n+1 {
		t.Fatalf("after concurrent appends: %d entries, want %d", len(all), n+1)
	}
	seen := map[string]bool{}
	for i, r := range all {
		if !o.ReceiptGaps && r.Seq != int64(i+1) || i > 0 && r.Seq <= all[i-1].Seq {
			t.Errorf("entry %d has seq %d", i+1, r.Seq)
		}
		if seen[r.ScanID] {
			t.Errorf("scan id %s kept twice", r.ScanID)
		}
		seen[r.ScanID] = true
	}
}

// SeedReceipts appends three receipt entries to s (one without a scan
// id), for the raw-SQL trigger tests of the SQL backends.
func SeedReceipts(t testing.TB, s store.Store) {
	t.Helper()
	appendReceipts(t, s, 1, 2)
	r := receipt(3)
	r.ScanID = ""
	if _, err := s.AppendReceipt(ctx(t), r); err != nil {
		t.Fatal(err)
	}
}

// ReceiptsRawSQL are statements that break the receipt log's contract
// (append-only, one entry per scan id, entries in sequence); the SQL
// backends' schemas must refuse every one.
func ReceiptsRawSQL() []string {
	return []string{
		`DELETE FROM receipts`,
		`DELETE FROM receipts WHERE seq = 3`,
		`UPDATE receipts SET verdict = 'malicious'`,
		`UPDATE receipts SET outcome = 'block' WHERE seq = 1`,
		`UPDATE receipts SET content_hash = content_hash`,
		`UPDATE receipts SET entry = entry || entry`,
		`UPDATE receipts SET scan_id = NULL`,
		`UPDATE receipts SET at = at`,
		`INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
			SELECT 4, scan_id, who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`,
		`INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
			SELECT 9, 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`,
		`INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
			SELECT 2, 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`,
	}
}

// ReceiptsSnapshotSQL selects every receipt entry as one text, to show a
// refused statement changed nothing.
const ReceiptsSnapshotSQL = `SELECT COALESCE(string_agg(seq || '|' || COALESCE(scan_id, '-') || '|' || who || '|' || content_hash || '|' ||
  at || '|' || engine || '|' || verdict || '|' || outcome, '/'), '') FROM receipts`

// ReceiptsNextSQL appends the entry that follows SeedReceipts' three, with
// a new scan id: what the schema allows.
const ReceiptsNextSQL = `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
	SELECT 4, 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`
