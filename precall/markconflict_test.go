package precall

import (
	"context"
	"testing"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/store"
)

// conflictingMarks is a store whose transactions lose every last-check
// compare-and-set, as when another instance marks the server between the
// transaction's read of the record and its write.
type conflictingMarks struct{ store.Store }

func (s conflictingMarks) Atomic(ctx context.Context, fn func(tx store.Tx) error) error {
	return s.Store.Atomic(ctx, func(tx store.Tx) error { return fn(conflictTx{tx}) })
}

type conflictTx struct{ store.Tx }

func (conflictTx) MarkChecked(context.Context, string, time.Time, time.Time) error {
	return store.ErrConflict
}

// An unchanged check that has a finding (so it takes the transaction) and
// loses the last-check compare-and-set to a concurrent check answers
// unchanged: the other check marked the server later, which is all the
// mark says. (Found under load: two hundred concurrent pre-call checks of
// one server on PostgreSQL answered a few of them 500.)
func TestRefreshLosesMark(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		clk := newClock()
		srv := newLive(t, "m", nil, tool{"t", "clean", ""})
		mustRegister(t, checker(t, s, clk), srv.URL, "m")
		srv.add(tool{"t", "now hid\u2060den", ""})
		clk.Add(time.Minute)
		if a := check(t, checker(t, s, clk), srv.URL, ""); a.Integrity.Status != fingerprint.Changed {
			t.Fatalf("the change: %+v", a.Integrity)
		}
		clk.Add(time.Minute)
		a, err := checker(t, conflictingMarks{s}, clk).Check(t.Context(), srv.URL, "")
		if err != nil {
			t.Fatalf("a check that lost the mark: %v", err)
		}
		if a.Integrity.Status != fingerprint.Unchanged || len(a.Scan.FlagIDs) != 1 {
			t.Errorf("a check that lost the mark: %+v %+v", a.Integrity, a.Scan)
		}
	})
}
