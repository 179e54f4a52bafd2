package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// TestRawAttacks: the raw-SQL attacks of issue 29 (see the SQLite
// backend's twin) are refused by the schema; here also a step whose
// entry another transaction wrote.
func TestRawAttacks(t *testing.T) {
	storetest.RawAttacks(t, func(t testing.TB) (store.Store, storetest.RawDB) {
		s := openSchema(t, schema(t))
		return s, storetest.RawDB{
			FlagColumns: sqlstore.FlagColumns,
			Postgres:    true,
			Exec: func(c context.Context, q string) error {
				_, err := s.pool.Exec(c, q)
				return err
			},
			Tx: func(c context.Context, qs ...string) error {
				return pgx.BeginFunc(c, s.pool, func(tx pgx.Tx) error {
					for _, q := range qs {
						if _, err := tx.Exec(c, q); err != nil {
							return err
						}
					}
					return nil
				})
			},
		}
	})
}
