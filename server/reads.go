package server

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

// The keyless reads over the store: the Shield method's check and feed,
// the §8 flags, and the registry's records.

// FlagsNote is the standing line of a flag read (§12 of the agent-safety
// formats).
const FlagsNote = "A flag says invisible or hidden content was found and attributed, nothing more: not that its author meant harm. A server or field without a flag is not one found safe."

// CheckNote is the standing line of a Shield method check.
const CheckNote = "A match says the text resembles a reported attack, not that it is one; no match is not a finding that the text is safe. The text was checked in memory and not stored."

// DefaultPage is the page size of a list read without limit.
const DefaultPage = 100

// checkResponse is the answer of POST /api/v1/shield/check.
type checkResponse struct {
	Match   bool              `json:"match"`
	Matches []signature.Match `json:"matches"`
	Note    string            `json:"note"`
}

// feedResponse is the answer of GET /api/v1/shield/feed.
type feedResponse struct {
	Changes   []signature.FeedEntry `json:"changes"`
	NextSince int64                 `json:"next_since"`
}

// flagsResponse is the answer of GET /v1/security/flags.
type flagsResponse struct {
	Flags      []flag.Flag `json:"flags"`
	NextOffset *int        `json:"next_offset"`
	Note       string      `json:"note"`
}

// gateAnswer is the answer of POST /v1/security/submissions: the gate's
// outcome and the §12 line of the flags it shows (issue 28, item 5).
type gateAnswer struct {
	flag.Outcome
	Note string `json:"note"`
}

// serversResponse is the answer of GET /v1/registry/servers.
type serversResponse struct {
	Servers    []precall.Record `json:"servers"`
	NextOffset *int             `json:"next_offset"`
}

// query reads the query string: each name in one at most once (a front
// end reading the last and this handler the first would act on different
// values), and no name outside allowed. It answers the error itself.
func query(w http.ResponseWriter, r *http.Request, allowed ...string) (url.Values, bool) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_query", "the query string is malformed")
		return nil, false
	}
	for name, vs := range q {
		ok := false
		for _, a := range allowed {
			ok = ok || a == name
		}
		if !ok {
			writeError(w, http.StatusBadRequest, "invalid_query", "unknown parameter "+strconv.Quote(printableKey(name)))
			return nil, false
		}
		if len(vs) > 1 {
			writeError(w, http.StatusBadRequest, "invalid_query", name+" is given at most once")
			return nil, false
		}
	}
	return q, true
}

// pageParams reads limit (1–1000, default DefaultPage) and offset (≥ 0).
func pageParams(w http.ResponseWriter, q url.Values) (limit, offset int, ok bool) {
	limit = DefaultPage
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > store.MaxListLimit {
			writeError(w, http.StatusBadRequest, "invalid_query", "limit is a number from 1 to 1000")
			return 0, 0, false
		}
		limit = n
	}
	if s := q.Get("offset"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "invalid_query", "offset is a number from 0")
			return 0, 0, false
		}
		offset = n
	}
	return limit, offset, true
}

// nextOffset is the offset of the next page, or nil when this page was
// not full.
func nextOffset(offset, limit, n int) *int {
	if n < limit {
		return nil
	}
	next := offset + n
	return &next
}

// needStore answers 503 no_registry when the server has no store.
func (h *handler) needStore(w http.ResponseWriter) bool {
	if h.store == nil {
		writeError(w, http.StatusServiceUnavailable, "no_registry", "this server has no registry")
		return false
	}
	return true
}

// storeFail answers an error of a store-backed read or write: logged
// (its text, never a body) and answered without detail — 503
// store_unavailable with Retry-After for an outage ([storeUnavailable]),
// 500 internal otherwise.
func (h *handler) storeFail(w http.ResponseWriter, r *http.Request, op string, err error) {
	if r.Context().Err() != nil {
		writeError(w, http.StatusServiceUnavailable, "cancelled", "the request ended before its answer")
		return
	}
	h.log.Error(op, "path", r.URL.Path, "err", err.Error())
	if storeUnavailable(err) {
		writeUnavailable(w) // issue 29: an outage is a 503, a bug a 500
		return
	}
	writeError(w, http.StatusInternalServerError, "internal", "internal error")
}

// shieldCheck is POST /api/v1/shield/check (Shield method 1.0, "Checking
// text"): {"text"} answered with the matching confirmed signatures. The
// text stays in memory: it is neither stored nor logged, and no error
// answer quotes it.
func (h *handler) shieldCheck(w http.ResponseWriter, r *http.Request) {
	if !h.needStore(w) {
		return
	}
	v, ok := h.body(w, r)
	if !ok {
		return
	}
	var text string
	seen, err := fields(v, "", map[string]*string{"text": &text}, nil)
	if err == nil && !seen["text"] {
		err = errors.New("text is required")
	}
	if err != nil {
		bodyRefusal(w, err)
		return
	}
	ms, err := h.signatures().Check(r.Context(), replaceSurrogates(text))
	switch {
	case errors.Is(err, signature.ErrTextTooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "text_too_large", "text is at most 16384 bytes (Shield method 1.0: up to 16 KB)")
	case err != nil:
		h.storeFail(w, r, "shield check", err)
	default:
		if ms == nil {
			ms = []signature.Match{}
		}
		writeJSON(w, http.StatusOK, checkResponse{Match: len(ms) > 0, Matches: ms, Note: CheckNote})
	}
}

// shieldFeed is GET /api/v1/shield/feed?since=&limit= (Shield method
// 1.0, "The feed"): the changes after cursor since, oldest first — ids,
// categories, hashes and counts, never text.
func (h *handler) shieldFeed(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r, "since", "limit")
	if !ok || !h.needStore(w) {
		return
	}
	limit, _, ok := pageParams(w, q)
	if !ok {
		return
	}
	var since int64
	if s := q.Get("since"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "invalid_query", "since is 0 or the next_since of a previous read")
			return
		}
		since = n
	}
	es, err := h.signatures().Feed(r.Context(), since, limit)
	if err != nil {
		h.storeFail(w, r, "shield feed", err)
		return
	}
	next := since
	if len(es) > 0 {
		next = es[len(es)-1].Seq
	}
	writeJSON(w, http.StatusOK, feedResponse{Changes: es, NextSince: next})
}

// flagStatuses are the values of the status parameter.
var flagStatuses = map[string]bool{store.StatusStanding: true, store.StatusDisputed: true, store.StatusOverturned: true}

// flags is GET /v1/security/flags?url=&class=&status=&limit=&offset=:
// the §8 flags, in creation order; url selects those whose artifact ref
// is that URL (an external server's flags).
func (h *handler) flags(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r, "url", "class", "status", "limit", "offset")
	if !ok || !h.needStore(w) {
		return
	}
	limit, offset, ok := pageParams(w, q)
	if !ok {
		return
	}
	fq := store.FlagQuery{ArtifactRef: q.Get("url"), Class: q.Get("class"), Limit: limit, Offset: offset}
	if s := q.Get("status"); s != "" {
		if !flagStatuses[s] {
			writeError(w, http.StatusBadRequest, "invalid_query", "status is standing, disputed or overturned")
			return
		}
		fq.Statuses = []string{s}
	}
	if len(fq.ArtifactRef) > store.TextMaxBytes || len(fq.Class) > store.IDMaxBytes {
		writeError(w, http.StatusBadRequest, "invalid_query", "url or class is too long")
		return
	}
	fs, err := (&flag.Service{Store: h.store, Now: h.clock}).List(r.Context(), fq)
	if err != nil {
		h.storeFail(w, r, "flags", err)
		return
	}
	if fs == nil {
		fs = []flag.Flag{}
	}
	writeJSON(w, http.StatusOK, flagsResponse{Flags: fs, NextOffset: nextOffset(offset, limit, len(fs)), Note: FlagsNote})
}

// flagByID is GET /v1/security/flags/{id}: one §8 flag record.
func (h *handler) flagByID(w http.ResponseWriter, r *http.Request) {
	if !h.needStore(w) {
		return
	}
	id := r.PathValue("id")
	if len(id) > store.IDMaxBytes {
		writeError(w, http.StatusNotFound, "flag_not_found", "no flag has this id")
		return
	}
	f, err := (&flag.Service{Store: h.store, Now: h.clock}).Get(r.Context(), id)
	switch {
	case errors.Is(err, flag.ErrNotFound), errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "flag_not_found", "no flag has this id")
	case err != nil:
		h.storeFail(w, r, "flag", err)
	default:
		writeJSON(w, http.StatusOK, f)
	}
}

// registryServers is GET /v1/registry/servers?limit=&offset=: the
// records of the registered servers, in registration order.
func (h *handler) registryServers(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r, "limit", "offset")
	if !ok || !h.needStore(w) {
		return
	}
	limit, offset, ok := pageParams(w, q)
	if !ok {
		return
	}
	rs, err := h.checker.Records(r.Context(), store.ServerQuery{Limit: limit, Offset: offset})
	if err != nil {
		h.storeFail(w, r, "registry", err)
		return
	}
	writeJSON(w, http.StatusOK, serversResponse{Servers: rs, NextOffset: nextOffset(offset, limit, len(rs))})
}

// registryServer is GET /v1/registry/server?url=: the record of the
// server registered at url, 404 not_registered otherwise. It probes
// nothing.
func (h *handler) registryServer(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r, "url")
	if !ok || !h.needStore(w) {
		return
	}
	u := q.Get("url")
	if u == "" {
		writeError(w, http.StatusBadRequest, "invalid_query", "the url parameter is required")
		return
	}
	rec, err := h.checker.Record(r.Context(), u)
	switch {
	case errors.Is(err, precall.ErrNotRegistered):
		writeError(w, http.StatusNotFound, "not_registered", "no server is registered at this URL")
	case err != nil:
		h.storeFail(w, r, "registry", err)
	default:
		writeJSON(w, http.StatusOK, rec)
	}
}
