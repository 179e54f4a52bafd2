package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// hostile is an excerpt that tries everything a page must not obey: a
// script, an element with a handler, a blockquote breakout, a link, a
// right-to-left override, tag characters (an invisible "IGNORE"), a
// zero-width space and a line feed.
const hostile = "</blockquote></figure><script>alert(1)</script><img src=x onerror=alert(2)>" +
	"\u202Egnp.exe\u202C \U000E0049\U000E0047\U000E004E\U000E004F\U000E0052\U000E0045 zero\u200Bwidth" +
	"\n<a href=\"https://evil.example/\">click</a>"

// inert are the hostile parts as a page must show them: escaped text,
// every invisible codepoint written out.
var inert = []string{
	"</blockquote></figure><script>alert(1)</script><img src=x onerror=alert(2)>",
	"⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩gnp.exe⟨U+202C POP DIRECTIONAL FORMATTING⟩",
	"⟨U+E0049 TAG LATIN CAPITAL LETTER I⟩⟨U+E0047 TAG LATIN CAPITAL LETTER G⟩",
	"zero⟨U+200B ZERO WIDTH SPACE⟩width",
}

// fixture is a store holding one registered server whose recorded
// definitions, flag, change event and signature are all hostile, and the
// paths of their pages.
type fixture struct {
	store  *memory.Memory
	flagID string
	sigID  string
	url    string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := t.Context()
	s := memory.New()
	now := time.Now().UTC().Truncate(time.Second)
	f := &fixture{store: s, flagID: "flg_0123456789abcdef0123", sigID: "psm-00112233445566778899", url: "https://mcp.example/hostile"}
	defs := func(desc string) []byte {
		b, err := json.Marshal(map[string]any{
			"server":           map[string]any{"name": "hostile\u202Eserver", "version": "1"},
			"protocol_version": "2025-03-26",
			"instructions":     hostile,
			"tools": []any{
				map[string]any{"name": "read\u200Bfile", "description": desc, "inputSchema": map[string]any{"type": "object"}},
				map[string]any{"name": "plain", "description": "Reads a file.", "inputSchema": map[string]any{}},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	err := s.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.InsertServer(ctx, store.Server{URL: f.url, Slug: "hostile", PageURL: "https://elsewhere.example/recorded",
			PublisherStatus: store.PublisherUnclaimed, FirstSeen: now, LastChecked: now, Version: 1}); err != nil {
			return err
		}
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: f.url, Version: 1, Fingerprint: strings.Repeat("a", 64), Definitions: defs("Reads a file."), RecordedAt: now}); err != nil {
			return err
		}
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: f.url, Version: 2, Fingerprint: strings.Repeat("b", 64), Definitions: defs(hostile), RecordedAt: now}); err != nil {
			return err
		}
		if err := tx.AdvanceServer(ctx, f.url, 1, now); err != nil {
			return err
		}
		diff := `{"tools_added":["</code><script>alert(3)</script>\u202E"],"tools_removed":[],"tools_changed":[{"tool":"read\u200bfile","changes":["description_changed"]}],"server_identity_changed":false}`
		_, err := tx.AppendChangeEvent(ctx, store.ChangeEvent{ServerURL: f.url, ServerName: "hostile\u202Eserver", At: now, FromVersion: 1, ToVersion: 2,
			FingerprintBefore: strings.Repeat("a", 64), FingerprintAfter: strings.Repeat("b", 64), Diff: []byte(diff)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InsertFlag(ctx, store.Flag{ID: f.flagID, Status: store.StatusStanding, Artifact: store.Artifact{Type: "external_server", Ref: f.url, Label: "hostile"},
		Field: "tools/read\u200Bfile/description", Class: "bidi_control", EvidenceSHA256: strings.Repeat("c", 64), Excerpt: hostile,
		Actor: store.Actor{Kind: "anonymous", Handle: "<b>hostile</b>"}, Source: "integrity_refresh", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertCandidate(ctx, store.Candidate{ID: f.sigID, Status: store.CandidateOpen, Category: "instruction_override",
		SHA256: strings.Repeat("d", 64), Text: hostile + " " + strings.Repeat("padding words ", 30), CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.TransitionCandidate(ctx, store.CandidateTransition{ID: f.sigID, From: store.CandidateOpen, To: store.CandidateConfirmed, Rule: "reports", Owners: 3, At: now}); err != nil {
		t.Fatal(err)
	}
	return f
}

// page is one human page of the fixture: its path, the title a browser
// must show, and whether its excerpts hold the whole hostile passage
// (the signature's is defanged and cut to 280 characters).
type page struct {
	path, title string
	excerpts    int // blockquotes expected
	hostile     int // of them, those that hold the hostile passage
	full        bool
}

func (f *fixture) pages() []page {
	return []page{
		{"/servers/hostile", "hostile⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩server · plainsight", 3, 2, true},
		{"/changes", "Definition changes · plainsight", 0, 0, false},
		{"/flags/" + f.flagID, "Flag " + f.flagID + " · plainsight", 1, 1, true},
		{"/signatures/" + f.sigID, "Signature " + f.sigID + " · plainsight", 1, 1, false},
	}
}

// checkInert parses a page as a browser does and fails the test for any
// element or attribute a record tried to inject, for any invisible
// codepoint left raw, and unless every blockquote is a single text node
// and the hostile passage is there as text.
func checkInert(t *testing.T, doc []byte, p page) {
	t.Helper()
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: %v", p.path, err)
	}
	var title string
	var quotes []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Script, atom.Img, atom.Iframe, atom.Object, atom.Embed, atom.Form, atom.Base, atom.Link, atom.Meta:
				if n.DataAtom != atom.Meta || hasAttr(n, "http-equiv") {
					t.Errorf("%s: a <%s> element", p.path, n.Data)
				}
			case atom.Title:
				title = text(n)
			case atom.Blockquote:
				if n.FirstChild == nil || n.FirstChild != n.LastChild || n.FirstChild.Type != html.TextNode {
					t.Errorf("%s: a blockquote that is not one text node", p.path)
				}
				quotes = append(quotes, text(n))
			case atom.A:
				if h := attr(n, "href"); !strings.HasPrefix(h, "/") || strings.HasPrefix(h, "//") {
					t.Errorf("%s: a link to %q", p.path, h)
				}
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(strings.ToLower(a.Key), "on") || a.Key == "src" || a.Key == "style" {
					t.Errorf("%s: an attribute %s=%q", p.path, a.Key, a.Val)
				}
			}
		}
		if n.Type == html.TextNode {
			for _, r := range n.Data {
				if r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r >= 0xE0000 && r <= 0xE007F || r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF || r == 0x2060 {
					t.Errorf("%s: a raw %U in the page's text", p.path, r)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if title != p.title {
		t.Errorf("%s: title %q, want %q", p.path, title, p.title)
	}
	if len(quotes) != p.excerpts {
		t.Errorf("%s: %d excerpts, want %d", p.path, len(quotes), p.excerpts)
	}
	n := 0
	for _, q := range quotes {
		if !strings.Contains(q, "alert(1)") {
			continue // a benign excerpt (a plain tool's description)
		}
		n++
		want := inert
		if !p.full {
			// The signature's excerpt: defanged, and the tag characters
			// kept (whitespace collapsing left them).
			want = inert[:len(inert)-1]
			if strings.Contains(q, "://") || !strings.Contains(q, "https[:]//evil.example") || !strings.HasSuffix(q, "…") {
				t.Errorf("%s: a signature excerpt not defanged and cut to 280 characters:\n%s", p.path, q)
			}
		}
		for _, w := range want {
			if !strings.Contains(q, w) {
				t.Errorf("%s: an excerpt without %q as text:\n%s", p.path, w, q)
			}
		}
	}
	if n != p.hostile {
		t.Errorf("%s: %d excerpts hold the hostile passage, want %d", p.path, n, p.hostile)
	}
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Result()
}

func TestPagesInert(t *testing.T) {
	f := newFixture(t)
	h := New(Config{Store: f.store, PublicURL: "https://pages.example/"})
	for _, p := range f.pages() {
		t.Run(p.path, func(t *testing.T) {
			res := get(t, h, p.path)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 {
				t.Fatalf("status %d:\n%s", res.StatusCode, body)
			}
			for k, want := range map[string]string{
				"Content-Type":            "text/html; charset=utf-8",
				"X-Content-Type-Options":  "nosniff",
				"Content-Security-Policy": PagesCSP,
				"Referrer-Policy":         "no-referrer",
			} {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			checkInert(t, body, p)
			checkStyleHash(t, body)
		})
	}
}

// The CSP allows no script at all, and the one inline style sheet by its
// hash (a page whose style had drifted from the hash would show unstyled).
func checkStyleHash(t *testing.T, doc []byte) {
	t.Helper()
	if strings.Contains(PagesCSP, "script") || !strings.HasPrefix(PagesCSP, "default-src 'none';") {
		t.Errorf("CSP %q allows more than it should", PagesCSP)
	}
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var styles []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.DataAtom == atom.Style {
			styles = append(styles, text(n))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if len(styles) != 1 {
		t.Fatalf("%d style elements, want 1", len(styles))
	}
	sum := sha256.Sum256([]byte(styles[0]))
	if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(PagesCSP, "style-src "+h) {
		t.Errorf("the style element hashes to %s, not in the CSP %q", h, PagesCSP)
	}
}

// The §9 page_url (here through the §11 feed, which names the same
// page) is the server's page, under PublicURL, and that page answers.
func TestPageURLIsThePage(t *testing.T) {
	f := newFixture(t)
	for _, base := range []string{"https://pages.example", ""} {
		h := New(Config{Store: f.store, PublicURL: base})
		res := get(t, h, "/v1/security/changes")
		var feed struct {
			Changes []struct {
				Server struct {
					PageURL string `json:"page_url"`
				} `json:"server"`
			} `json:"changes"`
		}
		if err := json.NewDecoder(res.Body).Decode(&feed); err != nil || len(feed.Changes) != 1 {
			t.Fatalf("feed: %+v %v", feed, err)
		}
		got := feed.Changes[0].Server.PageURL
		if want := base + "/servers/hostile"; got != want {
			t.Errorf("PublicURL %q: page_url %q, want %q", base, got, want)
		}
		if res := get(t, h, strings.TrimPrefix(got, base)); res.StatusCode != 200 {
			t.Errorf("the page_url's page answers %d", res.StatusCode)
		}
	}
}

func TestPagesErrors(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	open := "psm-ffffffffffffffffffff"
	if err := f.store.InsertCandidate(ctx, store.Candidate{ID: open, Status: store.CandidateOpen, Category: "other", SHA256: "e", Text: "not yet", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	h := New(Config{Store: f.store})
	for path, want := range map[string]int{
		"/servers/nope":                   404,
		"/flags/flg_00000000000000000000": 404,
		"/flags/%3Cscript%3E":             404,
		"/signatures/" + open:             404, // a candidate is not a signature
		"/signatures/nope":                404,
		"/changes?before=x":               400,
		"/changes?before=0":               400,
	} {
		res := get(t, h, path)
		if res.StatusCode != want || res.Header.Get("Content-Security-Policy") != PagesCSP {
			t.Errorf("%s: %d (CSP %q), want %d", path, res.StatusCode, res.Header.Get("Content-Security-Policy"), want)
		}
	}
	noStore := New(Config{})
	for _, p := range f.pages() {
		if res := get(t, noStore, p.path); res.StatusCode != 503 {
			t.Errorf("%s without a store: %d, want 503", p.path, res.StatusCode)
		}
	}
	res := httptest.NewRecorder()
	h.ServeHTTP(res, httptest.NewRequest("POST", "/flags/"+f.flagID, nil))
	if res.Code != 405 {
		t.Errorf("POST to a page: %d, want 405", res.Code)
	}
}

// FuzzFlagPage stores any excerpt in a flag and parses its page as a
// browser does: the page has exactly one blockquote, whose text is the
// excerpt as written visibly (a round trip through the escaping), and no
// element of the excerpt's making.
func FuzzFlagPage(f *testing.F) {
	for _, s := range []string{hostile, "", "plain", "a\r\nb", "]]></blockquote><!--", "\x00\u2066\U000E0001", "&lt;script&gt;", "<style>*{}</style>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || len(s) > store.ExcerptMaxBytes {
			return // the store refuses these
		}
		m := memory.New()
		id := "flg_0123456789abcdef0123"
		if err := m.InsertFlag(t.Context(), store.Flag{ID: id, Status: store.StatusStanding, Artifact: store.Artifact{Type: "t", Ref: "r"},
			Field: "f", Class: "zero_width", EvidenceSHA256: "e", Excerpt: s, Actor: store.Actor{Kind: "anonymous"}, Source: "submission", CreatedAt: time.Unix(0, 0)}); err != nil {
			t.Fatal(err)
		}
		res := get(t, New(Config{Store: m}), "/flags/"+id)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		root, err := html.Parse(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var quotes []*html.Node
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.DataAtom {
				case atom.Blockquote:
					quotes = append(quotes, n)
				case atom.Script, atom.Img, atom.Iframe, atom.Object, atom.Embed, atom.Form, atom.Base, atom.Link:
					t.Errorf("a <%s> element", n.Data)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(root)
		if len(quotes) != 1 {
			t.Fatalf("%d blockquotes, want 1", len(quotes))
		}
		q := quotes[0]
		if q.FirstChild != q.LastChild || q.FirstChild != nil && q.FirstChild.Type != html.TextNode {
			t.Fatalf("the blockquote is not one text node")
		}
		want := newExcerpt("", s, 600).Text
		if got := text(q); got != want {
			t.Errorf("the blockquote holds %q, want %q", got, want)
		}
	})
}

// A retired signature keeps its page, with the public note, written
// visibly.
func TestSignaturePageRetired(t *testing.T) {
	f := newFixture(t)
	if err := f.store.TransitionCandidate(t.Context(), store.CandidateTransition{ID: f.sigID, From: store.CandidateConfirmed, To: store.CandidateRetired,
		Note: "benign after all\u202E", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	res := get(t, New(Config{Store: f.store}), "/signatures/"+f.sigID)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(body), "benign after all⟨U&#43;202E RIGHT-TO-LEFT OVERRIDE⟩") || !strings.Contains(string(body), "<dd>retired</dd>") {
		t.Errorf("a retired signature's page: %d\n%s", res.StatusCode, body)
	}
	checkInert(t, body, page{"/signatures/" + f.sigID, "Signature " + f.sigID + " · plainsight", 1, 1, false})
}

// BenchmarkPages renders each page of the hostile fixture from the memory
// store.
func BenchmarkPages(b *testing.B) {
	f := newFixture(b)
	h := New(Config{Store: f.store})
	for _, p := range f.pages() {
		b.Run(strings.Split(p.path, "/")[1], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", p.path, nil))
				if rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}

// A slug given at registration may hold anything; its page path escapes
// it and still reaches the page.
func TestServerPageOddSlug(t *testing.T) {
	f := newFixture(t)
	ctx, now := t.Context(), time.Now()
	slug := "a/b ?#%<x>\u202E"
	err := f.store.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.InsertServer(ctx, store.Server{URL: "https://x.example/", Slug: slug, PublisherStatus: store.PublisherUnclaimed, FirstSeen: now, LastChecked: now, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: "https://x.example/", Version: 1, Fingerprint: strings.Repeat("a", 64),
			Definitions: []byte(`{"server":{"name":"x","version":null},"protocol_version":"","instructions":"","tools":[]}`), RecordedAt: now})
	})
	if err != nil {
		t.Fatal(err)
	}
	p := pagePath(slug)
	if want := "/servers/a%2Fb%20%3F%23%25%3Cx%3E%E2%80%AE"; p != want {
		t.Errorf("pagePath = %q, want %q", p, want)
	}
	res := get(t, New(Config{Store: f.store}), p)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(body), "<code>a/b ?#%&lt;x&gt;⟨U&#43;202E RIGHT-TO-LEFT OVERRIDE⟩</code>") {
		t.Errorf("the odd slug's page: %d\n%s", res.StatusCode, body)
	}
}

// longFixture names the records addLong adds.
type longFixture struct {
	url, flagID string
}

// addLong registers a second server whose every field is long and has no
// place to break: its URL, name, tool names, a flag's field and
// reference, a change event's tool names; the test of a page's width.
func (f *fixture) addLong(t testing.TB) longFixture {
	t.Helper()
	ctx := t.Context()
	now := time.Now().UTC().Truncate(time.Second)
	l := longFixture{url: "https://mcp.example/" + strings.Repeat("averyveryverylongpathsegment", 12) + "?token=" + strings.Repeat("f", 120),
		flagID: "flg_fedcba9876543210fedc"}
	name := "Long" + strings.Repeat("NameWithoutASpace", 14)
	tool := strings.Repeat("long_tool_name_", 12)
	defs := func(tools ...string) []byte {
		var ts []any
		for _, n := range tools {
			ts = append(ts, map[string]any{"name": n, "description": strings.Repeat("wordwithoutbreak", 40), "inputSchema": map[string]any{}})
		}
		b, err := json.Marshal(map[string]any{"server": map[string]any{"name": name, "version": strings.Repeat("9", 80)},
			"protocol_version": "2025-03-26", "instructions": strings.Repeat("x", 500), "tools": ts})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	err := f.store.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.InsertServer(ctx, store.Server{URL: l.url, Slug: "long", PublisherStatus: store.PublisherUnclaimed, FirstSeen: now, LastChecked: now, Version: 1,
			LinkedStoreListing: "https://store.example/" + strings.Repeat("listing", 30)}); err != nil {
			return err
		}
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: l.url, Version: 1, Fingerprint: strings.Repeat("e", 64), Definitions: defs(tool + "a"), RecordedAt: now}); err != nil {
			return err
		}
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: l.url, Version: 2, Fingerprint: strings.Repeat("f", 64), Definitions: defs(tool+"a", tool+"b"), RecordedAt: now}); err != nil {
			return err
		}
		if err := tx.AdvanceServer(ctx, l.url, 1, now); err != nil {
			return err
		}
		diff, _ := json.Marshal(map[string]any{"tools_added": []string{tool + "b"}, "tools_removed": []string{strings.Repeat("gone", 50)},
			"tools_changed": []any{map[string]any{"tool": tool + "a", "changes": []string{"description_changed", "schema_changed"}}}, "server_identity_changed": true})
		_, err := tx.AppendChangeEvent(ctx, store.ChangeEvent{ServerURL: l.url, ServerName: name, At: now, FromVersion: 1, ToVersion: 2,
			FingerprintBefore: strings.Repeat("e", 64), FingerprintAfter: strings.Repeat("f", 64), Diff: diff})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.store.InsertFlag(ctx, store.Flag{ID: l.flagID, Status: store.StatusStanding, Artifact: store.Artifact{Type: "external_server", Ref: l.url, Label: name},
		Field: "tools/" + tool + "a/description", Class: "zero_width", EvidenceSHA256: strings.Repeat("0", 64), Excerpt: strings.Repeat("x\u200b", 150),
		Actor: store.Actor{Kind: "account", Handle: strings.Repeat("h", 100), AccountID: strings.Repeat("acct", 20)}, Source: "integrity_refresh", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	return l
}
