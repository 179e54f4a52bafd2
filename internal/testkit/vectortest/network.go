package vectortest

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"testing"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/vectors"
)

// RedirectFile mirrors schemas/precall_redirect_test_schema_v1.json
// (precall/redirects.json).
type RedirectFile struct {
	Schema        string          `json:"schema"`
	Spec          json.RawMessage `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]struct {
		Description string `json:"description"`
		Effect      string `json:"effect"`
	} `json:"notes"`
	TestGroups []RedirectGroup `json:"testGroups"`
}

// RedirectGroup is a group of redirects.json: RegisterRedirectTest tests
// (Register) or RegisteredAnswerRedirectTest tests (Registered).
type RedirectGroup struct {
	Type   string `json:"type"`
	Policy struct {
		AllowLoopback bool `json:"allow_loopback"`
	} `json:"policy"`
	Tests []RedirectTest `json:"tests"`
}

// RedirectTest is one test of redirects.json; the fields of the other
// group type are empty.
type RedirectTest struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Spec    []string `json:"spec"`
	URL     string   `json:"url"`
	Tool    string   `json:"tool,omitempty"`
	// Registration and Recorded set up a RegisteredAnswerRedirectTest.
	Registration *struct {
		Slug               string  `json:"slug"`
		PageURL            string  `json:"page_url"`
		PublisherStatus    string  `json:"publisher_status"`
		LinkedStoreListing *string `json:"linked_store_listing"`
		FirstSeen          string  `json:"first_seen"`
	} `json:"registration,omitempty"`
	Recorded *Served `json:"recorded,omitempty"`
	Network  Network `json:"network"`
	// Expected is the outcome of a registration, or the §9 answer.
	Expected json.RawMessage `json:"expected"`
	// ExpectedRegistry is the registry after a check.
	ExpectedRegistry *struct {
		FingerprintVersion int `json:"fingerprint_version"`
		Changes            int `json:"changes"`
	} `json:"expected_registry,omitempty"`
	Result string   `json:"result"`
	Flags  []string `json:"flags"`
}

// RegisterOutcome is the expected outcome of a RegisterRedirectTest.
type RegisterOutcome struct {
	Outcome            string           `json:"outcome"` // registered, redirects or refused
	FingerprintVersion int              `json:"fingerprint_version,omitempty"`
	Destination        string           `json:"destination,omitempty"`
	Reason             string           `json:"reason,omitempty"`
	Hop                *int             `json:"hop,omitempty"`
	Redirects          []guard.Redirect `json:"redirects,omitempty"`
}

// Hop is one redirect of a chain, as the vectors write it.
type Hop = guard.Redirect

// Network is what a probe meets in a redirect vector: names, redirects and
// MCP servers. Any other URL answers 404.
type Network struct {
	Resolve   map[string][]string `json:"resolve"`
	Responses []NetResponse       `json:"responses"`
	Servers   []NetServer         `json:"servers"`
}

// NetResponse is a redirect of a Network: every request for URL is
// answered with Status and Location.
type NetResponse struct {
	URL      string `json:"url"`
	Status   int    `json:"status"`
	Location string `json:"location"`
}

// NetServer is an MCP server of a Network, at its URL.
type NetServer struct {
	URL    string `json:"url"`
	Served Served `json:"served"`
}

// Served is what an MCP server serves, its values kept as the vector
// writes them (a lone surrogate escape stays one).
type Served struct {
	Server          json.RawMessage `json:"server"`
	ProtocolVersion string          `json:"protocol_version"`
	Instructions    json.RawMessage `json:"instructions"`
	Tools           json.RawMessage `json:"tools"`
}

// redirectFlags is the harness's policy for the flags of redirects.json:
// each labels a valid test.
var redirectFlags = map[string]bool{"ChangedWithoutDiff": true, "PostBecomesGet": true}

// Redirects loads precall/redirects.json, strictly, failing the test on a
// missing corpus, an unknown group type, result or flag.
func Redirects(t testing.TB) *RedirectFile {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), "precall/redirects.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f RedirectFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("precall/redirects.json: %v", err)
	}
	n := 0
	for _, g := range f.TestGroups {
		if g.Type != "RegisterRedirectTest" && g.Type != "RegisteredAnswerRedirectTest" {
			t.Fatalf("precall/redirects.json: group type %q", g.Type)
		}
		for _, v := range g.Tests {
			n++
			if v.Result != "valid" {
				t.Fatalf("#%d: result %q: no policy for it", v.TcID, v.Result)
			}
			for _, fl := range v.Flags {
				if !redirectFlags[fl] {
					t.Fatalf("#%d: flag %q: no policy for it", v.TcID, fl)
				}
			}
		}
	}
	if n == 0 || n != f.NumberOfTests {
		t.Fatalf("precall/redirects.json: %d tests, numberOfTests %d", n, f.NumberOfTests)
	}
	return &f
}

// Name is the subtest name of a test: "redirects.json/#tcId comment".
func (v *RedirectTest) Name() string { return fmt.Sprintf("redirects.json/#%d %s", v.TcID, v.Comment) }

// Serving is a Network served from loopback. Guard gives the guard to
// probe it with.
type Serving struct {
	t             testing.TB
	n             *Network
	plain, secure *httptest.Server
}

// Serve serves n from loopback until the test ends: an http and an https
// listener whose handler answers by the URL asked (scheme, host and
// path): a redirect of Responses, an MCP server of Servers (the
// Streamable HTTP transport, JSON responses, the values as the vector
// writes them), or 404.
func (n *Network) Serve(t testing.TB) *Serving {
	t.Helper()
	s := &Serving{t: t, n: n}
	h := http.HandlerFunc(s.serveHTTP)
	s.plain, s.secure = httptest.NewServer(h), httptest.NewTLSServer(h)
	t.Cleanup(s.plain.Close)
	t.Cleanup(s.secure.Close)
	return s
}

// Guard returns a guard with policy p for the network: names resolve as
// Resolve says (a name not listed does not resolve), and every connection
// the guard allows — its connect-time check applied to the address it
// chose — reaches the https listener for port 443 and the http one
// otherwise. A dial outside loopback fails the test.
func (s *Serving) Guard(p guard.Policy) *guard.Guard {
	d := &net.Dialer{ControlContext: s.loopbackOnly}
	return &guard.Guard{
		Policy:    p,
		Resolver:  resolver(s.n.Resolve),
		Dialer:    d,
		TLSConfig: &tls.Config{InsecureSkipVerify: true}, // the listeners' own certificate, for every name
		Connect: func(ctx context.Context, network, address string) (net.Conn, error) {
			to := s.plain.Listener.Addr().String()
			if ap, err := netip.ParseAddrPort(address); err == nil && ap.Port() == 443 {
				to = s.secure.Listener.Addr().String()
			}
			return d.DialContext(ctx, "tcp", to)
		},
	}
}

func (s *Serving) loopbackOnly(_ context.Context, network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !guard.IsLoopback(ap.Addr()) {
		s.t.Errorf("asked to dial %s %s, outside loopback", network, address)
		return errors.New("vectortest: not loopback")
	}
	return nil
}

type resolver map[string][]string

func (r resolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, a := range r[strings.TrimSuffix(strings.ToLower(host), ".")] {
		ip, err := netip.ParseAddr(a)
		if err != nil {
			return nil, err
		}
		out = append(out, ip)
	}
	if len(out) == 0 {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return out, nil
}

func (s *Serving) serveHTTP(w http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	u := scheme + "://" + r.Host + r.URL.RequestURI()
	for _, rd := range s.n.Responses {
		if rd.URL == u {
			w.Header().Set("Location", rd.Location)
			w.WriteHeader(rd.Status)
			return
		}
	}
	for i := range s.n.Servers {
		if s.n.Servers[i].URL == u {
			serveMCP(w, r, &s.n.Servers[i].Served)
			return
		}
	}
	http.NotFound(w, r)
}

// serveMCP answers one request of MCP's Streamable HTTP transport with
// JSON: initialize, the initialized notification, tools/list (one page),
// and the end of a session.
func serveMCP(w http.ResponseWriter, r *http.Request, s *Served) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		return
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := json.Unmarshal(body, &msg); err != nil {
		http.Error(w, "not JSON-RPC", http.StatusBadRequest)
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	var result []byte
	switch msg.Method {
	case "initialize":
		pv, _ := json.Marshal(s.ProtocolVersion)
		result = fmt.Appendf(nil, `{"protocolVersion":%s,"capabilities":{"tools":{}},"serverInfo":%s,"instructions":%s}`, pv, s.Server, s.Instructions)
	case "tools/list":
		result = fmt.Appendf(nil, `{"tools":%s}`, s.Tools)
	default:
		result = []byte(`{}`)
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, msg.ID, result)
}

// Answer prepares a §9 answer, decoded as generic JSON, for comparison with
// a vector's expected answer: it checks that every prose field
// (integrity.detail and every note) is a non-empty string and removes it,
// removes the findings' extension offsets, and replaces each flag id (flg_
// and 20 lowercase hex) with the placeholder (<flag N>) want has at the
// same place, failing the test when one id stands for two placeholders.
func Answer(t testing.TB, got map[string]any, want any) {
	t.Helper()
	prose(t, got, "note", "answer")
	for _, k := range []string{"integrity", "scan", "flags", "reviews"} {
		if m, ok := got[k].(map[string]any); ok {
			prose(t, m, "note", k)
		}
	}
	if m, ok := got["integrity"].(map[string]any); ok {
		prose(t, m, "detail", "integrity")
	}
	ws, _ := got["shadowing_warnings"].([]any)
	for i, w := range ws {
		prose(t, w.(map[string]any), "note", fmt.Sprintf("warning %d", i))
	}
	if sc, ok := got["scan"].(map[string]any); ok {
		fs, _ := sc["findings"].([]any)
		for _, l := range fs {
			f := l.(map[string]any)["finding"].(map[string]any)
			for _, ext := range []string{"byte_start", "byte_end", "utf16_start", "utf16_end"} {
				delete(f, ext)
			}
		}
	}
	Placeholders(t, any(got), want, map[string]string{})
}

func prose(t testing.TB, m map[string]any, key, where string) {
	t.Helper()
	if s, ok := m[key].(string); !ok || s == "" {
		t.Errorf("%s.%s: got %v, want a non-empty string", where, key, m[key])
	}
	delete(m, key)
}

func isFlagID(s string) bool {
	if len(s) != 24 || !strings.HasPrefix(s, "flg_") {
		return false
	}
	for _, c := range s[4:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Placeholders replaces, in got (decoded JSON), each flag id with the
// placeholder ("<flag …>") of want at the same place, and fails the test
// when one id stands for two placeholders; ids carries what it has seen.
func Placeholders(t testing.TB, got, want any, ids map[string]string) any {
	switch g := got.(type) {
	case map[string]any:
		w, _ := want.(map[string]any)
		for k, v := range g {
			g[k] = Placeholders(t, v, w[k], ids)
		}
	case []any:
		w, _ := want.([]any)
		for i, v := range g {
			var wi any
			if i < len(w) {
				wi = w[i]
			}
			g[i] = Placeholders(t, v, wi, ids)
		}
	case string:
		ph, ok := want.(string)
		if isFlagID(g) && ok && strings.HasPrefix(ph, "<flag ") {
			if prev, seen := ids[g]; seen && prev != ph {
				t.Errorf("flag %s is both %s and %s", g, prev, ph)
			}
			ids[g] = ph
			return ph
		}
	}
	return got
}

// RegisteredFile mirrors schemas/precall_registered_test_schema_v1.json
// (precall/registered.json).
type RegisteredFile struct {
	Schema        string          `json:"schema"`
	Spec          json.RawMessage `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]any  `json:"notes"`
	TestGroups    []struct {
		Type  string           `json:"type"`
		Tests []RegisteredTest `json:"tests"`
	} `json:"testGroups"`
}

// RegisteredTest is one test of registered.json.
type RegisteredTest struct {
	TcID         int      `json:"tcId"`
	Comment      string   `json:"comment"`
	Spec         []string `json:"spec"`
	URL          string   `json:"url"`
	Tool         string   `json:"tool,omitempty"`
	Registration struct {
		Slug               string  `json:"slug"`
		PageURL            string  `json:"page_url"`
		PublisherStatus    string  `json:"publisher_status"`
		LinkedStoreListing *string `json:"linked_store_listing"`
		FirstSeen          string  `json:"first_seen"`
	} `json:"registration"`
	Recorded Served `json:"recorded"`
	Reviews  []struct {
		FingerprintVersion int `json:"fingerprint_version"`
		Rating             int `json:"rating"`
	} `json:"reviews"`
	Others []struct {
		URL                string  `json:"url"`
		Slug               string  `json:"slug"`
		PageURL            string  `json:"page_url"`
		LinkedStoreListing *string `json:"linked_store_listing"`
		Served             Served  `json:"served"`
	} `json:"others"`
	Probe struct {
		Unreachable bool    `json:"unreachable,omitempty"`
		Served      *Served `json:"served,omitempty"`
	} `json:"probe"`
	Expected json.RawMessage `json:"expected"`
	Result   string          `json:"result"`
	Flags    []string        `json:"flags"`
}

// Name is the subtest name of a test: "registered.json/#tcId comment".
func (v *RegisteredTest) Name() string {
	return fmt.Sprintf("registered.json/#%d %s", v.TcID, v.Comment)
}

// Registered loads precall/registered.json, strictly, failing the test on
// a missing corpus, a result other than valid or any flag.
func Registered(t testing.TB) *RegisteredFile {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), "precall/registered.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f RegisteredFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("precall/registered.json: %v", err)
	}
	n := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			n++
			if g.Type != "RegisteredAnswerTest" || v.Result != "valid" || len(v.Flags) > 0 {
				t.Fatalf("#%d: group %q, result %q, flags %v: no policy for them", v.TcID, g.Type, v.Result, v.Flags)
			}
		}
	}
	if n == 0 || n != f.NumberOfTests {
		t.Fatalf("precall/registered.json: %d tests, numberOfTests %d", n, f.NumberOfTests)
	}
	return &f
}

// PublicAddr is the address a network built by ServedAt resolves every
// name to: a public one, never dialed (every connection reaches the
// loopback listeners).
const PublicAddr = "93.184.215.14"

// ServedAt is a network where each URL's host resolves to PublicAddr and
// each URL serves what is given (nil: nothing, a 404).
func ServedAt(servers map[string]*Served) *Network {
	n := &Network{Resolve: map[string][]string{}}
	for u, s := range servers {
		if p, err := url.Parse(u); err == nil {
			n.Resolve[strings.ToLower(p.Hostname())] = []string{PublicAddr}
		}
		if s != nil {
			n.Servers = append(n.Servers, NetServer{u, *s})
		}
	}
	return n
}

// AnswerTest is one test of precall/answers.json (the unregistered
// answer), as the runners that probe for real read it.
type AnswerTest struct {
	TcID    int             `json:"tcId"`
	Comment string          `json:"comment"`
	Spec    []string        `json:"spec"`
	URL     string          `json:"url"`
	Tool    json.RawMessage `json:"tool,omitempty"`
	Probe   struct {
		Unreachable  bool    `json:"unreachable,omitempty"`
		EffectiveURL string  `json:"effective_url,omitempty"`
		Redirects    []Hop   `json:"redirects,omitempty"`
		Served       *Served `json:"served,omitempty"`
	} `json:"probe"`
	Recorded      []json.RawMessage `json:"recorded,omitempty"`
	StandingFlags []string          `json:"standing_flags,omitempty"`
	Expected      json.RawMessage   `json:"expected"`
	Result        string            `json:"result"`
	Flags         []string          `json:"flags"`
}

// Name is the subtest name of a test: "answers.json/#tcId comment".
func (v *AnswerTest) Name() string { return fmt.Sprintf("answers.json/#%d %s", v.TcID, v.Comment) }

// Answers loads the tests of precall/answers.json, failing the test on a
// missing corpus, a result other than valid or any flag.
func Answers(t testing.TB) []AnswerTest {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), "precall/answers.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f struct {
		TestGroups []struct {
			Type  string       `json:"type"`
			Tests []AnswerTest `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("precall/answers.json: %v", err)
	}
	var out []AnswerTest
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			if g.Type != "UnregisteredAnswerTest" || v.Result != "valid" || len(v.Flags) > 0 {
				t.Fatalf("#%d: group %q, result %q, flags %v: no policy for them", v.TcID, g.Type, v.Result, v.Flags)
			}
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		t.Fatal("precall/answers.json: no tests")
	}
	return out
}

// Network returns the network that gives the test's probe for real: each
// redirect answered, every name resolving to PublicAddr but the last
// one's when the probe is unreachable, the definitions served at the
// effective URL. It returns a reason instead when the probe cannot be
// given by a network and a check that probes: a redirect that turns the
// probe's POST into a GET (301, 302, 303), a registry the answer reads
// (recorded definitions, standing flags with the store's own ids), or a
// tool name that a command-line argument or a query parameter (UTF-8)
// cannot carry.
func (v *AnswerTest) Network() (*Network, string) {
	switch {
	case len(v.Recorded) > 0 || len(v.StandingFlags) > 0:
		return nil, "the answer reads a registry"
	case bytes.Contains(bytes.ToLower(v.Tool), []byte(`\ud`)):
		return nil, "the tool name holds a lone surrogate"
	}
	n := &Network{Resolve: map[string][]string{}}
	urls := []string{v.URL}
	for _, h := range v.Probe.Redirects {
		if h.Status != http.StatusTemporaryRedirect && h.Status != http.StatusPermanentRedirect {
			return nil, fmt.Sprintf("a %d redirect turns the probe's POST into a GET", h.Status)
		}
		n.Responses = append(n.Responses, NetResponse{h.From, h.Status, h.To})
		urls = append(urls, h.To)
	}
	if v.Probe.Unreachable {
		urls = urls[:len(urls)-1] // where it lands does not resolve
	} else {
		n.Servers = append(n.Servers, NetServer{URL: v.Probe.EffectiveURL, Served: *v.Probe.Served})
	}
	for _, u := range urls {
		if p, err := url.Parse(u); err == nil {
			n.Resolve[strings.ToLower(p.Hostname())] = []string{PublicAddr}
		}
	}
	return n, ""
}
