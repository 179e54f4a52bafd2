package precall

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/sqlite"
)

// Four Refreshers on one memory store, standing for four instances: each
// server refreshed once a round, each change one event, the bounds kept
// (issue 33, item 4).
func TestRefresherSimulationMemory(t *testing.T) {
	s := memory.New()
	var ins []instance
	for range 4 {
		ins = append(ins, newInProcess(t, s))
	}
	simulate(t, s, newFleet(t, testkit.Scale(t, 500, 200), 8), ins, 2)
}

// One instance on SQLite runs the same scheduler in process, with the
// same bounds: two hosts, so that the 8 workers hold more servers of one
// host than the 2 it may probe at once.
func TestRefresherSimulationSQLite(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "r.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	simulate(t, s, newFleet(t, testkit.Scale(t, 200, 100), 2), []instance{newInProcess(t, s)}, 2)
}

// A Refresher without an interval or a store refuses to run.
func TestRefresherConfig(t *testing.T) {
	ctx := t.Context()
	if _, err := (&Refresher{Checker: &Checker{Store: memory.New()}}).Round(ctx); !errors.Is(err, ErrRefreshEvery) {
		t.Errorf("no Every: %v, want ErrRefreshEvery", err)
	}
	if err := (&Refresher{Checker: &Checker{}, Every: time.Hour}).Run(ctx, nil); !errors.Is(err, ErrNoStore) {
		t.Errorf("no store: %v, want ErrNoStore", err)
	}
}

// A server taken by an instance that then dies (taken, never checked)
// is not checked again that round: it waits for its next one, Every
// later (a round checks a server at most once).
func TestRefresherTakenWaitsARound(t *testing.T) {
	s := memory.New()
	fl := newFleet(t, 6, 1)
	p := newInProcess(t, s)
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	p.clk.Set(t0)
	for i, u := range fl.urls {
		if _, err := p.f.Checker.Register(t.Context(), RegisterInput{URL: u, Slug: fmt.Sprint("fleet-", i)}); err != nil {
			t.Fatal(err)
		}
	}
	at := t0.Add(simEvery + time.Minute)
	dead, err := s.TakeDue(t.Context(), store.DueQuery{CheckedBefore: at.Add(-simEvery), At: at, Limit: 2})
	if err != nil || len(dead) != 2 {
		t.Fatalf("the dying instance's take: %v %v", dead, err)
	}
	before := fl.listCounts()
	r, err := p.round(t.Context(), at)
	if err != nil || r.Stats.Refreshed != 4 {
		t.Fatalf("the round: %+v %v, want the 4 servers not taken", r, err)
	}
	after := fl.listCounts()
	for i, u := range fl.urls {
		want := 1
		if u == dead[0].URL || u == dead[1].URL {
			want = 0
		}
		if after[i]-before[i] != want {
			t.Errorf("server %d probed %d times this round, want %d", i, after[i]-before[i], want)
		}
	}
	r, err = p.round(t.Context(), at.Add(simEvery+time.Minute))
	if err != nil || r.Stats.Refreshed != 6 {
		t.Errorf("the next round: %+v %v, want all 6", r, err)
	}
}
