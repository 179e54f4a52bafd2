package precall

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// countingStore counts the recorded definitions read.
type countingStore struct {
	store.Store
	reads atomic.Int64
}

func (c *countingStore) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	c.reads.Add(1)
	return c.Store.FingerprintVersion(ctx, url, version)
}

// seedServer records a server at url offering tools named by names, each
// described by desc, as version 1 (and later versions through
// recordVersion).
func seedServer(t testing.TB, s store.Store, url string, desc string, names ...string) {
	t.Helper()
	at := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	body := definitionsOf(t, url, desc, names...)
	err := s.Atomic(context.Background(), func(tx store.Tx) error {
		if err := tx.InsertServer(context.Background(), store.Server{URL: url, Slug: slugOf(url), PageURL: "https://registry.example/" + slugOf(url),
			PublisherStatus: store.PublisherUnclaimed, FirstSeen: at, LastChecked: at, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(context.Background(), store.FingerprintVersion{ServerURL: url, Version: 1, Fingerprint: "f1", Definitions: body, RecordedAt: at})
	})
	if err != nil {
		t.Fatal(err)
	}
}

func definitionsOf(t testing.TB, url, desc string, names ...string) []byte {
	t.Helper()
	d := &fingerprint.Definitions{Server: fingerprint.Server{Name: "srv " + url}}
	for _, n := range names {
		d.Tools = append(d.Tools, fingerprint.Tool{Name: n, Description: desc, InputSchema: []byte(`{"type":"object"}`)})
	}
	b, err := encodeDefinitions(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recordVersion records the server's next version, offering names.
func recordVersion(t testing.TB, s store.Store, url string, desc string, names ...string) {
	t.Helper()
	ctx := context.Background()
	err := s.Atomic(ctx, func(tx store.Tx) error {
		cur, err := tx.Server(ctx, url)
		if err != nil {
			return err
		}
		at := cur.LastChecked.Add(time.Hour)
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: url, Version: cur.Version + 1, Fingerprint: fmt.Sprint("f", cur.Version+1),
			Definitions: definitionsOf(t, url, desc, names...), RecordedAt: at}); err != nil {
			return err
		}
		return tx.AdvanceServer(ctx, url, cur.Version, at)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The index gives the offers a full read gives, reads only the servers
// that share a name once it is built, and follows a new version.
func TestOffersIndex(t *testing.T) {
	s := &countingStore{Store: memory.New()}
	for i := range 50 {
		seedServer(t, s, fmt.Sprintf("https://s%02d.example.org/mcp", i), "d", fmt.Sprintf("only%02d", i), "common")
	}
	seedServer(t, s, "https://x.example.org/mcp", "other", "search")
	ctx := t.Context()
	reg := NewStoreRegistry(s)
	want, err := StoreRegistry{Store: s}.Offers(ctx, []string{"search", "only07"})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 2 {
		t.Fatalf("a full read: %d offers, want 2", len(want))
	}
	for round := range 2 {
		s.reads.Store(0)
		got, err := reg.Offers(ctx, []string{"search", "only07"})
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("round %d (-full +indexed):\n%s", round, d)
		}
		wantReads := int64(51) // the first call indexes every version
		if round > 0 {
			wantReads = 2 // then only the two servers offering a name
		}
		if n := s.reads.Load(); n != wantReads {
			t.Errorf("round %d: %d definitions read, want %d", round, n, wantReads)
		}
	}
	// A new version of s03 offers search: the index reads it, and the old
	// version's names say nothing about it.
	recordVersion(t, s, "https://s03.example.org/mcp", "third", "search")
	s.reads.Store(0)
	got, err := reg.Offers(ctx, []string{"search"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Server.URL != "https://s03.example.org/mcp" || got[0].Tool.Description != "third" || got[1].Server.URL != "https://x.example.org/mcp" {
		t.Errorf("after a new version: %+v", got)
	}
	if n := s.reads.Load(); n != 2 {
		t.Errorf("after a new version: %d definitions read, want 2 (the new version, and x)", n)
	}
}

// BenchmarkOffers: §10's lookup of one server's 30 tool names in a
// registry of 1,000 servers (memory store), with the index kept across
// calls (as a Checker keeps it) and without (every version read and
// decoded on each call).
func BenchmarkOffers(b *testing.B) {
	s := memory.New()
	var names []string
	for i := range 30 {
		names = append(names, fmt.Sprintf("tool%02d", i))
	}
	for i := range 1000 {
		own := make([]string, 0, 30)
		for j := range 30 {
			own = append(own, fmt.Sprintf("s%04d_tool%02d", i, j))
		}
		if i%100 == 0 {
			own[0] = "tool07" // ten servers share a name with the one checked
		}
		seedServer(b, s, fmt.Sprintf("https://s%04d.example.org/mcp", i), "Does a thing.", own...)
	}
	for _, bc := range []struct {
		name string
		reg  StoreRegistry
	}{{"indexed", NewStoreRegistry(s)}, {"unindexed", StoreRegistry{Store: s}}} {
		b.Run(bc.name, func(b *testing.B) {
			if _, err := bc.reg.Offers(b.Context(), names); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				got, err := bc.reg.Offers(b.Context(), names)
				if err != nil || len(got) != 10 {
					b.Fatalf("%d offers, %v", len(got), err)
				}
			}
		})
	}
}

// The index stays within its bounds: versions, and names over all
// versions; a version over the names bound is not indexed.
func TestNameIndexBounds(t *testing.T) {
	var x nameIndex
	names := func(n int) map[string]struct{} {
		m := make(map[string]struct{}, n)
		for i := range n {
			m[fmt.Sprint(i)] = struct{}{}
		}
		return m
	}
	for i := range maxIndexed + 10 {
		x.put(fmt.Sprint(i), 1, names(1))
	}
	if len(x.entries) != maxIndexed || x.names != maxIndexed {
		t.Errorf("%d entries, %d names; want %d of each", len(x.entries), x.names, maxIndexed)
	}
	x.put("big", 1, names(maxNames-10))
	if x.names > maxNames {
		t.Errorf("%d names, over %d", x.names, maxNames)
	}
	if _, ok := x.get("big", 1); !ok {
		t.Error("the big version is not indexed")
	}
	x.put("big", 1, names(maxNames-10)) // again: replaced, not counted twice
	if x.names > maxNames {
		t.Errorf("%d names after a replacement", x.names)
	}
	x.put("huge", 1, names(maxNames+1))
	if _, ok := x.get("huge", 1); ok || x.names > maxNames {
		t.Errorf("a version over the bound was indexed (%d names)", x.names)
	}
}
