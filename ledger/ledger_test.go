package ledger_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

var at = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

func chain(t testing.TB, n int) *memory.Memory {
	m := memory.New()
	for i := range n {
		if _, err := ledger.Append(context.Background(), m, ledger.TypeFlagged, at, map[string]any{"i": i, "flag_id": "flg_x"}); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func TestBodyIsCanonical(t *testing.T) {
	b, err := ledger.Body(2, ledger.TypeFlagged, at, "ab", map[string]any{"z": 1, "a": []any{"x", true}})
	if err != nil {
		t.Fatal(err)
	}
	// Written by hand from the package doc: keys sorted, no whitespace.
	want := `{"at":"2026-12-01T00:00:00Z","data":{"a":["x",true],"z":1},"prev":"ab","seq":2,"type":"security.flagged"}`
	if string(b) != want {
		t.Errorf("Body:\n got %s\nwant %s", b, want)
	}
	// Hash is the SHA-256 of those bytes (sha256sum of the line above).
	if h := ledger.Hash([]byte(want)); h != "a6ebe495a5c454b336947feed970582661452a4a3fdd17990eee19ae8e71e212" {
		t.Errorf("Hash: %s", h)
	}
}

func TestVerify(t *testing.T) {
	c := context.Background()
	m := chain(t, 5)
	r, err := ledger.Verify(c, m)
	if err != nil || r.Entries != 5 {
		t.Fatalf("Verify: %+v, %v", r, err)
	}
	head, _ := m.LedgerHead(c)
	if r.HeadHash != head.Hash {
		t.Errorf("head hash %s, want %s", r.HeadHash, head.Hash)
	}
	if r, err := ledger.Verify(c, memory.New()); err != nil || r.Entries != 0 || r.HeadHash != "" {
		t.Errorf("Verify of an empty ledger: %+v, %v", r, err)
	}
}

// tampered is a store.Ledger whose entries are edited on the way out, as
// an edit of the database behind the store's back would show.
type tampered struct {
	store.Ledger
	edit func(*store.LedgerEntry)
}

func (l tampered) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	return l.Ledger.LedgerEntries(ctx, from, func(e store.LedgerEntry) error {
		l.edit(&e)
		return fn(e)
	})
}

func TestVerifyFindsTheFirstBrokenLink(t *testing.T) {
	c := context.Background()
	m := chain(t, 6)
	e3, _ := m.LedgerEntry(c, 3)
	for _, tc := range []struct {
		name string
		edit func(*store.LedgerEntry)
		want int64
	}{
		{"a body edited", func(e *store.LedgerEntry) {
			if e.Seq == 3 {
				e.Body = append([]byte(nil), e.Body...)
				e.Body[len(e.Body)-3] ^= 1
			}
		}, 3},
		{"a body and its hash edited", func(e *store.LedgerEntry) {
			if e.Seq == 3 {
				b, _ := ledger.Body(3, ledger.TypeFlagged, at, e.Prev, map[string]any{"i": 99})
				e.Body, e.Hash = b, ledger.Hash(b)
			}
		}, 4},
		{"an entry removed", func(e *store.LedgerEntry) {
			if e.Seq >= 3 {
				e.Seq++
			}
		}, 3},
		{"a type changed", func(e *store.LedgerEntry) {
			if e.Seq == 5 {
				e.Type = ledger.TypeFlagOverturned
			}
		}, 5},
		{"an entry replaced by another's", func(e *store.LedgerEntry) {
			if e.Seq == 6 {
				*e = e3
				e.Seq = 6
			}
		}, 6},
	} {
		_, err := ledger.Verify(c, tampered{m, tc.edit})
		var be *ledger.BrokenError
		if !errors.Is(err, ledger.ErrBroken) || !errors.As(err, &be) || be.Seq != tc.want {
			t.Errorf("%s: got %v, want broken at %d", tc.name, err, tc.want)
		}
	}
}

func TestAppendOutsideATransactionConflicts(t *testing.T) {
	c := context.Background()
	m := chain(t, 1)
	head, _ := m.LedgerHead(c)
	b, _ := ledger.Body(2, "x", at, head.Hash, nil)
	if err := m.AppendLedgerEntry(c, store.LedgerEntry{Seq: 2, Type: "x", Prev: head.Hash, Hash: ledger.Hash(b), Body: b}); err != nil {
		t.Fatal(err)
	}
	// A writer that read the head before that append loses.
	b2, _ := ledger.Body(2, "y", at, head.Hash, nil)
	err := m.AppendLedgerEntry(c, store.LedgerEntry{Seq: 2, Type: "y", Prev: head.Hash, Hash: ledger.Hash(b2), Body: b2})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("a stale append: got %v, want ErrConflict", err)
	}
}

func TestDataWithoutCanonicalForm(t *testing.T) {
	_, err := ledger.Append(context.Background(), memory.New(), "x", at, map[string]any{"f": func() {}})
	if !errors.Is(err, ledger.ErrInvalidData) {
		t.Errorf("got %v, want ErrInvalidData", err)
	}
}

// FuzzVerify appends an arbitrary entry after a valid chain: Verify never
// panics, reports a broken chain as ErrBroken at the fuzzed entry, and
// accepts it only when its body is its own canonical body.
func FuzzVerify(f *testing.F) {
	f.Add([]byte(`{"at":"2026-12-01T00:00:00Z","data":{},"prev":"","seq":3,"type":"t"}`), "t", true)
	f.Add([]byte(`{"seq":3}`), "t", true)
	f.Add([]byte(`not json`), "", false)
	f.Add([]byte(`{"seq":3,"type":"t","prev":"","at":"x"}`), "t", true)
	f.Fuzz(func(t *testing.T, body []byte, typ string, hashIt bool) {
		c := context.Background()
		m := chain(t, 2)
		head, _ := m.LedgerHead(c)
		e := store.LedgerEntry{Seq: 3, Type: typ, Prev: head.Hash, Hash: "0", Body: body}
		if hashIt {
			e.Hash = ledger.Hash(body)
		}
		if err := m.AppendLedgerEntry(c, e); err != nil {
			return // refused by the store's bounds
		}
		r, err := ledger.Verify(c, m)
		var be *ledger.BrokenError
		if err != nil && (!errors.As(err, &be) || be.Seq != 3) {
			t.Fatalf("Verify: %v, want nil or broken at 3", err)
		}
		if err == nil && (r.Entries != 3 || !hashIt) {
			t.Fatalf("Verify accepted %q (hashed %v): %+v", body, hashIt, r)
		}
		ledger.Decode(e)
	})
}
