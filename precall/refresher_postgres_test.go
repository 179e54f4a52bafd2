package precall

import (
	"context"
	"crypto/rand"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/postgres"
)

// Four instances — four Refreshers, each with its own pool — on one
// PostgreSQL database, 1,000 loopback MCP servers, a virtual clock: every
// server refreshed exactly once a round across the instances, each
// changed server's change one event, no other event, each instance within
// its bounds (issue 33, item 4). Runs when PLAINSIGHT_TEST_POSTGRES names
// a test database; under CI=true it must. The full run (CI=true or
// PLAINSIGHT_EXHAUSTIVE=1) has three rounds, the sampled one two.
func TestRefresherSimulationPostgres(t *testing.T) {
	dsn := os.Getenv("PLAINSIGHT_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLAINSIGHT_TEST_POSTGRES is not set: CI must run the PostgreSQL tests")
		}
		t.Skip("PLAINSIGHT_TEST_POSTGRES is not set")
	}
	ctx := context.Background()
	// A schema of its own: the instances refresh every due server of the
	// database, and other tests' servers must not be among them.
	admin, err := pgxpool.New(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := "refresh_" + rand.Text()[:10]
	if _, err := admin.Exec(ctx, `CREATE SCHEMA "`+name+`"`); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), `DROP SCHEMA "`+name+`" CASCADE`)
		admin.Close()
	})
	var stores []store.Store
	for range 4 {
		cfg, err := pgxpool.ParseConfig(dsn)
		if err != nil {
			t.Fatal(err)
		}
		cfg.ConnConfig.RuntimeParams["search_path"] = `"` + name + `"`
		s, err := postgres.OpenConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	simulate(t, stores, 1000, 8, testkit.Scale(t, 3, 2))
}
