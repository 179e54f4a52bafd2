package storetest

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

// BenchSizes are the store sizes of the dedup and verify benchmarks: 1,000
// and 100,000, and 1,000,000 when PLAINSIGHT_BENCH_1M=1 (its set-up takes
// minutes).
func BenchSizes() []int {
	sizes := []int{1000, 100000}
	if os.Getenv("PLAINSIGHT_BENCH_1M") == "1" {
		sizes = append(sizes, 1000000)
	}
	return sizes
}

func benchInput(i int) flag.SubmissionInput {
	return flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"},
		Field:    fmt.Sprintf("tools[%d].description", i),
		Bytes:    []byte(fmt.Sprintf("Tool %d reads a file and returns its lines.\u200b", i)),
		Actor:    flag.Actor{AccountID: "acc_bench", Kind: flag.KindAccount},
		Source:   flag.IntegrityRefresh,
	}
}

// BenchSubmit measures creating flags, each with its ledger entry, batch
// of them per transaction (flag.Service.SubmitAll), scans included. It
// reports flags/s.
func BenchSubmit(b *testing.B, s store.Store, batch int) {
	ctx := context.Background()
	svc := &flag.Service{Store: s}
	ins := make([]flag.SubmissionInput, batch)
	n := 0
	for b.Loop() {
		for j := range ins {
			ins[j] = benchInput(n)
			n++
		}
		if _, err := svc.SubmitAll(ctx, ins); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "flags/s")
}

// BenchDedup measures the refresh of a finding that already stands, on a
// store the caller filled with other flags: the gate's look-up, and no
// write. It should not grow with the store.
func BenchDedup(b *testing.B, s store.Store) {
	ctx := context.Background()
	svc := &flag.Service{Store: s}
	in := benchInput(-1)
	if _, err := svc.Submit(ctx, in); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		out, err := svc.Submit(ctx, in)
		if err != nil || out.Decisions[0].Created {
			b.Fatalf("dedup: %+v, %v", out, err)
		}
	}
}

// BenchVerify measures ledger.Verify of the whole ledger, which the caller
// filled with n entries; it reports entries/s.
func BenchVerify(b *testing.B, s store.Store, n int) {
	ctx := context.Background()
	for b.Loop() {
		r, err := ledger.Verify(ctx, s)
		if err != nil || r.Entries != int64(n) {
			b.Fatalf("Verify: %+v, %v; want %d entries", r, err, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
}

// LedgerRows returns n valid chained ledger entries, for a backend's bulk
// fill, calling fn for each.
func LedgerRows(n int, fn func(store.LedgerEntry) error) error {
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	prev := ""
	for i := 1; i <= n; i++ {
		body, err := ledger.Body(int64(i), ledger.TypeFlagged, at, prev, map[string]any{
			"flag_id":         fmt.Sprintf("flg_%020x", i),
			"finding_class":   "zero_width",
			"evidence_sha256": fmt.Sprintf("%064x", i),
			"artifact":        map[string]any{"type": "external_server", "ref": "https://mcp.example/mcp"},
		})
		if err != nil {
			return err
		}
		e := store.LedgerEntry{Seq: int64(i), Type: ledger.TypeFlagged, Prev: prev, Hash: ledger.Hash(body), Body: body}
		if err := fn(e); err != nil {
			return err
		}
		prev = e.Hash
	}
	return nil
}

// BenchAppendReceipt measures AppendReceipt, each its own transaction (as
// a guard appends one entry per decision).
func BenchAppendReceipt(b *testing.B, s store.Store) {
	c := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.AppendReceipt(c, receipt(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchListReceipts measures a look-up by content hash (a page of at most
// 100) in a log of n entries, appended in one transaction first.
func BenchListReceipts(b *testing.B, s store.Store, n int) {
	c := context.Background()
	err := s.Atomic(c, func(tx store.Tx) error {
		for i := range n {
			if _, err := tx.AppendReceipt(c, receipt(i)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	q := store.ReceiptQuery{ContentHash: receipt(1).ContentHash, Limit: 100}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rs, err := s.ListReceipts(c, q)
		if err != nil || len(rs) != min(100, (n+1)/3) {
			b.Fatalf("%d entries, %v", len(rs), err)
		}
	}
}
