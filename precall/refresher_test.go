package precall

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit"
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
	simulate(t, s, newFleet(t, testkit.Scale(t, 1000, 200), 8), ins, 2)
}

// One instance on SQLite runs the same scheduler in process, with the
// same bounds.
func TestRefresherSimulationSQLite(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "r.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	simulate(t, s, newFleet(t, testkit.Scale(t, 300, 100), 4), []instance{newInProcess(t, s)}, 2)
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
