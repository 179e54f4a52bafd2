package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// dialect is SQLite's [sqlstore.Dialect]: times are fixed-width RFC 3339
// text in UTC (which sorts as the times do), a list of words one
// space-separated text, and constraint errors SQLite's extended codes.
type dialect struct{}

func (dialect) Time(t time.Time) any { return ts(t) }

func (dialect) ScanTime(p *time.Time) any { return (*textTime)(p) }

func (dialect) Words(w []string) any { return strings.Join(w, " ") }

func (dialect) ScanWords(p *[]string) any { return (*words)(p) }

func (dialect) In(col string, vals []string, args []any) (string, []any) {
	for _, v := range vals {
		args = append(args, v)
	}
	return col + " IN (" + sqlstore.Placeholders(len(vals)) + ")", args
}

func (dialect) Class(err error) sqlstore.Class {
	switch code(err) {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return sqlstore.Unique
	case sqlite3.SQLITE_CONSTRAINT_TRIGGER:
		return sqlstore.Refused
	}
	return sqlstore.Other
}

func ts(t time.Time) string { return t.UTC().Format(sqlstore.TimeFormat) }

func parseTS(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

// textTime reads a time column: NULL and "" are the zero time.
type textTime time.Time

func (t *textTime) Scan(v any) error {
	var s string
	switch v := v.(type) {
	case nil:
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("sqlite: a time stored as %T", v)
	}
	if s == "" {
		*t = textTime{}
		return nil
	}
	tt, err := parseTS(s)
	*t = textTime(tt)
	return err
}

// words reads a list of words.
type words []string

func (w *words) Scan(v any) error {
	switch v := v.(type) {
	case string:
		*w = strings.Fields(v)
	case []byte:
		*w = strings.Fields(string(v))
	default:
		return fmt.Errorf("sqlite: words stored as %T", v)
	}
	return nil
}

// The methods of sqlstore.Conn: writes and INSERT … RETURNING go through
// the writing connection, reads through the reading pool, each through its
// statement cache; in a transaction all through the transaction.
var _ sqlstore.Conn = (*conn)(nil)

func (c *conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := c.exec(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// rows releases its statement when closed.
type rows struct {
	*sql.Rows
	release func()
}

func (r rows) Close() {
	r.Rows.Close()
	r.release()
}

func (c *conn) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	r, release, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return rows{r, release}, nil
}

func (c *conn) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return c.queryRow(ctx, query, args...)
}

// Append runs query on the writing connection, the only writer already.
func (c *conn) Append(ctx context.Context, _ sqlstore.Kind, query string, args ...any) sqlstore.Row {
	return c.queryRowW(ctx, query, args...)
}

// Lock does nothing: SQLite has one writer (BEGIN IMMEDIATE), which is
// every kind's.
func (c *conn) Lock(context.Context, sqlstore.Kind) error { return nil }
