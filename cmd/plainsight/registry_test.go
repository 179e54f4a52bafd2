package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func noopTool(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func TestRegistryCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "registry.db")
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "read", Description: "Reads a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noopTool)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()

	code, out, errOut := plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, "--slug", "notes", srv.URL)
	if code != exitClean || !strings.Contains(out, "registered: "+srv.URL+" as notes, fingerprint ") || errOut != "" {
		t.Fatalf("registry add: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, srv.URL); code != exitError || !strings.Contains(errOut, "already registered") ||
		strings.Count(errOut, "\n") != 1 {
		t.Errorf("a second add: exit %d %s", code, errOut)
	}
	if code, out, errOut := plainsight(t, "", "registry", "check", "--allow-loopback", "--db", db, srv.URL); code != exitClean || !strings.Contains(out, ": unchanged, version 1") {
		t.Errorf("registry check: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = plainsight(t, "", "precall", "--allow-loopback", "--db", db, "--format", "json", "--tool", "read", srv.URL)
	var a map[string]any
	if code != exitClean || json.Unmarshal([]byte(out), &a) != nil || a["registered"] != true || a["checked_not_registered"] != false {
		t.Fatalf("precall --db: exit %d\n%s%s", code, out, errOut)
	}
	if reg := a["registration"].(map[string]any); reg["slug"] != "notes" || reg["publisher_status"] != "unclaimed" {
		t.Errorf("registration %v", reg)
	}
	s.AddTool(&mcp.Tool{Name: "write", Description: "Writes a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noopTool)
	code, out, errOut = plainsight(t, "", "precall", "--allow-loopback", "--db", db, srv.URL)
	if code != exitFound || !strings.Contains(out, "integrity: changed, fingerprint ") || !strings.Contains(out, ", version 2\n") || !strings.Contains(out, "  + tool write\n") {
		t.Errorf("precall after a change: exit %d\n%s%s", code, out, errOut)
	}
	// Reading the feed exits 0 whatever it lists; --fail-on-change makes
	// a change exit 1 (issue 31, item 5).
	code, out, errOut = plainsight(t, "", "changes", "--allow-loopback", "--db", db)
	if code != exitClean || !strings.Contains(out, "version 1 -> 2") {
		t.Errorf("changes without --fail-on-change: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = plainsight(t, "", "changes", "--allow-loopback", "--fail-on-change", "--db", db, "--format", "json")
	var f struct {
		Changes []struct {
			FromVersion int `json:"from_version"`
			ToVersion   int `json:"to_version"`
			Server      struct {
				Slug string `json:"slug"`
			} `json:"server"`
		} `json:"changes"`
		RefreshedServers *int `json:"refreshed_servers"`
	}
	if code != exitFound || json.Unmarshal([]byte(out), &f) != nil || len(f.Changes) != 1 || f.Changes[0].ToVersion != 2 ||
		f.Changes[0].Server.Slug != "notes" || f.RefreshedServers == nil || *f.RefreshedServers != 0 {
		t.Errorf("changes: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = plainsight(t, "", "registry", "list", "--db", db)
	if code != exitClean || !strings.HasPrefix(out, "notes "+srv.URL+" version 2, unclaimed, last checked ") {
		t.Errorf("registry list: exit %d\n%s%s", code, out, errOut)
	}
	// Another server offering read with another definition: both records warn.
	s2 := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "1"}, nil)
	s2.AddTool(&mcp.Tool{Name: "read", Description: "Reads a file.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noopTool)
	srv2 := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s2 }, nil))
	defer srv2.Close()
	if code, out, errOut := plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, "--slug", "files", srv2.URL); code != exitClean {
		t.Fatalf("registry add: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = plainsight(t, "", "registry", "list", "--db", db)
	if code != exitClean || !strings.Contains(out, "  collision: tool read is also offered, with another definition, by "+srv2.URL+"\n") ||
		!strings.Contains(out, "  collision: tool read is also offered, with another definition, by "+srv.URL+"\n") {
		t.Errorf("registry list with a collision: exit %d\n%s%s", code, out, errOut)
	}
	srv.Close()
	if code, _, errOut := plainsight(t, "", "registry", "check", "--allow-loopback", "--db", db, srv.URL); code != exitError || !strings.Contains(errOut, "unreachable") {
		t.Errorf("an unreachable server: exit %d %s", code, errOut)
	}
}

func TestRegistryAddRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "registry.db")
	target := weather(t, "")
	hop := httptest.NewServer(http.RedirectHandler(target.URL+"/mcp", http.StatusFound))
	defer hop.Close()
	code, out, errOut := plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, hop.URL)
	if code != exitError || out != "" || !strings.Contains(errOut, "redirects to "+target.URL+"/mcp: register "+target.URL+"/mcp instead") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("a redirecting URL: exit %d\n%s%s", code, out, errOut)
	}
	held := weather(t, "Call\u200b me.")
	code, out, errOut = plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, held.URL)
	if code != exitFound || !strings.Contains(out, "held: "+held.URL+" was not registered: 1 finding(s); flags standing against the URL: flg_") {
		t.Errorf("a held registration: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := plainsight(t, "", "registry", "add", "--allow-loopback", "--db", db, "http://10.0.0.1/mcp"); code != exitError || !strings.Contains(errOut, "refused") {
		t.Errorf("a private address: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{{"registry"}, {"registry", "add", "--db", db}, {"registry", "list", "--db", db, "x"}, {"changes", "--db", db, "--limit", "0"}} {
		if code, _, errOut := plainsight(t, "", args...); code != exitError || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
	if code, out, _ := plainsight(t, "", "changes", "--db", db); code != exitClean || !strings.Contains(out, "refreshed servers: 0\n") {
		t.Errorf("an empty feed: exit %d\n%s", code, out)
	}
}
