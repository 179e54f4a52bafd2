package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// outageTargets are store-backed requests of every kind: reads, the
// pre-call check's registry lookup, the feed, a page, and a write whose
// key lookup is the first store call.
var outageTargets = [][3]string{
	{"GET", "/v1/security/flags", ""},
	{"GET", "/v1/security/flags/flg_00000000000000000000", ""},
	{"GET", "/v1/registry/servers", ""},
	{"GET", "/v1/registry/server?url=https://example.com/", ""},
	{"GET", "/v1/security/precall?url=https://example.com/", ""},
	{"GET", "/v1/security/changes", ""},
	{"GET", "/api/v1/shield/feed", ""},
	{"POST", "/api/v1/shield/check", `{"text":"x"}`},
	{"POST", "/v1/security/submissions", `{"artifact":"x"}`},
}

// wantOutage checks that every outage target answers 503
// store_unavailable with Retry-After, as the document says.
func wantOutage(t *testing.T, h http.Handler) {
	t.Helper()
	spec := loadOpenAPI(t)
	for _, r := range outageTargets {
		key := ""
		if r[0] == "POST" && r[1] != "/api/v1/shield/check" {
			key = KeyPrefix + fmt.Sprintf("%064x", 1)
		}
		status, v := spec.doKey(t, h, key, r[0], r[1], r[2])
		if status != http.StatusServiceUnavailable || errorCode(t, v) != "store_unavailable" {
			t.Errorf("%s %s: %d %v, want 503 store_unavailable", r[0], r[1], status, v)
		}
		req := httptest.NewRequest(r[0], r[1], strings.NewReader(r[2]))
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != fmt.Sprint(RetryAfterUnavailable) {
			t.Errorf("%s %s: %d, Retry-After %q", r[0], r[1], w.Code, w.Header().Get("Retry-After"))
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/servers/x", nil))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Errorf("GET /servers/x: %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
}

// Issue 29: a SQLite store closed under the server (its pools gone, as
// on a shutdown) is an outage: 503 with Retry-After, not 500.
func TestStoreOutageSQLite(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "p.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{Guard: newFakeNet(t).guard(guard.Policy{}, nil), Store: s, Logger: slog.New(slog.DiscardHandler)})
	s.Close()
	wantOutage(t, h)
}

// Issue 29: a PostgreSQL server that cannot be reached (every new
// connection refused, the pool's connections dropped) is an outage. Runs
// when PLAINSIGHT_TEST_POSTGRES names a test database (under CI=true it
// must).
func TestStoreOutagePostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	// The cluster stays up (others use it): the outage is this pool's,
	// every dial after down refused by a dead socket path in a temp dir.
	var down atomic.Bool
	dead := filepath.Join(t.TempDir(), ".s.PGSQL.5432")
	var d net.Dialer
	cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if down.Load() {
			return d.DialContext(ctx, "unix", dead)
		}
		return d.DialContext(ctx, network, addr)
	}
	s, err := postgres.OpenConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := New(Config{Guard: newFakeNet(t).guard(guard.Policy{}, nil), Store: s, Logger: slog.New(slog.DiscardHandler)})
	down.Store(true)
	s.Pool().Reset()
	wantOutage(t, h)
	// Back up: the same handler answers again.
	down.Store(false)
	if status, v := loadOpenAPI(t).do(t, h, "GET", "/v1/security/flags", ""); status != http.StatusOK {
		t.Errorf("after the outage: %d %v", status, v)
	}
}

// failing is a store whose every flag read fails with err.
type failing struct {
	store.Store
	err error
}

func (f failing) ListFlags(context.Context, store.FlagQuery) ([]store.Flag, error) { return nil, f.err }

// A store error that is no outage stays a 500, without Retry-After: a
// driver error of another kind, a classified error the handler did not
// expect, SQLITE_CORRUPT.
func TestStoreBugStays500(t *testing.T) {
	for _, err := range []error{
		&store.Error{Op: "ListFlags", Err: errors.New("syntax error at or near SELEC")},
		&store.Error{Op: "ListFlags", Kind: store.ErrDuplicate},
		&store.Error{Op: "ListFlags", Err: liteErr(11)}, // SQLITE_CORRUPT
		&store.Error{Op: "ListFlags", Err: pgErr("23505")},
		errors.New("not a store error at all: connection refused"),
	} {
		h := New(Config{Store: failing{memory.New(), err}, Logger: slog.New(slog.DiscardHandler)})
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/v1/security/flags", nil))
		if w.Code != http.StatusInternalServerError || w.Header().Get("Retry-After") != "" {
			t.Errorf("%v: %d, Retry-After %q", err, w.Code, w.Header().Get("Retry-After"))
		}
	}
	for _, err := range []error{
		&store.Error{Op: "ListFlags", Err: liteErr(5)},         // SQLITE_BUSY
		&store.Error{Op: "ListFlags", Err: liteErr(10 | 3<<8)}, // SQLITE_IOERR_WRITE
		&store.Error{Op: "ListFlags", Err: liteErr(13)},        // SQLITE_FULL
		&store.Error{Op: "ListFlags", Err: pgErr("57P01")},     // admin_shutdown
		&store.Error{Op: "ListFlags", Err: pgErr("53100")},     // disk_full
		&store.Error{Op: "ListFlags", Err: fmt.Errorf("read: %w", context.DeadlineExceeded)},
		fmt.Errorf("precall: registry: %w", &store.Error{Op: "Server", Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}),
	} {
		if !storeUnavailable(err) {
			t.Errorf("%v: not an outage", err)
		}
	}
}

type liteErr int

func (e liteErr) Error() string { return fmt.Sprintf("sqlite error %d", int(e)) }
func (e liteErr) Code() int     { return int(e) }

type pgErr string

func (e pgErr) Error() string    { return "ERROR: SQLSTATE " + string(e) }
func (e pgErr) SQLState() string { return string(e) }
