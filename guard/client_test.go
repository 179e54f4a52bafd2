package guard

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeNet is the only network these tests have: an injected resolver, a
// dialer control that fails the test when asked for anything outside
// 127.0.0.0/8 and ::1, and "public" addresses that are never dialed for
// real — a connection to one is a connection to a loopback listener,
// made only after the guard's connect-time check passed it.
type fakeNet struct {
	t      *testing.T
	mu     sync.Mutex
	names  map[string][]netip.Addr
	public map[netip.AddrPort]string
	dialed []string
}

func newFakeNet(t *testing.T) *fakeNet {
	return &fakeNet{t: t, names: map[string][]netip.Addr{}, public: map[netip.AddrPort]string{}}
}

func (n *fakeNet) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if !strings.HasSuffix(host, ".") {
		n.t.Errorf("lookup of %q: not fully qualified", host)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	a, ok := n.names[strings.TrimSuffix(host, ".")]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return a, nil
}

func (n *fakeNet) setName(name string, addrs ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.names[name] = nil
	for _, a := range addrs {
		n.names[name] = append(n.names[name], netip.MustParseAddr(a))
	}
}

// serve makes a public address:port answer from a loopback listener.
func (n *fakeNet) serve(public string, srv *httptest.Server) {
	n.public[netip.MustParseAddrPort(public)] = srv.Listener.Addr().String()
}

func (n *fakeNet) loopbackOnly(ctx context.Context, network, address string, c syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !IsLoopback(ap.Addr()) || ap.Addr().Is4In6() {
		n.t.Errorf("asked to dial %s %s, outside loopback", network, address)
		return errors.New("test network: not loopback")
	}
	return nil
}

func (n *fakeNet) guard(p Policy, tlsConfig *tls.Config) *Guard {
	g := &Guard{Policy: p, Resolver: n, Dialer: &net.Dialer{ControlContext: n.loopbackOnly}, TLSConfig: tlsConfig}
	g.connect = func(ctx context.Context, d *net.Dialer, network, address string) (net.Conn, error) {
		n.mu.Lock()
		n.dialed = append(n.dialed, address)
		n.mu.Unlock()
		ap := netip.MustParseAddrPort(address)
		if to, ok := n.public[ap]; ok {
			if err := g.control(ctx, network, address); err != nil {
				return nil, err
			}
			return (&net.Dialer{ControlContext: n.loopbackOnly}).DialContext(ctx, "tcp", to)
		}
		return d.DialContext(ctx, network, address)
	}
	return g
}

func (n *fakeNet) dials() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]string(nil), n.dialed...)
}

// counted is a handler that counts its requests.
type counted struct {
	n atomic.Int32
	h http.HandlerFunc
}

func (c *counted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.n.Add(1)
	c.h(w, r)
}

func ok(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }

func get(t *testing.T, c *http.Client, ctx context.Context, u string) (string, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func wantRefused(t *testing.T, err error, reason *Reason) *RefusedError {
	t.Helper()
	var re *RefusedError
	if !errors.Is(err, reason) || !errors.As(err, &re) {
		t.Fatalf("got %v, want a refusal for %v", err, reason)
	}
	return re
}

func TestLoopbackSpellingsAllowed(t *testing.T) {
	h := &counted{h: ok}
	srv := httptest.NewServer(h)
	defer srv.Close()
	n := newFakeNet(t)
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	for _, host := range []string{"127.0.0.1", "127.1", "2130706433", "0x7f.1", "0177.0.0.1", "localhost", "localhost.", "[::ffff:127.0.0.1]"} {
		c := n.guard(Policy{AllowLoopback: true}, nil).Client()
		u := "http://" + host + ":" + strconv.Itoa(port) + "/"
		if body, err := get(t, c, context.Background(), u); err != nil || body != "ok" {
			t.Errorf("%s: got %q, %v", u, body, err)
		}
	}
}

func TestLoopbackRefusedByDefault(t *testing.T) {
	h := &counted{h: ok}
	srv := httptest.NewServer(h)
	defer srv.Close()
	n := newFakeNet(t)
	port := strconv.Itoa(srv.Listener.Addr().(*net.TCPAddr).Port)
	for _, host := range []string{"127.0.0.1", "127.1", "2130706433", "localhost", "app.localhost", "[::1]", "[::ffff:127.0.0.1]"} {
		c := n.guard(Policy{}, nil).Client()
		_, err := get(t, c, context.Background(), "http://"+host+":"+port+"/")
		wantRefused(t, err, ErrLoopback)
	}
	if h.n.Load() != 0 || len(n.dials()) != 0 {
		t.Errorf("refused, yet %d requests served and %v dialed", h.n.Load(), n.dials())
	}
}

// tlsPublic serves https for example.com (the test certificate's name) at
// a public address that is never dialed for real.
func tlsPublic(t *testing.T, n *fakeNet, h http.Handler) (*httptest.Server, *tls.Config) {
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	n.setName("example.com", "93.184.215.14")
	n.serve("93.184.215.14:443", srv)
	return srv, srv.Client().Transport.(*http.Transport).TLSClientConfig
}

// Issue 21: a public origin redirecting into loopback is refused, even
// where loopback is allowed, and nothing is sent there.
func TestPublicOriginRedirectToLoopbackRefused(t *testing.T) {
	local := &counted{h: ok}
	lsrv := httptest.NewServer(local)
	defer lsrv.Close()
	lport := strconv.Itoa(lsrv.Listener.Addr().(*net.TCPAddr).Port)
	for _, to := range []string{
		"http://127.0.0.1:" + lport + "/",
		"http://localhost:" + lport + "/",
		"http://2130706433:" + lport + "/",
		"https://[::1]:" + lport + "/",
		"http://[::ffff:127.0.0.1]:" + lport + "/",
	} {
		n := newFakeNet(t)
		_, cfg := tlsPublic(t, n, http.RedirectHandler(to, http.StatusFound))
		c := n.guard(Policy{AllowLoopback: true}, cfg).Client()
		_, err := get(t, c, context.Background(), "https://example.com/")
		re := wantRefused(t, err, ErrLoopback)
		if re.Hop != 1 || len(re.Redirects) != 1 || re.Redirects[0].To != to {
			t.Errorf("%s: hop %d, chain %+v", to, re.Hop, re.Redirects)
		}
		if got := n.dials(); len(got) != 1 || got[0] != "93.184.215.14:443" {
			t.Errorf("%s: dialed %v", to, got)
		}
	}
	if local.n.Load() != 0 {
		t.Errorf("the loopback server was reached %d times", local.n.Load())
	}
}

// A name resolving to loopback is no loopback origin either.
func TestNameResolvingToLoopbackGetsNoHTTP(t *testing.T) {
	n := newFakeNet(t)
	n.setName("rebind.example.com", "127.0.0.1")
	_, err := get(t, n.guard(Policy{AllowLoopback: true}, nil).Client(), context.Background(), "http://rebind.example.com:80/")
	wantRefused(t, err, ErrScheme)
	_, err = get(t, n.guard(Policy{}, nil).Client(), context.Background(), "https://rebind.example.com/")
	wantRefused(t, err, ErrLoopback)
	if len(n.dials()) != 0 {
		t.Errorf("dialed %v", n.dials())
	}
}

func TestPublicOrigin(t *testing.T) {
	n := newFakeNet(t)
	_, cfg := tlsPublic(t, n, http.HandlerFunc(ok))
	tr := &Trace{}
	body, err := get(t, n.guard(Policy{}, cfg).Client(), WithTrace(context.Background(), tr), "https://example.com/")
	if err != nil || body != "ok" {
		t.Fatalf("got %q, %v", body, err)
	}
	if tr.EffectiveURL() != "https://example.com/" || len(tr.Redirects()) != 0 || tr.Redirects() == nil {
		t.Errorf("trace: %q %#v", tr.EffectiveURL(), tr.Redirects())
	}
}

// A name with several addresses is refused when any is, and nothing is
// dialed (no first-answer luck).
func TestAnyRefusedAddressRefusesTheName(t *testing.T) {
	n := newFakeNet(t)
	_, cfg := tlsPublic(t, n, http.HandlerFunc(ok))
	for _, c := range []struct {
		addrs  []string
		reason *Reason
	}{
		{[]string{"93.184.215.14", "10.0.0.1"}, ErrPrivate},
		{[]string{"10.0.0.1", "93.184.215.14"}, ErrPrivate},
		{[]string{"93.184.215.14", "169.254.169.254"}, ErrLinkLocal},
		{[]string{"2606:4700::1", "::ffff:192.168.0.1"}, ErrPrivate},
		{[]string{"93.184.215.14", "127.0.0.1"}, ErrLoopback},
	} {
		n.setName("example.com", c.addrs...)
		g := n.guard(Policy{}, cfg)
		_, err := get(t, g.Client(), context.Background(), "https://example.com/")
		re := wantRefused(t, err, c.reason)
		if !re.Addr.IsValid() {
			t.Errorf("%v: the refusal names no address", c.addrs)
		}
		_, err = g.Check(context.Background(), "https://example.com/")
		wantRefused(t, err, c.reason)
	}
	if len(n.dials()) != 0 {
		t.Errorf("dialed %v", n.dials())
	}
}

// The second resolution of a name cannot pass what the first did not
// check: each request resolves and checks afresh.
func TestRebinding(t *testing.T) {
	n := newFakeNet(t)
	_, cfg := tlsPublic(t, n, http.HandlerFunc(ok))
	c := n.guard(Policy{}, cfg).Client()
	if _, err := get(t, c, context.Background(), "https://example.com/"); err != nil {
		t.Fatal(err)
	}
	c.CloseIdleConnections()
	n.setName("example.com", "127.0.0.1")
	_, err := get(t, c, context.Background(), "https://example.com/")
	wantRefused(t, err, ErrLoopback)
}

// The connect-time check refuses what the dial is given, whatever came
// before it.
func TestConnectTimeCheck(t *testing.T) {
	n := newFakeNet(t)
	d := n.guard(Policy{}, nil).dialer()
	for _, c := range []struct {
		ctx     context.Context
		address string
		reason  *Reason
	}{
		{context.Background(), "10.0.0.1:443", ErrPrivate},
		{context.Background(), "127.0.0.1:80", ErrLoopback},
		{withPolicy(context.Background(), Policy{AllowLoopback: true}), "169.254.169.254:80", ErrLinkLocal},
		{withPolicy(context.Background(), Policy{}), "[::1]:80", ErrLoopback},
	} {
		wantRefused(t, d.ControlContext(c.ctx, "tcp4", c.address, nil), c.reason)
	}
	if err := d.ControlContext(withPolicy(context.Background(), Policy{AllowLoopback: true}), "tcp4", "127.0.0.1:80", nil); err != nil {
		t.Errorf("loopback under an allowing hop: %v", err)
	}
	wantRefused(t, d.ControlContext(context.Background(), "udp4", "93.184.215.14:53", nil), ErrReserved)
	// A name resolving to a public address first and a private one the
	// second time: the resolve-time check passes, the dial-time one
	// refuses (the dial is given the address, not the name).
	g := n.guard(Policy{}, nil)
	g.connect = nil
	_, err := g.dial(context.Background(), g.dialer(), "tcp", "10.0.0.1:443")
	wantRefused(t, err, ErrPrivate)
}

// redirects serves /r/N: a 307 to /r/N-1, and /r/0 answers with the body
// it was sent.
func redirects(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/r/"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if k == 0 {
			b, _ := io.ReadAll(r.Body)
			fmt.Fprintf(w, "%s %s auth=%q", r.Method, b, r.Header.Get("Authorization"))
			return
		}
		http.Redirect(w, r, "/r/"+strconv.Itoa(k-1), http.StatusTemporaryRedirect)
	}))
}

func TestRedirectChain(t *testing.T) {
	srv := redirects(t)
	defer srv.Close()
	n := newFakeNet(t)
	c := n.guard(Policy{AllowLoopback: true}, nil).Client()
	tr := &Trace{}
	req, _ := http.NewRequestWithContext(WithTrace(context.Background(), tr), http.MethodPost, srv.URL+"/r/5", strings.NewReader("hello"))
	req.Header.Set("Authorization", "Bearer x")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != `POST hello auth="Bearer x"` {
		t.Errorf("body %q", b)
	}
	hops := tr.Redirects()
	if len(hops) != 5 || tr.EffectiveURL() != srv.URL+"/r/0" {
		t.Fatalf("chain %+v, effective %q", hops, tr.EffectiveURL())
	}
	for i, h := range hops {
		if h.From != srv.URL+"/r/"+strconv.Itoa(5-i) || h.To != srv.URL+"/r/"+strconv.Itoa(4-i) || h.Status != 307 {
			t.Errorf("hop %d: %+v", i, h)
		}
	}
	// The sixth redirect is refused, the chain kept.
	_, err = get(t, c, context.Background(), srv.URL+"/r/6")
	re := wantRefused(t, err, ErrRedirects)
	if re.Hop != 6 || len(re.Redirects) != 6 || re.URL != srv.URL+"/r/0" {
		t.Errorf("hop %d, url %q, chain %+v", re.Hop, re.URL, re.Redirects)
	}
}

// Credentials stay with the host they were given to.
func TestRedirectDropsCredentialsAcrossHosts(t *testing.T) {
	srv := redirects(t)
	defer srv.Close()
	port := strconv.Itoa(srv.Listener.Addr().(*net.TCPAddr).Port)
	hop := httptest.NewServer(http.RedirectHandler("http://localhost:"+port+"/r/0", http.StatusTemporaryRedirect))
	defer hop.Close()
	n := newFakeNet(t)
	req, _ := http.NewRequest(http.MethodPost, hop.URL, strings.NewReader("x"))
	req.Header.Set("Authorization", "Bearer x")
	resp, err := n.guard(Policy{AllowLoopback: true}, nil).Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != `POST x auth=""` {
		t.Errorf("body %q", b)
	}
}

func TestRedirectToRefusedAddress(t *testing.T) {
	n := newFakeNet(t)
	for _, c := range []struct {
		to     string
		reason *Reason
	}{
		{"https://169.254.169.254/latest/meta-data/", ErrLinkLocal},
		{"https://10.0.0.1/", ErrPrivate},
		{"http://example.com/", ErrScheme},
		{"ftp://example.com/", ErrScheme},
		{"https://metadata.google.internal/", ErrLinkLocal},
		{"https://[64:ff9b::a9fe:a9fe]/", ErrLinkLocal},
	} {
		_, cfg := tlsPublic(t, n, http.RedirectHandler(c.to, http.StatusMovedPermanently))
		_, err := get(t, n.guard(Policy{AllowLoopback: true}, cfg).Client(), context.Background(), "https://example.com/")
		re := wantRefused(t, err, c.reason)
		if re.Hop != 1 {
			t.Errorf("%s: hop %d", c.to, re.Hop)
		}
	}
	for _, d := range n.dials() {
		if d != "93.184.215.14:443" {
			t.Errorf("dialed %s", d)
		}
	}
}

func TestBodyCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		if r.URL.Query().Get("chunked") != "" {
			w.(http.Flusher).Flush()
		}
		w.Write([]byte(strings.Repeat("a", n)))
	}))
	defer srv.Close()
	n := newFakeNet(t)
	g := n.guard(Policy{AllowLoopback: true}, nil)
	g.MaxBody = 1000
	for _, c := range []struct {
		q    string
		want error
	}{
		{"n=1000", nil},
		{"n=1001", ErrTooLarge},
		{"n=1000&chunked=1", nil},
		{"n=5000&chunked=1", ErrTooLarge},
	} {
		body, err := get(t, g.Client(), context.Background(), srv.URL+"/?"+c.q)
		if !errors.Is(err, c.want) || (c.want == nil && len(body) != 1000) {
			t.Errorf("%s: got %d bytes, %v; want %v", c.q, len(body), err, c.want)
		}
	}
}

func TestNoProxy(t *testing.T) {
	t.Setenv("HTTP_PROXY", "http://10.9.9.9:3128")
	t.Setenv("HTTPS_PROXY", "http://10.9.9.9:3128")
	srv := httptest.NewServer(http.HandlerFunc(ok))
	defer srv.Close()
	n := newFakeNet(t)
	if body, err := get(t, n.guard(Policy{AllowLoopback: true}, nil).Client(), context.Background(), srv.URL); err != nil || body != "ok" {
		t.Errorf("got %q, %v", body, err)
	}
}

func TestCheck(t *testing.T) {
	n := newFakeNet(t)
	n.setName("example.com", "93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c")
	g := n.guard(Policy{}, nil)
	tg, err := g.Check(context.Background(), "https://example.com/mcp")
	if err != nil || len(tg.Addrs) != 2 || tg.Port != 443 {
		t.Fatalf("got %+v, %v", tg, err)
	}
	if _, err := g.Check(context.Background(), "https://nowhere.example.org/"); !errors.Is(err, ErrResolve) {
		t.Errorf("unknown name: %v", err)
	}
	if len(n.dials()) != 0 {
		t.Errorf("Check dialed %v", n.dials())
	}
}

// A chain that ends at a server that does not answer is kept, with no
// answering URL.
func TestTraceOfUnreachableLanding(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	hop := httptest.NewServer(http.RedirectHandler(dead, http.StatusTemporaryRedirect))
	defer hop.Close()
	n := newFakeNet(t)
	tr := &Trace{}
	if _, err := get(t, n.guard(Policy{AllowLoopback: true}, nil).Client(), WithTrace(context.Background(), tr), hop.URL+"/"); err == nil {
		t.Fatal("no error from a dead server")
	}
	want := []Redirect{{From: hop.URL + "/", To: dead, Status: 307}}
	if d := cmp.Diff(want, tr.Redirects()); d != "" || tr.EffectiveURL() != "" {
		t.Errorf("chain (-want +got):\n%s effective %q", d, tr.EffectiveURL())
	}
}

// Issue 29: a name that resolves to loopback is refused even where
// loopback is allowed — as an origin (nothing dialed), and as the target
// of a redirect from a loopback origin; only a URL that names loopback
// gets it.
func TestNameResolvingToLoopbackRefusedUnderAllowLoopback(t *testing.T) {
	n := newFakeNet(t)
	srv := httptest.NewTLSServer(http.HandlerFunc(ok))
	defer srv.Close()
	n.setName("example.com", "127.0.0.1")
	n.setName("six.example.com", "::1")
	n.serve("127.0.0.1:443", srv) // never reached: the name is refused first
	g := n.guard(Policy{AllowLoopback: true}, srv.Client().Transport.(*http.Transport).TLSClientConfig)
	for _, u := range []string{"https://example.com/first", "https://six.example.com/"} {
		_, err := get(t, g.Client(), context.Background(), u)
		re := wantRefused(t, err, ErrLoopback)
		if re.Hop != 0 || !strings.Contains(re.Error(), "allowed only for a URL that names it") {
			t.Errorf("%s: hop %d, %v", u, re.Hop, re)
		}
		if _, err := g.Check(context.Background(), u); !errors.Is(err, ErrLoopback) {
			t.Errorf("Check(%s): %v", u, err)
		}
	}
	if len(n.dials()) != 0 {
		t.Errorf("dialed %v", n.dials())
	}
	// A loopback origin redirecting to such a name: refused at the hop.
	loop := httptest.NewServer(http.RedirectHandler("https://example.com/", http.StatusFound))
	defer loop.Close()
	_, err := get(t, g.Client(), context.Background(), loop.URL+"/")
	if re := wantRefused(t, err, ErrLoopback); re.Hop != 1 {
		t.Errorf("hop %d", re.Hop)
	}
	// The connect-time check narrows the policy too: an address chosen
	// for a name is judged as the name's, not as a loopback URL's.
	if err := g.control(withPolicy(context.Background(), forHost(g.Policy, Host{Name: "example.com"})), "tcp4", "127.0.0.1:443"); !errors.Is(err, ErrLoopback) {
		t.Errorf("connect-time check of a name's loopback address: %v", err)
	}
	if err := g.control(withPolicy(context.Background(), forHost(g.Policy, Host{Name: "localhost"})), "tcp4", "127.0.0.1:443"); err != nil {
		t.Errorf("connect-time check of localhost: %v", err)
	}
}

// The timeout bounds the wait for the answering response's headers; a
// body (an event stream) may go on past it, under the caller's context.
func TestTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			time.Sleep(300 * time.Millisecond)
		}
		io.WriteString(w, "a")
		w.(http.Flusher).Flush()
		if r.URL.Path == "/stream" {
			time.Sleep(300 * time.Millisecond)
			io.WriteString(w, "b")
		}
	}))
	defer srv.Close()
	n := newFakeNet(t)
	g := n.guard(Policy{AllowLoopback: true}, nil)
	g.Timeout = 100 * time.Millisecond
	if body, err := get(t, g.Client(), context.Background(), srv.URL+"/stream"); err != nil || body != "ab" {
		t.Errorf("stream: %q, %v", body, err)
	}
	if _, err := get(t, g.Client(), context.Background(), srv.URL+"/slow"); err == nil {
		t.Errorf("slow headers: no error")
	}
}

// The exported Connect hook opens only connections the guard allowed:
// it is given the address the guard chose, after the connect-time check,
// and never a refused one.
func TestConnectHook(t *testing.T) {
	n := newFakeNet(t)
	srv, cfg := tlsPublic(t, n, http.HandlerFunc(ok))
	var asked []string
	g := &Guard{Resolver: n, TLSConfig: cfg, Dialer: &net.Dialer{ControlContext: n.loopbackOnly},
		Connect: func(ctx context.Context, network, address string) (net.Conn, error) {
			asked = append(asked, network+" "+address)
			return (&net.Dialer{ControlContext: n.loopbackOnly}).DialContext(ctx, "tcp", srv.Listener.Addr().String())
		}}
	if body, err := get(t, g.Client(), context.Background(), "https://example.com/"); err != nil || body != "ok" {
		t.Fatalf("got %q, %v", body, err)
	}
	if d := cmp.Diff([]string{"tcp4 93.184.215.14:443"}, asked); d != "" {
		t.Errorf("Connect calls (-want +got):\n%s", d)
	}
	asked = nil
	n.setName("example.com", "10.0.0.1")
	_, err := get(t, g.Client(), context.Background(), "https://example.com/")
	wantRefused(t, err, ErrPrivate)
	if len(asked) != 0 {
		t.Errorf("Connect called for a refused address: %v", asked)
	}
}

// A URL that answers the first request itself and redirects a later one
// (as an HTTP+SSE server may redirect only its event stream's GET) is
// traced as redirecting: the first redirected request's chain replaces
// the first request's empty one, and a later chain does not replace it.
func TestTraceOfLaterRedirect(t *testing.T) {
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer target.Close()
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			http.Redirect(w, r, target.URL+"/stream"+r.URL.Path, http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusMethodNotAllowed)
	}))
	defer origin.Close()
	n := newFakeNet(t)
	c := n.guard(Policy{AllowLoopback: true}, nil).Client()
	tr := &Trace{}
	ctx := WithTrace(context.Background(), tr)
	do := func(method, path string) {
		req, _ := http.NewRequestWithContext(ctx, method, origin.URL+path, nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	do(http.MethodPost, "/a")
	if len(tr.Redirects()) != 0 || tr.EffectiveURL() != origin.URL+"/a" {
		t.Fatalf("after the POST: %v %q", tr.Redirects(), tr.EffectiveURL())
	}
	do(http.MethodGet, "/a")
	do(http.MethodGet, "/b")
	want := []Redirect{{From: origin.URL + "/a", To: target.URL + "/stream/a", Status: 302}}
	if d := cmp.Diff(want, tr.Redirects()); d != "" || tr.EffectiveURL() != target.URL+"/stream/a" {
		t.Errorf("chain (-want +got):\n%s effective %q", d, tr.EffectiveURL())
	}
}

// A redirect to a name that does not resolve is not a refusal, and its
// chain is kept, with no answering URL: the asked URL redirects.
func TestTraceOfUnresolvedHop(t *testing.T) {
	hop := httptest.NewServer(http.RedirectHandler("https://nowhere.example.net/mcp", http.StatusFound))
	defer hop.Close()
	n := newFakeNet(t)
	tr := &Trace{}
	_, err := get(t, n.guard(Policy{AllowLoopback: true}, nil).Client(), WithTrace(context.Background(), tr), hop.URL+"/")
	var re *RefusedError
	if !errors.Is(err, ErrResolve) || errors.As(err, &re) {
		t.Fatalf("err %v, want ErrResolve and no refusal", err)
	}
	want := []Redirect{{From: hop.URL + "/", To: "https://nowhere.example.net/mcp", Status: 302}}
	if d := cmp.Diff(want, tr.Redirects()); d != "" || tr.EffectiveURL() != "" {
		t.Errorf("chain (-want +got):\n%s effective %q", d, tr.EffectiveURL())
	}
	if len(n.dials()) != 1 { // the asked URL's server only
		t.Errorf("dialed %v", n.dials())
	}
}
