package server

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

// Anonymous is the requester of the receipt log (§5 Level 3: "who
// scanned") of a scan made without an API key. No key can be made for
// this owner (CreateKey refuses it), so that no key's entries mix with
// the keyless ones.
const Anonymous = "anonymous"

// Unreported is the outcome of a scan's own log entry: the server
// scanned, and the enforcer (the caller) has not said what it did. What
// it did is a later entry (POST /v2/receipts/{scan_id}/outcome).
const Unreported enforce.Outcome = "unreported"

// MaxOutcomeReason bounds the reason of an outcome report, in bytes.
const MaxOutcomeReason = 512

// errUnauthorized: the request's Authorization is not a live API key.
var errUnauthorized = errors.New("server: not a live API key")

// errNotLogged wraps a failure to append a scan to the receipt log: the
// scan is then not answered (issue 28, item 1: never a receipt answered
// as logged that is not).
type errNotLogged struct{ err error }

func (e *errNotLogged) Error() string { return "receipt log: " + e.err.Error() }
func (e *errNotLogged) Unwrap() error { return e.err }

// shieldScans is the Agent-Shield scanning of POST /v2/scan and of the
// MCP tool shield_scan (issue 28, items 1 and 2): the scanner, with the
// receipt key ring as its signer and the confirmed signatures as its
// matcher, the receipt log each answer is appended to, and the API keys a
// requester is named by.
type shieldScans struct {
	scanner *shield.Scanner // nil when newErr is set
	newErr  error           // shield.New's refusal of Config.ShieldOptions
	ring    *receipt.KeyRing
	// log receives every answer when ring is set (write); reads and
	// outcome reports use it whenever there is a store.
	log   *receiptstore.Log
	write bool
	keys  store.APIKeys
}

// newShieldScans builds the scanning of c. sigs is the signature service
// (nil without a store): the scanner's matcher brings its index up to
// date with the feed at each scan.
func newShieldScans(c Config, sigs func() *signature.Service) *shieldScans {
	s := &shieldScans{ring: c.ReceiptKeys}
	if c.Store != nil {
		s.keys = c.Store
		s.log = receiptstore.New(c.Store)
		s.log.Now = c.Clock
		s.write = c.ReceiptKeys != nil
	}
	if c.Shield != nil {
		s.scanner = c.Shield
		return s
	}
	opts := c.ShieldOptions
	if opts.Signer == nil && c.ReceiptKeys != nil {
		opts.Signer = c.ReceiptKeys
	}
	if opts.Signatures == nil && sigs != nil {
		opts.Signatures = feedMatcher{sigs}
	}
	s.scanner, s.newErr = shield.New(opts)
	return s
}

// feedMatcher is a shield.SignatureMatcher over the server's confirmed
// community signatures (Shield method 1.0): each scan first folds the
// feed's new changes into the index (signature.Service.Index), so a
// signature confirmed or retired through the HTTP routes counts from the
// next scan on. Its matches are prompt_injection signals of kind
// "signature:ID".
type feedMatcher struct {
	sv func() *signature.Service
}

// MatchSignatures implements shield.SignatureMatcher.
func (m feedMatcher) MatchSignatures(ctx context.Context, content string) ([]shield.SignatureMatch, error) {
	idx, err := m.sv().Index(ctx)
	if err != nil {
		return nil, err
	}
	return idx.MatchSignatures(ctx, content)
}

// requester names the requester of a scan for the receipt log: the owner
// of the live API key in authz ("Bearer psk_…"), Anonymous when authz is
// empty, errUnauthorized for any other value (a malformed, unknown or
// revoked key: 401, as on the keyed routes). Without a store no key can
// be checked and none is kept: every requester is Anonymous.
func (s *shieldScans) requester(ctx context.Context, authz string) (string, error) {
	if authz == "" || s.keys == nil {
		return Anonymous, nil
	}
	k, err := liveKey(ctx, s.keys, authz)
	if err != nil {
		return "", err
	}
	return k.Owner, nil
}

// liveKey returns the live key of an Authorization value, errUnauthorized
// when it names none, or the store's error.
func liveKey(ctx context.Context, keys store.APIKeys, authz string) (store.APIKey, error) {
	secret, ok := strings.CutPrefix(authz, "Bearer ")
	if !ok || len(secret) != len(KeyPrefix)+64 || !strings.HasPrefix(secret, KeyPrefix) {
		return store.APIKey{}, errUnauthorized
	}
	k, err := keys.APIKeyByHash(ctx, KeyHash(secret))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.APIKey{}, errUnauthorized
	case err != nil:
		return store.APIKey{}, err
	case !k.RevokedAt.IsZero():
		return store.APIKey{}, errUnauthorized
	}
	return k, nil
}

// scan scans req for who, and appends the answer to the receipt log when
// receipts are kept: an answer is returned only once it is logged
// (errNotLogged otherwise).
func (s *shieldScans) scan(ctx context.Context, req shield.Request, who string) (shield.Response, error) {
	if s.newErr != nil {
		return shield.Response{}, s.newErr
	}
	resp, err := s.scanner.Scan(ctx, req)
	if err != nil || !s.write {
		return resp, err
	}
	e := enforce.NewLogEntry(who, req, &resp, enforce.Action{Direction: req.Context.Direction},
		enforce.Decision{Outcome: Unreported, Reason: "scanned by the server; the enforcer's outcome is a later entry when reported"})
	if err := s.log.Append(ctx, e); err != nil {
		return shield.Response{}, &errNotLogged{err}
	}
	return resp, nil
}

// scanFailure is how a failed scan is answered, by the HTTP route and the
// MCP tool alike: the request's own faults, a cancelled request, a store
// that cannot be reached (the receipt log or the signatures' feed: 503
// store_unavailable, and no answer), anything else 500 internal.
func scanFailure(ctx context.Context, err error) (status int, code, message string) {
	switch {
	case errors.Is(err, shield.ErrUnknownSource):
		return http.StatusUnprocessableEntity, "unknown_source", err.Error()
	case errors.Is(err, shield.ErrUnknownDirection):
		return http.StatusUnprocessableEntity, "unknown_direction", err.Error()
	case errors.Is(err, shield.ErrContentTooLarge):
		return http.StatusRequestEntityTooLarge, "content_too_large", err.Error()
	case ctx.Err() != nil, errors.Is(err, context.Canceled):
		return http.StatusServiceUnavailable, "cancelled", "the request ended before its answer"
	case storeUnavailable(err):
		return http.StatusServiceUnavailable, "store_unavailable", "the store cannot be reached: retry after " + strconv.Itoa(RetryAfterUnavailable) + " s"
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, "cancelled", "the request ended before its answer"
	}
	return http.StatusInternalServerError, "internal", "internal error"
}

// jwks is GET /.well-known/jwks.json: the receipt keys' public half, a
// JWK set (RFC 7517 §5), current key first, the retired ones after it so
// that older receipts verify. 404 not_found when the server signs no
// receipts.
func (h *handler) jwks(w http.ResponseWriter, r *http.Request) {
	if h.scans.ring == nil {
		writeError(w, http.StatusNotFound, "not_found", "this server signs no receipts")
		return
	}
	b, err := h.scans.ring.JWKS()
	if err != nil {
		h.log.Error("jwks", "err", err.Error())
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(append(b, '\n'))
}

// keyOf reads the request's live key, of any scope, answering 401 (or
// the store's failure) itself.
func (h *handler) keyOf(w http.ResponseWriter, r *http.Request) (store.APIKey, bool) {
	if !h.needStore(w) {
		return store.APIKey{}, false
	}
	k, err := liveKey(r.Context(), h.store, r.Header.Get("Authorization"))
	switch {
	case errors.Is(err, errUnauthorized):
		unauthorized(w)
		return store.APIKey{}, false
	case err != nil:
		h.storeFail(w, r, "api key", err)
		return store.APIKey{}, false
	}
	return k, true
}

// unauthorized answers 401 as authorize does.
func unauthorized(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="plainsight"`)
	writeError(w, http.StatusUnauthorized, "unauthorized", "this route needs a live API key: Authorization: Bearer psk_…")
}

// receiptRecord is one entry of the receipt log as the routes answer it.
type receiptRecord struct {
	Seq int64 `json:"seq"`
	// At is when the entry was logged: the scan's time, or the report's.
	At string `json:"at"`
	// Kind is "scan" (the server's answer, outcome "unreported") or
	// "outcome" (the enforcer's report on a scan logged before).
	Kind  string           `json:"kind"`
	Entry enforce.LogEntry `json:"entry"`
}

func recordOf(r receiptstore.Record) receiptRecord {
	kind := "scan"
	if r.Report {
		kind = "outcome"
	}
	return receiptRecord{Seq: r.Seq, At: r.At.UTC().Format(time.RFC3339Nano), Kind: kind, Entry: r.Entry}
}

// receiptsResponse is the answer of GET /v2/receipts.
type receiptsResponse struct {
	Entries   []receiptRecord `json:"entries"`
	NextAfter *int64          `json:"next_after"`
}

var contentHashRE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// receipts is GET /v2/receipts?content_hash=&from=&to=&who=&after=&limit=
// (issue 28, item 1): the receipt log, oldest first, paged by after (the
// next_after of the previous page). A key reads its own owner's entries;
// one with the scope audit reads everyone's (who then selects one
// requester, "anonymous" the keyless scans). from ≤ at < to, RFC 3339.
func (h *handler) receipts(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r, "content_hash", "from", "to", "who", "after", "limit")
	if !ok {
		return
	}
	var rq store.ReceiptQuery
	rq.Limit = DefaultPage
	bad := func(msg string) { writeError(w, http.StatusBadRequest, "invalid_query", msg) }
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > store.MaxListLimit {
			bad("limit is a number from 1 to 1000")
			return
		}
		rq.Limit = n
	}
	if s := q.Get("after"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			bad("after is the next_after of a previous page")
			return
		}
		rq.After = n
	}
	if rq.ContentHash = q.Get("content_hash"); rq.ContentHash != "" && !contentHashRE.MatchString(rq.ContentHash) {
		bad("content_hash is sha256: and 64 lowercase hex digits")
		return
	}
	for _, p := range []struct {
		name string
		t    *time.Time
	}{{"from", &rq.From}, {"to", &rq.To}} {
		if s := q.Get(p.name); s != "" {
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				bad(p.name + " is an RFC 3339 time")
				return
			}
			*p.t = t
		}
	}
	rq.Who = q.Get("who")
	if len(rq.Who) > store.IDMaxBytes {
		bad("who is at most " + strconv.Itoa(store.IDMaxBytes) + " bytes")
		return
	}
	k, ok := h.keyOf(w, r)
	if !ok {
		return
	}
	if !slices.Contains(k.Scopes, store.ScopeAudit) {
		if rq.Who != "" && rq.Who != k.Owner {
			writeError(w, http.StatusForbidden, "forbidden", "a key without the scope audit reads its own owner's entries only")
			return
		}
		rq.Who = k.Owner
	}
	recs, err := h.scans.log.List(r.Context(), rq)
	if err != nil {
		h.storeFail(w, r, "receipts", err)
		return
	}
	out := receiptsResponse{Entries: make([]receiptRecord, 0, len(recs))}
	for _, rec := range recs {
		out.Entries = append(out.Entries, recordOf(rec))
	}
	if len(recs) == rq.Limit {
		next := recs[len(recs)-1].Seq
		out.NextAfter = &next
	}
	writeJSON(w, http.StatusOK, out)
}

// reportOutcome is POST /v2/receipts/{scan_id}/outcome (issue 28, item
// 1; §5 Level 3's "what the enforcer did"): {"outcome": "proceed" |
// "flag" | "block", "action": "read" | "write" | "send" | "credentials",
// "reason"} appends the enforcer's outcome on a scan logged for the key's
// owner as a new entry (201), repeating the scan's receipt. The log is
// append-only: a report never changes the scan's entry, and a second
// report is a third entry. A scan id not logged, or logged for another
// requester, is 404 not_found (a key learns nothing of another's scans);
// a keyless scan cannot be reported on.
func (h *handler) reportOutcome(w http.ResponseWriter, r *http.Request) {
	k, ok := h.keyOf(w, r)
	if !ok {
		return
	}
	v, ok := h.body(w, r)
	if !ok {
		return
	}
	var outcome, action, reason string
	seen, err := fields(v, "", map[string]*string{"outcome": &outcome, "action": &action, "reason": &reason}, nil)
	if err != nil {
		bodyRefusal(w, err)
		return
	}
	switch o := enforce.Outcome(outcome); {
	case !seen["outcome"]:
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "outcome is required")
		return
	case o != enforce.Proceed && o != enforce.Flag && o != enforce.Block:
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "outcome is proceed, flag or block")
		return
	}
	switch enforce.ActionKind(action) {
	case "", enforce.Read, enforce.Write, enforce.Send, enforce.Credentials:
	default:
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "action is read, write, send or credentials")
		return
	}
	reason = replaceSurrogates(reason)
	if len(reason) > MaxOutcomeReason || !utf8.ValidString(reason) {
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "reason is at most "+strconv.Itoa(MaxOutcomeReason)+" bytes")
		return
	}
	id := r.PathValue("scan_id")
	var found []receiptstore.Record
	if len(id) <= store.IDMaxBytes {
		if found, err = h.scans.log.List(r.Context(), store.ReceiptQuery{ScanID: id, Limit: 1}); err != nil {
			h.storeFail(w, r, "receipts", err)
			return
		}
	}
	if len(found) == 0 || found[0].Report || found[0].Entry.Who != k.Owner {
		writeError(w, http.StatusNotFound, "not_found", "no scan of this key's owner has this scan id")
		return
	}
	e := found[0].Entry
	e.Action = enforce.Action{Kind: enforce.ActionKind(action), Direction: e.Direction}
	e.Outcome, e.Reason = enforce.Outcome(outcome), reason
	if e.Reason == "" {
		e.Reason = "reported by the enforcer"
	}
	rec, err := h.scans.log.AppendOutcome(r.Context(), e)
	if err != nil {
		h.storeFail(w, r, "receipts", err)
		return
	}
	writeJSON(w, http.StatusCreated, recordOf(rec))
}
