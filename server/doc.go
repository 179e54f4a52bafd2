// Package server is plainsight over HTTP and MCP: one http.Handler ([New])
// that an agent host can mount in its own process, and [Serve], which runs
// it the way `plainsight serve` does; the same operations as MCP tools
// ([NewMCP], and [NewMCPHandler] for Streamable HTTP), as `plainsight mcp`
// serves them. The command line only wires its flags to these.
//
// # Routes
//
// Go 1.22 net/http patterns, keyless unless said, every answer JSON (the
// human pages and the skill excepted: see Human pages):
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
//     its integrity check. The definitions' scan (every field
//     precall.ScannedFields names, schema strings included) is in the
//     server's profile: Strict unless Config.SpecProfile (plainsight serve
//     --profile spec); a request cannot choose it, since on a registered
//     server its findings become permanent flags (issue 31, item 2).
//   - GET /v1/security/changes?limit=&before= — one page of the §11 feed,
//     newest first (limit 1–1000, default 100; before is the next_before
//     of the previous page; anything else is 400 invalid_query). Without
//     a Store: 503 no_registry. A redirect event — a registered URL
//     started redirecting, redirects along another chain, or stopped —
//     carries the extension member "redirects" (the §9 hops, [] on a
//     stop) and moves no fingerprint version (precall.ChangeEvent;
//     issue 28, item 4).
//   - POST /v1/security/scan — the §1 scan result of the body
//     {"text": string, "context": "text"|"email_html", "profile":
//     "strict"|"spec"} (context and profile optional). The profile is
//     the server's (Strict unless Config.SpecProfile) unless the request
//     names one ("spec" is the conformance mode); an unknown one is 422
//     unknown_profile.
//   - POST /v2/scan — the Agent-Shield REST binding (§3.3 of the protocol):
//     the §3.1 request {"content", "context": {"source", "tool",
//     "direction"}} answered with the §3.2 response, its receipt signed
//     and logged (see Receipts) and its verdict counting the store's
//     confirmed community signatures (prompt_injection signals of kind
//     "signature:ID"). The API key is optional here: it names the
//     requester of the receipt log; an Authorization that is not a live
//     key is 401 unauthorized (a handler without a store checks no key,
//     keeps no log, and names every requester anonymous).
//   - GET /.well-known/jwks.json — the public keys of the receipt
//     signatures, a JWK set (RFC 7517 §5) served as application/json,
//     current key first; 404 not_found when the server signs no receipts.
//   - GET /v2/receipts and POST /v2/receipts/{scan_id}/outcome — the
//     receipt log, keyed (see Receipts).
//   - GET /v1/security/flags?url=&class=&status=&limit=&offset= — the §8
//     flag records in creation order ({"flags", "next_offset", "note"});
//     url selects the flags whose artifact ref is that URL (an external
//     server's, §8), status one of standing, disputed, overturned.
//   - GET /v1/security/flags/{id} — one §8 flag record; 404 flag_not_found.
//   - GET /v1/registry/servers?limit=&offset= — the registered servers'
//     records (registration, fingerprint and version, last check, §10
//     warnings, and the §12 line of a fingerprint in "note"), in
//     registration order; GET /v1/registry/server?url= — one record, 404
//     not_registered. Neither probes anything.
//   - POST /api/v1/shield/check — Shield method 1.0's check: {"text"} (at
//     most 16 KiB, else 413 text_too_large) answered with {"match",
//     "matches", "note"}, at most 10 matches of confirmed signatures. The
//     text stays in memory: never stored, never logged. The check reads
//     no database: a signature confirmed through this instance is seen by
//     the next check, one confirmed through another instance on the same
//     database within 2 s (signature.Options.Refresh).
//   - GET /api/v1/shield/feed?since=&limit= — the method's feed after the
//     cursor since, oldest first: ids, categories, hashes and counts,
//     never text; next_since is the next read's cursor.
//   - GET /openapi.json — the OpenAPI 3.1 document of every route
//     ([OpenAPI]; openapi.json in this directory, linted in CI with
//     @redocly/cli, and every handler's answers are checked against it).
//   - GET /.well-known/agent-skills/plainsight-precall/SKILL.md — the
//     plainsight-precall agent skill (package skills: the pre-call check
//     and the scan, in the command line's, the HTTP and the MCP forms),
//     text/markdown, its URLs under Config.PublicURL; without one, the
//     repository's text, which names plainsight serve's default address
//     (the request's Host is never written into it). It passes
//     `plainsight skill` with no finding (TestSkillServed).
//   - GET /healthz — {"status": "ok"}.
//   - GET /metrics — the Prometheus text exposition of the server's own
//     registry (see Operations). Keyless, like the routes above: it holds
//     counts and times by route pattern, outcome and trigger, and the Go
//     runtime's and process's figures, never a URL, a text or a client
//     address. A host that wants it private serves the handler behind a
//     front end that withholds /metrics, or passes Config.Metrics and
//     gathers that registry itself.
//
// On the flag, registry and Shield method reads, limit is 1–1000 (default
// 100), and a query parameter given twice, or one the route does not know,
// is 400 invalid_query. Every route that needs the store answers 503
// no_registry when the handler has none.
//
// # Writes and API keys
//
// The write routes need an API key: Authorization: Bearer psk_ and 64 hex
// digits, made by [CreateKey] (`plainsight keys create`), stored as its
// SHA-256 only ([KeyHash]; package store's APIKeys), revoked once and
// never deleted (`plainsight keys revoke`). A key acts for its owner (an
// account) and holds scopes (store.Scopes). No key, a malformed, an
// unknown or a revoked one is 401 unauthorized with WWW-Authenticate, the
// same answer for each; a key without the route's scope is 403 forbidden.
//
//   - POST /v1/security/submissions (submit) — one field of one artifact
//     {"artifact": {"type", "ref", "label"}, "field", "content",
//     "context", "agent_id", "handle"} through the §8 ingestion gate
//     (package flag), attributed to the key's owner, scanned in the
//     server's profile (Strict unless Config.SpecProfile; only findings of
//     the §2–§4 classes become flags): the gate's outcome, clean, held
//     (with its flags) or admitted (bytes an award overturned), and the
//     §12 line of the flags in "note".
//   - POST /v1/registry/servers (register) — {"url", "slug", "page_url",
//     "linked_store_listing"}: the server probed through the guard and
//     registered (201), or held by deterministic findings in the
//     server's profile (200, the flags standing against the URL; only
//     §2–§4 findings become flags); 409 already_registered, 422
//     refused_<reason> or redirects, 502 unreachable. The page_url given
//     is recorded; the one answered is the server's page here (see Human
//     pages).
//   - POST /v1/security/flags/{id}/dispute (dispute) — {"case_id",
//     "case_number"}: the key's owner, who must be the flag's attributed
//     account (else 403 not_attributed; for a claimed server's flags, its
//     publisher — see the claims below), disputes it, the entry recording
//     the key as filed_by; 409 decided (a
//     decided dispute is not reopened) or wrong_state.
//   - POST /v1/security/flags/{id}/award (arbitrate) — {"case_id",
//     "case_number", "decision": "overturn"|"uphold"}: the award of the
//     dispute's case, its ledger entry recording the key as decided_by;
//     403 self_decision when the key is the one that filed the dispute or
//     acts for the flag's attributed account (issue 29: one principal does
//     not both dispute and arbitrate); 409 case_mismatch or wrong_state.
//   - POST /api/v1/shield/checkin (checkin) — {"agent_id", "reports",
//     "feed_since"}: up to five reports (Shield method 1.0), each outcome,
//     and the check-in's shield_feed after feed_since. A refused report
//     refuses the whole check-in with 422 and its class (secret,
//     too_short, unknown_category, …); a snippet refused for a secret is
//     neither stored, logged nor quoted.
//   - POST /api/v1/shield/review-jobs (review) — {"candidate_id",
//     "agent_id", "opted_in"}: a review job (201), the candidate's text in
//     untrusted_snippet only; 422 not_opted_in; 422 self_review when the
//     key's owner reported the candidate (issue 29: a reporting owner
//     reviews and votes on none of its own candidates).
//   - POST /api/v1/shield/review-jobs/{job}/vote (review) —
//     {"candidate_id", "agent_id", "hostile"}: the job's answer and the
//     candidate's status after it; 409 duplicate for a second vote; 422
//     self_review when the key's owner has reported the candidate.
//   - POST /v1/registry/servers/claims (register) — {"url"}: a challenge
//     (201) for the key's owner to claim the registered server (issue 28,
//     item 3; package precall's Claims): the token (shown once, stored as
//     its SHA-256, 24 hours), https_url (https://HOST/.well-known/plainsight-claim.txt)
//     and dns_name/dns_value (a TXT record _plainsight-claim.HOST
//     "plainsight-claim=TOKEN"); 404 not_registered, 409 already_claimed.
//   - POST /v1/registry/servers/claims/verify (register) — {"url"}: the
//     owner's challenge looked for at https_url (through the guard, no
//     redirect) and else in the TXT record (Config.ClaimResolver); on
//     success the server is claimed, once: publisher_status claimed, the
//     owner its publisher, a registry.server_claimed ledger entry. From then
//     on its registration and refresh flags are attributed to the
//     publisher, and its anonymous flags from before the claim are the
//     publisher's to dispute (403 not_attributed otherwise); an award by
//     the publisher is 403 self_decision. 404 not_registered, 409
//     already_claimed or no_challenge, 422 not_proven.
//
// # Human pages
//
// HTML rendered by html/template from embedded templates (pages.go,
// templates/), readable without script, each reading the registry and
// probing nothing:
//
//   - GET / — what this server is (plainsight, its module version, what
//     it does, the §12 line), with links to its pages, GET /openapi.json,
//     the plainsight-precall skill and the agent-safety formats'
//     canonical page. Exactly "/" (the pattern "GET /{$}"): every other
//     path no route has stays the JSON 404.
//   - GET /servers?q=&offset= — the registered servers in registration
//     order, 50 a page with previous and next links, each row its name
//     (as reported at its current fingerprint version), URL, publisher
//     status, last check and standing flags (counted to 100, more shown
//     as "100+"), linking its page. q (at most 200 bytes of UTF-8, else a
//     400 page) selects the servers whose name or URL holds it, case
//     ignored, and is echoed escaped and written visibly; a search
//     request examines at most 500 servers from offset on (reading each
//     one's current fingerprint version for its name) and links where
//     the next request goes on. A bad offset is a 400 page.
//   - GET /servers/{slug} — a registered server's page, the §9 page_url:
//     its URL, slug, name and version, publisher status, first seen, last
//     checked, fingerprint and version, the flags against its URL (links
//     to their pages), its §10 collisions (links to the other servers'
//     pages), and the instructions and tools recorded at its current
//     fingerprint version, each description as an excerpt.
//   - GET /changes?before= — the §11 feed as recorded, newest first, 50
//     events a page, with a link to the older ones. Unlike
//     /v1/security/changes it re-checks no server: a page view (a
//     crawler's too) sends no probe. A redirect event lists its hops.
//   - GET /flags/{id} — a §8 flag and its evidence excerpt.
//   - GET /signatures/{id} — a confirmed or retired signature (Shield
//     method 1.0) and at most 280 characters of its cleaned text
//     (signature.Excerpt: cut at a word, "://" written "[:]//", "www."
//     written "www[.]"). An open or blocked candidate is no signature and
//     has no page.
//
// The §9 page_url (and §10's and §11's) is the server's page here:
// Config.PublicURL + "/servers/" + the path-escaped slug, or the path
// alone, relative to the server that answered, when PublicURL is empty
// (precall.PageURLUnder); a page URL given at registration is not
// answered. `plainsight serve` records its --public-url in the store
// (store.PublicURLs), and the command line names pages under the one
// recorded, so both answer the same page_url on one database (issue 28,
// item 5).
//
// Every string a page takes from a record — a server's name, a tool's
// name and description, a flag's field and evidence, a signature's text,
// a diff's tool names — is someone else's. It is cut to a bound (200
// characters for a field, 600 for an excerpt, the §8 bound), written
// visibly with scan.Visible (every codepoint an excerpt annotates — a
// bidi control, a tag character, a zero-width character, a control — as
// ⟨U+XXXX NAME⟩, never obeyed by the browser), and escaped by the
// template. An excerpt is set apart in a <blockquote class="untrusted">
// (translate="no", dir="ltr", bidi-isolated) under a caption that says
// these are someone else's words and not an instruction; it is one text
// node whatever it holds (FuzzFlagPage). Links are the pages' own paths
// only, but for the home page's link to the formats' canonical page (a
// constant). Every page is sent with a Content-Security-Policy that allows no
// script, image, frame or base, a form sent to this server only (the
// search box of /servers, a GET), and the one inline style sheet by
// its SHA-256 ([PagesCSP]); X-Content-Type-Options: nosniff,
// Referrer-Policy: no-referrer, X-Frame-Options: DENY. A missing record is
// a 404 page, a handler without a store a 503 page, a store that cannot
// be reached a 503 page with Retry-After, any other store failure a 500
// page (logged, no detail). Headless Chromium renders each page from
// hostile records in a test (TestPagesInBrowser): the DOM it builds holds
// the hostile excerpts as text and none of the elements they try to
// inject. Another (TestPagesOnPhone) loads every page, from hostile and
// long records, at a 390 px wide phone viewport and fails on a document
// wider than it: long URLs, hashes and names wrap (overflow-wrap:
// anywhere) and a table scrolls inside its own box; it writes a
// screenshot of each page to $PLAINSIGHT_SCREENSHOTS (else the test's
// temporary folder) and logs its path.
//
// Errors are {"error": {"code", "message"}}: 422 for the specifications'
// refusals (the guard's, and a request body of the right JSON but the
// wrong shape: invalid_request, unknown_context, unknown_source,
// unknown_direction, and the Shield method's refusals), 400 invalid_json for a body that is not one JSON
// object or does not read one way (a member name twice in one object, or
// a member the route reads spelt with another case: issue 29), 413 body_too_large and content_too_large, 404 not_found, 405
// method_not_allowed (with Allow), 429 rate_limited (with Retry-After),
// 503 store_unavailable (with Retry-After: the store cannot be reached
// now — a refused or lost connection, a timeout, a busy, full or failing
// disk, a pool closed on shutdown; the rule is storeUnavailable's, in
// unavailable.go, issue 29), 500 internal (any other failure: logged,
// answered without detail).
//
// Request bodies are parsed by the surrogate-preserving JSON decoder
// (JSON.parse's reading, internal/canon), not encoding/json: a "\ud800"
// escape reaches the scan as a lone surrogate — §2's
// unassigned_codepoint, with UTF-16 and WTF-8 byte offsets — never as
// U+FFFD. An unknown member is refused, never ignored; a member given
// twice, which JSON.parse would read as the last and another reader as
// the first, is refused too, and so is a known member spelt with another
// case, which encoding/json would fold onto it (the check-in's body,
// decoded by encoding/json, is checked for both before it is decoded; so
// are the MCP tools' arguments). /v2/scan is the
// exception, because package shield takes UTF-8 only and its receipt
// hashes the content's UTF-8: there each lone surrogate is read as
// U+FFFD, as a client's UTF-8 encoder (JavaScript's TextEncoder) writes
// it, so that the content_hash is the one the client computes and every
// signal's UTF-16 offsets are the client's. A lone surrogate therefore
// raises no signal there; /v1/security/scan reports it. A submission's
// content is hashed the same way (the evidence hash is of UTF-8 bytes),
// but the gate scans the content with its lone surrogates, so that one
// is a §2 unassigned_codepoint finding and holds the submission. A
// check's text is read with U+FFFD too (cleaning would remove either),
// and a check-in's body is decoded by encoding/json (the reports' wire
// form is package signature's), which reads a lone surrogate so as well.
//
// # Receipts
//
// With Config.ReceiptKeys (a receipt.KeyRing; `plainsight serve` creates
// one at its first start, see its --help), every POST /v2/scan and
// shield_scan answer is signed (package shield/receipt: a detached JWS
// over the verdict, scores, engine and receipt) and, with a Store,
// appended to the store's receipt log (package shield/receiptstore; the
// Agent-Shield protocol's Level 3, §5: who scanned what hash, when, which
// engine, what verdict, what the enforcer did) before it is sent. Who is
// the owner of the request's API key, [Anonymous] without one. A log
// that cannot be written is not answered as logged: the scan answers 503
// store_unavailable (with Retry-After) when the store is out, 500
// internal otherwise, and no receipt. The log holds hashes and scores,
// never the content. Config.ReceiptKeys nil (serve --no-receipts): no
// signature, no log, and the JWKS route answers 404. A host that passes
// its own Config.Shield gives it the ring as its Signer; one that passes
// Config.ShieldOptions gets the ring and the signature matcher added.
//
// The server is not the enforcer: a scan's own entry has the outcome
// [Unreported]. The caller reports what it did with POST
// /v2/receipts/{scan_id}/outcome {"outcome": "proceed"|"flag"|"block",
// "action": "read"|"write"|"send"|"credentials", "reason"} (reason at
// most [MaxOutcomeReason] bytes), keyed, for a scan of the key's owner
// (else 404 not_found; a keyless scan has no owner to report it): 201 and
// a new entry after the scan's, which repeats its signed receipt — the
// log is append-only, so a report never changes an entry, and a second
// report is one more entry.
//
// GET /v2/receipts?content_hash=&from=&to=&who=&after=&limit= reads the
// log oldest first ({"entries": [{"seq", "at", "kind": "scan"|"outcome",
// "entry"}], "next_after"}; from ≤ at < to, RFC 3339; after is the
// previous page's next_after; limit 1–1000, default 100). Any live key
// reads its own owner's entries; a key with the scope audit reads every
// requester's (who then selects one, "anonymous" the keyless scans);
// another who without audit is 403 forbidden. `plainsight shield
// receipts list --db` reads the same log, and checks the signatures with
// --jwks.
//
// # MCP
//
// [NewMCP] returns an *mcp.Server of the official Go SDK (name "plainsight",
// the version the host gives) with four tools, each with an input and an
// output schema (JSON Schema 2020-12), the same operations as the routes:
//
//   - precall_check {"url", "tool"?} — the §9 answer of GET
//     /v1/security/precall, through the same guard, a registered server's
//     page_url under Config.PublicURL;
//   - scan_text {"text", "context"?, "profile"?} — the §1 result of POST
//     /v1/security/scan, in the server's profile unless one is asked for;
//   - shield_scan {"content", "context": {"source", "direction", "tool"?}}
//     — the MCP binding of Agent-Shield (§3.3 of the protocol: "the same
//     exchange exposed as a tool call"), the §3.2 response of POST
//     /v2/scan, signed and logged the same way (see Receipts: over
//     Streamable HTTP the requester is the owner of the request's API
//     key, 401's code unauthorized for one that is not live; over stdio
//     anonymous); the name is mcpguard.ScanToolName;
//   - signature_check {"text"} — {"match", "matches", "note"}, the
//     confirmed community signatures of Config.Store that match, at most
//     10 (Shield method 1.0, "Checking text"); without a store that keeps
//     signatures, no_registry.
//
// An answer is the tool result's structured content and, for clients that
// read text only, the same JSON as its one text block. A refusal is a tool
// error (isError, no structured content) whose text is the error object of
// the routes, {"error": {"code", "message"}}, with the same codes
// (refused_<reason>, invalid_request, invalid_json, body_too_large,
// unknown_profile, unknown_context, unknown_source, unknown_direction,
// content_too_large, no_registry, unauthorized, store_unavailable,
// cancelled, internal), plus text_too_large for a
// signature_check text over 16 KiB. A call to an unknown tool is the SDK's
// JSON-RPC error.
//
// The tools are registered with the SDK's untyped handlers on purpose: the
// typed ones decode arguments with encoding/json, which reads a lone
// surrogate escape as U+FFFD, and refuse them with the SDK's own messages.
// The raw arguments are read by the reader of the request bodies instead,
// so scan_text reports a "\ud800" as the lone surrogate it is, and a
// refusal carries the code the route answers with. The input schemas
// document what that reader accepts; a test checks every answer against
// its output schema.
//
// [NewMCPHandler] serves NewMCP's server over Streamable HTTP: stateless
// (no session, no server-to-client request, so no stream outlives its
// request and [Serve]'s timeouts hold; with no session kept there is none
// to time out, and the SDK's SessionTimeout has nothing to do), JSON
// answers, the SDK's DNS rebinding protection on loopback, and
// http.CrossOriginProtection, under the limits of Config.MCP
// ([MCPLimits], see Bounds).
//
// An answer is data for the model that reads it, never instructions:
// precall_check quotes the checked server's own words (its name and
// version, the excerpts of findings in its definitions, invisible
// characters written as their ⟨U+…⟩ names), scan_text returns the visible
// text as its sanitized copy. A host shows them as someone else's words.
//
// What a model reads of the server itself — the tools' names, titles,
// descriptions and schemas and the server's instructions — scans clean
// under the Strict profile, and the §7 fingerprint of the definitions is
// pinned: both are tests.
//
// # Loopback (issue 21)
//
// The zero [Config] uses a guard with the zero guard.Policy: loopback
// (127.0.0.0/8, ::1, localhost, names under .localhost and every spelling
// a resolver turns into them) is refused, so a caller cannot steer a probe
// into the services of the host that runs the server. A host may allow it
// (Config.Guard with Policy.AllowLoopback, `plainsight serve
// --allow-loopback`) for development: then only for a URL that names
// loopback — a name that resolves to it stays refused (issue 29) — and a
// redirect hop from an origin that was not itself loopback never reaches
// loopback (the guard refuses both).
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
//     registered servers: precall (a pre-call check of one), feed (a
//     stale one re-checked by a feed read) or background (the background
//     refresh);
//   - plainsight_refresh_jobs_total{outcome} — the background refresh's
//     checks (Config.Refresh): done (unchanged, changed or unreachable) or
//     failed (an error of the store or the context);
//     plainsight_refresh_jobs_in_flight — those running now;
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
// Background refresh (issue 33, item 4; `plainsight serve
// --refresh-every`): with Config.Refresh.Every set, [Background] — which
// [Serve] runs for the handler it serves, and a host mounting the handler
// runs itself — refreshes every registered server whose last check is
// older than Every, through the Checker's guard, as a pre-call check
// would (precall.Refresher). Instances sharing a database each take due
// servers with store.Servers.TakeDue (on PostgreSQL FOR UPDATE SKIP
// LOCKED), so each is refreshed by one instance, once a round; at most
// Refresh.Workers (8) checks in flight per instance, Refresh.PerHost (2)
// of them to one upstream host:port. Off (the zero Config.Refresh),
// nothing runs in the background and the §11 feed re-checks stale
// servers itself, at most three a read, as before.
//
// # Bounds
//
// A server's page lists at most 200 tools and 100 flags (an annotated
// codepoint is written in at most 56 bytes, so 201 excerpts of 600
// codepoints make at most about 7 MB of page) and looks its
// slug up by reading the registry in pages of 1000 servers (the store
// finds servers by URL only); its §10 warnings read every registered
// server's recorded definitions, as a pre-call check does.
//
// A request body is at most Config.MaxBodyBytes (DefaultMaxBody, 1 MiB) on
// every route, less where a route's own cap is lower (a check-in's) — the
// layer around the routes caps it before any handler runs, and answers a
// declared Content-Length over the route's cap with 413 body_too_large
// before any of the body is read, so that "Expect: 100-continue" gets no
// 100 Continue (issue 29) —
// JSON nested at most 8 deep with at most 64 members and elements. [Serve]
// runs http.Server with ReadHeaderTimeout (5 s), ReadTimeout (30 s),
// WriteTimeout (2 min: a pre-call check probes for at most six seconds a
// call, a feed read re-checks at most three servers), IdleTimeout (2 min)
// and headers of at most 64 KiB; on the end of its context it stops
// accepting, lets requests in flight finish (at most ShutdownTimeout) and
// returns. Probes are bounded as package precall says. A scan is bounded
// as packages scan and shield say (linear time in the text).
//
// An MCP call's arguments are at most Config.MaxBodyBytes (else
// body_too_large), parsed under the same JSON limits; a whole message at
// most twice that ([MCPMessageBytes] by default: over HTTP a longer body
// is 413, refused on its declared length before it is read). Over stdio the SDK's transport ends the session, rather than
// answer a parse error and go on, on a line longer than that, one that is
// not JSON, or one nested beyond its decoder's limit; `plainsight mcp`
// then exits 2. The log has one record per tool
// call (the tool, the duration, the error code), never an argument; the
// SDK is given no logger.
//
// MCP batches (issue 29, item 6). JSON-RPC 2.0 §6 lets a batch hold any
// number of calls and MCP 2025-03-26 allowed them over Streamable HTTP;
// MCP 2025-06-18 removed batching, and a request without the
// Mcp-Protocol-Version header is taken as 2025-03-26 (the SDK refuses a
// batch under 2025-06-18 and later, answers one without the header). A
// batch holds at most [DefaultMCPMaxBatch] (64) messages
// (MCPLimits.MaxBatch): counted before the SDK reads the body, a longer
// one is refused whole, none of its calls run — over HTTP 413 (the
// content is more than the server will process, RFC 9110 §15.5.14, as
// for a body over its cap) with the JSON-RPC error a client reads, over
// stdio the same error on its own line and the session goes on
// ([MCPBatchRefusal]: id null, code -32600 Invalid Request, the code §6
// gives a batch refused whole, data {"reason": "batch_too_large",
// "limit": 64}). Over HTTP a batch within the cap is answered a message
// at a time, each given to the SDK alone and its response written as the
// next element of the array, so one response is held at a time; an
// answer is at most MCPLimits.MaxResponseBytes ([DefaultMCPResponseBytes],
// 8 MiB): the response that would take a batch's answer over it, and
// every call after it (not run), is a JSON-RPC error (-32000,
// response_too_large) — the answer is then the cap plus a short error
// for each call cut — and a single answer over it is that error. At most
// MCPLimits.MaxInFlight ([DefaultMCPMaxInFlight], 16) requests are served
// at once, the next one 503 busy with Retry-After before its body is
// read; each write of an answer has MCPLimits.WriteTimeout
// ([DefaultMCPWriteTimeout], 10 s) as its deadline, past which the client
// is dropped; and a client (its IP address, an IPv6 one by its /64,
// loopback included) may send [DefaultMCPWindowMessages] (6,000)
// messages and be sent [DefaultMCPWindowBytes] (256 MiB) of answers a
// [DefaultMCPWindow] (minute), else 429 budget_spent with Retry-After
// (the bytes are counted once an answer is sent, so a client may pass
// them by what it has in flight). The server's memory for MCP over HTTP
// is therefore at most MaxInFlight requests, each its body (2 MiB) and
// its messages, one SDK answer and the copy of one batch element (each
// at most MaxResponseBytes): measured with bench/hostile.sh, the issue's
// batch of 40,000 tools/list calls (2 MB; main: a 230 MB answer, the
// server from 21 to 1,350 MiB) is refused in 10 ms at 29 MiB, three at
// once peak at 36–38 MiB (main: 3,480 MiB), and 50 clients that send it
// and never read peak at 63–73 MiB (main: 1,238 MiB held, 3,507 MiB
// peak), 31 MiB when each sends a batch at the cap. Over
// stdio a batch within the cap is answered by the SDK whole (the host
// that started the process is its one client; no budget applies).
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
// The routes answer what packages precall, scan, shield, flag and
// signature answer, with their notes: evidence gathered at one moment,
// never a guarantee that a tool or a text is safe (§12), and every page
// says so. A signed receipt says this server's key signed that verdict
// for content of that hash at that time, not that the verdict is right;
// an outcome entry is what the caller reported, unchecked. A key says
// who wrote, not that what they wrote is true; scopes
// are coarse (a key with arbitrate applies any award). The rate limit is
// per process (instances sharing a database each allow a client its own
// rate) and per address, not per key; it counts requests, not their cost:
// a pre-call check (a probe of up to six seconds a call) costs a token
// like a scan. The MCP server (plainsight mcp) has neither the rate limit
// nor the metrics; its per-client budget (Config.MCP) counts messages and
// answer bytes, not their cost, is per process, and puts every client
// behind one proxy, or on one host's loopback, in one budget. /healthz says the process answers, not that its store
// does.
package server
