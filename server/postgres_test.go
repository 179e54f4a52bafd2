package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store/postgres"
)

// Two instances on one PostgreSQL database, both asked about a registered
// server that changed, at once: one change event, both answers 200.
// Runs when PLAINSIGHT_TEST_POSTGRES names a test database (under CI=true
// it must).
func TestTwoInstancesPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx := context.Background()
	var stores [2]*postgres.Store
	for i := range stores {
		s, err := postgres.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores[i] = s
	}
	var mu sync.Mutex
	desc := "The forecast for a city."
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, nil)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		mu.Lock()
		defer mu.Unlock()
		s.AddTool(&mcp.Tool{Name: "forecast", Description: desc, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
		return s
	}, nil))
	defer srv.Close()
	u := srv.URL + "/mcp/" + rand.Text() // unique in a database other runs used
	g := newFakeNet(t).guard(guard.Policy{AllowLoopback: true}, nil)
	if _, err := (&precall.Checker{Guard: g, Store: stores[0]}).Register(ctx, precall.RegisterInput{URL: u}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	desc = "The forecast for a city, and more."
	mu.Unlock()
	var wg sync.WaitGroup
	var versions [2]any
	for i := range stores {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			status, v := call(t, New(Config{Guard: g, Store: stores[i]}), "GET", precallPath(u, ""), "")
			if status != http.StatusOK || v["registered"] != true {
				t.Errorf("instance %d: %d %v", i, status, v)
				return
			}
			versions[i] = v["integrity"].(map[string]any)["fingerprint_version"]
		}(i)
	}
	wg.Wait()
	if versions[0] != 2.0 || versions[1] != 2.0 {
		t.Errorf("fingerprint versions %v, want 2 and 2", versions)
	}
	events := 0
	for _, e := range pageOfChanges(t, New(Config{Guard: g, Store: stores[1]})) {
		if e.(map[string]any)["server"].(map[string]any)["url"] == u {
			events++
		}
	}
	if events != 1 {
		t.Errorf("%d change events for one change", events)
	}
}

func pageOfChanges(t *testing.T, h http.Handler) []any {
	t.Helper()
	status, v := call(t, h, "GET", "/v1/security/changes?limit=1000", "")
	if status != http.StatusOK {
		t.Fatalf("changes: %d %v", status, v)
	}
	return v["changes"].([]any)
}
