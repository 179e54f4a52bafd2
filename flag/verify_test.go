package flag_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// alice is lifecycle_test.go's.
var srv = flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp", Label: "Example"}

// submit creates n flags, one per field.
func submit(t *testing.T, s store.Store, n int) []string {
	t.Helper()
	svc := &flag.Service{Store: s}
	var ins []flag.SubmissionInput
	for i := range n {
		ins = append(ins, flag.SubmissionInput{Artifact: srv, Field: fmt.Sprintf("tools[%d].description", i),
			Bytes: []byte(fmt.Sprintf("tool %d\u200b reads", i)), Actor: alice, Source: flag.Submission})
	}
	outs, err := svc.SubmitAll(context.Background(), ins)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range outs {
		ids = append(ids, o.FlagIDs()...)
	}
	return ids
}

// step is one lifecycle step, with its entry written first as flag.Service
// writes it (issue 29), or, with anchor false, without one: a raw UPDATE
// with migration 6's trigger gone, as every step was made before it.
func step(t *testing.T, s *sqlite.Store, id, from, to string, c store.Dispute, anchor bool) {
	t.Helper()
	ctx := context.Background()
	if !anchor {
		if _, err := s.DB().Exec(`DROP TRIGGER IF EXISTS flags_lifecycle_entry`); err != nil {
			t.Fatal(err)
		}
		var err error
		if to == store.StatusDisputed {
			_, err = s.DB().Exec(`UPDATE flags SET status = ?, dispute_case_id = ?, dispute_case_number = ? WHERE id = ? AND status = ?`,
				to, c.CaseID, c.CaseNumber, id, from)
		} else {
			_, err = s.DB().Exec(`UPDATE flags SET status = ? WHERE id = ? AND status = ?`, to, id, from)
		}
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	err := s.Atomic(ctx, func(tx store.Tx) error {
		f, err := tx.Flag(ctx, id)
		if err != nil {
			return err
		}
		tr := store.Transition{ID: id, From: from, To: to}
		typ, who := ledger.TypeFlagDisputed, "filed_by"
		switch to {
		case store.StatusDisputed:
			tr.Dispute = &c
		case store.StatusStanding:
			typ, who = ledger.TypeFlagUpheld, "decided_by"
		case store.StatusOverturned:
			typ, who = ledger.TypeFlagOverturned, "decided_by"
		}
		art := map[string]any{"type": f.Artifact.Type, "ref": f.Artifact.Ref}
		if f.Artifact.Label != "" {
			art["label"] = f.Artifact.Label
		}
		e, err := ledger.Append(ctx, tx, typ, time.Now(), map[string]any{
			"flag_id": id, "finding_class": f.Class, "evidence_sha256": f.EvidenceSHA256, "artifact": art,
			"case_id": c.CaseID, "case_number": c.CaseNumber, who: "account:acc_arbiter",
		})
		if err != nil {
			return err
		}
		tr.EntrySeq = e.Seq
		return tx.TransitionFlag(ctx, tr)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func verify(t *testing.T, s flag.LedgerStore) flag.CrossCheck {
	t.Helper()
	r, err := flag.VerifyLedger(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func kinds(r flag.CrossCheck) []string {
	var ks []string
	for _, p := range r.Problems {
		ks = append(ks, p.Kind)
	}
	return ks
}

func TestVerifyLedgerLifecycle(t *testing.T) {
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ids := submit(t, s, 4)
	r := verify(t, s)
	if !r.Intact() || r.Flags != 4 || r.Chain.Entries != 4 || r.Unsealed != 0 {
		t.Fatalf("fresh flags: %+v", r)
	}
	c7, c8 := store.Dispute{CaseID: "case_7", CaseNumber: 7}, store.Dispute{CaseID: "case_8", CaseNumber: 8}
	step(t, s, ids[0], store.StatusStanding, store.StatusDisputed, c7, true)
	step(t, s, ids[1], store.StatusStanding, store.StatusDisputed, c8, true)
	step(t, s, ids[1], store.StatusDisputed, store.StatusOverturned, c8, true)
	step(t, s, ids[2], store.StatusStanding, store.StatusDisputed, c8, true)
	step(t, s, ids[2], store.StatusDisputed, store.StatusStanding, c8, true)
	if r := verify(t, s); !r.Intact() {
		t.Fatalf("anchored lifecycle: %+v", r)
	}
	// A dispute with no entry (as every dispute was before the lifecycle
	// entries existed), then its overturn with one.
	step(t, s, ids[3], store.StatusStanding, store.StatusDisputed, c7, false)
	if r := verify(t, s); r.ProblemCount != 1 || r.Problems[0].Kind != flag.ProblemUnanchoredTransition || r.Problems[0].FlagID != ids[3] {
		t.Fatalf("unanchored dispute: %+v", r)
	}
	step(t, s, ids[3], store.StatusDisputed, store.StatusOverturned, c7, true)
	if r := verify(t, s); r.ProblemCount != 1 || r.Problems[0].Kind != flag.ProblemUnanchoredTransition {
		t.Fatalf("overturn with no dispute entry: %+v", r)
	}
}

func TestVerifyLedgerEntries(t *testing.T) {
	ctx := context.Background()
	s := memory.New()
	ids := submit(t, s, 2)
	appendEntry := func(typ string, data map[string]any) {
		if _, err := ledger.Append(ctx, s, typ, time.Now(), data); err != nil {
			t.Fatal(err)
		}
	}
	f, _ := s.Flag(ctx, ids[0])
	art := map[string]any{"type": srv.Type, "ref": srv.Ref, "label": srv.Label}
	// A decision with no dispute before it, an entry naming no flag, a
	// flagged entry whose flag was never stored, a dispute of the wrong
	// evidence.
	appendEntry(ledger.TypeFlagUpheld, map[string]any{"flag_id": ids[0], "finding_class": f.Class, "evidence_sha256": f.EvidenceSHA256,
		"artifact": art, "case_id": "case_1", "case_number": 1, "decided_by": "acc_x"})
	appendEntry(ledger.TypeFlagDisputed, map[string]any{"flag_id": "flg_00000000000000000000", "finding_class": f.Class,
		"evidence_sha256": f.EvidenceSHA256, "artifact": art, "case_id": "case_1", "case_number": 1, "filed_by": "acc_x"})
	appendEntry(ledger.TypeFlagged, map[string]any{"flag_id": "flg_11111111111111111111", "finding_class": f.Class,
		"evidence_sha256": f.EvidenceSHA256, "artifact": art})
	appendEntry(ledger.TypeFlagDisputed, map[string]any{"flag_id": ids[1], "finding_class": f.Class,
		"evidence_sha256": strings.Repeat("0", 64), "artifact": art, "case_id": "case_2", "case_number": 2, "filed_by": "acc_x"})
	r := verify(t, s)
	want := []string{flag.ProblemInvalidTransition, flag.ProblemOrphanEntry, flag.ProblemOrphanEntry, flag.ProblemMismatch,
		flag.ProblemMismatch, flag.ProblemMismatch}
	if got := kinds(r); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("kinds %v, want %v\n%+v", got, want, r.Problems)
	}
}

// tamperer opens a fresh database of one backend and runs raw SQL on it
// as its owner, with the append-only triggers off.
type tamperer struct {
	open func(t *testing.T) (store.Store, func(sql string))
}

func backends(t *testing.T) map[string]tamperer {
	return map[string]tamperer{
		"sqlite": {func(t *testing.T) (store.Store, func(string)) {
			s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"), nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s, func(q string) {
				t.Helper()
				storetest.DropSQLiteTriggers(t, s.DB())
				if _, err := s.DB().Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
		}},
		"postgres": {func(t *testing.T) (store.Store, func(string)) {
			s := openPostgres(t)
			return s, func(q string) {
				t.Helper()
				ctx := context.Background()
				for _, stmt := range []string{`ALTER TABLE flags DISABLE TRIGGER ALL`, `ALTER TABLE ledger DISABLE TRIGGER ALL`, q} {
					if _, err := s.Pool().Exec(ctx, stmt); err != nil {
						t.Fatalf("%s: %v", stmt, err)
					}
				}
			}
		}},
	}
}

// openPostgres opens a fresh schema of the test database named by
// PLAINSIGHT_TEST_POSTGRES (under CI=true it must be set).
func openPostgres(t *testing.T) *postgres.Store {
	t.Helper()
	s, err := postgres.OpenConfig(context.Background(), pgtest.Config(t, pgtest.Schema(t)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestVerifyLedgerTampered reproduces issue 29's item 3 on both SQL
// backends, with the triggers dropped (SQLite) or disabled by the owner
// (PostgreSQL): a deleted flag, a rewritten evidence hash, a rewritten
// actor, an emptied ledger, and a forged overturn are each reported.
// ledger.Verify alone (the chain) says intact for every one.
func TestVerifyLedgerTampered(t *testing.T) {
	for name, b := range backends(t) {
		t.Run(name, func(t *testing.T) {
			for _, tc := range []struct {
				name  string
				sql   func(ids []string) string
				kinds []string
			}{
				{"deleted flag", func(ids []string) string { return `DELETE FROM flags WHERE id = '` + ids[1] + `'` },
					[]string{flag.ProblemOrphanEntry}},
				{"rewritten evidence", func(ids []string) string {
					return `UPDATE flags SET evidence_sha256 = '` + strings.Repeat("0", 64) + `' WHERE id = '` + ids[0] + `'`
				}, []string{flag.ProblemMismatch}},
				{"rewritten actor", func(ids []string) string {
					return `UPDATE flags SET actor_account_id = 'acc_mallory', actor_handle = 'mallory' WHERE id = '` + ids[2] + `'`
				}, []string{flag.ProblemMismatch}},
				{"emptied ledger", func(ids []string) string { return `DELETE FROM ledger` },
					[]string{flag.ProblemOrphanFlag, flag.ProblemOrphanFlag, flag.ProblemOrphanFlag}},
				{"forged overturn", func(ids []string) string {
					return `UPDATE flags SET status = 'overturned', dispute_case_id = 'case_x', dispute_case_number = 1 WHERE id = '` + ids[0] + `'`
				}, []string{flag.ProblemUnanchoredTransition}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					s, exec := b.open(t)
					ids := submit(t, s, 3)
					exec(tc.sql(ids))
					if _, err := ledger.Verify(context.Background(), s); err != nil {
						t.Fatalf("the chain alone: %v", err)
					}
					r := verify(t, s)
					if got := kinds(r); strings.Join(got, " ") != strings.Join(tc.kinds, " ") || r.Intact() {
						t.Errorf("kinds %v, want %v\n%+v", got, tc.kinds, r.Problems)
					}
				})
			}
		})
	}
}

// TestVerifyLedgerBroken: a broken chain is a *ledger.BrokenError.
func TestVerifyLedgerBroken(t *testing.T) {
	s, exec := backends(t)["sqlite"].open(t)
	submit(t, s, 2)
	exec(`UPDATE ledger SET body = replace(body, 'zero_width', 'zero_wide') WHERE seq = 1`)
	_, err := flag.VerifyLedger(context.Background(), s, nil)
	var be *ledger.BrokenError
	if !errors.As(err, &be) || be.Seq != 1 {
		t.Fatalf("err %v", err)
	}
}
