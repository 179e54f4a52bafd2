package pin

import (
	"crypto/rand"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// testTwoKeepers: two keepers, each on its own handle of one database
// (standing for an approver's command and a running proxy's), approve the
// eight new tools of one sighting at once, one tool a call, four each.
// Nothing is lost — the last pin holds all eight, as the sighting — and
// the versions are 1 … 9, each once.
func testTwoKeepers(t *testing.T, a, b store.Store, versions func(key string) []int64) {
	c := t.Context()
	key := "url:https://concurrent.example/" + rand.Text()
	var tools []string
	for i := range 8 {
		tools = append(tools, fmt.Sprintf(`{"name":"t%d","description":"Tool %d.","inputSchema":{"type":"object"}}`, i, i))
	}
	ka, kb := &Keeper{Store: a}, &Keeper{Store: b}
	if _, err := ka.Observe(c, key, surface(t, "", `[`+toolA+`]`)); err != nil {
		t.Fatal(err)
	}
	fresh := surface(t, "", `[`+toolA+`,`+strings.Join(tools, ",")+`]`)
	if out, err := kb.Observe(c, key, fresh); err != nil || out.Status != StatusChanged || len(out.Withheld) != 8 {
		t.Fatalf("the sighting: %+v %v", out, err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []int64
	for i, k := range []*Keeper{ka, kb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 4 {
				p, err := k.Approve(c, key, fmt.Sprintf("approver-%d", i), fingerprint.Entry{Kind: fingerprint.KindTool, Key: fmt.Sprintf("t%d", 4*i+j)})
				if err != nil {
					t.Errorf("approver %d, tool %d: %v", i, 4*i+j, err)
					return
				}
				mu.Lock()
				got = append(got, p.Version)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	slices.Sort(got)
	want := []int64{2, 3, 4, 5, 6, 7, 8, 9}
	if !slices.Equal(got, want) {
		t.Errorf("the approvals returned versions %v, want %v", got, want)
	}
	if vs := versions(key); !slices.Equal(vs, append([]int64{1}, want...)) {
		t.Errorf("the database holds versions %v, want 1 … 9 each once", vs)
	}
	last, err := a.LatestPin(c, key)
	if err != nil || last.Fingerprint != fp(t, fresh) {
		t.Errorf("the last pin is not the sighting (an approval was lost): %+v %v", last, err)
	}
	if _, err := kb.Pending(c, key); err == nil {
		t.Error("still pending after every tool was approved")
	}
}

func TestTwoKeepersSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pins.db")
	var handles [2]*sqlite.Store
	for i := range handles {
		s, err := sqlite.Open(t.Context(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		handles[i] = s
	}
	testTwoKeepers(t, handles[0], handles[1], func(key string) []int64 {
		rows, err := handles[0].DB().QueryContext(t.Context(), `SELECT version FROM pins WHERE key = ? ORDER BY version`, key)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []int64
		for rows.Next() {
			var v int64
			rows.Scan(&v)
			out = append(out, v)
		}
		return out
	})
}

// Runs when PLAINSIGHT_TEST_POSTGRES names a test database (under CI=true
// it must).
func TestTwoKeepersPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	var handles [2]*postgres.Store
	for i := range handles {
		s, err := postgres.Open(t.Context(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		handles[i] = s
	}
	testTwoKeepers(t, handles[0], handles[1], func(key string) []int64 {
		rows, err := handles[0].Pool().Query(t.Context(), `SELECT version FROM pins WHERE key = $1 ORDER BY version`, key)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []int64
		for rows.Next() {
			var v int64
			rows.Scan(&v)
			out = append(out, v)
		}
		return out
	})
}
