package precall

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/probe"
)

// noResolver fails the test on any lookup: these tests name loopback
// addresses only.
type noResolver struct{ t testing.TB }

func (r noResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	r.t.Errorf("asked to resolve %q", host)
	return nil, errors.New("no resolver in tests")
}

// testGuard is the command line's guard (loopback allowed) with a dialer
// that fails the test when asked for anything outside 127.0.0.0/8 and ::1.
func testGuard(t testing.TB, p guard.Policy) *guard.Guard {
	return &guard.Guard{Policy: p, Resolver: noResolver{t}, Dialer: &net.Dialer{
		ControlContext: func(_ context.Context, network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !guard.IsLoopback(ap.Addr()) {
				t.Errorf("asked to dial %s %s, outside loopback", network, address)
				return errors.New("not loopback")
			}
			return nil
		}}}
}

func noop(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type tool struct{ name, desc, schema string }

// sdkServer serves an MCP server built with the official Go SDK on
// loopback.
func sdkServer(t testing.TB, name, version string, opts *mcp.ServerOptions, tools ...tool) *httptest.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: name, Version: version}, opts)
	for _, tl := range tools {
		schema := tl.schema
		if schema == "" {
			schema = `{"type":"object"}`
		}
		s.AddTool(&mcp.Tool{Name: tl.name, Description: tl.desc, InputSchema: json.RawMessage(schema)}, noop)
	}
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv
}

func check(t *testing.T, c *Checker, url, tool string) *Answer {
	t.Helper()
	a, err := c.Check(context.Background(), url, tool)
	if err != nil {
		t.Fatalf("Check(%s): %v", url, err)
	}
	return a
}

func TestCheckUnregistered(t *testing.T) {
	srv := sdkServer(t, "weather", "2.0", &mcp.ServerOptions{Instructions: "Use forecast\u200b first."},
		tool{"forecast", "The forecast for a city.", `{"type":"object","properties":{"city":{"type":"string","description":"a city\u2060"}}}`},
		tool{"alerts", "Weather alerts.", ""})
	c := &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}
	a := check(t, c, srv.URL+"/mcp", "forecast")
	if a.Registered || !a.CheckedNotRegistered || a.Registration != nil {
		t.Errorf("registered %v, checked_not_registered %v, registration %v", a.Registered, a.CheckedNotRegistered, a.Registration)
	}
	if a.EffectiveURL == nil || *a.EffectiveURL != srv.URL+"/mcp" || len(a.Redirects) != 0 {
		t.Errorf("effective %v, redirects %v", a.EffectiveURL, a.Redirects)
	}
	if a.Server == nil || a.Server.Name != "weather" || *a.Server.Version != "2.0" || a.Server.ProtocolVersion != "2025-03-26" ||
		*a.Server.AnsweringURL != srv.URL+"/mcp" || a.Server.Basis != BasisServed {
		t.Errorf("server %+v", a.Server)
	}
	// The live fingerprint, computed the way §7 says, with a null version.
	d := &fingerprint.Definitions{Server: fingerprint.Server{Name: "weather", Version: a.Server.Version}}
	d.Tools, _ = fingerprint.ParseTools([]byte(`[{"name":"forecast","description":"The forecast for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string","description":"a city\u2060"}}}},{"name":"alerts","description":"Weather alerts.","inputSchema":{"type":"object"}}]`))
	fingerprint.SortTools(d.Tools)
	want, _ := fingerprint.Fingerprint(d)
	if a.Integrity.Status != fingerprint.NotRegistered || a.Integrity.Fingerprint == nil || *a.Integrity.Fingerprint != want ||
		a.Integrity.FingerprintVersion != nil || a.Integrity.Diff != nil || a.Integrity.Note != IntegrityNote {
		t.Errorf("integrity %+v, want fingerprint %s", a.Integrity, want)
	}
	// The scan: the zero-width space of the instructions and the
	// invisible times of a schema string, located.
	if a.Scan.Status != ScanFlagged || len(a.Scan.Findings) != 2 || len(a.Scan.FlagIDs) != 0 {
		t.Fatalf("scan %+v", a.Scan)
	}
	sch, ins := a.Scan.Findings[0], a.Scan.Findings[1]
	if *sch.Tool != "forecast" || sch.Field != FieldInputSchema || sch.Path != "/properties/city/description" || sch.Finding.Class != "zero_width" || sch.Finding.Start != 6 {
		t.Errorf("schema finding %+v", sch)
	}
	if ins.Tool != nil || ins.Field != FieldInstructions || ins.Finding.Class != "zero_width" || ins.Finding.Start != 12 {
		t.Errorf("instructions finding %+v", ins)
	}
	if a.ToolFocus == nil || a.ToolFocus.Tool != "forecast" || !*a.ToolFocus.Offered || *a.ToolFocus.Basis != BasisServed {
		t.Errorf("tool focus %+v", a.ToolFocus)
	}
	if a.Flags.Status != FlagsNone || len(a.Flags.StandingFlagIDs) != 0 || a.Reviews.Total != 0 || a.Reviews.CurrentAverage != nil || a.Note != Note {
		t.Errorf("flags %+v reviews %+v note %q", a.Flags, a.Reviews, a.Note)
	}
	if a := check(t, c, srv.URL+"/mcp", "nosuch"); *a.ToolFocus.Offered {
		t.Errorf("a tool not offered: %+v", a.ToolFocus)
	}
	if a := check(t, c, srv.URL+"/mcp", ""); a.ToolFocus != nil {
		t.Errorf("no tool asked: %+v", a.ToolFocus)
	}
}

// The answer's JSON carries exactly §9's fields, in order, lists never
// null.
func TestAnswerJSONFields(t *testing.T) {
	srv := sdkServer(t, "s", "1", nil, tool{"t", "d", ""})
	a := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, srv.URL, "t")
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.Token()
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	want := []string{"url", "effective_url", "redirects", "registered", "checked_not_registered", "server", "registration",
		"integrity", "scan", "flags", "reviews", "shadowing_warnings", "tool_focus", "note"}
	if d := cmp.Diff(want, keys); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	for _, s := range []string{`"redirects":[]`, `"findings":[]`, `"flag_ids":[]`, `"standing_flag_ids":[]`, `"shadowing_warnings":[]`,
		`"fingerprint_version":null`, `"registration":null`, `"status":"not_registered"`} {
		if !strings.Contains(string(b), s) {
			t.Errorf("no %s in %s", s, b)
		}
	}
}

// A server that pages its tools/list: every page is read.
func TestCheckPaginating(t *testing.T) {
	srv := sdkServer(t, "paged", "1", &mcp.ServerOptions{PageSize: 1},
		tool{"a", "first", ""}, tool{"b", "second", ""}, tool{"c", "thi\u200brd", ""})
	a := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, srv.URL, "c")
	if !*a.ToolFocus.Offered || a.Scan.Status != ScanFlagged || len(a.Scan.Findings) != 1 || *a.Scan.Findings[0].Tool != "c" ||
		a.Scan.Findings[0].Field != FieldDescription {
		t.Errorf("tool focus %+v, scan %+v", a.ToolFocus, a.Scan)
	}
}

// A URL that redirects: the chain is listed, and the identity is the
// answering server's, disclosed as such.
func TestCheckRedirecting(t *testing.T) {
	srv := sdkServer(t, "target", "3", nil, tool{"t", "d", ""})
	hop := httptest.NewServer(http.RedirectHandler(srv.URL+"/mcp", http.StatusPermanentRedirect))
	defer hop.Close()
	a := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, hop.URL+"/old", "t")
	want := []guard.Redirect{{From: hop.URL + "/old", To: srv.URL + "/mcp", Status: 308}}
	if d := cmp.Diff(want, a.Redirects); d != "" || *a.EffectiveURL != srv.URL+"/mcp" || a.URL != hop.URL+"/old" {
		t.Errorf("redirects (-want +got):\n%s effective %v", d, *a.EffectiveURL)
	}
	if a.Server.Name != "target" || *a.Server.AnsweringURL != srv.URL+"/mcp" || !strings.Contains(a.Integrity.Detail, "answering server at "+srv.URL+"/mcp") {
		t.Errorf("server %+v, detail %q", a.Server, a.Integrity.Detail)
	}
}

func TestCheckRefused(t *testing.T) {
	srv := sdkServer(t, "s", "1", nil, tool{"t", "d", ""})
	for _, c := range []struct {
		url    string
		p      guard.Policy
		reason error
	}{
		{srv.URL, guard.Policy{}, guard.ErrLoopback}, // a server's policy
		{"https://10.0.0.1/mcp", guard.Policy{AllowLoopback: true}, guard.ErrPrivate},
		{"http://2130706433/", guard.Policy{}, guard.ErrLoopback},
		{"", guard.Policy{AllowLoopback: true}, guard.ErrURL},
		{"ftp://127.0.0.1/", guard.Policy{AllowLoopback: true}, guard.ErrScheme},
	} {
		_, err := (&Checker{Guard: testGuard(t, c.p)}).Check(context.Background(), c.url, "")
		var re *guard.RefusedError
		if !errors.Is(err, c.reason) || !errors.As(err, &re) {
			t.Errorf("%q: got %v, want a refusal for %v", c.url, err, c.reason)
		}
	}
	// A sixth redirect is refused, not unreachable.
	var loop *httptest.Server
	loop = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, loop.URL+r.URL.Path+"x", http.StatusTemporaryRedirect)
	}))
	defer loop.Close()
	_, err := (&Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}).Check(context.Background(), loop.URL+"/", "")
	if !errors.Is(err, guard.ErrRedirects) {
		t.Errorf("redirect loop: %v", err)
	}
}

func TestCheckUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	a := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, url, "t")
	if a.Integrity.Status != fingerprint.Unreachable || a.Integrity.Fingerprint != nil || a.Server != nil || a.EffectiveURL != nil ||
		a.Scan.Status != ScanNotRun || a.ToolFocus == nil || a.ToolFocus.Offered != nil || a.ToolFocus.Basis != nil || !a.CheckedNotRegistered {
		t.Errorf("answer %+v", a)
	}
	// Not MCP at all: unreachable too.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>")) }))
	defer srv.Close()
	if a := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, srv.URL, ""); a.Integrity.Status != fingerprint.Unreachable {
		t.Errorf("a web page: %+v", a.Integrity)
	}
}

// registry is an in-memory Registry of recorded offers and flags.
type registry struct {
	offers []Offer
	flags  map[string][]string
}

func (r *registry) Server(context.Context, string) (*Registered, error) { return nil, nil }
func (r *registry) Offers(_ context.Context, names []string) ([]Offer, error) {
	var out []Offer
	for _, o := range r.offers {
		for _, n := range names {
			if o.Tool.Name == n {
				out = append(out, o)
			}
		}
	}
	return out, nil
}
func (r *registry) StandingFlags(_ context.Context, url string) ([]string, error) {
	return r.flags[url], nil
}

// Two servers colliding on a tool name: the one recorded in the registry
// is named in the warning of the other's answer; an identical definition
// does not warn.
func TestCheckCollisions(t *testing.T) {
	g := testGuard(t, guard.Policy{AllowLoopback: true})
	a := sdkServer(t, "search-a", "1", nil, tool{"search", "Search the web.", ""}, tool{"fetch", "Fetch a page.", ""})
	b := sdkServer(t, "search-b", "1", nil, tool{"search", "Search the files on this machine.", ""}, tool{"fetch", "Fetch a page.", ""})
	// B's recorded definitions, as its registration would have kept them.
	defs, err := probeDefs(t, g, b.URL)
	if err != nil {
		t.Fatal(err)
	}
	listing := "store:search-b"
	other := Other{Slug: "search-b", URL: b.URL, ServerName: "search-b", LinkedStoreListing: &listing, PageURL: "https://registry.example/servers/search-b"}
	reg := &registry{flags: map[string][]string{a.URL: {"flg_0123456789abcdef0123"}}}
	for _, tl := range defs.Tools {
		reg.offers = append(reg.offers, Offer{Server: other, Tool: tl})
	}
	ans := check(t, &Checker{Guard: g, Registry: reg}, a.URL, "search")
	want := []Warning{{Tool: "search", Others: []Other{other}, Note: WarningNote}}
	if d := cmp.Diff(want, ans.ShadowingWarnings); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
	if ans.Flags.Status != FlagsStanding || len(ans.Flags.StandingFlagIDs) != 1 {
		t.Errorf("flags %+v", ans.Flags)
	}
	// Checking B itself: its own records are not another server.
	if ans := check(t, &Checker{Guard: g, Registry: reg}, b.URL, ""); len(ans.ShadowingWarnings) != 0 {
		t.Errorf("B against its own records: %+v", ans.ShadowingWarnings)
	}
}

func probeDefs(t *testing.T, g *guard.Guard, url string) (*fingerprint.Definitions, error) {
	t.Helper()
	client := g.Client()
	defer client.CloseIdleConnections()
	d, err := (&probe.HTTP{URL: url, Client: client}).Probe(context.Background())
	if err == nil {
		err = fingerprint.SortTools(d.Tools)
	}
	return d, err
}

// An asked URL that redirects to a server of the older HTTP+SSE transport:
// the probe posts its messages to the endpoint on the answering origin
// (probe resolves it against the effective URL), and the answer names that
// server as the answering one.
func TestCheckRedirectToSSE(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "t", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	b := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(b.Close)
	a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, b.URL+"/sse", http.StatusTemporaryRedirect)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(a.Close)
	ans := check(t, &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true})}, a.URL+"/old", "t")
	if ans.Integrity.Status != fingerprint.NotRegistered || ans.Server == nil || ans.Server.Name != "legacy" {
		t.Fatalf("integrity %+v, server %+v", ans.Integrity, ans.Server)
	}
	if ans.EffectiveURL == nil || *ans.EffectiveURL != b.URL+"/sse" || len(ans.Redirects) != 1 || *ans.Server.AnsweringURL != b.URL+"/sse" {
		t.Errorf("effective %v, redirects %+v", ans.EffectiveURL, ans.Redirects)
	}
}
