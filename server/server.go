package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
	"github.com/prometheus/client_golang/prometheus"
)

// DefaultMaxBody caps a request body when Config.MaxBodyBytes is zero:
// 1 MiB.
const DefaultMaxBody = 1 << 20

// Config configures the handler [New] returns.
type Config struct {
	// Guard sends every probe of a URL a caller names. Nil means a Guard
	// with the zero Policy: loopback refused (a server answers strangers,
	// and must not probe the host it runs on).
	Guard *guard.Guard
	// ClaimResolver looks up the TXT records of publisher claims
	// (claims.go); nil means the system's resolver.
	ClaimResolver precall.TXTResolver
	// Store is the external registry. Nil means no registry: the pre-call
	// check answers every server as unregistered, and the feed answers
	// 503 no_registry.
	Store store.Store
	// Logger receives one record per request (never a body, a query
	// string or scanned content). Nil means no logging.
	Logger *slog.Logger
	// MaxBodyBytes caps a request body; 0 means DefaultMaxBody.
	MaxBodyBytes int64
	// Clock gives the time to the registry's checks; nil means time.Now.
	Clock func() time.Time
	// RateLimit is the per-client rate limit (ops.go); zero means
	// DefaultRate and DefaultBurst, loopback clients not limited.
	RateLimit RateLimit
	// Metrics receives the server's Prometheus metrics, also answered at
	// GET /metrics; nil means a registry of its own (never the global one).
	Metrics *prometheus.Registry
	// PublicURL is where the server is reached ("https://host"): the §9
	// page_url of a registered server is PublicURL + "/servers/SLUG", its
	// page here (pages.go). Empty means the path alone.
	PublicURL string
	// MCP bounds NewMCPHandler's transport: batch and answer caps, the
	// requests served at once, the write deadline and the per-client
	// budget (mcplimits.go); zero means the DefaultMCP limits.
	MCP MCPLimits
	// Shield is the Agent-Shield scanner of POST /v2/scan and of the MCP
	// tool shield_scan (§3.3's REST and MCP bindings), for a host that
	// builds its own: it is used as it is, with its own Signer and
	// Signatures (the server adds neither; a host that sets ReceiptKeys
	// too gives its scanner the same ring as Signer, or the published
	// keys do not verify its receipts). Nil means a scanner of
	// ShieldOptions.
	Shield *shield.Scanner
	// ShieldOptions configure the scanner when Shield is nil (URL lists,
	// thresholds, bounds). Unless set in them, the server adds Signer =
	// ReceiptKeys and Signatures = a matcher over the store's confirmed
	// community signatures, brought up to date with the feed at each scan
	// (issue 28, item 2). Options shield.New refuses make every scan
	// answer 500 internal.
	ShieldOptions shield.Options
	// ReceiptKeys signs the receipt of every POST /v2/scan and
	// shield_scan answer, and is published at GET /.well-known/jwks.json;
	// with a Store, every answer is also appended to the store's receipt
	// log (§5 Level 3) before it is sent (issue 28, item 1). Nil: receipts
	// unsigned and not logged, and the JWKS route answers 404.
	ReceiptKeys *receipt.KeyRing
	// SignatureCorpus is the benign corpus of the Shield method's
	// poisoning guard (the shipped one and an operator's, see
	// signature.Corpus.Union); nil means signature.DefaultCorpus().
	SignatureCorpus *signature.Corpus
	// SpecProfile makes every scan the server runs use the Spec profile,
	// the conformance mode (plainsight serve --profile spec): the pre-call
	// check's scan of definitions, the flags registration, refresh and
	// the submission gate record, and the default of POST
	// /v1/security/scan and the MCP tool scan_text (a request's "profile"
	// still chooses there). False, the default, is Strict
	// (docs/profiles.md; issue 31, item 2).
	SpecProfile bool
	// Refresh, when its Every is set, refreshes the registered servers
	// in the background, run by [Background] (and [Serve]); the zero
	// value runs nothing (refresh.go; issue 33, item 4).
	Refresh RefreshConfig
}

// profile is the scan profile c sets.
func (c Config) profile() scan.Profile {
	if c.SpecProfile {
		return scan.Spec
	}
	return scan.Strict
}

type handler struct {
	mux     *http.ServeMux
	checker *precall.Checker
	store   store.Store
	clock   func() time.Time
	log     *slog.Logger
	maxBody int64
	// signatures is the Shield method's service over store, built on first
	// use (it loads the benign corpus).
	signatures func() *signature.Service
	// scans is the scanning of POST /v2/scan and its receipts
	// (receipts.go).
	scans *shieldScans
	// allow is the methods each path answers, for a 405's Allow.
	allow map[string][]string
	ops   *ops
	// flagBatch writes the submissions' flags, those that wait for a batch
	// together (group commit, issue 33, item 3).
	flagBatch *flag.Batcher
}

// New returns the server's routes as one http.Handler, for a host to
// mount (see the package doc for the routes and their answers).
func New(c Config) http.Handler {
	g := c.Guard
	if g == nil {
		g = &guard.Guard{}
	}
	h := &handler{
		mux:     http.NewServeMux(),
		checker: &precall.Checker{Guard: g, Store: c.Store, Clock: c.Clock, Profile: c.profile()},
		store:   c.Store,
		clock:   c.Clock,
		log:     c.Logger,
		maxBody: c.MaxBodyBytes,
	}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	h.flagBatch = &flag.Batcher{Service: &flag.Service{Store: c.Store, Now: c.Clock}}
	if h.maxBody <= 0 {
		h.maxBody = DefaultMaxBody
	}
	h.signatures = sync.OnceValue(func() *signature.Service {
		return signature.NewService(c.Store, signature.Options{Now: c.Clock, Log: h.log, Corpus: c.SignatureCorpus})
	})
	var sigs func() *signature.Service
	if c.Store != nil {
		sigs = h.signatures
	}
	h.scans = newShieldScans(c, sigs)

	// The route table. Every route is in the OpenAPI document
	// (openapi.json), and TestOpenAPI drives each one. Another file's
	// routes are added here, one line each.
	h.route("GET", "/v1/security/precall", h.precall)
	h.route("GET", "/v1/security/changes", h.changes)
	h.route("POST", "/v1/security/scan", h.scan)
	h.route("POST", "/v2/scan", h.shieldScan)
	h.route("GET", "/.well-known/jwks.json", h.jwks)
	h.route("GET", "/v2/receipts", h.receipts)
	h.route("POST", "/v2/receipts/{scan_id}/outcome", h.reportOutcome)
	h.route("GET", "/v1/security/flags", h.flags)
	h.route("GET", "/v1/security/flags/{id}", h.flagByID)
	h.route("GET", "/v1/registry/servers", h.registryServers)
	h.route("GET", "/v1/registry/server", h.registryServer)
	h.route("POST", "/api/v1/shield/check", h.shieldCheck)
	h.route("GET", "/api/v1/shield/feed", h.shieldFeed)
	// Writes: an API key with the route's scope (keys.go, writes.go).
	h.route("POST", "/v1/security/submissions", h.submit)
	h.route("POST", "/v1/registry/servers", h.register)
	h.route("POST", "/v1/security/flags/{id}/dispute", h.dispute)
	h.route("POST", "/v1/security/flags/{id}/award", h.award)
	h.route("POST", "/v1/registry/servers/claims", h.claimChallenge(c.ClaimResolver))
	h.route("POST", "/v1/registry/servers/claims/verify", h.claimVerify(c.ClaimResolver))
	h.route("POST", "/api/v1/shield/checkin", h.checkIn)
	h.route("POST", "/api/v1/shield/review-jobs", h.reviewJob)
	h.route("POST", "/api/v1/shield/review-jobs/{job}/vote", h.vote)
	h.route("GET", "/openapi.json", h.openAPI)
	h.route("GET", "/.well-known/agent-skills/plainsight-precall/SKILL.md", skillHandler(c.PublicURL))
	h.addPages(c) // the human pages: pages.go
	h.route("GET", "/healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no such route")
	})
	h.ops = newOps(h, c)
	return h.ops
}

// route registers method and path, and for the path under any other
// method a JSON 405 whose Allow lists every method the path answers.
func (h *handler) route(method, path string, f http.HandlerFunc) {
	h.mux.HandleFunc(method+" "+path, f)
	if h.allow == nil {
		h.allow = map[string][]string{}
	}
	if h.allow[path] = append(h.allow[path], method); len(h.allow[path]) > 1 {
		return
	}
	h.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		methods := strings.Join(h.allow[path], ", ")
		w.Header().Set("Allow", methods)
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", path+" answers "+methods+" only")
	})
}

// bodyCap is the most bytes a request body of route (a route pattern, as
// the mux names it) may have: Config.MaxBodyBytes, less on a route whose
// handler caps it lower (a check-in: signature.MaxCheckInBytes and room
// for the envelope, as the handler reads it). The layer around the routes
// refuses a declared length over it before reading (issue 29).
func (h *handler) bodyCap(route string) int64 {
	if route == "POST /api/v1/shield/checkin" {
		return min(h.maxBody, signature.MaxCheckInBytes+4096)
	}
	return h.maxBody
}

// tooLarge answers 413 body_too_large for a body over limit; the
// connection is closed after it, since the body is not read.
func tooLarge(w http.ResponseWriter, limit int64) {
	w.Header().Set("Connection", "close")
	writeError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("the body is longer than %d bytes", limit))
}

// declaredCap answers a request whose declared Content-Length is over
// limit with 413 before next sees it (and before any of the body is read,
// so that "Expect: 100-continue" gets no 100 Continue: issue 29). It is
// for a handler that caps its body itself (the MCP transport's).
func declaredCap(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			tooLarge(w, limit)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// recorder keeps the status and size of a response for the log.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// ServeHTTP routes a request and logs it: method, route pattern (never
// the path or the query string: both are the caller's), status, response size, duration and the error code of an
// error answer — never a body.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w}
	rec.Header().Set("X-Content-Type-Options", "nosniff")
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			h.log.Error("handler panic", "route", routeOf(r), "panic", fmt.Sprint(v))
			if rec.status == 0 {
				writeError(rec, http.StatusInternalServerError, "internal", "internal error")
			}
		}
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		attrs := []slog.Attr{
			slog.String("method", r.Method),
			slog.String("route", routeOf(r)),
			slog.Int("status", rec.status),
			slog.Int64("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start)),
		}
		if code := rec.Header().Get(codeHeader); code != "" {
			attrs = append(attrs, slog.String("error_code", code))
		}
		h.log.LogAttrs(r.Context(), level, "request", attrs...)
	}()
	h.mux.ServeHTTP(rec, r)
}

// codeHeader carries an error answer's code to the log; it is sent too,
// which does no harm (the body holds the same code).
const codeHeader = "X-Plainsight-Error"

// errorBody is the shape of every error answer.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	var b errorBody
	b.Error.Code, b.Error.Message = code, message
	w.Header().Set(codeHeader, code)
	writeJSON(w, status, b)
}

// writeJSON answers v as JSON (json.Marshal's bytes and a newline), with
// its Content-Length: encoded into a buffer kept between answers, and
// written at once rather than in chunks (issue 33, item 5).
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := answerBufs.Get().(*bytes.Buffer)
	defer putAnswerBuf(buf)
	buf.Reset()
	// An Encoder escapes as Marshal does and ends with the newline.
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":{"code":"internal","message":"the answer could not be encoded"}}` + "\n")
		w.Header().Set(codeHeader, "internal")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// answerBufs are writeJSON's buffers.
var answerBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putAnswerBuf keeps buf for another answer unless it grew past 1 MiB.
func putAnswerBuf(buf *bytes.Buffer) {
	if buf.Cap() <= 1<<20 {
		answerBufs.Put(buf)
	}
}

// precall is GET /v1/security/precall?url=&tool= (§9).
func (h *handler) precall(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if len(q["url"]) > 1 || len(q["tool"]) > 1 {
		// A front end reading the last and this handler the first would
		// check different URLs.
		writeError(w, http.StatusUnprocessableEntity, "repeated_parameter", "url and tool are given at most once")
		return
	}
	u := q.Get("url")
	if u == "" {
		writeError(w, http.StatusUnprocessableEntity, "refused_"+guard.ErrURL.ID(), "the url parameter is required (§9: a missing URL is refused as malformed)")
		return
	}
	a, err := h.checker.Check(r.Context(), u, q.Get("tool"))
	h.ops.checked(a, err)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// changes is GET /v1/security/changes?limit=&before= (§11).
func (h *handler) changes(w http.ResponseWriter, r *http.Request) {
	var fq precall.FeedQuery
	q := r.URL.Query()
	var err error
	if s := q.Get("limit"); s != "" {
		fq.Limit, err = strconv.Atoi(s)
		if err == nil && (fq.Limit < 1 || fq.Limit > store.MaxListLimit) {
			err = errors.New("out of range")
		}
		if err != nil {
			writeError(w, http.StatusBadRequest, "invalid_query", "limit is a number from 1 to 1000")
			return
		}
	}
	if s := q.Get("before"); s != "" {
		fq.Before, err = strconv.ParseInt(s, 10, 64)
		if err != nil || fq.Before < 1 {
			writeError(w, http.StatusBadRequest, "invalid_query", "before is the next_before of a previous page")
			return
		}
	}
	f, err := h.checker.Changes(r.Context(), fq)
	h.ops.fed(f)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, f)
}

// fail answers an error of precall: a guard refusal is 422 with the
// reason's code; anything else is logged (the error, never a body) and
// answered without detail: 503 store_unavailable for a store outage
// ([storeUnavailable]), 500 internal otherwise.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var re *guard.RefusedError
	switch {
	case errors.As(err, &re):
		writeError(w, http.StatusUnprocessableEntity, "refused_"+re.Reason.ID(), re.Error())
	case errors.Is(err, precall.ErrNoStore):
		writeError(w, http.StatusServiceUnavailable, "no_registry", "this server has no registry")
	case r.Context().Err() != nil:
		writeError(w, http.StatusServiceUnavailable, "cancelled", "the request ended before its answer")
	case storeUnavailable(err):
		h.log.Error("precall", "route", routeOf(r), "err", err.Error())
		writeUnavailable(w)
	default:
		h.log.Error("precall", "route", routeOf(r), "err", err.Error())
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
	}
}

// body reads a request body under the cap and parses it as JSON with
// lone surrogates kept (strings in WTF-8); a member name given twice in
// one object is refused (see repeatedMember). It answers the error itself
// and returns false on failure.
func (h *handler) body(w http.ResponseWriter, r *http.Request) (canon.Value, bool) {
	b, err := readBody(w, r, h.maxBody)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		writeError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("the body is longer than %d bytes", h.maxBody))
		return canon.Value{}, false
	case err != nil:
		writeError(w, http.StatusBadRequest, "invalid_body", "the body could not be read")
		return canon.Value{}, false
	}
	v, err := canon.Parse(b, canon.Limits{MaxDepth: 8, MaxEntries: 64, RequireObject: true})
	if err != nil {
		var ce *canon.Error
		msg := "the body is not a JSON object"
		if errors.As(err, &ce) {
			msg += " (at byte " + strconv.Itoa(ce.Offset) + ")"
		}
		writeError(w, http.StatusBadRequest, "invalid_json", msg)
		return canon.Value{}, false
	}
	if err := repeatedMember(b, v, 8); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return canon.Value{}, false
	}
	return v, true
}

// readBody reads r's body under limit (an *http.MaxBytesError past it)
// into a buffer of its declared length, when it declares one, instead of
// growing one from 512 bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	rd := http.MaxBytesReader(w, r.Body, limit)
	if n := r.ContentLength; n > 0 && n <= limit {
		buf := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
		_, err := buf.ReadFrom(rd)
		return buf.Bytes(), err
	}
	return io.ReadAll(rd)
}

// fields reads the string members of obj named in want and the object
// members named in objects, and returns the names of the strings present;
// any other member, or a member of another type (null is read as absent),
// is an error naming it.
func fields(obj canon.Value, prefix string, want map[string]*string, objects map[string]*canon.Value) (map[string]bool, error) {
	seen := map[string]bool{}
	for _, m := range obj.Members {
		if p, ok := want[m.Key]; ok {
			switch m.Value.Kind {
			case canon.KindString:
				*p = m.Value.Str
				seen[m.Key] = true
			case canon.KindNull:
			default:
				return nil, fmt.Errorf("%s%s must be a string", prefix, m.Key)
			}
			continue
		}
		if p, ok := objects[m.Key]; ok {
			if m.Value.Kind != canon.KindObject && m.Value.Kind != canon.KindNull {
				return nil, fmt.Errorf("%s%s must be an object", prefix, m.Key)
			}
			*p = m.Value
			continue
		}
		return nil, unknownField(prefix, m.Key, want, objects)
	}
	return seen, nil
}

// printableKey cuts a member name to 32 bytes of valid UTF-8 for a
// message: it is the caller's data.
func printableKey(k string) string {
	if len(k) > 32 {
		k = k[:32]
	}
	return string([]rune(k)) // ill-formed bytes become U+FFFD
}

// scanRequest is the body of POST /v1/security/scan.
func (h *handler) scan(w http.ResponseWriter, r *http.Request) {
	v, ok := h.body(w, r)
	if !ok {
		return
	}
	var text, ctxName, profileName string
	seen, err := fields(v, "", map[string]*string{"text": &text, "context": &ctxName, "profile": &profileName}, nil)
	if err != nil {
		bodyRefusal(w, err)
		return
	}
	if !seen["text"] {
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "text is required")
		return
	}
	// The server scans with its profile (Strict unless Config.SpecProfile)
	// unless the request names one (docs/profiles.md).
	profile := h.checker.Profile
	if seen["profile"] {
		if profile, err = scan.ParseProfile(profileName); err != nil {
			writeError(w, http.StatusUnprocessableEntity, "unknown_profile", "profile is spec or strict")
			return
		}
	}
	opts := &scan.Options{Context: scan.Context(ctxName), Profile: profile}
	res, err := scan.ScanWTF8(text, opts)
	if errors.Is(err, scan.ErrUnknownContext) {
		writeError(w, http.StatusUnprocessableEntity, "unknown_context", "context is text or email_html")
		return
	} else if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// shieldRequest reads the Agent-Shield request of POST /v2/scan and of
// the MCP tool shield_scan (§3.3): content, required, and the context's
// source, direction and tool. Lone surrogates in the content become
// U+FFFD, so that the receipt's hash is that of the client's UTF-8.
func shieldRequest(v canon.Value) (shield.Request, error) {
	var req shield.Request
	var content string
	var ctxv canon.Value
	seen, err := fields(v, "", map[string]*string{"content": &content}, map[string]*canon.Value{"context": &ctxv})
	if err == nil && ctxv.Kind == canon.KindObject {
		var src, dir string
		_, err = fields(ctxv, "context.", map[string]*string{"source": &src, "tool": &req.Context.Tool, "direction": &dir}, nil)
		req.Context.Source, req.Context.Direction = shield.Source(src), shield.Direction(dir)
	}
	if err == nil && !seen["content"] {
		err = errors.New("content is required")
	}
	req.Content = replaceSurrogates(content)
	return req, err
}

// shieldScan is POST /v2/scan, the REST binding of Agent-Shield (§3.3).
// The requester is the owner of the request's API key, Anonymous without
// one; an Authorization that is not a live key is 401 (receipts.go).
func (h *handler) shieldScan(w http.ResponseWriter, r *http.Request) {
	v, ok := h.body(w, r)
	if !ok {
		return
	}
	req, err := shieldRequest(v)
	if err != nil {
		bodyRefusal(w, err)
		return
	}
	who, err := h.scans.requester(r.Context(), r.Header.Get("Authorization"))
	if errors.Is(err, errUnauthorized) {
		unauthorized(w)
		return
	} else if err != nil {
		h.storeFail(w, r, "api key", err)
		return
	}
	resp, err := h.scans.scan(r.Context(), req, who)
	if err != nil {
		status, code, msg := scanFailure(r.Context(), err)
		switch status {
		case http.StatusInternalServerError:
			h.log.Error("shield scan", "err", err.Error())
		case http.StatusServiceUnavailable:
			if code == "store_unavailable" {
				h.log.Error("shield scan", "err", err.Error())
				w.Header().Set("Retry-After", strconv.Itoa(RetryAfterUnavailable))
			}
		}
		writeError(w, status, code, msg)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// replaceSurrogates writes each lone surrogate of a WTF-8 string as
// U+FFFD, as a UTF-8 encoder (JavaScript's TextEncoder) does: the bytes
// the receipt hashes are then the bytes a client hashes, and offsets stay
// the same (three bytes, one codepoint, one UTF-16 unit either way).
func replaceSurrogates(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == 0xED && b[i+1] >= 0xA0 && b[i+1] <= 0xBF && b[i+2] >= 0x80 && b[i+2] <= 0xBF {
			b[i], b[i+1], b[i+2] = 0xEF, 0xBF, 0xBD
			i += 2
		}
	}
	return string(b)
}
