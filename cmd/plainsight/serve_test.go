package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/server"
)

// startServe runs `plainsight serve args...` until the returned function
// is called, which returns its exit status and standard error; it waits
// for the start line and returns the base URL and that line.
func startServe(t *testing.T, args ...string) (base, line string, stop func() (int, string)) {
	return startServeSignals(t, false, args...)
}

// startServeSignals is startServe; with signals, serve runs under its own
// signal context and stop sends this process SIGTERM instead of ending a
// context.
func startServeSignals(t *testing.T, signals bool, args ...string) (base, line string, stop func() (int, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	oldCtx, oldGuard := serveContext, serveGuard
	if signals {
		cancel = func() { syscall.Kill(os.Getpid(), syscall.SIGTERM) }
	} else {
		serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	}
	serveGuard = func(allow bool) *guard.Guard {
		return cliGuard(guard.Policy{AllowLoopback: allow}) // loopback-only resolver and dialer of TestMain
	}
	t.Cleanup(func() { serveContext, serveGuard = oldCtx, oldGuard })
	pr, pw := io.Pipe()
	var errOut strings.Builder
	done := make(chan int, 1)
	go func() {
		code := run(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), strings.NewReader(""), pw, &lockedBuilder{b: &errOut})
		pw.Close()
		done <- code
	}()
	first, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr)
	if err != nil {
		cancel()
		t.Fatalf("no start line: %v (exit %d)", err, <-done)
	}
	m := regexp.MustCompile(`listening on (http://\S+) `).FindStringSubmatch(first)
	if m == nil {
		cancel()
		t.Fatalf("start line %q", first)
	}
	return m[1], first, func() (int, string) {
		cancel()
		code := <-done
		return code, errOut.String()
	}
}

type lockedBuilder struct {
	b  *strings.Builder
	mu sync.Mutex
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func getJSON(t *testing.T, u string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, v
}

func TestServe(t *testing.T) {
	mcpSrv := weather(t, "")
	target := "/v1/security/precall?url=" + url.QueryEscape(mcpSrv.URL+"/")
	db := filepath.Join(t.TempDir(), "reg.db")

	base, line, stop := startServe(t, "--db", "sqlite:"+db)
	if !strings.Contains(line, "database sqlite:"+db+"; loopback refused") {
		t.Errorf("start line %q", line)
	}
	if code, v := getJSON(t, base+"/healthz"); code != 200 || v["status"] != "ok" {
		t.Errorf("healthz: %d %v", code, v)
	}
	if code, v := getJSON(t, base+target); code != 422 || v["error"].(map[string]any)["code"] != "refused_loopback" {
		t.Errorf("loopback by default: %d %v", code, v)
	}
	if code, v := getJSON(t, base+"/v1/security/changes"); code != 200 || len(v["changes"].([]any)) != 0 {
		t.Errorf("changes: %d %v", code, v)
	}
	code, errOut := stop()
	if code != exitClean || !strings.Contains(errOut, "status=422") || strings.Contains(errOut, mcpSrv.URL) {
		t.Errorf("exit %d, log:\n%s", code, errOut)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("no database: %v", err)
	}

	base, line, stop = startServe(t, "--db", "sqlite:"+db, "--allow-loopback")
	if !strings.Contains(line, "loopback ALLOWED") {
		t.Errorf("start line %q", line)
	}
	if code, v := getJSON(t, base+target); code != 200 || v["registered"] != false || v["scan"].(map[string]any)["status"] != "clean" {
		t.Errorf("loopback allowed: %d %v", code, v)
	}
	if code, errOut := stop(); code != exitClean {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

// With no --db, the embedded SQLite default is created in the data
// directory and named at start.
func TestServeDefaultDB(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv(dbEnv, "")
	want, err := dataDir()
	if err != nil || !strings.HasPrefix(want, dir) {
		t.Fatalf("data dir %q, %v, not under %s", want, err, dir)
	}
	_, line, stop := startServe(t)
	path := filepath.Join(want, "plainsight.db")
	if !strings.Contains(line, "database sqlite:"+path+";") {
		t.Errorf("start line %q, want %s", line, path)
	}
	if code, errOut := stop(); code != exitClean {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}

func TestServeUsage(t *testing.T) {
	code, out, _ := plainsight(t, "", "serve", "--help")
	if code != exitClean || !strings.Contains(out, "--allow-loopback") || !strings.Contains(out, "this host's own services") {
		t.Errorf("help: %d\n%s", code, out)
	}
	for _, args := range [][]string{{"serve", "extra"}, {"serve", "--port", "1"}, {"serve", "--rate", "-1"}, {"serve", "--rate", "NaN"}, {"serve", "--burst", "0"},
		{"serve", "--refresh-every", "30s"}, {"serve", "--refresh-every", "-6h"}, {"serve", "--refresh-every", "6"},
		{"serve", "--refresh-every", "6h", "--refresh-workers", "0"}, {"serve", "--refresh-every", "6h", "--refresh-per-host", "0"}} {
		if code, _, errOut := plainsight(t, "", args...); code != exitError || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, _, errOut := plainsight(t, "", "serve", "--addr", ln.Addr().String(), "--db", "sqlite:"+filepath.Join(t.TempDir(), "x.db"))
	if code != exitError || !strings.Contains(errOut, "address already in use") {
		t.Errorf("busy address: exit %d, %q", code, errOut)
	}
}

// --refresh-every turns the background refresh on (logged at start with
// its bounds), and serve still stops cleanly (issue 33, item 4).
func TestServeRefreshEvery(t *testing.T) {
	_, _, stop := startServe(t, "--db", "sqlite:"+filepath.Join(t.TempDir(), "r.db"), "--refresh-every", "6h", "--refresh-per-host", "3")
	time.Sleep(50 * time.Millisecond)
	code, errOut := stop()
	if code != exitClean || !strings.Contains(errOut, "background refresh on") || !strings.Contains(errOut, "every=6h0m0s") || !strings.Contains(errOut, "per_host=3") {
		t.Errorf("exit %d, log:\n%s", code, errOut)
	}
}

// SIGTERM ends serve only after the request in flight has its answer.
func TestServeSIGTERM(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(entered) })
		<-release
		http.Error(w, "not MCP", http.StatusNotFound)
	}))
	defer slow.Close()
	base, _, stop := startServeSignals(t, true, "--db", "sqlite:"+filepath.Join(t.TempDir(), "s.db"), "--allow-loopback")
	type answer struct {
		code int
		v    map[string]any
	}
	got := make(chan answer, 1)
	go func() {
		code, v := getJSON(t, base+"/v1/security/precall?url="+url.QueryEscape(slow.URL+"/mcp"))
		got <- answer{code, v}
	}()
	<-entered
	exited := make(chan int, 1)
	go func() {
		code, _ := stop()
		exited <- code
	}()
	select {
	case code := <-exited:
		t.Fatalf("serve exited %d with a request in flight", code)
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	a := <-got
	if a.code != 200 || a.v["integrity"].(map[string]any)["status"] != "unreachable" {
		t.Errorf("in-flight answer: %d %v", a.code, a.v)
	}
	if code := <-exited; code != exitClean {
		t.Errorf("exit %d", code)
	}
}

// --rate, --burst and --limit-loopback reach the server: a loopback client
// over its burst is answered 429 with Retry-After.
func TestServeRateLimit(t *testing.T) {
	base, _, stop := startServe(t, "--db", "sqlite:"+filepath.Join(t.TempDir(), "r.db"), "--rate", "0.2", "--burst", "2", "--limit-loopback")
	defer stop()
	for i := 0; i < 2; i++ {
		if code, _ := getJSON(t, base+"/healthz"); code != http.StatusOK {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("over the burst: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

// serve answers the human pages; --public-url must be an http(s) URL with
// a host.
func TestServePages(t *testing.T) {
	base, _, stop := startServe(t, "--db", "sqlite:"+filepath.Join(t.TempDir(), "p.db"), "--public-url", "https://pages.example")
	res, err := http.Get(base + "/changes")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != server.PagesCSP || !strings.Contains(string(body), "<title>Definition changes") {
		t.Errorf("GET /changes: %d %q\n%s", res.StatusCode, res.Header.Get("Content-Security-Policy"), body)
	}
	if code, errOut := stop(); code != exitClean {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	for _, u := range []string{"pages.example", "ftp://pages.example", "https://pages.example/?q=1", "https://"} {
		if code, _, errOut := plainsight(t, "", "serve", "--public-url", u); code != exitError || !strings.Contains(errOut, "--public-url") {
			t.Errorf("--public-url %q: exit %d, %q", u, code, errOut)
		}
	}
}

// serve's --urls and --no-default-urls configure POST /v2/scan's
// known_bad_url class: the shipped list is on by default, an operator's
// list adds to it, and the flag turns the shipped one off.
func TestServeURLLists(t *testing.T) {
	list := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(list, []byte("evil.example\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	score := func(base, content string) float64 {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"content": content, "context": map[string]string{"source": "web", "direction": "inbound"}})
		resp, err := http.Post(base+"/v2/scan", "application/json", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r struct {
			Scores map[string]float64 `json:"scores"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || resp.StatusCode != 200 {
			t.Fatalf("status %d: %v", resp.StatusCode, err)
		}
		return r.Scores["known_bad_url"]
	}
	const sink, listed = "see https://k2n8x0q1zq.oastify.com/x", "see https://evil.example/x"
	for _, c := range []struct {
		args         []string
		sink, listed float64
	}{
		{nil, 0.9, 0},
		{[]string{"--urls", list}, 0.9, 0.95},
		{[]string{"--urls", list, "--no-default-urls"}, 0, 0.95},
		{[]string{"--no-default-urls"}, 0, 0},
	} {
		base, _, stop := startServe(t, append([]string{"--db", "sqlite:" + filepath.Join(t.TempDir(), "r.db")}, c.args...)...)
		if got := score(base, sink); got != c.sink {
			t.Errorf("%v: sink scored %v, want %v", c.args, got, c.sink)
		}
		if got := score(base, listed); got != c.listed {
			t.Errorf("%v: listed host scored %v, want %v", c.args, got, c.listed)
		}
		if code, errOut := stop(); code != exitClean {
			t.Errorf("%v: exit %d\n%s", c.args, code, errOut)
		}
	}
	if code, _, errOut := plainsight(t, "", "serve", "--urls", filepath.Join(t.TempDir(), "missing.txt")); code != exitError || !strings.Contains(errOut, "--urls") {
		t.Errorf("missing list: exit %d, %q", code, errOut)
	}
}
