package postgres

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// dialect is PostgreSQL's [sqlstore.Dialect]: times are TIMESTAMPTZ, a
// list of words a TEXT[], a set of values one array argument (so that a
// query's text, and its cached plan, does not depend on the set's size),
// and constraint errors SQLSTATEs.
type dialect struct{}

func (dialect) Time(t time.Time) any { return t.UTC() }

func (dialect) ScanTime(p *time.Time) any { return (*utcTime)(p) }

func (dialect) Words(w []string) any { return w }

func (dialect) ScanWords(p *[]string) any { return p }

func (dialect) In(col string, vals []string, args []any) (string, []any) {
	return col + " = ANY(?)", append(args, vals)
}

func (dialect) Class(err error) sqlstore.Class {
	switch sqlState(err) {
	case uniqueViolation:
		return sqlstore.Unique
	case integrityViolation:
		return sqlstore.Refused
	case foreignKeyViolation:
		return sqlstore.ForeignKey
	}
	return sqlstore.Other
}

// rebound caches rebind's results: the queries are the texts of package
// sqlstore and the shapes its builders make, a bounded set.
var (
	rebound  sync.Map // query → its $N form
	reboundN atomic.Int32
)

// maxRebound bounds rebound, in case a caller ever builds unbounded texts.
const maxRebound = 1024

// rebind is sqlstore.Rebind, remembered.
func rebind(query string) string {
	if q, ok := rebound.Load(query); ok {
		return q.(string)
	}
	q := sqlstore.Rebind(query)
	if reboundN.Load() < maxRebound {
		if _, loaded := rebound.LoadOrStore(query, q); !loaded {
			reboundN.Add(1)
		}
	}
	return q
}

// utcTime reads a TIMESTAMPTZ in UTC; NULL is the zero time.
type utcTime time.Time

func (t *utcTime) ScanTimestamptz(v pgtype.Timestamptz) error {
	if !v.Valid {
		*t = utcTime{}
		return nil
	}
	*t = utcTime(v.Time.UTC())
	return nil
}

// The methods of sqlstore.Conn: each sends the transaction's queued
// inserts first, and rewrites the ? placeholders into $N.
var _ sqlstore.Conn = (*conn)(nil)

func (c *conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	if err := c.read(ctx); err != nil {
		return 0, err
	}
	tag, err := c.q.Exec(ctx, rebind(query), args...)
	return tag.RowsAffected(), err
}

func (c *conn) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	rows, err := c.q.Query(ctx, rebind(query), args...)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

func (c *conn) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	if err := c.read(ctx); err != nil {
		return errRow{err}
	}
	return c.q.QueryRow(ctx, rebind(query), args...)
}

// Append runs query in the transaction after taking kind k's lock, or
// outside one in a transaction of its own holding that lock, so that
// appends taking the next number of k's sequence queue rather than
// collide, and commit in the order of their numbers.
func (c *conn) Append(ctx context.Context, k sqlstore.Kind, query string, args ...any) sqlstore.Row {
	if c.tx != nil {
		if err := c.Lock(ctx, k); err != nil {
			return errRow{err}
		}
		return c.QueryRow(ctx, query, args...)
	}
	return &lockedRow{c: c, ctx: ctx, kind: k, query: query, args: args}
}

// lockedRow runs its statement when scanned, in a transaction holding its
// kind's advisory lock.
type lockedRow struct {
	c     *conn
	ctx   context.Context
	kind  sqlstore.Kind
	query string
	args  []any
}

func (r *lockedRow) Scan(dest ...any) error {
	return pgx.BeginFunc(r.ctx, r.c.q.(beginner), func(tx pgx.Tx) error {
		if _, err := tx.Exec(r.ctx, lockSQL, lockClass, lockKey(r.kind)); err != nil {
			return err
		}
		return tx.QueryRow(r.ctx, rebind(r.query), r.args...).Scan(dest...)
	})
}
