package server

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// With Config.Refresh, Background refreshes the registered servers that
// are due, counts the jobs in the metrics and stops when its context
// ends; without it, it runs nothing and the §11 feed still re-checks
// stale servers itself (issue 33, item 4).
func TestBackgroundRefresh(t *testing.T) {
	n := newFakeNet(t)
	g := n.guard(guard.Policy{AllowLoopback: true}, nil)
	srv := newChanging(t, "The forecast for a city.")
	u := srv.srv.URL + "/mcp"
	st := memory.New()
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	var now atomic.Int64
	now.Store(t0.UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()).UTC() }
	if _, err := (&precall.Checker{Guard: g, Store: st, Clock: clock}).Register(t.Context(), precall.RegisterInput{URL: u}); err != nil {
		t.Fatal(err)
	}

	// Off: nothing in the background, and the feed's lazy rule stands.
	off := New(Config{Guard: g, Store: st, Clock: clock})
	if err := Background(t.Context(), off); err != nil {
		t.Fatalf("Background without Refresh: %v", err)
	}
	if m := metrics(t, off); m[`plainsight_refresh_jobs_total{outcome="done"}`] != 0 || m[`plainsight_refresh_jobs_in_flight`] != 0 {
		t.Errorf("metrics with the refresh off: %v", m)
	}

	h := New(Config{Guard: g, Store: st, Clock: clock, Refresh: RefreshConfig{Every: 6 * time.Hour, Poll: 10 * time.Millisecond}})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- Background(ctx, h) }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("waited 10 s for %s", what)
			}
		}
	}
	// Not due yet: a few rounds pass with nothing done.
	time.Sleep(50 * time.Millisecond)
	if m := metrics(t, h); m[`plainsight_refresh_jobs_total{outcome="done"}`] != 0 {
		t.Errorf("a refresh before the server was due: %v", m)
	}
	srv.set("The forecast for a city, changed.")
	now.Add(int64(6*time.Hour + time.Minute))
	waitFor("the due server's refresh", func() bool {
		return metrics(t, h)[`plainsight_refresh_jobs_total{outcome="done"}`] == 1
	})
	s, err := st.Server(t.Context(), u)
	if err != nil || s.Version != 2 || !s.LastChecked.Equal(clock()) {
		t.Errorf("after the background refresh: %+v %v, want version 2 checked at %v", s, err, clock())
	}
	evs, err := st.ListChangeEvents(t.Context(), store.ChangeQuery{})
	if err != nil || len(evs) != 1 || evs[0].ToVersion != 2 {
		t.Errorf("change events %+v %v, want the one change", evs, err)
	}
	// The next round finds nothing due: still one job.
	time.Sleep(50 * time.Millisecond)
	m := metrics(t, h)
	for k, v := range map[string]float64{
		`plainsight_refresh_jobs_total{outcome="done"}`:             1,
		`plainsight_refresh_jobs_total{outcome="failed"}`:           0,
		`plainsight_refresh_jobs_in_flight`:                         0,
		`plainsight_registry_refreshes_total{trigger="background"}`: 1,
	} {
		if got, ok := m[k]; !ok || got != v {
			t.Errorf("%s = %v (present %v), want %v", k, got, ok, v)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Background after its context ended: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Background did not stop")
	}

	// The lazy rule of §11, unchanged: a feed read re-checks a server
	// older than six hours.
	now.Add(int64(7 * time.Hour))
	if _, v := call(t, off, "GET", "/v1/security/changes", ""); v["refreshed_servers"] != 1.0 {
		t.Errorf("feed read with the refresh off: %v, want one server re-checked", v["refreshed_servers"])
	}

	if err := Background(t.Context(), http.NotFoundHandler()); !errors.Is(err, ErrNotOurs) {
		t.Errorf("Background of another handler: %v, want ErrNotOurs", err)
	}
	if err := Background(t.Context(), New(Config{Refresh: RefreshConfig{Every: time.Hour}})); !errors.Is(err, precall.ErrNoStore) {
		t.Errorf("Background without a store: %v, want precall.ErrNoStore", err)
	}
}
