package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// redirecting is weather's server behind a handler that redirects (307)
// to the URL its pointer holds, once set.
func redirecting(t *testing.T) (*httptest.Server, *atomic.Pointer[string]) {
	inner := weather(t, "")
	var to atomic.Pointer[string]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := to.Load(); u != nil {
			http.Redirect(w, r, *u, http.StatusTemporaryRedirect)
			return
		}
		inner.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &to
}

// jsonOut runs a command that prints JSON and decodes it.
func jsonOut(t *testing.T, v any, args ...string) {
	t.Helper()
	_, out, errOut := plainsight(t, "", args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("plainsight %s: %v\n%s%s", strings.Join(args, " "), err, out, errOut)
	}
}

// page_url is one answer whichever interface reads the database (issue
// 28, item 5): the pre-call answer, the §11 feed and the registry record
// through the command line (precall, changes, registry check, registry
// list) and through plainsight serve's routes name the same page — under
// serve's --public-url, which serve records in the database, and the path
// alone once serve runs without one — never the --page-url given at
// registration. The feed's event is a redirect event, shown in both.
func TestPageURLOneAnswer(t *testing.T) {
	db := filepath.Join(t.TempDir(), "reg.db")
	srv, to := redirecting(t)
	u := srv.URL + "/mcp"
	if code, out, errOut := plainsight(t, "", "registry", "add", "--db", db, "--allow-loopback", "--slug", "the weather", "--page-url", "https://elsewhere.example/p", u); code != exitClean {
		t.Fatalf("registry add: %d\n%s%s", code, out, errOut)
	}
	// A redirect observed by the command line: one event in the feed.
	dest := weather(t, "")
	target := dest.URL + "/mcp"
	to.Store(&target)
	if code, out, errOut := plainsight(t, "", "registry", "check", "--db", db, "--allow-loopback", u); code != exitFound || !strings.Contains(out, "redirects to "+target) {
		t.Fatalf("registry check of a redirecting URL: %d\n%s%s", code, out, errOut)
	}
	to.Store(nil)
	code, out, _ := plainsight(t, "", "changes", "--fail-on-change", "--db", db)
	if code != exitFound || !strings.Contains(out, "the weather (") || !strings.Contains(out, "  307 "+u+" -> "+target) {
		t.Errorf("changes (text): %d\n%s", code, out)
	}

	for _, pub := range []string{"https://pub.example", ""} {
		args := []string{"--db", "sqlite:" + db, "--allow-loopback"}
		if pub != "" {
			args = append(args, "--public-url", pub)
		}
		base, _, stop := startServe(t, args...)
		want := pub + "/servers/" + url.PathEscape("the weather")
		var answers = map[string]string{}
		// HTTP.
		_, v := getJSON(t, base+"/v1/security/precall?url="+url.QueryEscape(u))
		answers["GET /v1/security/precall"] = pageOf(v["registration"])
		_, v = getJSON(t, base+"/v1/registry/server?url="+url.QueryEscape(u))
		answers["GET /v1/registry/server"] = pageOf(v["registration"])
		_, v = getJSON(t, base+"/v1/registry/servers")
		answers["GET /v1/registry/servers"] = pageOf(v["servers"].([]any)[0].(map[string]any)["registration"])
		_, v = getJSON(t, base+"/v1/security/changes")
		ev := v["changes"].([]any)[0].(map[string]any)
		answers["GET /v1/security/changes"] = pageOf(ev["server"])
		if _, ok := ev["redirects"]; !ok {
			t.Errorf("the route's event has no redirects: %v", ev)
		}
		// The command line, on the same database while serve runs.
		var m map[string]any
		jsonOut(t, &m, "precall", "--db", db, "--allow-loopback", "--format", "json", u)
		answers["plainsight precall"] = pageOf(m["registration"])
		jsonOut(t, &m, "registry", "check", "--db", db, "--allow-loopback", "--format", "json", u)
		answers["plainsight registry check"], _ = m["page_url"].(string)
		var recs []map[string]any
		jsonOut(t, &recs, "registry", "list", "--db", db, "--format", "json")
		answers["plainsight registry list"] = pageOf(recs[0]["registration"])
		jsonOut(t, &m, "changes", "--db", db, "--format", "json")
		answers["plainsight changes"] = pageOf(m["changes"].([]any)[0].(map[string]any)["server"])
		for where, got := range answers {
			if got != want {
				t.Errorf("--public-url %q: %s answers page_url %q, want %q", pub, where, got, want)
			}
		}
		if code, errOut := stop(); code != exitClean {
			t.Errorf("serve: exit %d\n%s", code, errOut)
		}
	}
}

func pageOf(v any) string {
	m, _ := v.(map[string]any)
	s, _ := m["page_url"].(string)
	return s
}
