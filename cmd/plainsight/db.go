package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// dbEnv names the environment variable read when --db is not given.
const dbEnv = "PLAINSIGHT_DB"

// openDB opens the store named by --db (or $PLAINSIGHT_DB): a
// postgres:// or postgresql:// URL is a PostgreSQL database, anything else
// the path of an existing SQLite file. An operator command never creates
// a database: a missing file is an error.
func openDB(ctx context.Context, db string) (store.Store, error) {
	return openStore(ctx, db, false)
}

// openDBReadOnly is openDB for the commands that only read (ledger verify,
// flags list and show): a SQLite file is opened with
// sqlite.OpenReadOnly — no migration, nothing written, so a read-only copy
// and a database on a full disk are read (issue 29, item 8). PostgreSQL is
// opened as by openDB: on a database whose schema is current its migration
// step only reads.
func openDBReadOnly(ctx context.Context, db string) (store.Store, error) {
	return openStore(ctx, db, true)
}

func openStore(ctx context.Context, db string, readOnly bool) (store.Store, error) {
	if db == "" {
		db = os.Getenv(dbEnv)
	}
	if db == "" {
		return nil, errors.New("--db is required (or set " + dbEnv + ")")
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(ctx, db)
	}
	// serve names its database sqlite:PATH at start; the operator
	// commands take that form too (issue 28).
	db = strings.TrimPrefix(db, "sqlite:")
	if _, err := os.Stat(db); err != nil {
		return nil, fmt.Errorf("no database at %s: %w", db, err)
	}
	if readOnly {
		return sqlite.OpenReadOnly(ctx, db, nil)
	}
	return sqlite.Open(ctx, db, nil)
}
