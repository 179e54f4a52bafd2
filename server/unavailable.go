package server

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"

	"github.com/plainsight/plainsight/store"
)

// RetryAfterUnavailable is the Retry-After, in seconds, of a 503
// store_unavailable: long enough for a pool to reconnect or a lock to
// clear, short enough that a client does not give up on a restart.
const RetryAfterUnavailable = 5

// storeUnavailable reports whether err says that the store could not be
// reached or could not take the operation now — an outage, answered 503
// store_unavailable with Retry-After (issue 29) — rather than a bug,
// answered 500 internal. The rule, on the error chain:
//
//   - a classified store error (store.ErrNotFound, ErrDuplicate,
//     ErrConflict, ErrInvalid, ErrSchemaTooNew) is never an outage: the
//     store answered;
//   - context.DeadlineExceeded is one (the store did not answer in
//     time; a request whose own context ended is answered 503 cancelled
//     before this is asked);
//   - otherwise only a *store.Error of no Kind (a backend's I/O or driver
//     error) can be one, when its cause is: a network error (net.Error:
//     a refused, reset or timed-out connection, a socket path that does
//     not exist — pgconn's ConnectError wraps one), ECONNREFUSED,
//     ECONNRESET, EPIPE, EIO or ENOSPC; a PostgreSQL SQLSTATE (an error
//     with SQLState() string, as *pgconn.PgError) of class 08 (connection
//     exception), 53 (insufficient resources: disk full, out of memory,
//     too many connections), 58 (system error: I/O), 57P01–57P03 (the
//     server shutting down or starting) or 57014 (a statement timeout); a
//     SQLite result code (an error with Code() int, as modernc.org/sqlite's
//     *Error) whose primary code is BUSY, LOCKED, NOMEM, READONLY, IOERR,
//     FULL or CANTOPEN; or a pool closed under the request (database/sql's
//     "sql: database is closed", sql.ErrConnDone, pgxpool's "closed
//     pool"), which is a server shutting down.
//
// Anything else — a constraint the handler did not expect, SQLITE_CORRUPT,
// a syntax error — stays a 500: retrying would not help.
func storeUnavailable(err error) bool {
	if err == nil {
		return false
	}
	for _, k := range []error{store.ErrNotFound, store.ErrDuplicate, store.ErrConflict, store.ErrInvalid, store.ErrSchemaTooNew} {
		if errors.Is(err, k) {
			return false
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var se *store.Error
	if !errors.As(err, &se) || se.Kind != nil || se.Err == nil {
		return false
	}
	return driverUnavailable(se.Err)
}

// SQLite primary result codes (https://sqlite.org/rescode.html).
const (
	sqliteBusy     = 5
	sqliteLocked   = 6
	sqliteNoMem    = 7
	sqliteReadOnly = 8
	sqliteIOErr    = 10
	sqliteFull     = 13
	sqliteCantOpen = 14
)

// driverUnavailable is the cause test of storeUnavailable.
func driverUnavailable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	for _, e := range []error{sql.ErrConnDone, syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.EPIPE, syscall.EIO, syscall.ENOSPC} {
		if errors.Is(err, e) {
			return true
		}
	}
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		s := pg.SQLState()
		switch {
		case strings.HasPrefix(s, "08"), strings.HasPrefix(s, "53"), strings.HasPrefix(s, "58"):
			return true
		case s == "57P01", s == "57P02", s == "57P03", s == "57014":
			return true
		}
		return false
	}
	var lite interface{ Code() int }
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff {
		case sqliteBusy, sqliteLocked, sqliteNoMem, sqliteReadOnly, sqliteIOErr, sqliteFull, sqliteCantOpen:
			return true
		}
		return false
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		switch e.Error() {
		case "sql: database is closed", "closed pool":
			return true
		}
	}
	return false
}

// writeUnavailable answers 503 store_unavailable with Retry-After.
func writeUnavailable(w http.ResponseWriter) {
	w.Header().Set("Retry-After", strconv.Itoa(RetryAfterUnavailable))
	writeError(w, http.StatusServiceUnavailable, "store_unavailable", "the store cannot be reached: retry after "+strconv.Itoa(RetryAfterUnavailable)+" s")
}
