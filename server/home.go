package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
)

// The home page and the registry's list (issue 28, item 6): GET / says
// what the instance is and links its routes; GET /servers lists the
// registry, 50 servers a page, searchable by name and URL.

// Bounds of GET /servers.
const (
	// serversPageSize is the servers one page lists.
	serversPageSize = 50
	// serversSearchScan is the most registered servers one search request
	// examines (each one's current fingerprint version is read for its
	// name); a search that has not reached the end of the registry by then
	// links the rest.
	serversSearchScan = 500
	// serversQueryMax is the longest query q, in bytes.
	serversQueryMax = 200
	// serversFlagCount is the most standing flags a row counts; more is
	// shown as "100+".
	serversFlagCount = 100
)

// specAddress is the canonical page the agent-safety formats give for
// themselves (their §12 "Human page" line): the one link of the home page
// that leaves this server. A link is not a fetch: the page loads nothing
// from it.
const specAddress = "https://www.rightshold.com/security/spec"

// homeView is what home.html reads.
type homeView struct {
	Version     string
	SpecAddress string
	SkillPath   string
}

// moduleVersion is the version of the plainsight module the program was
// built with ("(devel)" when the build recorded none), as package report
// reads it.
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	const path = "github.com/plainsight/plainsight"
	v := ""
	if info.Main.Path == path {
		v = info.Main.Version
	}
	for _, d := range info.Deps {
		if d.Path == path {
			v = d.Version
		}
	}
	if v == "" {
		return "(devel)"
	}
	return v
}

// homePage is GET / (exactly: the pattern "GET /{$}"; every other unknown
// path stays the JSON 404): what this instance is, and links to its pages
// and routes. It reads nothing.
func (h *handler) homePage(w http.ResponseWriter, r *http.Request) {
	h.renderPage(w, r, http.StatusOK, "home", "An agent-safety server", homeView{Version: moduleVersion(), SpecAddress: specAddress, SkillPath: skillPath})
}

// serversView is what servers.html reads.
type serversView struct {
	Query    string // as typed, written visibly (the template escapes it)
	Rows     []serverRow
	From, To int    // 1-based registration positions listed (browsing)
	Searched int    // servers examined (a search)
	Next     string // the next page's path, empty on the last
	Previous string // the previous page's path, empty on the first
	First    string // a search's first page, when this is a later one
}

type serverRow struct {
	Path, Name, Slug, URL, Publisher, LastChecked string
	Flags                                         string
}

// serversPage is GET /servers?q=&offset=: the registered servers in
// registration order, 50 a page, each row linking its page. Without q,
// offset is the registration position of the page's first server. With q
// (at most 200 bytes), the servers whose name or URL holds q, compared
// case-insensitively, are listed: one request examines at most 500
// servers from offset on and links where the next one goes on. It probes
// nothing.
func (h *handler) serversPage(w http.ResponseWriter, r *http.Request) {
	qs := r.URL.Query()
	q := qs.Get("q")
	offset := 0
	bad := ""
	if len(q) > serversQueryMax || !utf8.ValidString(q) {
		bad = "The search is at most " + strconv.Itoa(serversQueryMax) + " bytes of UTF-8."
	}
	if s := qs.Get("offset"); s != "" && bad == "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1<<30 {
			bad = "offset is the number a previous or next link gives."
		}
		offset = n
	}
	if bad != "" {
		w.Header().Set(codeHeader, "invalid_query")
		h.renderPage(w, r, http.StatusBadRequest, "error", "Bad request", errorPage{bad})
		return
	}
	if h.checker.Store == nil {
		h.pageError(w, r, precall.ErrNoStore)
		return
	}
	v := serversView{Query: visible(q)}
	var err error
	if q == "" {
		err = h.browseServers(r, offset, &v)
	} else {
		err = h.searchServers(r, q, offset, &v)
	}
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	title := "Registered servers"
	if q != "" {
		title = "Registered servers matching " + cut(v.Query, 40)
	}
	h.renderPage(w, r, http.StatusOK, "servers", title, v)
}

func serversLink(q string, offset int) string {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if offset > 0 {
		v.Set("offset", strconv.Itoa(offset))
	}
	if len(v) == 0 {
		return "/servers"
	}
	return "/servers?" + v.Encode()
}

// browseServers fills v with the page of the registry at offset.
func (h *handler) browseServers(r *http.Request, offset int, v *serversView) error {
	ss, err := h.checker.Store.ListServers(r.Context(), store.ServerQuery{Offset: offset, Limit: serversPageSize + 1})
	if err != nil {
		return err
	}
	more := len(ss) > serversPageSize
	if more {
		ss = ss[:serversPageSize]
	}
	for i := range ss {
		name, err := h.serverName(r, &ss[i])
		if err != nil {
			return err
		}
		row, err := h.serverRow(r, &ss[i], name)
		if err != nil {
			return err
		}
		v.Rows = append(v.Rows, row)
	}
	if len(ss) > 0 {
		v.From, v.To = offset+1, offset+len(ss)
	}
	if more {
		v.Next = serversLink("", offset+serversPageSize)
	}
	if offset > 0 {
		v.Previous = serversLink("", max(0, offset-serversPageSize))
	}
	return nil
}

// searchServers fills v with the servers matching q from offset on: at
// most serversPageSize rows, at most serversSearchScan servers examined.
func (h *handler) searchServers(r *http.Request, q string, offset int, v *serversView) error {
	needle := strings.ToLower(q)
	pos, end := offset, false
	for !end && v.Searched < serversSearchScan && len(v.Rows) < serversPageSize {
		limit := min(store.MaxListLimit, serversSearchScan-v.Searched)
		ss, err := h.checker.Store.ListServers(r.Context(), store.ServerQuery{Offset: pos, Limit: limit})
		if err != nil {
			return err
		}
		end = len(ss) < limit
		for i := range ss {
			if len(v.Rows) == serversPageSize {
				end = false // the rest of this read is the next page's
				break
			}
			pos++
			v.Searched++
			name, err := h.serverName(r, &ss[i])
			if err != nil {
				return err
			}
			if !strings.Contains(strings.ToLower(ss[i].URL), needle) && !strings.Contains(strings.ToLower(name), needle) {
				continue
			}
			row, err := h.serverRow(r, &ss[i], name)
			if err != nil {
				return err
			}
			v.Rows = append(v.Rows, row)
		}
	}
	if !end {
		// Stopped on a bound: whether anything follows is one more read.
		ss, err := h.checker.Store.ListServers(r.Context(), store.ServerQuery{Offset: pos, Limit: 1})
		if err != nil {
			return err
		}
		if len(ss) > 0 {
			v.Next = serversLink(q, pos)
		}
	}
	if offset > 0 {
		v.First = serversLink(q, 0)
	}
	return nil
}

// serverName is the name the server reported at its current fingerprint
// version, read from the recorded definitions without decoding their
// tools (precall writes the server first: {"server":{"name":…).
func (h *handler) serverName(r *http.Request, s *store.Server) (string, error) {
	fv, err := h.checker.Store.FingerprintVersion(r.Context(), s.URL, s.Version)
	if err != nil {
		return "", err
	}
	return definitionsName(fv.Definitions), nil
}

// definitionsName is the string at server.name in the JSON object b, or
// "" when there is none; the members before it are skipped unread.
func definitionsName(b []byte) string {
	d := json.NewDecoder(bytes.NewReader(b))
	if !member(d, "server") {
		return ""
	}
	if !member(d, "name") {
		return ""
	}
	tok, err := d.Token()
	if s, ok := tok.(string); err == nil && ok {
		return s
	}
	return ""
}

// member reads an object's opening brace and its members up to key,
// skipping the others' values; false when the object has no such member
// or is not an object.
func member(d *json.Decoder, key string) bool {
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		if tok == key {
			return true
		}
		var skip json.RawMessage
		if d.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

func (h *handler) serverRow(r *http.Request, s *store.Server, name string) (serverRow, error) {
	fs, err := h.checker.Store.ListFlags(r.Context(), store.FlagQuery{ArtifactType: precall.ArtifactType, ArtifactRef: s.URL,
		Statuses: []string{store.StatusStanding}, Limit: serversFlagCount + 1})
	if err != nil {
		return serverRow{}, err
	}
	flags := strconv.Itoa(len(fs))
	if len(fs) > serversFlagCount {
		flags = strconv.Itoa(serversFlagCount) + "+"
	}
	return serverRow{Path: pagePath(s.Slug), Name: visible(name), Slug: visible(s.Slug), URL: visible(s.URL),
		Publisher: visible(s.PublisherStatus), LastChecked: stamp(s.LastChecked), Flags: flags}, nil
}
