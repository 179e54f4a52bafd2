// Package pgtest gives a test a PostgreSQL schema of its own: in the test
// database that PLAINSIGHT_TEST_POSTGRES names (.ci/run starts a
// throwaway cluster and sets it), a fresh schema that the test's cleanup
// drops, so tests that count rows or refresh every due record see only
// their own.
//
// Without the variable a test that asks is skipped, except under CI=true,
// where it fails: CI must run the PostgreSQL tests, never pass without
// them.
//
//	s, err := postgres.OpenConfig(ctx, pgtest.Config(t, pgtest.Schema(t)))
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Env is the environment variable that names the test database: a
// key=value DSN or a postgres:// URL.
const Env = "PLAINSIGHT_TEST_POSTGRES"

// DSN returns the test database's DSN. Without one it fails t under
// CI=true and skips it otherwise.
func DSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the PostgreSQL tests", Env)
		}
		t.Skipf("%s is not set", Env)
	}
	return dsn
}

// Schema creates a fresh schema in the test database and returns its
// name (t_ and 12 hex digits); t's cleanup drops it with everything in it.
func Schema(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	admin, err := pgxpool.New(ctx, DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+name+" CASCADE")
		admin.Close()
	})
	return name
}

// Config returns a pool configuration of the test database whose
// connections use schema (their search_path).
func Config(t testing.TB, schema string) *pgxpool.Config {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	return cfg
}
