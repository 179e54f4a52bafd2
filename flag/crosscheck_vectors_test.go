package flag_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
	"github.com/plainsight/plainsight/vectors"
)

// crossCheckVector is one test of vectors/flag/ledger_crosscheck.json.
type crossCheckVector struct {
	TcID    int    `json:"tcId"`
	Comment string `json:"comment"`
	Ledger  []struct {
		Seq  int64  `json:"seq"`
		Type string `json:"type"`
		Prev string `json:"prev"`
		Hash string `json:"hash"`
		Body string `json:"body"`
	} `json:"ledger"`
	Registry []flag.Flag `json:"registry"`
	Result   string      `json:"result"`
	Expected struct {
		ChainIntact bool  `json:"chain_intact"`
		BrokenAt    int64 `json:"broken_at"`
		Problems    []struct {
			Kind   string `json:"kind"`
			FlagID string `json:"flag_id"`
		} `json:"problems"`
	} `json:"expected"`
}

func crossCheckVectors(t *testing.T) []crossCheckVector {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), "flag/ledger_crosscheck.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		TestGroups []struct {
			Tests []crossCheckVector `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	var out []crossCheckVector
	for _, g := range f.TestGroups {
		out = append(out, g.Tests...)
	}
	if len(out) < 4 {
		t.Fatalf("only %d cross-check vectors", len(out))
	}
	return out
}

// loadCrossCheck writes a vector's ledger and registry into a new SQLite
// database with the triggers of both tables dropped (a vector may hold
// rows that no step of the lifecycle makes): the entries as given, each
// flag inserted standing through the store's API and then given its
// status and dispute by a raw UPDATE.
func loadCrossCheck(t *testing.T, v *crossCheckVector) *sqlite.Store {
	t.Helper()
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "v.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	storetest.DropSQLiteTriggers(t, s.DB())
	for _, e := range v.Ledger {
		if err := s.AppendLedgerEntry(ctx, store.LedgerEntry{Seq: e.Seq, Type: e.Type, Prev: e.Prev, Hash: e.Hash, Body: []byte(e.Body)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range v.Registry {
		sf := store.Flag{ID: f.ID, Status: store.StatusStanding, Artifact: store.Artifact(f.Artifact), Field: f.Field,
			Class: string(f.FindingClass), EvidenceSHA256: f.Evidence.SHA256, Excerpt: f.Evidence.Excerpt,
			Actor: store.Actor(f.Actor), Source: string(f.Source), Context: f.Context, LedgerSeq: f.LedgerSeq, CreatedAt: f.CreatedAt}
		if err := s.InsertFlag(ctx, sf); err != nil {
			t.Fatal(err)
		}
		if f.Dispute == nil {
			continue
		}
		// The row as the vector gives it, whatever its entries say: the
		// store's API refuses a step without its entry.
		if _, err := s.DB().Exec(`UPDATE flags SET status = ?, dispute_case_id = ?, dispute_case_number = ? WHERE id = ?`,
			string(f.Status), f.Dispute.CaseID, f.Dispute.CaseNumber, f.ID); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestCrossCheckVectors runs vectors/flag/ledger_crosscheck.json through
// flag.VerifyLedger on SQLite: the problems, as (kind, flag)
// pairs in any order, must be the expected ones.
func TestCrossCheckVectors(t *testing.T) {
	for _, v := range crossCheckVectors(t) {
		t.Run(fmt.Sprintf("#%d %s", v.TcID, v.Comment), func(t *testing.T) {
			s := loadCrossCheck(t, &v)
			r, err := flag.VerifyLedger(context.Background(), s, nil)
			var be *ledger.BrokenError
			switch {
			case !v.Expected.ChainIntact:
				if !errors.As(err, &be) || be.Seq != v.Expected.BrokenAt {
					t.Fatalf("want the chain broken at %d, got %v", v.Expected.BrokenAt, err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			var got, want []string
			for _, p := range r.Problems {
				got = append(got, p.Kind+" "+p.FlagID)
			}
			for _, p := range v.Expected.Problems {
				want = append(want, p.Kind+" "+p.FlagID)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) || r.Intact() != (v.Result == "valid") {
				t.Errorf("problems %v, want %v\n%+v", got, want, r.Problems)
			}
		})
	}
}
