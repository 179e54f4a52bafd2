package flag_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// countingStore counts Atomic's transactions, holds each one until the
// test lets it go (so that calls queue behind it), and fails the ones its
// fail says to.
type countingStore struct {
	store.Store
	txs  atomic.Int64
	gate chan struct{}
	fail func(n int64) bool
}

func (s *countingStore) Atomic(ctx context.Context, fn func(store.Tx) error) error {
	n := s.txs.Add(1)
	if s.gate != nil {
		<-s.gate
	}
	if s.fail != nil && s.fail(n) {
		return errors.New("the transaction failed")
	}
	return s.Store.Atomic(ctx, fn)
}

func field(n int) flag.SubmissionInput {
	in := held
	in.Artifact.Ref = fmt.Sprintf("https://example.com/s%d", n)
	return in
}

// TestBatcherGroupsCalls (issue 33, item 3): calls that wait for a batch
// are written in fewer transactions than calls, each with the outcome it
// would have alone — an identical finding submitted by two calls of one
// batch is one flag — and the ledger verifies.
func TestBatcherGroupsCalls(t *testing.T) {
	m := memory.New()
	cs := &countingStore{Store: m, gate: make(chan struct{})}
	b := &flag.Batcher{Service: &flag.Service{Store: cs}}
	const n = 40
	outs := make([]flag.Outcome, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := field(i)
			if i%2 == 1 {
				in = field(-1) // twenty calls, one finding
			}
			outs[i], errs[i] = b.Submit(t.Context(), in)
		}()
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case cs.gate <- struct{}{}:
			case <-stop:
				return
			}
		}
	}()
	wg.Wait()
	created, shared := 0, map[string]bool{}
	for i := range n {
		if errs[i] != nil || outs[i].Status != flag.Held || len(outs[i].Decisions) != 1 {
			t.Fatalf("call %d: %+v, %v", i, outs[i], errs[i])
		}
		d := outs[i].Decisions[0]
		if d.Created {
			created++
		}
		if i%2 == 1 {
			shared[d.Flag.ID] = true
		}
	}
	if created != n/2+1 || len(shared) != 1 {
		t.Errorf("%d flags created, %d for the one finding; want %d and 1", created, len(shared), n/2+1)
	}
	if got := cs.txs.Load(); got >= n {
		t.Errorf("%d transactions for %d calls: nothing was batched", got, n)
	}
	t.Logf("%d calls in %d transactions", n, cs.txs.Load())
	if cc, err := flag.VerifyLedger(t.Context(), m, nil); err != nil || cc.ProblemCount != 0 || cc.Flags != int64(n/2+1) {
		t.Errorf("the ledger: %+v, %v", cc, err)
	}
}

// TestBatcherFailureIsTheCallers: when a batch's transaction fails, each
// of its calls is written again alone, so that one failure is not every
// call's; bad input is refused before any batch.
func TestBatcherFailureIsTheCallers(t *testing.T) {
	m := memory.New()
	// The second transaction, the batch of the calls that queued behind
	// the first, fails.
	cs := &countingStore{Store: m, gate: make(chan struct{}), fail: func(n int64) bool { return n == 2 }}
	b := &flag.Batcher{Service: &flag.Service{Store: cs}}
	first := make(chan error, 1)
	go func() {
		_, err := b.Submit(t.Context(), field(100))
		first <- err
	}()
	for cs.txs.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = b.Submit(t.Context(), field(i))
		}()
	}
	time.Sleep(50 * time.Millisecond) // the six queue behind the first
	close(cs.gate)
	wg.Wait()
	if err := <-first; err != nil {
		t.Errorf("the first call: %v", err)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("call %d failed with its batch: %v", i, err)
		}
	}
	if got := cs.txs.Load(); got != 2+n {
		t.Errorf("%d transactions, want 1, the failed batch and %d alone", got, n)
	}
	if fs, _ := m.ListFlags(t.Context(), store.FlagQuery{}); len(fs) != n+1 {
		t.Errorf("%d flags, want %d", len(fs), n+1)
	}
	bad := held
	bad.Actor.Kind = "robot"
	if _, err := b.Submit(t.Context(), bad); !errors.Is(err, flag.ErrActorKind) {
		t.Errorf("bad input: %v, want ErrActorKind", err)
	}
}
