// Package server is plainsight over HTTP: one http.Handler ([New]) that an
// agent host can mount in its own process, and [Serve], which runs it the
// way `plainsight serve` does. The command line only wires its flags to
// these.
//
// # Routes
//
// Go 1.22 net/http patterns, keyless, every answer JSON:
//
//   - GET /v1/security/precall?url=&tool= — the §9 pre-call answer of the
//     agent-safety formats (package precall): the server at url probed
//     through the guard, with the focus on tool when given. A url or tool
//     given twice is 422 repeated_parameter. A missing url, and a URL the
//     guard refuses (malformed, a scheme other than https, loopback under
//     the default policy, a private, link-local, shared, documentation,
//     multicast, unspecified or reserved address, a refused redirect hop,
//     a sixth redirect), is 422 refused_<reason> with the reason of
//     vectors/precall/urls.json (refused_malformed_url, refused_scheme,
//     refused_loopback, refused_private, …, refused_too_many_redirects),
//     nothing dialed for it; a test runs those vectors through the route. A server that does not answer MCP is an answer (integrity
//     unreachable), not an error. With a Store, a registered server gets
//     its integrity check.
//   - GET /v1/security/changes?limit=&before= — one page of the §11 feed,
//     newest first (limit 1–1000, default 100; before is the next_before
//     of the previous page; anything else is 400 invalid_query). Without
//     a Store: 503 no_registry.
//   - POST /v1/security/scan — the §1 scan result of the body
//     {"text": string, "context": "text"|"email_html", "profile":
//     "strict"|"spec"} (context and profile optional). The profile is
//     Strict unless the request asks for "spec", the conformance mode; an
//     unknown one is 422 unknown_profile.
//   - POST /v2/scan — the Agent-Shield REST binding (§3.3 of the protocol):
//     the §3.1 request {"content", "context": {"source", "tool",
//     "direction"}} answered with the §3.2 response of shield.Scan.
//   - GET /healthz — {"status": "ok"}.
//   - GET /metrics — the Prometheus text exposition of the server's own
//     registry (see Operations). Keyless, like the routes above: it holds
//     counts and times by route pattern, outcome and trigger, and the Go
//     runtime's and process's figures, never a URL, a text or a client
//     address. A host that wants it private serves the handler behind a
//     front end that withholds /metrics, or passes Config.Metrics and
//     gathers that registry itself.
//
// Errors are {"error": {"code", "message"}}: 422 for the specifications'
// refusals (the guard's, and a request body of the right JSON but the
// wrong shape: invalid_request, unknown_context, unknown_source,
// unknown_direction), 400 invalid_json for a body that is not one JSON
// object, 413 body_too_large and content_too_large, 404 not_found, 405
// method_not_allowed (with Allow), 429 rate_limited (with Retry-After),
// 500 internal (logged, answered without detail).
//
// Request bodies are parsed by the surrogate-preserving JSON decoder
// (JSON.parse's reading, internal/canon), not encoding/json: a "\ud800"
// escape reaches the scan as a lone surrogate — §2's
// unassigned_codepoint, with UTF-16 and WTF-8 byte offsets — never as
// U+FFFD. An unknown member is refused, never ignored. /v2/scan is the
// exception, because package shield takes UTF-8 only and its receipt
// hashes the content's UTF-8: there each lone surrogate is read as
// U+FFFD, as a client's UTF-8 encoder (JavaScript's TextEncoder) writes
// it, so that the content_hash is the one the client computes and every
// signal's UTF-16 offsets are the client's. A lone surrogate therefore
// raises no signal there; /v1/security/scan reports it.
//
// # Loopback (issue 21)
//
// The zero [Config] uses a guard with the zero guard.Policy: loopback
// (127.0.0.0/8, ::1, localhost, names under .localhost and every spelling
// a resolver turns into them) is refused, so a caller cannot steer a probe
// into the services of the host that runs the server. A host may allow it
// (Config.Guard with Policy.AllowLoopback, `plainsight serve
// --allow-loopback`) for development; a redirect hop from an origin that
// was not itself loopback never reaches loopback (the guard refuses it).
//
// # Operations
//
// Metrics: [New] registers on Config.Metrics, or on a registry of its own
// (never prometheus.DefaultRegisterer, so two servers in one process do
// not collide), and answers GET /metrics with it:
//
//   - plainsight_http_requests_total{route, code} — every request, by the
//     route pattern that matched ("POST /v1/security/scan"; a path under
//     another method is the bare path, "/v1/security/scan"; anything else
//     "unmatched") and status code, 429s included;
//   - plainsight_http_request_duration_seconds{route} — a histogram, 1 ms
//     to 60 s;
//   - plainsight_http_requests_in_flight, plainsight_http_rate_limited_total;
//   - plainsight_precall_checks_total{outcome} — unchanged, changed,
//     unreachable, not_registered (the answer's integrity status), refused
//     (the guard refused the URL) or error;
//   - plainsight_registry_refreshes_total{trigger} — integrity checks of
//     registered servers: precall (a pre-call check of one) or feed (a
//     stale one re-checked by a feed read);
//   - the Go collector's go_* and the process collector's process_*.
//
// Rate limit: a token bucket per client (Config.RateLimit; zero means
// [DefaultRate] 10 requests a second with bursts of [DefaultBurst] 40).
// A client is the connection's remote IP address, an IPv6 one by its /64;
// X-Forwarded-For and the like are never trusted. Loopback clients are
// not limited unless RateLimit.Loopback: they are the host's own agents,
// or a reverse proxy on the host, which would otherwise put every client
// it serves in one bucket (such a proxy should limit per client itself).
// Over the limit the answer is 429 rate_limited with Retry-After (whole
// seconds until a token), before any of the body is read. The table holds
// at most [MaxClients] clients; past that, idle ones are dropped, and new
// ones share one bucket until then.
//
// Logs: see Bounds. Shutdown: see [Serve]; `plainsight serve` ends its
// context on SIGTERM or SIGINT.
//
// # Bounds
//
// A request body is at most Config.MaxBodyBytes (DefaultMaxBody, 1 MiB) on
// every route (the layer around the routes caps it before any handler
// runs),
// JSON nested at most 8 deep with at most 64 members and elements. [Serve]
// runs http.Server with ReadHeaderTimeout (5 s), ReadTimeout (30 s),
// WriteTimeout (2 min: a pre-call check probes for at most six seconds a
// call, a feed read re-checks at most three servers), IdleTimeout (2 min)
// and headers of at most 64 KiB; on the end of its context it stops
// accepting, lets requests in flight finish (at most ShutdownTimeout) and
// returns. Probes are bounded as package precall says. A scan is bounded
// as packages scan and shield say (linear time in the text).
//
// The log (Config.Logger, log/slog) holds one record per request, 429s
// and /metrics included: method, route pattern (never the path: an
// unknown path is the caller's text), status, response size, duration
// and the error code — never a request body, a query string (the url and
// tool of a pre-call check), a client address or any scanned content; a
// test sends marked texts, member names, query values and paths to every
// route and its errors and greps the log for them. An internal error (a
// failing store) is logged with its own text, which may name the server
// URL asked about, never a body or scanned content.
//
// # What it does not claim
//
// The routes answer what packages precall, scan and shield answer, with
// their notes: evidence gathered at one moment, never a guarantee that a
// tool or a text is safe (§12). This increment has no API keys and no
// write routes, no human pages and no OpenAPI document. The rate limit is
// per process: instances sharing a database each allow a client its own
// rate. It counts requests, not their cost: a pre-call check (a probe of
// up to six seconds a call) costs a token like a scan. /healthz says the
// process answers, not that its store does.
package server
