package postgres

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store"
)

// TestFlagsByLedgerSeqPages: the pages of FlagsByLedgerSeq join up, ties
// of ledger_seq included, and flag.VerifyLedger on a pool of one
// connection finishes (the flags' walk holds no connection while the
// ledger is read).
func TestFlagsByLedgerSeqPages(t *testing.T) {
	cfg := pgtest.Config(t, schema(t))
	cfg.MaxConns = 1
	s, err := OpenConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Closed at the end only: Close waits for a connection held by a walk
	// that never ends.
	old := flagsPage
	flagsPage = 2
	defer func() { flagsPage = old }()
	ctx := context.Background()
	svc := &flag.Service{Store: s}
	var ins []flag.SubmissionInput
	for i := range 5 {
		ins = append(ins, flag.SubmissionInput{Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/"},
			Field: fmt.Sprintf("f%d", i), Bytes: []byte(fmt.Sprintf("%d\u200b", i)), Actor: flag.Actor{Kind: flag.KindAnonymous}, Source: flag.Submission})
	}
	if _, err := svc.SubmitAll(ctx, ins); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"flg_b", "flg_a"} { // a tie at entry 2, anchored by neither
		f := store.Flag{ID: id, Status: store.StatusStanding, Artifact: store.Artifact{Type: "t", Ref: "r"}, Field: id, Class: "zero_width",
			EvidenceSHA256: id, Actor: store.Actor{Kind: "anonymous"}, Source: "submission", LedgerSeq: 2, CreatedAt: time.Now()}
		if err := s.InsertFlag(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	if err := s.FlagsByLedgerSeq(ctx, func(f store.Flag) error { got = append(got, fmt.Sprint(f.LedgerSeq)); return nil }); err != nil {
		s.Close()
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "1 2 2 2 3 4 5" {
		t.Errorf("order %v", got)
	}
	done := make(chan struct{})
	var r flag.CrossCheck
	go func() {
		defer close(done)
		r, err = flag.VerifyLedger(ctx, s, nil)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("VerifyLedger on a pool of one connection did not finish")
	}
	defer s.Close()
	if err != nil || r.ProblemCount != 2 || r.Flags != 7 {
		t.Errorf("VerifyLedger: %v %+v", err, r)
	}
}
