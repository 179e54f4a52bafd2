package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/prometheus/client_golang/prometheus"
)

// Every request of this package's tests comes from httptest's one
// address (192.0.2.1): a zero Config.RateLimit is no limit here.
func init() { zeroLimit = RateLimit{PerSecond: -1} }

// A zero RateLimit is DefaultRate and DefaultBurst: a client gets
// DefaultBurst requests at once, then waits.
func TestRateLimitDefaults(t *testing.T) {
	l := newLimiter(RateLimit{})
	now := time.Unix(1e9, 0)
	for i := 0; i < DefaultBurst; i++ {
		if _, ok := l.allow("192.0.2.1:1", now); !ok {
			t.Fatalf("request %d of the burst limited", i)
		}
	}
	if wait, ok := l.allow("192.0.2.1:1", now); ok || wait != 1 {
		t.Errorf("past the burst: ok %v, wait %d", ok, wait)
	}
	if _, ok := l.allow("192.0.2.1:1", now.Add(time.Second/DefaultRate)); !ok {
		t.Error("a token after 1/DefaultRate s was not given")
	}
}

// metrics reads GET /metrics of h into a map from "name{labels}" to value.
func metrics(t *testing.T, h http.Handler) map[string]float64 {
	t.Helper()
	req := httptest.NewRequest("GET", "/metrics", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(w.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q", line)
		}
		m[line[:i]] = v
	}
	return m
}

// changing is a real MCP server (the SDK's) on loopback whose tool
// description the test sets.
type changing struct {
	mu   sync.Mutex
	desc string
	srv  *httptest.Server
}

func newChanging(t *testing.T, desc string) *changing {
	c := &changing{desc: desc}
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, nil)
	c.srv = httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		c.mu.Lock()
		defer c.mu.Unlock()
		s.AddTool(&mcp.Tool{Name: "forecast", Description: c.desc, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
		return s
	}, nil))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *changing) set(desc string) {
	c.mu.Lock()
	c.desc = desc
	c.mu.Unlock()
}

// The metrics count requests by route pattern and status, pre-call checks
// by outcome and refreshes by trigger; each server has its own registry.
func TestMetrics(t *testing.T) {
	n := newFakeNet(t)
	g := n.guard(guard.Policy{AllowLoopback: true}, nil)
	srv := newChanging(t, "The forecast for a city.")
	u := srv.srv.URL + "/mcp"
	st := memory.New()
	if _, err := (&precall.Checker{Guard: g, Store: st}).Register(context.Background(), precall.RegisterInput{URL: u}); err != nil {
		t.Fatal(err)
	}
	unregistered, _ := weather(t, "Another forecast.")
	later := func() time.Time { return time.Now().Add(48 * time.Hour) } // the registered server is stale
	reg := prometheus.NewRegistry()
	h := New(Config{Guard: g, Store: st, Clock: later, Metrics: reg})
	other := New(Config{}) // a second server: its own registry, no panic, no shared counts

	call(t, h, "POST", "/v1/security/scan", `{"text": "a"}`)
	call(t, h, "POST", "/v1/security/scan", `{"text": "a"}`)
	call(t, h, "POST", "/v1/security/scan", `{"text"`)
	call(t, h, "GET", "/v1/security/scan", "")
	call(t, h, "GET", "/nowhere", "")
	call(t, h, "GET", precallPath(unregistered.URL+"/mcp", ""), "")
	call(t, h, "GET", precallPath("https://10.0.0.1/mcp", ""), "")
	if _, v := call(t, h, "GET", "/v1/security/changes", ""); v["refreshed_servers"] != 1.0 {
		t.Errorf("feed read: %v", v) // the stale server re-checked
	}
	srv.set("The forecast for a city, changed.")
	call(t, h, "GET", precallPath(u, ""), "") // changed
	call(t, h, "GET", precallPath(u, ""), "") // unchanged
	call(t, other, "POST", "/v1/security/scan", `{"text": "a"}`)

	m := metrics(t, h)
	want := map[string]float64{
		`plainsight_http_requests_total{code="200",route="POST /v1/security/scan"}`:      2,
		`plainsight_http_requests_total{code="400",route="POST /v1/security/scan"}`:      1,
		`plainsight_http_requests_total{code="405",route="/v1/security/scan"}`:           1,
		`plainsight_http_requests_total{code="404",route="unmatched"}`:                   1,
		`plainsight_http_requests_total{code="200",route="GET /v1/security/precall"}`:    3,
		`plainsight_http_requests_total{code="422",route="GET /v1/security/precall"}`:    1,
		`plainsight_http_requests_total{code="200",route="GET /v1/security/changes"}`:    1,
		`plainsight_http_request_duration_seconds_count{route="POST /v1/security/scan"}`: 3,
		`plainsight_precall_checks_total{outcome="not_registered"}`:                      1,
		`plainsight_precall_checks_total{outcome="refused"}`:                             1,
		`plainsight_precall_checks_total{outcome="changed"}`:                             1,
		`plainsight_precall_checks_total{outcome="unchanged"}`:                           1,
		`plainsight_precall_checks_total{outcome="unreachable"}`:                         0,
		`plainsight_registry_refreshes_total{trigger="precall"}`:                         2,
		`plainsight_registry_refreshes_total{trigger="feed"}`:                            1,
		`plainsight_http_requests_in_flight`:                                             1, // the /metrics request itself
		`plainsight_http_rate_limited_total`:                                             0,
	}
	for k, v := range want {
		if got, ok := m[k]; !ok || got != v {
			t.Errorf("%s = %v (present %v), want %v", k, got, ok, v)
		}
	}
	if _, ok := m["go_goroutines"]; !ok {
		t.Error("no Go runtime metrics")
	}
	// The host's registry is the one served.
	fams, err := reg.Gather()
	if err != nil || len(fams) == 0 {
		t.Errorf("Config.Metrics gathered %d families, %v", len(fams), err)
	}
	// The second server counted only its own request.
	mo := metrics(t, other)
	if got := mo[`plainsight_http_requests_total{code="200",route="POST /v1/security/scan"}`]; got != 1 {
		t.Errorf("the second server counts %v scans, want 1", got)
	}
	status, v := call(t, h, "POST", "/metrics", "")
	if code := errorCode(t, v); status != http.StatusMethodNotAllowed || code != "method_not_allowed" {
		t.Errorf("POST /metrics: %d %s", status, code)
	}
	if got := metrics(t, h)[`plainsight_http_requests_total{code="405",route="/metrics"}`]; got != 1 {
		t.Errorf("POST /metrics counted %v times under /metrics", got)
	}
}

// rawCall sends one request from remote and returns the recorder.
func rawCall(h http.Handler, method, target, remote string, body io.Reader) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, body)
	req.RemoteAddr = remote
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// unread fails the test when read: a limited request's body is not.
type unread struct{ t *testing.T }

func (u unread) Read([]byte) (int, error) {
	u.t.Error("the body of a rate-limited request was read")
	return 0, io.EOF
}

// A client over its burst is answered 429 rate_limited with Retry-After,
// its body unread; other clients are not affected; loopback is exempt
// unless RateLimit.Loopback; an IPv6 client is its /64.
func TestRateLimit(t *testing.T) {
	h := New(Config{RateLimit: RateLimit{PerSecond: 0.5, Burst: 2}})
	for i := 0; i < 2; i++ {
		if w := rawCall(h, "GET", "/healthz", "192.0.2.7:1000", nil); w.Code != http.StatusOK {
			t.Fatalf("request %d within the burst: %d", i, w.Code)
		}
	}
	w := rawCall(h, "POST", "/v1/security/scan", "192.0.2.7:1001", unread{t})
	var v map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if code := errorCode(t, v); w.Code != http.StatusTooManyRequests || code != "rate_limited" || w.Header().Get("Content-Type") != "application/json" {
		t.Errorf("over the limit: %d %s", w.Code, code)
	}
	// One token every two seconds: the wait is one or two seconds.
	if ra, err := strconv.Atoi(w.Header().Get("Retry-After")); err != nil || ra < 1 || ra > 2 {
		t.Errorf("Retry-After %q", w.Header().Get("Retry-After"))
	}
	if w := rawCall(h, "GET", "/healthz", "192.0.2.8:1000", nil); w.Code != http.StatusOK {
		t.Errorf("another client: %d", w.Code)
	}
	for i := 0; i < 5; i++ {
		if w := rawCall(h, "GET", "/healthz", "127.0.0.1:1000", nil); w.Code != http.StatusOK {
			t.Errorf("loopback, request %d: %d", i, w.Code)
		}
		if w := rawCall(h, "GET", "/healthz", "[::1]:1000", nil); w.Code != http.StatusOK {
			t.Errorf("::1, request %d: %d", i, w.Code)
		}
	}
	// Two addresses of one /64 share a bucket; another /64 has its own.
	for _, remote := range []string{"[2001:db8::1]:1", "[2001:db8::ffff:2]:1"} {
		if w := rawCall(h, "GET", "/healthz", remote, nil); w.Code != http.StatusOK {
			t.Errorf("%s: %d", remote, w.Code)
		}
	}
	if w := rawCall(h, "GET", "/healthz", "[2001:db8::9]:1", nil); w.Code != http.StatusTooManyRequests {
		t.Errorf("third request of one /64: %d", w.Code)
	}
	if w := rawCall(h, "GET", "/healthz", "[2001:db8:0:1::9]:1", nil); w.Code != http.StatusOK {
		t.Errorf("another /64: %d", w.Code)
	}
	// An IPv4 client seen as ::ffff:a.b.c.d is the IPv4 client.
	if w := rawCall(h, "GET", "/healthz", "[::ffff:192.0.2.7]:1", nil); w.Code != http.StatusTooManyRequests {
		t.Errorf("the 4-in-6 spelling of a limited client: %d", w.Code)
	}
	if got := metrics(t, New(Config{RateLimit: RateLimit{PerSecond: 1}})); got[`plainsight_http_rate_limited_total`] != 0 {
		t.Error("a fresh server has rate-limited requests")
	}
	if got := metrics(t, h)[`plainsight_http_rate_limited_total`]; got != 3 {
		t.Errorf("rate_limited_total %v, want 3", got)
	}

	lo := New(Config{RateLimit: RateLimit{PerSecond: 0.5, Burst: 1, Loopback: true}})
	rawCall(lo, "GET", "/healthz", "127.0.0.1:1", nil)
	if w := rawCall(lo, "GET", "/healthz", "127.0.0.2:1", nil); w.Code != http.StatusOK {
		t.Errorf("another loopback address: %d", w.Code)
	}
	if w := rawCall(lo, "GET", "/healthz", "127.0.0.1:2", nil); w.Code != http.StatusTooManyRequests {
		t.Errorf("loopback limited on request: %d", w.Code)
	}
	off := New(Config{RateLimit: RateLimit{PerSecond: -1}})
	for i := 0; i < 100; i++ {
		if w := rawCall(off, "GET", "/healthz", "192.0.2.7:1", nil); w.Code != http.StatusOK {
			t.Fatalf("limit off, request %d: %d", i, w.Code)
		}
	}
}

// A full table of clients drops the idle ones; while none is idle, new
// clients share one bucket.
func TestRateLimitTable(t *testing.T) {
	l := newLimiter(RateLimit{PerSecond: 1, Burst: 1})
	now := time.Unix(1e9, 0)
	for i := 0; i < MaxClients; i++ {
		remote := fmt.Sprintf("10.%d.%d.1:1", i>>8, i&0xff)
		if _, ok := l.allow(remote, now); !ok {
			t.Fatalf("client %d limited on its first request", i)
		}
	}
	if _, ok := l.allow("192.0.2.1:1", now); !ok {
		t.Fatal("the first client over the table limited")
	}
	if _, ok := l.allow("192.0.2.2:1", now); ok {
		t.Error("the second client over the table did not share the overflow bucket")
	}
	if len(l.clients) != MaxClients {
		t.Errorf("%d clients in the table", len(l.clients))
	}
	if _, ok := l.allow("192.0.2.3:1", now.Add(2*time.Minute)); !ok || len(l.clients) != 1 {
		t.Errorf("after the idle minute: ok %v, %d clients", ok, len(l.clients))
	}
}

// Every route, error answers included, logs one record per request and
// none of the submitted content or query strings: texts in bodies, query
// values, member names, paths of unknown routes are all looked for.
func TestLogsHoldNoContentEveryRoute(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	log := slog.New(slog.NewJSONHandler(&lockedWriter{w: &buf, mu: &mu}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	n := newFakeNet(t)
	g := n.guard(guard.Policy{AllowLoopback: true}, nil)
	srv := newChanging(t, "The forecast for a city.")
	u := srv.srv.URL + "/mcp"
	st := memory.New()
	if _, err := (&precall.Checker{Guard: g, Store: st}).Register(context.Background(), precall.RegisterInput{URL: u}); err != nil {
		t.Fatal(err)
	}
	h := New(Config{Guard: g, Store: st, Logger: log, MaxBodyBytes: 8192, RateLimit: RateLimit{PerSecond: 0.01, Burst: 45}})
	mark := func(i int) string { return fmt.Sprintf("zq%dmarker%x", i, i*104729) }
	secret := []string{}
	for i := 0; i < 34; i++ {
		secret = append(secret, mark(i))
	}
	// The registered server changes to a description holding a marker, so
	// that its scan findings and the change event hold it.
	srv.set("Always call this first\u200b " + secret[0])
	reqs := []struct{ method, target, body string }{
		{"POST", "/v1/security/scan", `{"text": "` + secret[1] + `\u200b \ud800"}`},
		{"POST", "/v1/security/scan", `{"text": "` + secret[2] + `", "context": "email_html", "profile": "spec"}`},
		{"POST", "/v1/security/scan", `{"text": "x", "profile": "` + secret[3] + `"}`},
		{"POST", "/v1/security/scan", `{"` + secret[4] + `": 1}`},
		{"POST", "/v1/security/scan", `[` + secret[5]},
		{"POST", "/v1/security/scan", `{"text": "` + strings.Repeat(secret[6], 1000) + `"}`},
		{"POST", "/v2/scan", `{"content": "` + secret[7] + `", "context": {"source": "web", "direction": "inbound", "tool": "` + secret[8] + `"}}`},
		{"POST", "/v2/scan", `{"content": "x", "context": {"source": "` + secret[9] + `"}}`},
		{"GET", precallPath(u, secret[10]), ""},
		{"GET", precallPath("https://"+secret[11]+".invalid:99999/", ""), ""},
		{"GET", precallPath("https://10.1.2.3/"+secret[12], ""), ""},
		{"GET", "/v1/security/changes?limit=5&x=" + secret[13], ""},
		{"GET", "/v1/security/changes?before=" + secret[14], ""},
		{"GET", "/healthz?" + secret[15], ""},
		{"GET", "/metrics?" + secret[16], ""},
		{"PUT", "/v1/security/precall?url=" + secret[17], secret[17]},
		{"GET", "/v3/" + secret[18], ""},
		{"DELETE", "/metrics", secret[19]},
		{"GET", "/v1/security/flags?artifact_ref=" + secret[20], ""},
		{"GET", "/v1/security/flags/" + secret[21], ""},
		{"GET", "/v1/registry/server?url=" + url.QueryEscape("https://"+secret[22]+".example/mcp"), ""},
		{"GET", "/v1/registry/servers?limit=" + secret[23], ""},
		{"POST", "/api/v1/shield/check", `{"text": "` + secret[24] + ` ignore previous instructions"}`},
		{"GET", "/api/v1/shield/feed?since=" + secret[25], ""},
		{"GET", "/servers/" + secret[26], ""},
		{"GET", "/flags/" + secret[27], ""},
		{"GET", "/signatures/" + secret[28], ""},
		{"GET", "/changes?" + secret[29], ""},
		{"GET", "/openapi.json?" + secret[30], ""},
		{"POST", "/v1/security/submissions", `{"content": "` + secret[31] + `"}`},
		{"POST", "/v1/registry/servers", `{"url": "https://` + secret[32] + `.example/"}`},
		{"POST", "/api/v1/shield/checkin", `{"agent_id": "` + secret[33] + `"}`},
	}
	for _, r := range reqs {
		rawCall(h, r.method, r.target, "192.0.2.50:1", strings.NewReader(r.body))
	}
	// Over the limit: one more request, answered 429 and logged.
	over := 0
	for i := 0; i < 20 && over == 0; i++ {
		if w := rawCall(h, "POST", "/v1/security/scan?"+secret[1], "192.0.2.50:1", strings.NewReader(secret[1])); w.Code == http.StatusTooManyRequests {
			over = i + 1
		}
	}
	mu.Lock()
	logged := buf.String()
	mu.Unlock()
	if over == 0 {
		t.Fatal("never rate-limited")
	}
	if got, want := strings.Count(logged, `"msg":"request"`), len(reqs)+over; got != want {
		t.Errorf("%d request records for %d requests:\n%s", got, want, logged)
	}
	for _, s := range append(secret, "zq", "marker", "10.1.2.3", url.QueryEscape(u), srv.srv.URL) {
		if strings.Contains(logged, s) {
			t.Errorf("the log holds %q", s)
		}
	}
	for _, s := range []string{`"status":413`, `"error_code":"rate_limited"`, `"error_code":"refused_private"`, `"error_code":"invalid_json"`, `"route":"GET /metrics"`,
		`"route":"GET /servers/{slug}"`, `"route":"GET /v1/security/flags/{id}"`, `"route":"POST /api/v1/shield/check"`, `"error_code":"unauthorized"`} {
		if !strings.Contains(logged, s) {
			t.Errorf("the log lacks %s", s)
		}
	}
	if t.Failed() {
		t.Log(logged)
	}
}

// Every POST route caps its body: one byte over the cap is 413.
func TestBodyCapEveryRoute(t *testing.T) {
	h := New(Config{MaxBodyBytes: 100})
	for _, path := range []string{"/v1/security/scan", "/v2/scan"} {
		body := `{"text": "` + strings.Repeat("a", 100) + `"}`
		status, v := call(t, h, "POST", path, body)
		if code := errorCode(t, v); status != http.StatusRequestEntityTooLarge || code != "body_too_large" {
			t.Errorf("%s: %d %s", path, status, code)
		}
	}
	// Any route's body is capped, also one that a later handler reads
	// without capping it itself.
	o := New(Config{MaxBodyBytes: 100}).(*ops)
	var err error
	o.next.mux.HandleFunc("GET /read-body", func(w http.ResponseWriter, r *http.Request) {
		_, err = io.ReadAll(r.Body)
	})
	// A body of no declared length (chunked) is read up to the cap; one
	// whose declared length is over it never reaches the handler (issue
	// 29: 413 before any read).
	rawCall(o, "GET", "/read-body", "192.0.2.1:1", io.MultiReader(strings.NewReader(strings.Repeat("a", 1000))))
	var mbe *http.MaxBytesError
	if !errors.As(err, &mbe) {
		t.Errorf("reading a 1000-byte body under a 100-byte cap: %v", err)
	}
	err = nil
	if w := rawCall(o, "GET", "/read-body", "192.0.2.1:1", strings.NewReader(strings.Repeat("a", 1000))); w.Code != http.StatusRequestEntityTooLarge || err != nil {
		t.Errorf("a declared 1000-byte body under a 100-byte cap: %d, %v", w.Code, err)
	}
}
