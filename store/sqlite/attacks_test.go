package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// TestRawAttacks: the raw-SQL attacks of issue 29 (a forged overturn, a
// step with a forged ledger entry, a flag inserted overturned, a revoked
// key revived by INSERT OR REPLACE, a receipt replaced) are refused by
// the schema, past the Go code.
func TestRawAttacks(t *testing.T) {
	storetest.RawAttacks(t, func(t testing.TB) (store.Store, storetest.RawDB) {
		s := open(t, filepath.Join(t.TempDir(), "p.db"))
		db := s.DB()
		return s, storetest.RawDB{
			FlagColumns: sqlstore.FlagColumns,
			Exec: func(c context.Context, q string) error {
				_, err := db.ExecContext(c, q)
				return err
			},
			Tx: func(c context.Context, qs ...string) error {
				tx, err := db.BeginTx(c, nil)
				if err != nil {
					return err
				}
				defer tx.Rollback()
				for _, q := range qs {
					if _, err := tx.ExecContext(c, q); err != nil {
						return err
					}
				}
				return tx.Commit()
			},
		}
	})
}

// TestDecideDisputeFromBeforeMigration6: a flag disputed before
// migration 6 (lifecycle_seq 0, no dispute entry) is decided after it, its
// award entry the one the trigger checks.
func TestDecideDisputeFromBeforeMigration6(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	svc := &flag.Service{Store: s}
	alice := flag.Actor{AccountID: "acc_alice", Kind: flag.KindAccount}
	out, err := svc.Submit(c, flag.SubmissionInput{Artifact: flag.Artifact{Type: "skill", Ref: "x"}, Field: "f",
		Bytes: []byte("a\u200bb"), Actor: alice, Source: flag.Submission})
	if err != nil {
		t.Fatal(err)
	}
	id := out.Decisions[0].Flag.ID
	// The dispute as a build before migration 6 wrote it: the trigger
	// set aside for the one UPDATE, then restored as it was.
	db := s.DB()
	var trigger string
	if err := db.QueryRowContext(c, `SELECT sql FROM sqlite_master WHERE name = 'flags_lifecycle_entry'`).Scan(&trigger); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TRIGGER flags_lifecycle_entry`,
		`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_old', dispute_case_number = 3 WHERE id = '` + id + `'`, trigger} {
		if _, err := db.ExecContext(c, q); err != nil {
			t.Fatal(err)
		}
	}
	f, err := svc.Overturn(c, id, flag.Case{CaseID: "case_old", CaseNumber: 3}, flag.Principal{AccountID: "acc_arbiter"})
	if err != nil || f.Status != flag.Overturned {
		t.Fatalf("the award of an old dispute: %+v, %v", f, err)
	}
	if got, _ := s.Flag(c, id); got.LifecycleSeq != 2 {
		t.Errorf("lifecycle_seq %d, want 2 (the overturn's entry)", got.LifecycleSeq)
	}
}
