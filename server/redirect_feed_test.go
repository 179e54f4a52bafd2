package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
)

// movingMCP is an MCP server on loopback that redirects (307) to the URL
// its pointer holds, once set.
func movingMCP(t *testing.T) (*httptest.Server, *atomic.Pointer[string]) {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "moving", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "forecast", Description: "The forecast.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	var to atomic.Pointer[string]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := to.Load(); u != nil {
			http.Redirect(w, r, *u, http.StatusTemporaryRedirect)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &to
}

// A registered URL that starts redirecting shows in GET
// /v1/security/changes once, with its chain in the extension member
// "redirects" (the document's ChangeEvent), however often it is checked;
// stopping is another event; the /changes page lists the hops (issue 28,
// item 4). Every probe stays on loopback (the test network fails the
// test otherwise).
func TestRedirectInTheFeed(t *testing.T) {
	spec := loadOpenAPI(t)
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			g := newFakeNet(t).guard(guard.Policy{AllowLoopback: true}, nil)
			moving, to := movingMCP(t)
			dest, _ := weather(t, "Another server's forecast.")
			u := moving.URL + "/mcp/" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-"))
			reg, err := (&precall.Checker{Guard: g, Store: s}).Register(t.Context(), precall.RegisterInput{URL: u})
			if err != nil || reg.Status != precall.RegisterDone {
				t.Fatalf("register: %+v %v", reg, err)
			}
			h := New(Config{Guard: g, Store: s, PublicURL: "https://pub.example"})
			mine := func() []map[string]any {
				t.Helper()
				status, v := spec.do(t, h, "GET", "/v1/security/changes", "")
				if status != 200 {
					t.Fatalf("changes: %d %v", status, v)
				}
				var out []map[string]any
				for _, e := range v["changes"].([]any) {
					if e := e.(map[string]any); e["server"].(map[string]any)["url"] == u {
						out = append(out, e)
					}
				}
				return out
			}
			target := dest.URL + "/mcp"
			to.Store(&target)
			for i := range 3 {
				status, v := spec.do(t, h, "GET", precallPath(u, ""), "")
				if status != 200 || v["integrity"].(map[string]any)["status"] != "changed" {
					t.Fatalf("pre-call check %d of a redirecting URL: %d %v", i, status, v)
				}
			}
			evs := mine()
			if len(evs) != 1 {
				t.Fatalf("%d events after three checks of one redirect, want 1: %v", len(evs), evs)
			}
			e := evs[0]
			wantHops := []any{map[string]any{"from": u, "to": target, "status": 307.0}}
			if d := cmp.Diff(wantHops, e["redirects"]); d != "" {
				t.Errorf("the event's redirects (-want +got):\n%s", d)
			}
			if e["from_version"] != 1.0 || e["to_version"] != 1.0 || e["fingerprint_before"] != reg.Fingerprint || e["fingerprint_after"] != reg.Fingerprint {
				t.Errorf("a redirect event records no version: %v", e)
			}
			if srv := e["server"].(map[string]any); srv["name"] != "moving" || srv["page_url"] != "https://pub.example/servers/"+url.PathEscape(reg.Slug) {
				t.Errorf("the event's server: %v", srv)
			}
			to.Store(nil)
			if status, v := spec.do(t, h, "GET", precallPath(u, ""), ""); status != 200 || v["integrity"].(map[string]any)["status"] != "unchanged" {
				t.Fatalf("the URL answers itself again: %d %v", status, v)
			}
			if evs = mine(); len(evs) != 2 || evs[0]["redirects"] == nil || len(evs[0]["redirects"].([]any)) != 0 {
				t.Fatalf("after the stop: %v", evs)
			}
			res := get(t, h, "/changes")
			body, _ := io.ReadAll(res.Body)
			page := string(body)
			if res.StatusCode != 200 || !strings.Contains(page, "<code>307 "+u+" → "+target+"</code>") || !strings.Contains(page, "stopped redirecting") {
				t.Errorf("the /changes page: %d\n%s", res.StatusCode, page)
			}
		})
	}
}
