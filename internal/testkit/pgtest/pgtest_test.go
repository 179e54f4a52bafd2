package pgtest

import (
	"context"
	"regexp"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A schema is fresh, its own, used by Config's connections, and gone
// after the cleanup.
func TestSchema(t *testing.T) {
	var name string
	t.Run("use", func(t *testing.T) {
		name = Schema(t)
		if !regexp.MustCompile(`^t_[0-9a-f]{12}$`).MatchString(name) {
			t.Fatalf("schema name %q", name)
		}
		if other := Schema(t); other == name {
			t.Fatalf("two schemas named %q", name)
		}
		pool, err := pgxpool.NewWithConfig(context.Background(), Config(t, name))
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		if _, err := pool.Exec(context.Background(), "CREATE TABLE x (n int)"); err != nil {
			t.Fatal(err)
		}
		var schema string
		if err := pool.QueryRow(context.Background(), "SELECT table_schema FROM information_schema.tables WHERE table_name = 'x' AND table_schema = current_schema()").Scan(&schema); err != nil {
			t.Fatal(err)
		}
		if schema != name {
			t.Errorf("the table went to schema %q, want %q", schema, name)
		}
	})
	pool, err := pgxpool.New(context.Background(), DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM information_schema.schemata WHERE schema_name = $1", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("schema %s is still there after the cleanup", name)
	}
}
