package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// OpenReadOnly opens the existing database file at path for reading only,
// for commands that only read (ledger verify, flags list): it runs no
// migration and writes nothing — not the file, not its -wal or -shm
// (issue 29, item 8: such a command must work on a read-only copy and on a
// full disk). Every write through the Store fails.
//
// How it reads depends on the files next to path:
//
//   - no path-wal and no path-shm (a copy, or a database every connection
//     of which has closed): it opens the file immutable (SQLite's
//     immutable=1: no locks, no write-ahead log, no shared memory), which
//     works on a read-only medium, for a read-only directory and whoever
//     the user is. Immutable means SQLite assumes nobody writes the file
//     meanwhile: a writer that opens it during the read is not seen, and
//     its checkpoint could be read half-done;
//   - a path-wal or a path-shm (a database in use, or not closed cleanly):
//     it opens it read-only (mode=ro) with SQLite's usual locking, so that
//     the transactions still in the write-ahead log are read. SQLite then
//     needs the -shm: it uses it when it exists and creates it when it can
//     (the only file this can create); a WAL database copied to a read-only
//     place with its -wal and without its -shm cannot be read this way —
//     copy it without the -wal after a checkpoint, or with sqlite3 .backup.
//
// A database that has applied a migration this build does not know is
// refused with store.ErrSchemaTooNew (a newer build may have changed what
// the rows mean). One older than this build is read as it is, without the
// migrations it lacks: every reader of the flags and the ledger needs only
// the first migration; a reader of a later record kind fails on its
// missing table with the driver's error.
func OpenReadOnly(ctx context.Context, path string, opts *Options) (*Store, error) {
	const op = "OpenReadOnly"
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.BusyTimeout <= 0 {
		o.BusyTimeout = 10 * time.Second
	}
	if o.MaxReaders <= 0 {
		o.MaxReaders = 4
	}
	// The cross-check reads the entries and the flags as two streams and
	// looks flags up meanwhile (see Options.MaxReaders).
	o.MaxReaders = max(o.MaxReaders, 3)
	if path == "" {
		return nil, store.Errorf(op, store.ErrInvalid, "no database path")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, store.Wrap(op, err)
	}
	query := fmt.Sprintf("mode=ro&_pragma=busy_timeout(%d)&_pragma=query_only(1)", o.BusyTimeout.Milliseconds())
	if !exists(path+"-wal") && !exists(path+"-shm") {
		query = "mode=ro&immutable=1&_pragma=query_only(1)"
	}
	open := func(n int) (*sql.DB, error) {
		db, err := sql.Open("sqlite", dsn(path, query))
		if err != nil {
			return nil, store.Wrap(op, err)
		}
		db.SetMaxOpenConns(n)
		db.SetMaxIdleConns(n)
		return db, nil
	}
	r, err := open(o.MaxReaders)
	if err != nil {
		return nil, err
	}
	applied, _, err := appliedMigrations(ctx, r)
	if err != nil {
		r.Close()
		return nil, store.Wrap(op, err)
	}
	if n, ok := sqlstore.Unknown(migrations, applied); ok {
		r.Close()
		return nil, store.Errorf(op, store.ErrSchemaTooNew, "%s has applied migration %d, which this build does not know", path, n)
	}
	if len(applied) == 0 {
		r.Close()
		return nil, store.Errorf(op, store.ErrInvalid, "%s is not a plainsight database (no migration applied)", path)
	}
	// The "writing" pool is read-only too: a write fails in SQLite.
	w, err := open(1)
	if err != nil {
		r.Close()
		return nil, err
	}
	return newStore(w, r, path), nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
