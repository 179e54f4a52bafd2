package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/storetest"
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
