package guard

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Bounds, the same as package probe's: one call's time, one response's
// bytes.
const (
	// DefaultTimeout bounds one request until its response headers, its
	// redirects included.
	DefaultTimeout = 6 * time.Second
	// DefaultMaxBody caps the bytes of one response body.
	DefaultMaxBody = 16 << 20
	// MaxRedirects is the most redirects followed (§9); the next is refused.
	MaxRedirects = 5
	// maxAddrs bounds the addresses of one name that are dialed in turn
	// (all of them are checked).
	maxAddrs = 4
)

// Errors that are not refusals: a server reports them as unreachable.
var (
	// ErrResolve: the name does not resolve to any address.
	ErrResolve = errors.New("guard: name does not resolve")
	// ErrTooLarge: a response body is over the cap.
	ErrTooLarge = errors.New("guard: response body too large")
)

// Resolver resolves names; *net.Resolver is one. LookupNetIP is called
// with network "ip" and a fully qualified name (a trailing dot, so that no
// search domain completes it); an error or no address makes the dial fail
// with ErrResolve.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard makes outbound requests to URLs a caller names. It is safe for
// concurrent use; its fields must not change once it is in use.
type Guard struct {
	// Policy decides loopback; the zero Policy refuses it.
	Policy Policy
	// Resolver resolves names; nil means net.DefaultResolver.
	Resolver Resolver
	// Dialer is a template for the dialer: its timeouts and keep-alive are
	// used, and its Control or ControlContext, if any, runs after the
	// guard's own check of the address being dialed. Nil means a Dialer
	// with DefaultTimeout.
	Dialer *net.Dialer
	// TLSConfig is the TLS client configuration (tests trust their own
	// certificate through it); nil means the default.
	TLSConfig *tls.Config
	// Timeout bounds one request until its response headers arrive, its
	// redirects included; 0 means DefaultTimeout. The body is read under
	// the caller's context (a probe gives each call six seconds) and the
	// size cap: an event stream may outlive Timeout.
	Timeout time.Duration
	// MaxBody caps one response body; 0 means DefaultMaxBody.
	MaxBody int64
	// Connect, when set, opens the connection to an address the guard has
	// resolved and allowed, after the connect-time check of that address
	// has passed, instead of Dialer. It is for tests of code built on the
	// guard: a fake public network served from loopback listeners, with
	// every rule still applied to the address the guard chose.
	Connect func(ctx context.Context, network, address string) (net.Conn, error)

	// connect replaces the dialer's DialContext in this package's tests
	// (a fake public network served from loopback).
	connect func(ctx context.Context, d *net.Dialer, network, address string) (net.Conn, error)
}

// Check applies every rule to a URL without dialing: CheckURL, then the
// name resolved and every address it resolves to checked (a name with
// several addresses is refused when any is). A refusal is a
// *RefusedError; a name that does not resolve is ErrResolve.
func (g *Guard) Check(ctx context.Context, raw string) (*Target, error) {
	t, err := CheckURL(raw, g.Policy)
	if err != nil {
		return nil, err
	}
	addrs, err := g.resolve(ctx, t.Host, g.Policy)
	if err != nil {
		var re *RefusedError
		if errors.As(err, &re) {
			re.URL = raw
		}
		return nil, err
	}
	t.Addrs = addrs
	return t, nil
}

// Client returns an HTTP client that sends every request through the
// guard: the URL checked, the name resolved and every address checked,
// the address dialed checked again at connect time (net.Dialer's
// ControlContext), no proxy, redirects followed by hand — at most five,
// each hop checked under the same rules, loopback refused on a hop unless
// the first URL was loopback itself —, the response body capped. A
// refusal is a *RefusedError (inside the *url.Error the client returns).
// Each call builds its own connection pool: use one client per check, so
// that a connection opened under one origin never serves another.
func (g *Guard) Client() *http.Client {
	d := g.dialer()
	inner := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return g.dial(ctx, d, network, addr)
		},
		TLSClientConfig:        g.TLSConfig,
		TLSHandshakeTimeout:    g.timeout(),
		ResponseHeaderTimeout:  g.timeout(),
		MaxResponseHeaderBytes: 64 << 10,
		ForceAttemptHTTP2:      true,
		MaxIdleConnsPerHost:    2,
		IdleConnTimeout:        30 * time.Second,
	}
	return &http.Client{
		Transport: &transport{g: g, inner: inner},
		// The transport follows redirects itself; a 3xx reaching the
		// client is one it would not follow (no Location).
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func (g *Guard) timeout() time.Duration {
	if g.Timeout > 0 {
		return g.Timeout
	}
	return DefaultTimeout
}

func (g *Guard) maxBody() int64 {
	if g.MaxBody > 0 {
		return g.MaxBody
	}
	return DefaultMaxBody
}

// dialer is the template with the guard's check in front of its control.
func (g *Guard) dialer() *net.Dialer {
	var d net.Dialer
	if g.Dialer != nil {
		d = *g.Dialer
	}
	if d.Timeout == 0 {
		d.Timeout = g.timeout()
	}
	after, afterCtx := d.Control, d.ControlContext
	d.Control = nil
	d.ControlContext = func(ctx context.Context, network, address string, c syscall.RawConn) error {
		if err := g.control(ctx, network, address); err != nil {
			return err
		}
		switch {
		case afterCtx != nil:
			return afterCtx(ctx, network, address, c)
		case after != nil:
			return after(network, address, c)
		}
		return nil
	}
	return &d
}

// control is the check at connect time, on the address actually dialed.
func (g *Guard) control(ctx context.Context, network, address string) error {
	if network != "tcp4" && network != "tcp6" {
		return &RefusedError{Reason: ErrReserved, Detail: "network " + network}
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &RefusedError{Reason: ErrURL, Detail: "dialed address " + address}
	}
	if err := CheckAddr(ap.Addr(), policyFrom(ctx, g.Policy)); err != nil {
		return &RefusedError{Reason: err.(*Reason), Addr: ap.Addr(), Detail: "at connect"}
	}
	return nil
}

// dial resolves and checks address (host:port, the host as a URL carries
// it), then dials the allowed addresses in turn.
func (g *Guard) dial(ctx context.Context, d *net.Dialer, network, address string) (net.Conn, error) {
	host, ps, err := net.SplitHostPort(address)
	if err != nil {
		return nil, refuse(ErrURL, "dial address "+address)
	}
	port, err := strconv.ParseUint(ps, 10, 16)
	if err != nil {
		return nil, refuse(ErrURL, "port "+ps)
	}
	h, err := ParseHost(host)
	if err != nil {
		return nil, err
	}
	// Issue 29: loopback only for a host that names it. The narrowed
	// policy travels down to the connect-time check of every address.
	p := forHost(policyFrom(ctx, g.Policy), h)
	ctx = withPolicy(ctx, p)
	addrs, err := g.resolve(ctx, h, p)
	if err != nil {
		return nil, err
	}
	var errs []error
	for i, a := range addrs {
		if i == maxAddrs || ctx.Err() != nil {
			break
		}
		nw := "tcp4"
		if a.Is6() && !a.Is4In6() {
			nw = "tcp6"
		}
		dial := d.DialContext
		if g.Connect != nil {
			dial = func(ctx context.Context, network, address string) (net.Conn, error) {
				if err := g.control(ctx, network, address); err != nil {
					return nil, err
				}
				return g.Connect(ctx, network, address)
			}
		}
		if g.connect != nil {
			dial = func(ctx context.Context, network, address string) (net.Conn, error) {
				return g.connect(ctx, d, network, address)
			}
		}
		c, err := dial(ctx, nw, netip.AddrPortFrom(a.Unmap(), uint16(port)).String())
		if err == nil {
			return c, nil
		}
		var re *RefusedError
		if errors.As(err, &re) {
			return nil, re
		}
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		return nil, ctx.Err()
	}
	return nil, errors.Join(errs...)
}

// forHost narrows a policy to a host: loopback stays allowed only for a
// host that is loopback by its spelling ([Host.IsLoopback]). A name the
// resolver answers with a loopback address is refused under every policy
// (issue 29: a registered name re-pointed at 127.0.0.1 must not reach the
// machine running the probe).
func forHost(p Policy, h Host) Policy {
	if !h.IsLoopback() {
		p.AllowLoopback = false
	}
	return p
}

// resolve returns the addresses of a host, every one allowed under p
// narrowed to the host ([forHost]): an address literal as is, localhost
// names as 127.0.0.1 and ::1 without asking the resolver (RFC 6761), other
// names as the resolver answers, any loopback answer refused.
func (g *Guard) resolve(ctx context.Context, h Host, p Policy) ([]netip.Addr, error) {
	p = forHost(p, h)
	if h.Addr.IsValid() {
		if err := CheckAddr(h.Addr, p); err != nil {
			return nil, &RefusedError{Reason: err.(*Reason), Addr: h.Addr}
		}
		return []netip.Addr{h.Addr}, nil
	}
	if r := classifyName(h.Name); r != nil {
		if r == ErrLoopback && p.AllowLoopback && h.IsLoopback() {
			return []netip.Addr{netip.AddrFrom4([4]byte{127, 0, 0, 1}), loopback6}, nil
		}
		return nil, &RefusedError{Reason: r, Detail: "name " + h.Name}
	}
	res := g.Resolver
	if res == nil {
		res = net.DefaultResolver
	}
	addrs, err := res.LookupNetIP(ctx, "ip", h.Name+".")
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrResolve, h.Name, err)
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("%w: %s: no address", ErrResolve, h.Name)
	}
	for _, a := range addrs {
		if err := CheckAddr(a, p); err != nil {
			detail := "the name " + h.Name + " resolves to it"
			if err == ErrLoopback {
				detail += "; loopback is allowed only for a URL that names it (127.0.0.0/8, [::1], localhost)"
			}
			return nil, &RefusedError{Reason: err.(*Reason), Addr: a, Detail: detail}
		}
	}
	return addrs, nil
}

// The policy of the hop being sent travels in the request's context, down
// to the dialer's connect-time check.
type policyKey struct{}

func withPolicy(ctx context.Context, p Policy) context.Context {
	return context.WithValue(ctx, policyKey{}, p)
}

func policyFrom(ctx context.Context, def Policy) Policy {
	if p, ok := ctx.Value(policyKey{}).(Policy); ok {
		return p
	}
	return def
}

// Trace records where a request landed: the redirect chain and the
// answering URL of the first request made under a context carrying it —
// or, when that one was not redirected and a later one is, of the first
// redirected one. A probe makes several requests to one URL (and an
// HTTP+SSE probe a GET after its POST): any of them redirected means the
// URL redirects, and the chain that shows it is the answer's, so a URL
// that answers the first request itself and redirects a later one is
// never reported as answering itself. A request redirected to a server
// that could not be reached records its chain and no answering URL. Safe
// for concurrent use.
type Trace struct {
	mu        sync.Mutex
	done      bool
	redirects []Redirect
	effective string
}

type traceKey struct{}

// WithTrace returns a context under which the guard's clients record
// into t.
func WithTrace(ctx context.Context, t *Trace) context.Context {
	return context.WithValue(ctx, traceKey{}, t)
}

// Redirects returns the hops followed (empty, not nil, when none were).
func (t *Trace) Redirects() []Redirect {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Redirect{}, t.redirects...)
}

// EffectiveURL returns the URL that answered (empty before any answer).
func (t *Trace) EffectiveURL() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.effective
}

func (t *Trace) record(hops []Redirect, effective string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.done || (len(t.redirects) == 0 && len(hops) > 0) {
		t.done, t.redirects, t.effective = true, hops, effective
	}
}
