package server

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/time/rate"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
)

// The per-client rate limit of [New]'s handler when Config.RateLimit is
// zero: a token bucket per client of DefaultRate requests a second with
// bursts of DefaultBurst, loopback clients not limited.
const (
	DefaultRate  = 10
	DefaultBurst = 40
	// MaxClients bounds the rate limiter's table of clients. Past it,
	// clients idle for a minute are dropped; new clients beyond that share
	// one bucket.
	MaxClients = 1 << 16
)

// RateLimit configures the per-client rate limit. A client is the remote
// IP address of the connection (an IPv6 address by its /64 prefix, which
// one host usually holds whole); a header such as X-Forwarded-For is
// never trusted. A request over the limit is answered 429 rate_limited
// with Retry-After, before any of its body is read.
type RateLimit struct {
	// PerSecond is each client's sustained rate; 0 means DefaultRate, a
	// negative value turns the limit off.
	PerSecond float64
	// Burst is how many requests a client may make at once; 0 means
	// DefaultBurst.
	Burst int
	// Loopback limits loopback clients too. By default they are not
	// limited: the host's own agents, and a reverse proxy on the host,
	// which would otherwise put every client it serves in one bucket (a
	// proxy should limit per client itself).
	Loopback bool
}

// zeroLimit is what a zero Config.RateLimit means: the defaults. The
// package's tests, whose requests all come from httptest's one address,
// turn it off (ops_test.go); a test that is about the limit sets one.
var zeroLimit = RateLimit{}

// ops is the operations layer around the routes: the metrics, the rate
// limit and the body cap of every route.
type ops struct {
	next    *handler
	reg     *prometheus.Registry
	metrics http.Handler
	limits  *limiter

	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	inFlight  prometheus.Gauge
	limited   prometheus.Counter
	checks    *prometheus.CounterVec
	refreshes *prometheus.CounterVec

	// The background refresh (refresh.go): nil refresher when off.
	refresher    *precall.Refresher
	jobs         *prometheus.CounterVec
	jobsInFlight prometheus.Gauge
}

// newOps builds the layer around h with c's registry and rate limit.
func newOps(h *handler, c Config) *ops {
	reg := c.Metrics
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	o := &ops{
		next: h,
		reg:  reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plainsight_http_requests_total",
			Help: "HTTP requests answered, by route pattern and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "plainsight_http_request_duration_seconds",
			Help:    "Time from a request's headers to the end of its answer, by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "plainsight_http_requests_in_flight",
			Help: "Requests being answered.",
		}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "plainsight_http_rate_limited_total",
			Help: "Requests answered 429 by the per-client rate limit (also counted in plainsight_http_requests_total).",
		}),
		checks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plainsight_precall_checks_total",
			Help: "Pre-call checks by outcome: the integrity status of the answer (unchanged, changed, unreachable, not_registered), refused (the guard refused the URL) or error.",
		}, []string{"outcome"}),
		refreshes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plainsight_registry_refreshes_total",
			Help: "Integrity checks of registered servers, by trigger: precall (a pre-call check of a registered server), feed (a stale server re-checked by a feed read) or background (serve --refresh-every).",
		}, []string{"trigger"}),
	}
	o.jobs, o.jobsInFlight = refreshMetrics()
	reg.MustRegister(o.requests, o.latency, o.inFlight, o.limited, o.checks, o.refreshes, o.jobs, o.jobsInFlight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// The outcomes exist from the start, so that a rate reads zero, not
	// absent.
	for _, s := range []string{"unchanged", "changed", "unreachable", "not_registered", "refused", "error"} {
		o.checks.WithLabelValues(s)
	}
	o.refreshes.WithLabelValues("precall")
	o.refreshes.WithLabelValues("feed")
	o.refreshes.WithLabelValues("background")
	o.refresher = o.newRefresher(c, h.checker)
	o.metrics = promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(h.log.Handler(), slog.LevelError),
		ErrorHandling: promhttp.ContinueOnError,
	})
	limit := c.RateLimit
	if limit == (RateLimit{}) {
		limit = zeroLimit
	}
	if limit.PerSecond >= 0 {
		o.limits = newLimiter(limit)
	}
	return o
}

// metricsPath is where the handler answers with its metrics.
const metricsPath = "/metrics"

// ServeHTTP counts and times the request by route pattern, applies the
// rate limit, caps the body at the route's cap (every route: a GET's body
// is never read, but a handler added later cannot forget the cap) — a
// declared Content-Length over it is 413 before the body is read — and
// answers /metrics.
func (o *ops) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	var route string
	switch {
	case r.URL.Path != metricsPath:
		_, route = o.next.mux.Handler(r)
		route = routeName(route)
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		route = "GET " + metricsPath
	default:
		route = metricsPath
	}
	o.inFlight.Inc()
	rec := &recorder{ResponseWriter: w}
	rec.Header().Set("X-Content-Type-Options", "nosniff")
	defer func() {
		o.inFlight.Dec()
		status := rec.status
		if status == 0 {
			status = http.StatusOK // a handler that wrote nothing
		}
		o.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
		o.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
	}()
	if o.limits != nil {
		if wait, ok := o.limits.allow(r.RemoteAddr, start); !ok {
			o.limited.Inc()
			rec.Header().Set("Retry-After", strconv.Itoa(wait))
			writeError(rec, http.StatusTooManyRequests, "rate_limited", "too many requests from this address: retry after "+strconv.Itoa(wait)+" s")
			o.logRequest(r, route, rec, start)
			return
		}
	}
	limit := o.next.bodyCap(route)
	if r.ContentLength > limit {
		// Issue 29: refused on its declared length, before any read, so
		// that "Expect: 100-continue" gets no 100 Continue — on a GET too:
		// net/http, finding the body unread behind the cap's reader, would
		// send 100 Continue and wait to discard it.
		tooLarge(rec, limit)
		o.logRequest(r, route, rec, start)
		return
	}
	r.Body = http.MaxBytesReader(rec, r.Body, limit)
	if r.URL.Path == metricsPath {
		defer o.logRequest(r, route, rec, start)
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			rec.Header().Set("Allow", "GET, HEAD")
			writeError(rec, http.StatusMethodNotAllowed, "method_not_allowed", metricsPath+" answers GET only")
			return
		}
		o.metrics.ServeHTTP(rec, r)
		return
	}
	o.next.ServeHTTP(rec, r)
}

// logRequest logs a request the layer answers itself (a rate-limited
// one, /metrics) as the handler logs the others.
func (o *ops) logRequest(r *http.Request, route string, rec *recorder, start time.Time) {
	level := slog.LevelInfo
	if rec.status == http.StatusTooManyRequests {
		level = slog.LevelWarn
	}
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("route", route),
		slog.Int("status", rec.status),
		slog.Int64("bytes", rec.bytes),
		slog.Duration("duration", time.Since(start)),
	}
	if code := rec.Header().Get(codeHeader); code != "" {
		attrs = append(attrs, slog.String("error_code", code))
	}
	o.next.log.LogAttrs(r.Context(), level, "request", attrs...)
}

// routeOf is the route pattern the mux matched for r (set on r by the
// mux), "unmatched" for the catch-all: what the log and the metrics name a
// request by, never its path, which is the caller's.
func routeOf(r *http.Request) string {
	return routeName(r.Pattern)
}

func routeName(pattern string) string {
	if pattern == "" || pattern == "/" {
		return "unmatched"
	}
	return pattern
}

// checked counts a pre-call check by outcome, and a check of a registered
// server as a refresh.
func (o *ops) checked(a *precall.Answer, err error) {
	if o == nil {
		return
	}
	var re *guard.RefusedError
	switch {
	case errors.As(err, &re):
		o.checks.WithLabelValues("refused").Inc()
	case err != nil:
		o.checks.WithLabelValues("error").Inc()
	default:
		o.checks.WithLabelValues(string(a.Integrity.Status)).Inc()
		if a.Registered {
			o.refreshes.WithLabelValues("precall").Inc()
		}
	}
}

// fed counts the servers a feed read re-checked.
func (o *ops) fed(f *precall.Feed) {
	if o == nil || f == nil {
		return
	}
	o.refreshes.WithLabelValues("feed").Add(float64(f.RefreshedServers))
}

// limiter holds a token bucket per client.
type limiter struct {
	every    rate.Limit
	burst    int
	loopback bool

	mu       sync.Mutex
	clients  map[netip.Prefix]*client
	overflow *rate.Limiter
	swept    time.Time
}

type client struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(c RateLimit) *limiter {
	l := &limiter{every: rate.Limit(c.PerSecond), burst: c.Burst, loopback: c.Loopback, clients: map[netip.Prefix]*client{}}
	if l.every == 0 {
		l.every = DefaultRate
	}
	if l.burst <= 0 {
		l.burst = DefaultBurst
	}
	l.overflow = rate.NewLimiter(l.every, l.burst)
	return l
}

// clientOf is the client a remote address belongs to: its IP address, an
// IPv6 address by its /64 prefix. ok is false for an address that is not
// IP:port (a Unix socket), which is not limited.
func clientOf(remote string) (p netip.Prefix, loopback, ok bool) {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return netip.Prefix{}, false, false
	}
	a := ap.Addr().Unmap().WithZone("")
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, err = a.Prefix(bits)
	return p, a.IsLoopback(), err == nil
}

// allow takes one token of the client at remote, or says how many seconds
// to wait for one (at least 1).
func (l *limiter) allow(remote string, now time.Time) (int, bool) {
	p, loopback, ok := clientOf(remote)
	if !ok || (loopback && !l.loopback) {
		return 0, true
	}
	l.mu.Lock()
	c := l.clients[p]
	if c == nil {
		if len(l.clients) >= MaxClients && now.Sub(l.swept) > 10*time.Second {
			l.sweep(now)
		}
		if len(l.clients) < MaxClients {
			c = &client{lim: rate.NewLimiter(l.every, l.burst)}
			l.clients[p] = c
		}
	}
	lim := l.overflow
	if c != nil {
		c.seen = now
		lim = c.lim
	}
	l.mu.Unlock()
	res := lim.ReserveN(now, 1)
	if !res.OK() {
		return 60, false
	}
	d := res.DelayFrom(now)
	if d == 0 {
		return 0, true
	}
	res.CancelAt(now)
	return int(math.Ceil(d.Seconds())), false
}

// sweep drops the clients idle long enough for their buckets to be full
// again (at least a minute); it runs at most every ten seconds, so a
// full table of active clients costs a new one no more than a map lookup.
func (l *limiter) sweep(now time.Time) {
	l.swept = now
	idle := max(time.Minute, time.Duration(float64(l.burst)/float64(l.every)*float64(time.Second)))
	for p, c := range l.clients {
		if now.Sub(c.seen) > idle {
			delete(l.clients, p)
		}
	}
}
