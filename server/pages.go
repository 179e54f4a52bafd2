package server

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

// The human pages: server-rendered html/template, no script. Every string
// that comes from a record — a server's name and tools, a flag's evidence,
// a signature's text — is someone else's: it is cut to a bound, written
// visibly (scan.Visible: a bidi override, a tag character or a zero-width
// space is shown as ⟨U+XXXX NAME⟩, never obeyed), and escaped by the
// template; an excerpt is set apart in a labelled blockquote.

//go:embed templates/*.html templates/pages.css
var pageFiles embed.FS

// pageCSS is the pages' only style sheet, inlined; the Content-Security-
// Policy allows exactly it, by hash, and nothing else (no script, no
// image, no frame, no base); a form may only be sent here (the search of
// /servers, a GET to this server).
var pageCSS = mustRead("templates/pages.css")

// PagesCSP is the Content-Security-Policy of every page.
var PagesCSP = func() string {
	sum := sha256.Sum256([]byte(pageCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; " +
		"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}()

func mustRead(name string) string {
	b, err := pageFiles.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	return string(b)
}

// pageTemplates holds one template set per page: the layout and the page.
var pageTemplates = func() map[string]*template.Template {
	m := map[string]*template.Template{}
	for _, name := range []string{"server", "changes", "flag", "signature", "error", "home", "servers"} {
		m[name] = template.Must(template.New(name).ParseFS(pageFiles, "templates/layout.html", "templates/"+name+".html"))
	}
	return m
}()

// Bounds of what a page shows, in codepoints before the visible rendering
// (which writes an annotated codepoint as at most 64 bytes).
const (
	pageFieldMax   = 200 // a name, URL, slug, field, handle
	pageExcerptMax = 600 // an excerpt, a description, instructions (§8's bound)
	pageToolsMax   = 200 // tools listed on a server's page
	pageFlagsMax   = 100 // flags listed on a server's page
	pageFeedLimit  = 50  // change events on one page of the feed
)

// pageNote is every page's standing line (§12).
const pageNote = "These pages carry evidence, not verdicts: a fingerprint match says the definitions match a record, a clean scan says none of the classes of the agent-safety formats were found, a flag says invisible content was found and attributed. None of them is a finding that a tool, a server or a text is safe."

// excerptLabel sets every excerpt apart as someone else's words.
const excerptLabel = "Someone else's words, shown as inert text: escaped, invisible and direction-changing characters written out as ⟨U+XXXX NAME⟩. Not an instruction."

// pagePath is the path of the page of the server registered under slug.
func pagePath(slug string) string { return "/servers/" + url.PathEscape(slug) }

// pageURLFunc is the Checker's PageURL: the §9 page_url of a registered
// server is its page here, under base (Config.PublicURL) when set, else
// the path alone, a reference relative to the server that answered.
func pageURLFunc(base string) func(string) string {
	return precall.PageURLUnder(base) // the rule every reader of the registry follows
}

// addPages registers the human pages (the hook New calls).
func (h *handler) addPages(c Config) {
	h.checker.PageURL = pageURLFunc(c.PublicURL)
	h.route("GET", "/{$}", h.homePage)        // home.go
	h.route("GET", "/servers", h.serversPage) // home.go
	h.route("GET", "/servers/{slug}", h.serverPage)
	h.route("GET", "/changes", h.changesPage)
	h.route("GET", "/flags/{id}", h.flagPage)
	h.route("GET", "/signatures/{id}", h.signaturePage)
}

// cut bounds s to max codepoints, an ellipsis standing for the rest.
func cut(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// visible is a record's short field as a page shows it.
func visible(s string) string { return scan.Visible(cut(s, pageFieldMax)) }

// excerpt is a passage as a page shows it: cut, written visibly line by
// line (the lines kept as lines), labelled.
type excerpt struct {
	Label string
	Text  string
}

func newExcerpt(label, s string, max int) excerpt {
	lines := strings.Split(cut(s, max), "\n")
	for i, l := range lines {
		lines[i] = scan.Visible(l)
	}
	return excerpt{Label: label, Text: strings.Join(lines, "\n")}
}

// layout is what layout.html reads.
type layout struct {
	Title string
	CSS   template.CSS
	Note  string
	Body  any
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// renderPage writes the page whole (a template error is a 500, never half
// a page), with the pages' headers.
func (h *handler) renderPage(w http.ResponseWriter, r *http.Request, status int, name, title string, body any) {
	var buf bytes.Buffer
	if err := pageTemplates[name].ExecuteTemplate(&buf, "layout", layout{Title: title, CSS: template.CSS(pageCSS), Note: pageNote, Body: body}); err != nil {
		h.log.Error("page", "path", r.URL.Path, "err", err.Error())
		status, buf = http.StatusInternalServerError, bytes.Buffer{}
		w.Header().Set(codeHeader, "internal")
		buf.WriteString("<!DOCTYPE html><title>Internal error</title><p>internal error</p>\n")
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Security-Policy", PagesCSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

type errorPage struct{ Message string }

// pageError answers an error as a page: 404 for what does not exist, 503
// without a registry or with the store unreachable (Retry-After), 500
// (logged, no detail) for anything else.
func (h *handler) pageError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, errNoPage), errors.Is(err, store.ErrNotFound), errors.Is(err, precall.ErrNotRegistered), errors.Is(err, flag.ErrNotFound):
		w.Header().Set(codeHeader, "not_found")
		h.renderPage(w, r, http.StatusNotFound, "error", "Not found", errorPage{"There is no such page."})
	case errors.Is(err, precall.ErrNoStore):
		w.Header().Set(codeHeader, "no_registry")
		h.renderPage(w, r, http.StatusServiceUnavailable, "error", "No registry", errorPage{"This server has no registry."})
	case r.Context().Err() != nil:
		w.Header().Set(codeHeader, "cancelled")
		h.renderPage(w, r, http.StatusServiceUnavailable, "error", "Cancelled", errorPage{"The request ended before its answer."})
	case storeUnavailable(err):
		h.log.Error("page", "path", r.URL.Path, "err", err.Error())
		w.Header().Set(codeHeader, "store_unavailable")
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfterUnavailable))
		h.renderPage(w, r, http.StatusServiceUnavailable, "error", "Unavailable", errorPage{"The store cannot be reached; try again in a few seconds."})
	default:
		h.log.Error("page", "path", r.URL.Path, "err", err.Error())
		w.Header().Set(codeHeader, "internal")
		h.renderPage(w, r, http.StatusInternalServerError, "error", "Internal error", errorPage{"Internal error."})
	}
}

var errNoPage = errors.New("server: no such page")

// idLike reports whether id can name a record (a flag's flg_ and 20 hex,
// a signature's id): short, ASCII letters, digits, '-' and '_'. Anything
// else is a 404 without a read.
func idLike(id string) bool {
	if id == "" || len(id) > store.IDMaxBytes {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// serverView is what server.html reads.
type serverView struct {
	Name, Version, URL, Slug, PublisherStatus, StoreListing string
	ProtocolVersion                                         string
	FirstSeen, LastChecked                                  string
	Fingerprint                                             string
	FingerprintVersion                                      int
	Instructions                                            *excerpt
	Tools                                                   []toolView
	MoreTools                                               int
	Flags                                                   []flagRow
	MoreFlags                                               bool
	Warnings                                                []warningView
}

type toolView struct {
	Name        string
	Description excerpt
}

type flagRow struct {
	Path, ID, Status, Class, Field, Created string
}

type warningView struct {
	Tool   string
	Others []otherView
}

type otherView struct{ Path, Name, Slug, URL string }

// serverPage is GET /servers/{slug}: a registered server's page, the §9
// page_url. It reads the registry and probes nothing.
func (h *handler) serverPage(w http.ResponseWriter, r *http.Request) {
	if h.checker.Store == nil {
		h.pageError(w, r, precall.ErrNoStore)
		return
	}
	p, err := h.checker.ServerPageBySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	v := serverView{
		Name: visible(p.ServerName), URL: visible(p.URL), Slug: visible(p.Registration.Slug),
		PublisherStatus: visible(p.Registration.PublisherStatus), FirstSeen: stamp(p.Registration.FirstSeen),
		LastChecked: stamp(p.LastChecked), Fingerprint: p.Fingerprint, FingerprintVersion: p.FingerprintVersion,
		ProtocolVersion: visible(p.Definitions.ProtocolVersion),
	}
	if sv := p.Definitions.Server.Version; sv != nil {
		v.Version = visible(*sv)
	}
	if l := p.Registration.LinkedStoreListing; l != nil {
		v.StoreListing = visible(*l)
	}
	if p.Definitions.Instructions != "" {
		e := newExcerpt("The server's instructions, as recorded. "+excerptLabel, p.Definitions.Instructions, pageExcerptMax)
		v.Instructions = &e
	}
	for i, t := range p.Definitions.Tools {
		if i == pageToolsMax {
			v.MoreTools = len(p.Definitions.Tools) - i
			break
		}
		v.Tools = append(v.Tools, toolView{Name: visible(t.Name), Description: newExcerpt("Its description, as recorded. "+excerptLabel, t.Description, pageExcerptMax)})
	}
	flags, err := (&flag.Service{Store: h.checker.Store}).List(r.Context(), store.FlagQuery{ArtifactType: precall.ArtifactType, ArtifactRef: p.URL, Limit: pageFlagsMax + 1})
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	if len(flags) > pageFlagsMax {
		flags, v.MoreFlags = flags[:pageFlagsMax], true
	}
	v.Flags = flagRows(flags)
	for _, wn := range p.ShadowingWarnings {
		wv := warningView{Tool: visible(wn.Tool)}
		for _, o := range wn.Others {
			wv.Others = append(wv.Others, otherView{Path: pagePath(o.Slug), Name: visible(o.ServerName), Slug: visible(o.Slug), URL: visible(o.URL)})
		}
		v.Warnings = append(v.Warnings, wv)
	}
	title := v.Name
	if title == "" {
		title = v.Slug
	}
	h.renderPage(w, r, http.StatusOK, "server", title, v)
}

func flagRows(fs []flag.Flag) []flagRow {
	rows := make([]flagRow, 0, len(fs))
	for _, f := range fs {
		rows = append(rows, flagRow{Path: "/flags/" + url.PathEscape(f.ID), ID: visible(f.ID), Status: visible(string(f.Status)),
			Class: visible(string(f.FindingClass)), Field: visible(f.Field), Created: stamp(f.CreatedAt)})
	}
	return rows
}

// changesView is what changes.html reads.
type changesView struct {
	Events []eventView
	Older  string // the next page's path, empty on the last
	Note   string
}

type eventView struct {
	At, Path, Name, Slug, URL string
	From, To                  int
	Before, After             string
	Added, Removed            []string
	Changed                   []string
	ServerIdentityChanged     bool
	// Redirect marks a redirect event (issue 28, item 4); Hops is its
	// chain, each "STATUS FROM → TO", none when the URL stopped.
	Redirect bool
	Hops     []string
}

// changesPage is GET /changes?before=: one page of the §11 feed as
// recorded, newest first. Unlike GET /v1/security/changes it re-checks no
// server: a page view sends no probe.
func (h *handler) changesPage(w http.ResponseWriter, r *http.Request) {
	q := precall.FeedQuery{Limit: pageFeedLimit}
	if s := r.URL.Query().Get("before"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1 {
			w.Header().Set(codeHeader, "invalid_query")
			h.renderPage(w, r, http.StatusBadRequest, "error", "Bad request", errorPage{"before is the number the previous page links to."})
			return
		}
		q.Before = n
	}
	if h.checker.Store == nil {
		h.pageError(w, r, precall.ErrNoStore)
		return
	}
	f, err := h.checker.RecordedChanges(r.Context(), q)
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	v := changesView{Note: precall.FeedNote}
	for _, e := range f.Changes {
		ev := eventView{
			At: stamp(e.At), Path: pagePath(e.Server.Slug), Name: visible(e.Server.Name), Slug: visible(e.Server.Slug), URL: visible(e.Server.URL),
			From: e.FromVersion, To: e.ToVersion, Before: e.FingerprintBefore, After: e.FingerprintAfter,
			Added: visibleAll(e.Diff.ToolsAdded), Removed: visibleAll(e.Diff.ToolsRemoved), Changed: changedTools(e.Diff.ToolsChanged),
			ServerIdentityChanged: e.Diff.ServerIdentityChanged, Redirect: e.Redirect,
		}
		for _, hop := range e.Redirects {
			ev.Hops = append(ev.Hops, strconv.Itoa(hop.Status)+" "+visible(hop.From)+" → "+visible(hop.To))
		}
		v.Events = append(v.Events, ev)
	}
	if f.NextBefore != nil {
		v.Older = "/changes?before=" + strconv.FormatInt(*f.NextBefore, 10)
	}
	h.renderPage(w, r, http.StatusOK, "changes", "Definition changes", v)
}

func visibleAll(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		out = append(out, visible(s))
	}
	return out
}

func changedTools(cs []fingerprint.ToolChange) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, visible(c.Tool)+" ("+visible(strings.Join(c.Changes, ", "))+")")
	}
	return out
}

// flagView is what flag.html reads.
type flagView struct {
	ID, Status, ArtifactType, ArtifactRef, ArtifactLabel string
	Field, Class, Source, Context, Created               string
	ActorKind, ActorHandle, ActorAccount, ActorAgent     string
	KYALevel                                             int
	DisputeCase                                          string
	DisputeNumber                                        int64
	LedgerSeq                                            int64
	SHA256                                               string
	Evidence                                             excerpt
}

// flagPage is GET /flags/{id}: a §8 flag with its evidence excerpt.
func (h *handler) flagPage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if h.checker.Store == nil {
		h.pageError(w, r, precall.ErrNoStore)
		return
	}
	if !idLike(id) {
		h.pageError(w, r, errNoPage)
		return
	}
	f, err := (&flag.Service{Store: h.checker.Store}).Get(r.Context(), id)
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	v := flagView{
		ID: visible(f.ID), Status: visible(string(f.Status)), ArtifactType: visible(f.Artifact.Type), ArtifactRef: visible(f.Artifact.Ref),
		ArtifactLabel: visible(f.Artifact.Label), Field: visible(f.Field), Class: visible(string(f.FindingClass)), Source: visible(string(f.Source)),
		Context: visible(f.Context), Created: stamp(f.CreatedAt), ActorKind: visible(f.Actor.Kind), ActorHandle: visible(f.Actor.Handle),
		ActorAccount: visible(f.Actor.AccountID), ActorAgent: visible(f.Actor.AgentID), KYALevel: f.Actor.KYALevel, LedgerSeq: f.LedgerSeq,
		SHA256:   visible(f.Evidence.SHA256),
		Evidence: newExcerpt("Evidence excerpt: the flagged passage, rendered visibly (§1). "+excerptLabel, f.Evidence.Excerpt, flag.MaxExcerpt),
	}
	if f.Dispute != nil {
		v.DisputeCase, v.DisputeNumber = visible(f.Dispute.CaseID), f.Dispute.CaseNumber
	}
	h.renderPage(w, r, http.StatusOK, "flag", "Flag "+v.ID, v)
}

// signatureView is what signature.html reads.
type signatureView struct {
	ID, Status, Category, SHA256, Rule string
	Owners                             int
	Confirmed, Retired                 string
	RetiredNote                        string
	Excerpt                            excerpt
}

// signaturePage is GET /signatures/{id}: a confirmed (or retired)
// signature with at most 280 characters of its cleaned text (Shield
// method 1.0, "Excerpts"). An open or blocked candidate is not a
// signature and has no page.
func (h *handler) signaturePage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if h.checker.Store == nil {
		h.pageError(w, r, precall.ErrNoStore)
		return
	}
	if !idLike(id) {
		h.pageError(w, r, errNoPage)
		return
	}
	c, err := h.checker.Store.Candidate(r.Context(), id)
	if err == nil && c.Status != store.CandidateConfirmed && c.Status != store.CandidateRetired {
		err = errNoPage
	}
	if err != nil {
		h.pageError(w, r, err)
		return
	}
	v := signatureView{
		ID: visible(c.ID), Status: visible(c.Status), Category: visible(c.Category), SHA256: visible(c.SHA256), Rule: visible(c.Rule),
		Owners: c.Owners, Confirmed: stamp(c.DecidedAt), Retired: stamp(c.RetiredAt), RetiredNote: scan.Visible(cut(c.Note, pageExcerptMax)),
		Excerpt: newExcerpt("At most 280 characters of the signature's cleaned text, so that people can recognize the attack. "+excerptLabel,
			signature.Excerpt(c.Text), signature.MaxExcerptChars),
	}
	h.renderPage(w, r, http.StatusOK, "signature", "Signature "+v.ID, v)
}
