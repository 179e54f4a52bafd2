package postgres

import (
	"context"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
)

// testDSN and schema are the test database and a fresh schema in it
// (internal/testkit/pgtest: .ci/run starts the database; without it the
// tests are skipped, except under CI=true, where they fail).
var (
	testDSN = pgtest.DSN
	schema  = pgtest.Schema
)

// openSchema opens a store on the schema name, closed at the cleanup.
func openSchema(t testing.TB, name string) *Store {
	t.Helper()
	s, err := OpenConfig(context.Background(), pgtest.Config(t, name))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	testDSN(t)
	storetest.Run(t, storetest.Opener{
		New: func(t testing.TB) store.Store { return openSchema(t, schema(t)) },
		Again: func(t testing.TB, s store.Store) store.Store {
			var name string
			if err := s.(*Store).pool.QueryRow(context.Background(), "SELECT current_schema()").Scan(&name); err != nil {
				t.Fatal(err)
			}
			return openSchema(t, name)
		},
		ReceiptGaps: true,
	})
}

func TestSignaturesConformance(t *testing.T) {
	testDSN(t)
	storetest.RunSignatures(t, storetest.Opener{
		New: func(t testing.TB) store.Store { return openSchema(t, schema(t)) },
	})
}
