package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
)

// dsnVar names the environment variable holding the DSN of a throwaway
// PostgreSQL database for the tests (.ci/run starts one). Without it the
// tests are skipped, except under CI=true, where a missing DSN fails.
const dsnVar = "PLAINSIGHT_TEST_POSTGRES"

func testDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(dsnVar)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the PostgreSQL tests", dsnVar)
		}
		t.Skipf("%s is not set", dsnVar)
	}
	return dsn
}

// schema makes a fresh schema for one test and returns its name; the
// cleanup drops it.
func schema(t testing.TB) string {
	t.Helper()
	dsn := testDSN(t)
	admin, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(context.Background(), "CREATE SCHEMA "+name); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "DROP SCHEMA "+name+" CASCADE")
		admin.Close()
	})
	return name
}

func openSchema(t testing.TB, name string) *Store {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(testDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = name
	s, err := OpenConfig(context.Background(), cfg)
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
