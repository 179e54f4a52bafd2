package postgres

import (
	"context"
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
	tag, err := c.q.Exec(ctx, sqlstore.Rebind(query), args...)
	return tag.RowsAffected(), err
}

func (c *conn) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	rows, err := c.q.Query(ctx, sqlstore.Rebind(query), args...)
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
	return c.q.QueryRow(ctx, sqlstore.Rebind(query), args...)
}

func (c *conn) WriteRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return c.QueryRow(ctx, query, args...)
}

// Serial runs fn in the transaction, or outside one in a transaction of
// its own holding the schema's advisory lock, so that appends taking the
// next sequence number queue rather than collide.
func (c *conn) Serial(ctx context.Context, fn func(sqlstore.Conn) error) error {
	if c.tx != nil {
		return fn(c)
	}
	return pgx.BeginFunc(ctx, c.q.(beginner), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, lockClass); err != nil {
			return err
		}
		tc := newConn(tx, tx)
		if err := fn(tc); err != nil {
			return err
		}
		return tc.flush(ctx)
	})
}
