// Package postgres is the [store.Store] for several plainsight instances
// sharing one PostgreSQL database, through github.com/jackc/pgx/v5.
//
// [Open] connects and applies the schema migrations embedded in this
// package (migrations/NNNN_*.sql, numbered, possibly with gaps; each
// applied one recorded in the table plainsight_migrations, the highest in
// plainsight_schema) in one transaction, under a transaction-scoped
// advisory lock so that instances starting together migrate once. A
// database that has applied a migration this build does not know is
// refused with [store.ErrSchemaTooNew] and left unchanged. The tables live in the first
// schema of the connection's search_path.
//
// The schema enforces the append-only contracts of package store with
// triggers, as the SQLite backend does: a DELETE or TRUNCATE of flags or
// ledger entries, an UPDATE of a ledger entry, an UPDATE of any flag column
// other than the lifecycle's, a lifecycle step outside standing → disputed
// → (overturned | standing), and a ledger entry that does not extend the
// head are refused by PostgreSQL itself; so is any UPDATE, DELETE or
// TRUNCATE of receipt entries, and one inserted out of sequence. Since
// migration 6 a status change is refused unless flags.lifecycle_seq names
// the ledger's head, written by the same transaction (its xmin), the
// entry of that step for that flag; TransitionFlag outside Atomic is
// therefore always refused. Since migration 9 pins and sightings are
// append-only too (no UPDATE, DELETE or TRUNCATE), each inserted as its
// key's next.
//
// [Store.Atomic] runs at READ COMMITTED and first takes a transaction-scoped
// advisory lock (pg_advisory_xact_lock) keyed by the schema, so the
// transactions of every instance on one database are serialized — the
// property the ledger's single chain and the flags' dedup rely on. The
// unique indexes and the triggers still guard writes made outside Atomic.
//
// # Bounds
//
// Records are bounded as package store bounds them; the pool's size is
// pgxpool's default unless the DSN sets pool_max_conns.
//
// # What it does not claim
//
// Serializing writers bounds write throughput to one transaction at a time
// per database; batch writes (flag.Service.SubmitAll) to go faster. The
// triggers bind SQL sent by roles that cannot alter the tables; the owner
// can drop them, which the ledger's hash chain then shows.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrations are the embedded migrations in increasing order of number,
// possibly with gaps (see sqlstore.Migrations).
var migrations = sqlstore.Migrations(migrationFS, "postgres")

// SchemaVersion is the highest migration number this build knows;
// plainsight_schema holds the highest one a database has applied.
var SchemaVersion = migrations[len(migrations)-1].N

// lockClass is the first key of every advisory lock this package takes;
// the second is a hash of the schema name.
const lockClass = 0x706c6e // "pln"

// Store is a PostgreSQL store. It is safe for concurrent use. Its methods
// of store.Tx each run outside a transaction, on a connection of their
// own.
type Store struct {
	// outside has the methods of store.Tx, on s.c().
	outside
	pool *pgxpool.Pool
}

var _ store.Store = (*Store)(nil)
var _ store.Tx = (*conn)(nil)

// outside is sqlstore.Outside, embedded in Store under a name of this
// package's.
type outside = sqlstore.Outside

// newStore returns the Store over pool.
func newStore(pool *pgxpool.Pool) *Store {
	s := &Store{pool: pool}
	s.outside = sqlstore.NewOutside(func() store.Tx { return s.c() })
	return s
}

// Open connects to the database named by dsn (a libpq connection string
// or URL, as pgx reads it) and brings its schema to SchemaVersion. A newer
// schema is refused with store.ErrSchemaTooNew and left unchanged.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, store.Wrap("Open", err)
	}
	return OpenConfig(ctx, cfg)
}

// OpenConfig is Open with a pool configuration built by the caller (to set
// the search_path, the pool's size, TLS, …).
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*Store, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, store.Wrap("Open", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return newStore(pool), nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	const op = "Open"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return store.Wrap(op, err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()) # 1)`, lockClass); err != nil {
		return store.Wrap(op, err)
	}
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT to_regclass('plainsight_schema') IS NOT NULL`).Scan(&exists); err != nil {
		return store.Wrap(op, err)
	}
	v := 0
	if exists {
		if err := tx.QueryRow(ctx, `SELECT version FROM plainsight_schema`).Scan(&v); err != nil {
			return store.Wrap(op, err)
		}
	}
	var table bool
	if err := tx.QueryRow(ctx, `SELECT to_regclass('plainsight_migrations') IS NOT NULL`).Scan(&table); err != nil {
		return store.Wrap(op, err)
	}
	// Applied migrations: the table's rows, or 1 … version in a database
	// written before the table existed (whose migrations had no gaps).
	applied := map[int]bool{}
	if table {
		rows, err := tx.Query(ctx, `SELECT version FROM plainsight_migrations`)
		if err != nil {
			return store.Wrap(op, err)
		}
		for rows.Next() {
			var n int
			if err := rows.Scan(&n); err != nil {
				rows.Close()
				return store.Wrap(op, err)
			}
			applied[n] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return store.Wrap(op, err)
		}
		if v > 0 {
			applied[v] = true
		}
	} else {
		for i := 1; i <= v; i++ {
			applied[i] = true
		}
	}
	if n, ok := sqlstore.Unknown(migrations, applied); ok {
		return store.Errorf(op, store.ErrSchemaTooNew, "migration %d applied, which this build does not know", n)
	}
	pending := false
	for _, m := range migrations {
		pending = pending || !applied[m.N]
	}
	if table && !pending {
		return nil
	}
	if !exists {
		if _, err := tx.Exec(ctx, `CREATE TABLE plainsight_schema (version INTEGER NOT NULL);
			INSERT INTO plainsight_schema VALUES (0)`); err != nil {
			return store.Wrap(op, err)
		}
	}
	if !table {
		if _, err := tx.Exec(ctx, `CREATE TABLE plainsight_migrations (version INTEGER PRIMARY KEY)`); err != nil {
			return store.Wrap(op, err)
		}
		for n := range applied {
			if _, err := tx.Exec(ctx, `INSERT INTO plainsight_migrations VALUES ($1)`, n); err != nil {
				return store.Wrap(op, err)
			}
		}
	}
	top := v
	for _, m := range migrations {
		if applied[m.N] {
			continue
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return store.Wrap(op, fmt.Errorf("migration %d: %w", m.N, err))
		}
		if _, err := tx.Exec(ctx, `INSERT INTO plainsight_migrations VALUES ($1)`, m.N); err != nil {
			return store.Wrap(op, err)
		}
		top = max(top, m.N)
	}
	if _, err := tx.Exec(ctx, `UPDATE plainsight_schema SET version = $1`, top); err != nil {
		return store.Wrap(op, err)
	}
	return store.Wrap(op, tx.Commit(ctx))
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Pool returns the connection pool, for tests and administration; the
// schema's triggers still apply to what it sends.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// querier is what a pool and a transaction share.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// conn implements store.Tx. In a transaction (tx set) its inserts are
// queued and sent together, pipelined, before the next statement that
// reads or at commit: a batch of flag creations costs a few round trips,
// not several per flag. An error of a queued insert is reported by the
// call that sends the queue (or by Atomic), with the inserting method's
// error class.
type conn struct {
	dialect
	// records holds c itself: the record kinds' shared methods.
	records
	q       querier
	tx      pgx.Tx
	pending []pending
	// head is the entry this transaction appended last: the ledger's head
	// while the transaction holds the advisory lock.
	head *store.LedgerEntry
}

type pending struct {
	op   string // "InsertFlag" or "AppendLedgerEntry"
	sql  string
	args []any
}

// flush sends the queued inserts.
func (c *conn) flush(ctx context.Context) error {
	if len(c.pending) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for _, p := range c.pending {
		b.Queue(p.sql, p.args...)
	}
	ops := c.pending
	c.pending = nil
	br := c.tx.SendBatch(ctx, b)
	var first error
	for _, p := range ops {
		if _, err := br.Exec(); err != nil && first == nil {
			first = insertError(p.op, err)
		}
	}
	if err := br.Close(); err != nil && first == nil {
		first = store.Wrap("Atomic", err)
	}
	return first
}

func insertError(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case op == "InsertFlag" && sqlState(err) == uniqueViolation:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case op == "AppendLedgerEntry" && (sqlState(err) == uniqueViolation || sqlState(err) == integrityViolation):
		return &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return store.Wrap(op, err)
}

// read sends the queue before a statement that depends on it.
func (c *conn) read(ctx context.Context) error {
	if c.tx == nil {
		return nil
	}
	return c.flush(ctx)
}

// Atomic runs fn in one transaction holding the schema's advisory lock.
func (s *Store) Atomic(ctx context.Context, fn func(store.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return store.Wrap("Atomic", err)
	}
	committed := false
	defer func() {
		if !committed {
			// A fresh context: a rollback must be sent even when ctx ended.
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			tx.Rollback(rctx)
			cancel()
		}
	}()
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, lockClass); err != nil {
		return store.Wrap("Atomic", err)
	}
	c := newConn(tx, tx)
	if err := fn(c); err != nil {
		return err
	}
	if err := c.flush(ctx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return store.Wrap("Atomic", err)
	}
	committed = true
	return nil
}

// records is sqlstore.Records, embedded in conn under a name of this
// package's.
type records = sqlstore.Records

// newConn returns a connection sending through q, in tx when it is not
// nil.
func newConn(q querier, tx pgx.Tx) *conn {
	c := &conn{q: q, tx: tx}
	c.records = records{Conn: c}
	return c
}

func (s *Store) c() *conn { return newConn(s.pool, nil) }

func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

const insertFlagSQL = `INSERT INTO flags (` + sqlstore.FlagColumns + `)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, NULL, NULL, $17, $18)`

const (
	uniqueViolation    = "23505"
	integrityViolation = "23000"
)

func (c *conn) InsertFlag(ctx context.Context, f store.Flag) error {
	const op = "InsertFlag"
	if err := store.CheckFlag(op, &f); err != nil {
		return err
	}
	args := []any{f.ID, f.Status, f.Artifact.Type, f.Artifact.Ref, f.Artifact.Label, f.Field, f.Class,
		f.EvidenceSHA256, f.Excerpt, f.Actor.AccountID, f.Actor.AgentID, f.Actor.Handle, f.Actor.KYALevel, f.Actor.Kind,
		f.Source, f.Context, f.LedgerSeq, f.CreatedAt.UTC()}
	if c.tx != nil {
		c.pending = append(c.pending, pending{op, insertFlagSQL, args})
		return nil
	}
	_, err := c.q.Exec(ctx, insertFlagSQL, args...)
	return insertError(op, err)
}

func (c *conn) LedgerHead(ctx context.Context) (store.LedgerEntry, error) {
	if c.head != nil {
		return *c.head, nil
	}
	e, err := sqlstore.ScanEntry(c.q.QueryRow(ctx, `SELECT seq, type, prev, hash, body FROM ledger ORDER BY seq DESC LIMIT 1`))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, store.Errorf("LedgerHead", store.ErrNotFound, "empty ledger")
	}
	return e, store.Wrap("LedgerHead", err)
}

func (c *conn) AppendLedgerEntry(ctx context.Context, e store.LedgerEntry) error {
	const op = "AppendLedgerEntry"
	if err := store.CheckLedgerEntry(op, &e); err != nil {
		return err
	}
	const insert = `INSERT INTO ledger (seq, type, prev, hash, body) VALUES ($1, $2, $3, $4, $5)`
	args := []any{e.Seq, e.Type, e.Prev, e.Hash, e.Body}
	if c.tx != nil {
		// The head check is made here too, so that a stale entry fails at
		// once (the schema's trigger checks it again when it is sent).
		head, err := c.LedgerHead(ctx)
		var headSeq int64
		var headHash string
		switch {
		case err == nil:
			headSeq, headHash = head.Seq, head.Hash
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		if e.Seq != headSeq+1 || e.Prev != headHash {
			return store.Errorf(op, store.ErrConflict, "entry %d does not extend the head %d", e.Seq, headSeq)
		}
		c.pending = append(c.pending, pending{op, insert, args})
		c.head = &e
		return nil
	}
	_, err := c.q.Exec(ctx, insert, args...)
	return insertError(op, err)
}

// LedgerEntries reads the entries in pages of 10,000, so a long walk holds
// neither a transaction nor a cursor open.
func (c *conn) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	if err := c.read(ctx); err != nil {
		return err
	}
	const page = 10000
	from = max(from, 1)
	for {
		rows, err := c.q.Query(ctx, `SELECT seq, type, prev, hash, body FROM ledger WHERE seq >= $1 ORDER BY seq LIMIT $2`, from, page)
		if err != nil {
			return store.Wrap("LedgerEntries", err)
		}
		var batch []store.LedgerEntry
		for rows.Next() {
			e, err := sqlstore.ScanEntry(rows)
			if err != nil {
				rows.Close()
				return store.Wrap("LedgerEntries", err)
			}
			batch = append(batch, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return store.Wrap("LedgerEntries", err)
		}
		for _, e := range batch {
			if err := fn(e); err != nil {
				return err
			}
		}
		if len(batch) < page {
			return nil
		}
		from = batch[len(batch)-1].Seq + 1
	}
}

// flagsPage is the page size of FlagsByLedgerSeq (a variable for the
// tests).
var flagsPage = 5000

// FlagsByLedgerSeq reads the flags in pages of 5,000, in order of
// ledger_seq, then id (bytewise), so that a walk holds no connection
// while fn runs: flag.VerifyLedger reads the ledger meanwhile, and a pool
// of one connection must not wait on itself.
func (c *conn) FlagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error) error {
	const op = "FlagsByLedgerSeq"
	if err := c.read(ctx); err != nil {
		return err
	}
	page := flagsPage
	seq, id := int64(-1), ""
	for {
		rows, err := c.q.Query(ctx, `SELECT `+sqlstore.FlagReadColumns+` FROM flags
			WHERE ledger_seq > $1 OR (ledger_seq = $1 AND id COLLATE "C" > $2)
			ORDER BY ledger_seq, id COLLATE "C" LIMIT $3`, seq, id, page)
		if err != nil {
			return store.Wrap(op, err)
		}
		var batch []store.Flag
		for rows.Next() {
			f, err := sqlstore.ScanFlag(c, rows)
			if err != nil {
				rows.Close()
				return store.Wrap(op, err)
			}
			batch = append(batch, f)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return store.Wrap(op, err)
		}
		for _, f := range batch {
			if err := fn(f); err != nil {
				return err
			}
		}
		if len(batch) < page {
			return nil
		}
		seq, id = batch[len(batch)-1].LedgerSeq, batch[len(batch)-1].ID
	}
}
