// Package sqlstore holds what the SQL backends of package store share: the
// statements and the mapping of rows to records of the record kinds whose
// SQL is the same in SQLite and PostgreSQL but for the dialect, and the
// loading of embedded migrations.
//
// A backend gives a [Conn]: its way to run a statement (inside or outside
// a transaction, through its own statement cache or pipeline) and its
// [Dialect]. Statements are written here with ? placeholders (or ?N for a
// numbered one); a backend whose driver wants another form rewrites them
// ([Rebind]). [Records] has the shared methods of the record kinds; a
// backend's connection embeds one holding itself, so that the methods are
// its own and the backend's Store and transaction call them as they call
// the rest. [Outside] has the methods of store.Tx on a backend's Store,
// each forwarded to a connection made for the call. What a backend does differently for a reason of its own — the
// flags' and the ledger's write paths (a statement cache in SQLite, a
// pipeline in PostgreSQL), the registry's error classes (foreign keys in
// PostgreSQL, triggers in SQLite), migrating — stays in the backend.
//
// # Bounds
//
// Nothing here holds more than one list page of records ([store.MaxListLimit]);
// records are checked against package store's limits before they are sent.
//
// # What it does not claim
//
// The functions here run the statements a backend's Conn sends; they do not
// serialize writers themselves: each names the [Kind] whose lock it needs
// ([Conn.Lock], [Conn.Append]), and the backend takes it, and the
// error classes they return are only as good as the backend's [Dialect.Class].
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Class is the kind of constraint a failed statement broke.
type Class int

const (
	// Other is any error that is not a constraint's (or none).
	Other Class = iota
	// Unique is a unique index's or a primary key's violation.
	Unique
	// Refused is a trigger's refusal (SQLite's SQLITE_CONSTRAINT_TRIGGER,
	// PostgreSQL's integrity_constraint_violation, 23000, raised by the
	// schema's triggers).
	Refused
	// ForeignKey is a foreign key's violation (PostgreSQL only: the SQLite
	// schema checks references with triggers).
	ForeignKey
)

// Dialect is how a backend encodes the values whose column types differ
// between the two schemas, and how it reports a broken constraint.
type Dialect interface {
	// Time is the argument that stores t (UTC) in a time column.
	Time(t time.Time) any
	// ScanTime is the destination that reads a time column into p, in
	// UTC; NULL reads as the zero time.
	ScanTime(p *time.Time) any
	// Words is the argument that stores a list of words (an API key's
	// scopes); ScanWords the destination that reads it back.
	Words(w []string) any
	ScanWords(p *[]string) any
	// In returns the condition that col is one of vals, with ? for its
	// arguments, and args with them appended.
	In(col string, vals []string, args []any) (string, []any)
	// Class tells which constraint err broke.
	Class(err error) Class
}

// Row is one row's result; Scan reports sql.ErrNoRows (or an error that
// is it, as pgx.ErrNoRows is) when there is none.
type Row interface {
	Scan(dest ...any) error
}

// Rows is a result's rows; Close must be called.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// Conn is one backend's way to send statements, outside a transaction or
// inside one. The queries are written with ? placeholders.
type Conn interface {
	Dialect
	// Exec runs a statement that writes and returns the rows it affected.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Query runs a statement that reads.
	Query(ctx context.Context, query string, args ...any) (Rows, error)
	// QueryRow runs a statement that reads one row.
	QueryRow(ctx context.Context, query string, args ...any) Row
	// Append runs an INSERT … RETURNING that takes the next number of a
	// sequence, as the only writer of the sequence's kind k: in the
	// transaction when there is one (after Lock(ctx, k)), else in one of
	// its own where the backend needs it (PostgreSQL: so that concurrent
	// appends queue rather than collide). The statement runs when the row
	// is scanned.
	Append(ctx context.Context, k Kind, query string, args ...any) Row
	// Lock makes the current transaction the only writer of kind k until
	// it ends (PostgreSQL: a transaction-scoped advisory lock of k). It
	// does nothing outside a transaction, nor where the backend has one
	// writer anyway (SQLite), nor for NoLock.
	Lock(ctx context.Context, k Kind) error
}

// Kind is a set of records whose writes, on a backend with several
// concurrent writers, need one order: the narrowest lock an invariant of
// those records needs. A transaction takes the locks of the kinds it
// touches as it touches them, and holds them to its end; two transactions
// that touch the same kinds must take them in the order below, lowest
// first, or one may wait on the other for ever (PostgreSQL then cancels
// one of them: a deadlock error).
type Kind int

// The lock kinds, in their order.
const (
	// NoLock: records that need no order (unique keys and compare-and-sets
	// guard them: servers, fingerprint versions, reviews, claims, API keys,
	// receipts on PostgreSQL, which take a sequence).
	NoLock Kind = iota
	// Signatures: the Shield method's records (a check-in's search for a
	// similar candidate and its insert are one step, and so are a
	// decision's reads and its step; the feed's sequence) — but for a
	// report's insert, which needs no order.
	Signatures
	// Chain: flags and the ledger — the hash chain's total order, and the
	// §8 identity of a live flag, which the gate reads before it creates
	// one.
	Chain
	// Changes: the §11 change feed's sequence (and its redirect events,
	// read before they are appended).
	Changes
	// PublicURLs: the public URL's sequence.
	PublicURLs
	// Receipts: the receipt log's sequence where it is taken as the only
	// writer (SQLite, memory); PostgreSQL draws receipt numbers from a
	// sequence instead.
	Receipts
	// Pins: the sightings' per-key sequence (issue 30); a pin's version is
	// a compare-and-set on its key and needs no lock.
	Pins
)

// Rebind rewrites the ? and ?N placeholders of query into PostgreSQL's $N,
// outside quoted strings and identifiers.
func Rebind(query string) string {
	if strings.IndexByte(query, '?') < 0 {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		ch := query[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(query[i+1 : j])
			} else {
				n++
				b.WriteString(strconv.Itoa(n))
			}
			i = j - 1
			continue
		}
		b.WriteByte(ch)
	}
	return b.String()
}

// Placeholders is "?, ?, …", n of them.
func Placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return "?" + strings.Repeat(", ?", n-1)
}

// exists reports whether query finds a row.
func exists(ctx context.Context, c Conn, query string, args ...any) (bool, error) {
	var one int
	err := c.QueryRow(ctx, query, args...).Scan(&one)
	if isNoRows(err) {
		return false, nil
	}
	return err == nil, err
}

func isNoRows(err error) bool {
	return err != nil && errors.Is(err, sql.ErrNoRows)
}

// Migration is one embedded migration: its number (the NNNN of its file
// name) and its SQL.
type Migration struct {
	N   int
	SQL string
}

// Migrations reads the files migrations/NNNN_*.sql of fsys in increasing
// order of number. Numbers may have gaps (two branches may number theirs
// apart, and one may be merged before the other): a database records each
// migration it has applied, so a migration merged later with a lower
// number is still applied to a database that has the higher ones. A file
// misnumbered is a build's mistake: Migrations panics, naming pkg.
func Migrations(fsys fs.FS, pkg string) []Migration {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	out := make([]Migration, len(names))
	for i, name := range names {
		var n int
		if _, err := fmt.Sscanf(strings.TrimPrefix(name, "migrations/"), "%04d_", &n); err != nil || n < 1 || (i > 0 && n <= out[i-1].N) {
			panic(pkg + ": migration " + name + " is misnumbered")
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(err)
		}
		out[i] = Migration{n, string(b)}
	}
	return out
}

// Unknown returns a migration applied that ms does not hold.
func Unknown(ms []Migration, applied map[int]bool) (int, bool) {
	for n := range applied {
		known := false
		for _, m := range ms {
			known = known || m.N == n
		}
		if !known {
			return n, true
		}
	}
	return 0, false
}

// TimeFormat is the text of a time stored as text: RFC 3339 in UTC with
// a fixed width, so that its text sorts as the times do.
const TimeFormat = "2006-01-02T15:04:05.000000Z07:00"

// Records implements, over its Conn, the methods of the record kinds
// whose SQL the backends share (store.APIKeys, store.Receipts,
// store.Signatures, and part of store.Flags, store.Ledger, store.Servers,
// store.FingerprintVersions, store.ChangeEvents and store.Reviews). A
// backend's connection embeds one holding itself.
type Records struct{ Conn }
