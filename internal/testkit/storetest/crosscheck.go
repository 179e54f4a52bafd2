package storetest

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
)

// testFlagsByLedgerSeq: the flags come in order of ledger_seq, then id,
// whatever their order of creation, and an error from fn stops the walk.
func testFlagsByLedgerSeq(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	for i, seq := range []int64{3, 1, 3, 0, 2} {
		f := sample(10 - i) // ids in decreasing order of creation
		f.LedgerSeq = seq
		mustInsert(t, s, f)
	}
	var got []string
	err := s.FlagsByLedgerSeq(c, func(f store.Flag) error {
		got = append(got, fmt.Sprintf("%d:%s", f.LedgerSeq, f.ID[len(f.ID)-2:]))
		return nil
	})
	if want := "0:07 1:09 2:06 3:08 3:0a"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("FlagsByLedgerSeq: %v, %v; want %s", got, err, want)
	}
	stop := fmt.Errorf("stop")
	n := 0
	err = s.FlagsByLedgerSeq(c, func(store.Flag) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("an error from fn: %v after %d flags", err, n)
	}
}

// testCrossCheckConcurrent: flag.VerifyLedger run while flags are being
// created (from a second handle, standing for another process) finds
// every flag anchored: it never reports a creation made during its walk.
func testCrossCheckConcurrent(t *testing.T, o Opener) {
	s := o.New(t)
	s2 := again(t, o, s)
	c := ctx(t)
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer done.Store(true)
		svc := service(s2)
		for i := range 60 {
			var ins []flag.SubmissionInput
			for j := range 5 {
				in := submission(fmt.Sprintf("%d %d\u200b", i, j), alice)
				in.Field = fmt.Sprintf("tools[%d].description", j)
				ins = append(ins, in)
			}
			if _, err := svc.SubmitAll(c, ins); err != nil {
				t.Errorf("SubmitAll: %v", err)
				return
			}
		}
	}()
	runs := 0
	for !done.Load() || runs == 0 {
		r, err := flag.VerifyLedger(c, s, nil)
		if err != nil || !r.Intact() {
			t.Errorf("VerifyLedger during creations: %v %+v", err, r.Problems)
			break
		}
		runs++
	}
	wg.Wait()
	t.Logf("%d cross-checks during the creations", runs)
	r, err := flag.VerifyLedger(c, s, nil)
	if err != nil || !r.Intact() || r.Flags != 300 || r.Chain.Entries != 300 || r.Unsealed != 0 {
		t.Errorf("VerifyLedger after %d runs: %v %+v", runs, err, r)
	}
}
