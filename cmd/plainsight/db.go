package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// dbEnv names the environment variable read when --db is not given.
const dbEnv = "PLAINSIGHT_DB"

// One --db (issue 31, item 4). Every command that takes --db takes the
// same spellings: a PATH of a SQLite file, sqlite:PATH, a postgres:// or
// postgresql:// URL. Without --db, $PLAINSIGHT_DB; without that, the
// default database, plainsight.db in the data directory (dataDir), which
// serve, mcp, keys and every operator command share.
//
// A SQLite file that does not exist yet is created only by the commands
// that write by nature (serve, mcp, keys, registry add, signature import, audit).
// Every other command opens a missing file as an empty database — nothing
// is created, nothing is written — and says on standard error that the
// database holds no records; it answers as for a database without records
// (an empty list, exit 0).

// dbFlagHelp is the description of every command's --db flag.
const dbFlagHelp = "the database `DB`: PATH or sqlite:PATH of a SQLite file, or a postgres:// URL (default $PLAINSIGHT_DB, else plainsight.db in the data directory)"

// dbUsage is the paragraph of the usage texts that says what DB is.
const dbUsage = `DB: PATH or sqlite:PATH of a SQLite file, or a postgres:// URL; without
--db, $PLAINSIGHT_DB, else plainsight.db in the data directory
($XDG_DATA_HOME/plainsight, else ~/.local/share/plainsight; on macOS and
Windows the user's configuration directory), the one database every
command shares. A SQLite file that does not exist yet is created only by
serve, mcp, keys, registry add, signature import and audit (which pins
what it sees unless --no-pin); any other command reads it as empty (an empty list, exit 0, and a line on standard error
that it holds no records) and creates nothing.
`

// dbSpec is the database a command names: a postgres URL or a SQLite
// path, and whether it was the default.
type dbSpec struct {
	postgres string // the URL, for PostgreSQL
	path     string // the file, for SQLite
	isDef    bool   // neither --db nor $PLAINSIGHT_DB named it
}

// resolveDB resolves --db, $PLAINSIGHT_DB and the default into a dbSpec.
func resolveDB(db string) (dbSpec, error) {
	if db == "" {
		db = os.Getenv(dbEnv)
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return dbSpec{postgres: db}, nil
	}
	// serve names its database sqlite:PATH at start; every command
	// takes that form too (issue 28).
	path := strings.TrimPrefix(db, "sqlite:")
	if path != "" {
		return dbSpec{path: path}, nil
	}
	dir, err := dataDir()
	if err != nil {
		return dbSpec{}, fmt.Errorf("no data directory (give --db or set %s): %w", dbEnv, err)
	}
	return dbSpec{path: filepath.Join(dir, "plainsight.db"), isDef: true}, nil
}

// where names the database for people: sqlite:PATH, or the postgres URL
// with its password redacted.
func (d dbSpec) where() string {
	if d.postgres == "" {
		return "sqlite:" + d.path
	}
	u, err := url.Parse(d.postgres)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// emptyDB is the store of a SQLite database that does not exist yet: an
// empty in-memory store, so that a read answers "no records" and nothing
// is created on disk. Whatever a command writes to it is discarded.
type emptyDB struct {
	*memory.Memory
	where string
}

// openDB opens the store named by --db for an operator command: a missing
// SQLite file is an empty database (emptyDB), never created; the note
// naming it goes to stderr, prefixed with cmd.
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
	d, err := resolveDB(db)
	if err != nil {
		return nil, err
	}
	if d.postgres != "" {
		return postgres.Open(ctx, d.postgres)
	}
	if _, err := os.Stat(d.path); errors.Is(err, os.ErrNotExist) {
		return &emptyDB{Memory: memory.New(), where: d.where()}, nil
	} else if err != nil {
		return nil, fmt.Errorf("database %s: %w", d.path, err)
	}
	if readOnly {
		return sqlite.OpenReadOnly(ctx, d.path, nil)
	}
	return sqlite.Open(ctx, d.path, nil)
}

// openDBCreating opens the store named by --db for a command that writes
// by nature (registry add, signature import, serve, mcp, keys, audit): a missing
// SQLite file is created, and so is the data directory of the default.
// It returns how to name the database for people.
func openDBCreating(ctx context.Context, db string) (store.Store, string, error) {
	d, err := resolveDB(db)
	if err != nil {
		return nil, "", err
	}
	if d.postgres != "" {
		if _, err := url.Parse(d.postgres); err != nil {
			return nil, "", errors.New("--db: a malformed postgres URL")
		}
		s, err := postgres.Open(ctx, d.postgres)
		return s, d.where(), err
	}
	if d.isDef {
		if err := os.MkdirAll(filepath.Dir(d.path), 0o700); err != nil {
			return nil, "", err
		}
	}
	s, err := sqlite.Open(ctx, d.path, nil)
	return s, d.where(), err
}

// noteEmpty prints, for a store opened on a database that does not exist
// yet, the line that says so (issue 31, item 4).
func noteEmpty(w io.Writer, cmd string, s store.Store) {
	if e, ok := s.(*emptyDB); ok {
		fmt.Fprintf(w, "plainsight %s: no database at %s yet: it holds no records\n", cmd, e.where)
	}
}
