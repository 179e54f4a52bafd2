// Package sqlite is the embedded default [store.Store]: one SQLite file in
// WAL mode, through the pure-Go driver modernc.org/sqlite (no cgo).
//
// [Open] creates the file if it is missing and applies the schema
// migrations embedded in this package (migrations/NNNN_*.sql, numbered,
// possibly with gaps; each applied one recorded in the table
// plainsight_migrations, the highest in PRAGMA user_version), all in one
// transaction. A database that has applied a migration this build does not
// know is refused with [store.ErrSchemaTooNew] before anything is written
// to it. [OpenReadOnly] opens an existing file for reading only, with no
// migration and nothing written (for the commands that only read: a
// read-only copy, a full disk).
//
// The schema enforces the append-only contracts of package store with
// triggers: a DELETE of a flag or a ledger entry, an UPDATE of a ledger
// entry, an UPDATE of any flag column other than the lifecycle's, a
// lifecycle step outside standing → disputed → (overturned | standing),
// and a ledger entry that does not extend the head are all refused by
// SQLite itself, whoever sends the SQL; so is any UPDATE or DELETE of a
// receipt entry, and one inserted out of sequence. Since migration 6 a
// status change is refused unless flags.lifecycle_seq names the ledger's
// head, the entry of that step for that flag (one writer at a time: the
// entry its transaction just appended), and INSERT OR REPLACE can replace
// neither an API key nor a receipt entry. Since migration 9 pins and
// sightings are append-only too, each inserted as its key's next.
//
// Writers are serialized: one writing connection per Store, every
// transaction BEGIN IMMEDIATE, and a busy timeout ([Options.BusyTimeout])
// for other processes sharing the file. Reads use a separate pool and see
// the last committed state (WAL readers do not block the writer).
//
// # Bounds
//
// Records are bounded as package store bounds them. The busy timeout bounds
// how long a write waits for another process's transaction; past it the
// write fails (SQLITE_BUSY) rather than wait forever.
//
// # What it does not claim
//
// The synchronous mode is FULL: a committed transaction survives a process
// crash and a power loss, as far as the file system keeps its promises. The
// triggers bind SQL sent through SQLite; anyone who can write the file can
// edit it with other tools, which the ledger's hash chain then shows.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrations are the embedded migrations in increasing order of number,
// possibly with gaps (see sqlstore.Migrations).
var migrations = sqlstore.Migrations(migrationFS, "sqlite")

// SchemaVersion is the highest migration number this build knows; PRAGMA
// user_version holds the highest one a database has applied.
var SchemaVersion = migrations[len(migrations)-1].N

// appliedMigrations returns the migrations a database has applied: the
// rows of plainsight_migrations, or, in a database written before that
// table existed (whose migrations had no gaps), 1 … user_version.
func appliedMigrations(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (map[int]bool, bool, error) {
	var v int
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return nil, false, err
	}
	var table int
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'plainsight_migrations'").Scan(&table); err != nil {
		return nil, false, err
	}
	applied := map[int]bool{}
	if table == 0 {
		for i := 1; i <= v; i++ {
			applied[i] = true
		}
		return applied, false, nil
	}
	rows, err := q.QueryContext(ctx, "SELECT version FROM plainsight_migrations")
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return nil, false, err
		}
		applied[n] = true
	}
	if v > 0 && !applied[v] {
		applied[v] = true // a newer build's user_version without its row: still newer
	}
	return applied, true, rows.Err()
}

// Options configures Open. The zero value is the default.
type Options struct {
	// BusyTimeout is how long a write waits for another connection's
	// lock; 10 seconds when zero.
	BusyTimeout time.Duration
	// MaxReaders bounds the reading connections; 4 when zero. A reader
	// that walks two streams at once and looks records up meanwhile (as
	// flag.VerifyLedger walks the entries and the flags) holds up to three:
	// with fewer it waits for ever. OpenReadOnly takes at least three.
	MaxReaders int
}

// Store is a SQLite store. It is safe for concurrent use. Its methods of
// store.Tx each run outside a transaction, on a connection of their own.
type Store struct {
	// outside has the methods of store.Tx, on s.c().
	outside
	w, r   *sql.DB
	wc, rc stmtCache
	path   string
}

var _ store.Store = (*Store)(nil)
var _ store.Tx = (*conn)(nil)

// outside is sqlstore.Outside, embedded in Store under a name of this
// package's.
type outside = sqlstore.Outside

// newStore returns the Store over the writing pool w and the reading one r
// of the database file at path.
func newStore(w, r *sql.DB, path string) *Store {
	s := &Store{w: w, r: r, path: path}
	s.outside = sqlstore.NewOutside(func() store.Tx { return s.c() })
	return s
}

// Open opens (creating it if missing) the database file at path and brings
// its schema to SchemaVersion. A database with a newer schema is refused
// with store.ErrSchemaTooNew and left unchanged.
func Open(ctx context.Context, path string, opts *Options) (*Store, error) {
	const op = "Open"
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
	if path == "" {
		return nil, store.Errorf(op, store.ErrInvalid, "no database path")
	}
	// A newer schema is refused before any connection that could write
	// (journal_mode=WAL changes the file) is made.
	if _, err := os.Stat(path); err == nil {
		if err := checkVersion(ctx, path); err != nil {
			return nil, err
		}
	}
	ms := o.BusyTimeout.Milliseconds()
	w, err := sql.Open("sqlite", dsn(path, fmt.Sprintf(
		"_pragma=busy_timeout(%d)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate", ms)))
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(path, fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=query_only(1)", ms)))
	if err != nil {
		w.Close()
		return nil, store.Wrap(op, err)
	}
	r.SetMaxOpenConns(o.MaxReaders)
	r.SetMaxIdleConns(o.MaxReaders)
	s := newStore(w, r, path)
	if err := s.warm(ctx); err != nil {
		s.Close()
		return nil, store.Wrap(op, err)
	}
	return s, nil
}

// warm prepares on the writing connection the statements transactions
// use, so that a transaction finds them cached.
func (s *Store) warm(ctx context.Context) error {
	queries := []string{insertFlagSQL, sqlstore.DisputeSQL, sqlstore.DecideSQL, sqlstore.FlagExistsSQL, sqlstore.FlagByIDSQL,
		headSQL, insertEntrySQL, sqlstore.EntrySQL, entriesSQL}
	for _, q := range []store.FlagQuery{
		// The two look-ups of flag.Service's gate.
		{ArtifactType: "x", ArtifactRef: "x", Field: "x", Class: "x", EvidenceSHA256: "x", Statuses: []string{"x", "x"}},
		{Class: "x", EvidenceSHA256: "x", ActorAccountID: "x", Statuses: []string{"x"}},
		{},
	} {
		sql, _ := sqlstore.ListFlagsSQL(dialect{}, &q)
		queries = append(queries, sql)
	}
	for _, q := range queries {
		if _, _, err := s.wc.get(ctx, s.w, q); err != nil {
			return err
		}
	}
	return nil
}

func dsn(path, query string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + query
}

func checkVersion(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", dsn(path, "mode=ro"))
	if err != nil {
		return store.Wrap("Open", err)
	}
	defer db.Close()
	applied, _, err := appliedMigrations(ctx, db)
	if err != nil {
		return store.Wrap("Open", err)
	}
	if n, ok := sqlstore.Unknown(migrations, applied); ok {
		return store.Errorf("Open", store.ErrSchemaTooNew, "%s has applied migration %d, which this build does not know", path, n)
	}
	return nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	const op = "Open"
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: one migrator at a time
	if err != nil {
		return store.Wrap(op, err)
	}
	defer tx.Rollback()
	applied, table, err := appliedMigrations(ctx, tx)
	if err != nil {
		return store.Wrap(op, err)
	}
	if n, ok := sqlstore.Unknown(migrations, applied); ok {
		return store.Errorf(op, store.ErrSchemaTooNew, "migration %d applied, which this build does not know", n)
	}
	if !table {
		if _, err := tx.ExecContext(ctx, "CREATE TABLE plainsight_migrations (version INTEGER PRIMARY KEY)"); err != nil {
			return store.Wrap(op, err)
		}
		for n := range applied {
			if _, err := tx.ExecContext(ctx, "INSERT INTO plainsight_migrations VALUES (?)", n); err != nil {
				return store.Wrap(op, err)
			}
		}
	}
	top := 0
	for n := range applied {
		top = max(top, n)
	}
	for _, m := range migrations {
		if applied[m.N] {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return store.Wrap(op, fmt.Errorf("migration %d: %w", m.N, err))
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO plainsight_migrations VALUES (?)", m.N); err != nil {
			return store.Wrap(op, err)
		}
		top = max(top, m.N)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", top)); err != nil {
		return store.Wrap(op, err)
	}
	return store.Wrap(op, tx.Commit())
}

// Close closes both connection pools.
func (s *Store) Close() error {
	s.wc.close()
	s.rc.close()
	return errors.Join(s.w.Close(), s.r.Close())
}

// DB returns the writing connection pool, for tests and administration;
// the schema's triggers still apply to what it sends.
func (s *Store) DB() *sql.DB { return s.w }

// stmtCache keeps the prepared statements of one pool: preparing
// (parsing the SQL and the triggers it fires) costs more than running
// most of these statements.
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// maxCached bounds a cache: ListFlags builds its SQL from the filters it
// is given, a bounded but large set.
const maxCached = 256

func (c *stmtCache) get(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, bool, error) {
	c.mu.Lock()
	st, ok := c.m[query]
	c.mu.Unlock()
	if ok {
		return st, true, nil
	}
	// Prepared without the lock: preparing waits for one of the pool's
	// connections, which a transaction may hold while it asks this cache
	// for a statement of its own.
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, false, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if have, ok := c.m[query]; ok { // prepared meanwhile by another caller
		st.Close()
		return have, true, nil
	}
	if len(c.m) >= maxCached {
		return st, false, nil
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[query] = st
	return st, true, nil
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = nil
}

// conn implements store.Tx: outside a transaction the Store's methods read
// from the reading pool and write through the writing one; inside, both
// go through the transaction.
type conn struct {
	dialect
	// records holds c itself: the record kinds' shared methods.
	records
	s  *Store
	tx *sql.Tx
	// head is the entry this transaction appended last: the ledger's head
	// while the transaction holds the only writer.
	head *store.LedgerEntry
}

// stmt returns the prepared statement for query, and a release function
// for one that was prepared only for this call. Inside a transaction a
// statement missing from the cache is prepared on the transaction itself:
// the writing pool's only connection is the transaction's.
func (c *conn) stmt(ctx context.Context, write bool, query string) (*sql.Stmt, func(), error) {
	if c.tx != nil {
		c.s.wc.mu.Lock()
		st, ok := c.s.wc.m[query]
		c.s.wc.mu.Unlock()
		if ok {
			return c.tx.StmtContext(ctx, st), func() {}, nil
		}
		st, err := c.tx.PrepareContext(ctx, query)
		if err != nil {
			return nil, nil, err
		}
		return st, func() { st.Close() }, nil
	}
	db, cache := c.s.r, &c.s.rc
	if write {
		db, cache = c.s.w, &c.s.wc
	}
	st, cached, err := cache.get(ctx, db, query)
	if err != nil {
		return nil, nil, err
	}
	if !cached {
		return st, func() { st.Close() }, nil
	}
	return st, func() {}, nil
}

func (c *conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, release, err := c.stmt(ctx, true, query)
	if err != nil {
		return nil, err
	}
	defer release()
	return st.ExecContext(ctx, args...)
}

func (c *conn) query(ctx context.Context, query string, args ...any) (*sql.Rows, func(), error) {
	st, release, err := c.stmt(ctx, false, query)
	if err != nil {
		return nil, nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		release()
		return nil, nil, err
	}
	return rows, release, nil
}

// row is QueryRow through the cache; its Scan reports sql.ErrNoRows.
type row struct {
	rows    *sql.Rows
	release func()
	err     error
}

func (c *conn) queryRow(ctx context.Context, query string, args ...any) *row {
	rows, release, err := c.query(ctx, query, args...)
	return &row{rows, release, err}
}

func (r *row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.release()
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		return err
	}
	return r.rows.Close()
}

// Atomic runs fn in one BEGIN IMMEDIATE transaction on the writing
// connection.
func (s *Store) Atomic(ctx context.Context, fn func(store.Tx) error) (err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return store.Wrap("Atomic", err)
	}
	done := false
	defer func() {
		if !done {
			tx.Rollback()
		}
	}()
	if err := fn(s.conn(tx)); err != nil {
		done = true
		tx.Rollback()
		return err
	}
	done = true
	if err := tx.Commit(); err != nil {
		return store.Wrap("Atomic", err)
	}
	return nil
}

// records is sqlstore.Records, embedded in conn under a name of this
// package's.
type records = sqlstore.Records

// conn returns a connection in tx, or outside a transaction when tx is
// nil.
func (s *Store) conn(tx *sql.Tx) *conn {
	c := &conn{s: s, tx: tx}
	c.records = records{Conn: c}
	return c
}

func (s *Store) c() *conn { return s.conn(nil) }

func code(err error) int {
	var se *msqlite.Error
	if errors.As(err, &se) {
		return se.Code()
	}
	return 0
}

// The statements the flags' inserts and the ledger send from this
// package; see also package sqlstore's.
const (
	insertFlagSQL = `INSERT INTO flags (` + sqlstore.FlagColumns + `)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`
	headSQL        = `SELECT ` + sqlstore.EntryColumns + ` FROM ledger ORDER BY seq DESC LIMIT 1`
	insertEntrySQL = `INSERT INTO ledger (` + sqlstore.EntryColumns + `) VALUES (?, ?, ?, ?, ?)`
	entriesSQL     = `SELECT ` + sqlstore.EntryColumns + ` FROM ledger WHERE seq >= ? ORDER BY seq`
)

func (c *conn) InsertFlag(ctx context.Context, f store.Flag) error {
	const op = "InsertFlag"
	if err := store.CheckFlag(op, &f); err != nil {
		return err
	}
	_, err := c.exec(ctx, insertFlagSQL,
		f.ID, f.Status, f.Artifact.Type, f.Artifact.Ref, f.Artifact.Label, f.Field, f.Class,
		f.EvidenceSHA256, f.Excerpt, f.Actor.AccountID, f.Actor.AgentID, f.Actor.Handle, f.Actor.KYALevel, f.Actor.Kind,
		f.Source, f.Context, f.LedgerSeq, ts(f.CreatedAt))
	switch code(err) {
	case 0:
		return store.Wrap(op, err)
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_TRIGGER:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) LedgerHead(ctx context.Context) (store.LedgerEntry, error) {
	if c.head != nil {
		return *c.head, nil
	}
	e, err := sqlstore.ScanEntry(c.queryRow(ctx, headSQL))
	if errors.Is(err, sql.ErrNoRows) {
		return e, store.Errorf("LedgerHead", store.ErrNotFound, "empty ledger")
	}
	return e, store.Wrap("LedgerHead", err)
}

func (c *conn) AppendLedgerEntry(ctx context.Context, e store.LedgerEntry) error {
	const op = "AppendLedgerEntry"
	if err := store.CheckLedgerEntry(op, &e); err != nil {
		return err
	}
	// The schema's trigger refuses an entry that does not extend the head.
	_, err := c.exec(ctx, insertEntrySQL,
		e.Seq, e.Type, e.Prev, e.Hash, e.Body)
	switch code(err) {
	case 0:
		if err == nil && c.tx != nil {
			c.head = &e
		}
		return store.Wrap(op, err)
	case sqlite3.SQLITE_CONSTRAINT_TRIGGER, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	rows, release, err := c.query(ctx, entriesSQL, from)
	if err != nil {
		return store.Wrap("LedgerEntries", err)
	}
	defer release()
	defer rows.Close()
	for rows.Next() {
		e, err := sqlstore.ScanEntry(rows)
		if err != nil {
			return store.Wrap("LedgerEntries", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return store.Wrap("LedgerEntries", rows.Err())
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }
