package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// links returns the hrefs of a page's links, and fails the test for any
// element a page must not hold.
func links(t *testing.T, body []byte) []string {
	t.Helper()
	root, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.A:
				out = append(out, attr(n, "href"))
			case atom.Script, atom.Img, atom.Iframe, atom.Object, atom.Embed, atom.Base, atom.Link:
				t.Errorf("a <%s> element", n.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
}

// GET / says what the instance is and links its pages, its OpenAPI
// document, the skill and the formats' canonical page (issue 28, item 6).
func TestHomePage(t *testing.T) {
	for _, h := range []*struct {
		name string
		c    Config
	}{{"with a store", Config{Store: memory.New()}}, {"without one", Config{}}} {
		t.Run(h.name, func(t *testing.T) {
			res := get(t, New(h.c), "/")
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != PagesCSP || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
				t.Fatalf("GET /: %d %v\n%s", res.StatusCode, res.Header, body)
			}
			checkStyleHash(t, body)
			page := string(body)
			for _, want := range []string{"<title>An agent-safety server · plainsight</title>", "version <code>" + moduleVersion() + "</code>",
				"agent-safety formats, version 1", "Agent-Shield protocol, version 0.1", pageNote} {
				if !strings.Contains(page, want) {
					t.Errorf("GET / does not say %q", want)
				}
			}
			got := links(t, body)
			for _, want := range []string{"/", "/servers", "/changes", "/openapi.json", "/.well-known/agent-skills/plainsight-precall/SKILL.md",
				"https://www.rightshold.com/security/spec"} {
				if !strings.Contains(strings.Join(got, "\n")+"\n", want+"\n") {
					t.Errorf("GET / does not link %q (links %q)", want, got)
				}
			}
			for _, l := range got {
				if !strings.HasPrefix(l, "/") && l != "https://www.rightshold.com/security/spec" {
					t.Errorf("GET / links %q", l)
				}
			}
		})
	}
}

// Only "/" itself is the home page: every other unknown path is the JSON
// 404 it was, and / answers GET (and HEAD) only.
func TestUnknownPathsStayJSON(t *testing.T) {
	h := New(Config{Store: memory.New()})
	for _, p := range []string{"/index.html", "/x", "/servers/", "/servers/a/b", "/changes/x", "/favicon.ico", "/.well-known/agent-skills/other/SKILL.md"} {
		res := get(t, h, p)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 404 || res.Header.Get("Content-Type") != "application/json" || !strings.Contains(string(body), `"code":"not_found"`) {
			t.Errorf("GET %s: %d %q %s, want the JSON 404", p, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "GET" {
		t.Errorf("POST /: %d Allow %q, want 405 GET", rec.Code, rec.Header().Get("Allow"))
	}
}

// registry stores n servers, the i-th named name(i) at
// https://s<i>.example/mcp, with one standing flag on the first.
func registry(t testing.TB, n int, name func(int) string) store.Store {
	t.Helper()
	return fill(t, memory.New(), n, name)
}

// fill is registry on the store m.
func fill(t testing.TB, m store.Store, n int, name func(int) string) store.Store {
	t.Helper()
	ctx, now := t.Context(), time.Unix(1_700_000_000, 0).UTC()
	for i := range n {
		u := fmt.Sprintf("https://s%d.example/mcp", i)
		defs, err := json.Marshal(map[string]any{"server": map[string]any{"name": name(i), "version": nil}, "protocol_version": "", "instructions": "", "tools": []any{}})
		if err != nil {
			t.Fatal(err)
		}
		err = m.Atomic(ctx, func(tx store.Tx) error {
			if err := tx.InsertServer(ctx, store.Server{URL: u, Slug: fmt.Sprintf("s%d", i), PublisherStatus: store.PublisherUnclaimed, FirstSeen: now, LastChecked: now, Version: 1}); err != nil {
				return err
			}
			return tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: u, Version: 1, Fingerprint: strings.Repeat("a", 64), Definitions: defs, RecordedAt: now})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := m.InsertFlag(ctx, store.Flag{ID: "flg_0123456789abcdef0123", Status: store.StatusStanding, Artifact: store.Artifact{Type: "external_server", Ref: "https://s0.example/mcp"},
		Field: "f", Class: "zero_width", EvidenceSHA256: "e", Excerpt: "x", Actor: store.Actor{Kind: "anonymous"}, Source: "external_pull", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	return m
}

// serversRows reads a /servers page: its rows' links and cells, and its
// links outside the table.
func serversRows(t *testing.T, body []byte) (rows [][]string, paths []string, other []string) {
	t.Helper()
	root, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node, inTable bool)
	walk = func(n *html.Node, inTable bool) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Tr:
				var cells []string
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode && c.DataAtom == atom.Td {
						cells = append(cells, text(c))
					}
				}
				if len(cells) > 0 {
					rows = append(rows, cells)
				}
			case atom.A:
				if inTable {
					paths = append(paths, attr(n, "href"))
				} else {
					other = append(other, attr(n, "href"))
				}
			case atom.Table:
				inTable = true
			case atom.Script, atom.Img, atom.Iframe, atom.Object, atom.Embed, atom.Base, atom.Link:
				t.Errorf("a <%s> element", n.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inTable)
		}
	}
	walk(root, false)
	return rows, paths, other
}

// emptyBackends is backends with a PostgreSQL store of a fresh schema
// (the shared database holds other tests' servers; these tests count
// rows), dropped at cleanup.
func emptyBackends(t *testing.T) map[string]func(t *testing.T) store.Store {
	b := backends(t)
	if _, ok := b["postgres"]; !ok {
		return b
	}
	b["postgres"] = func(t *testing.T) store.Store {
		s, err := postgres.OpenConfig(context.Background(), pgtest.Config(t, pgtest.Schema(t)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	return b
}

// GET /servers lists the registry 50 a page in registration order, each
// row linking its page, with Next and Previous links, on every backend.
func TestServersPaged(t *testing.T) {
	for name, open := range emptyBackends(t) {
		t.Run(name, func(t *testing.T) { testServersPaged(t, open(t)) })
	}
}

func testServersPaged(t *testing.T, s store.Store) {
	h := New(Config{Store: fill(t, s, 120, func(i int) string { return fmt.Sprintf("Server %d", i) })})
	for _, c := range []struct {
		path        string
		first, n    int
		next, prev  string
		wantSummary string
	}{
		{"/servers", 0, 50, "/servers?offset=50", "", "Servers 1 to 50, in registration order."},
		{"/servers?offset=50", 50, 50, "/servers?offset=100", "/servers", "Servers 51 to 100"},
		{"/servers?offset=100", 100, 20, "", "/servers?offset=50", "Servers 101 to 120"},
		{"/servers?offset=120", 0, 0, "", "/servers?offset=70", "No server is registered here."},
	} {
		res := get(t, h, c.path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != PagesCSP {
			t.Fatalf("%s: %d\n%s", c.path, res.StatusCode, body)
		}
		rows, paths, other := serversRows(t, body)
		if len(rows) != c.n {
			t.Errorf("%s: %d rows, want %d", c.path, len(rows), c.n)
		}
		for i := range min(len(rows), c.n) {
			want := fmt.Sprintf("Server %dhttps://s%d.example/mcp", c.first+i, c.first+i)
			if rows[i][0] != want || rows[i][1] != "unclaimed" || rows[i][2] != "2023-11-14T22:13:20Z" || paths[i] != fmt.Sprintf("/servers/s%d", c.first+i) {
				t.Errorf("%s: row %d %q → %s, want %q", c.path, i, rows[i], paths[i], want)
			}
			flags := "0"
			if c.first+i == 0 {
				flags = "1"
			}
			if rows[i][3] != flags {
				t.Errorf("%s: row %d: %s standing flags, want %s", c.path, i, rows[i][3], flags)
			}
		}
		if c.next != "" && !slices.Contains(other, c.next) || c.next == "" && strings.Contains(string(body), ">Next<") {
			t.Errorf("%s: links %q, want next %q", c.path, other, c.next)
		}
		if c.prev != "" && !slices.Contains(other, c.prev) || c.prev == "" && strings.Contains(string(body), ">Previous<") {
			t.Errorf("%s: links %q, want previous %q", c.path, other, c.prev)
		}
		if !strings.Contains(string(body), c.wantSummary) {
			t.Errorf("%s: no %q", c.path, c.wantSummary)
		}
	}
	// Each row's link is the server's page, and it answers.
	if res := get(t, h, "/servers/s7"); res.StatusCode != 200 {
		t.Errorf("/servers/s7: %d", res.StatusCode)
	}
}

// q selects the servers whose name or URL holds it, case ignored, and is
// echoed escaped and written visibly; a search examines at most 500
// servers a request and links where the next one goes on; on every
// backend.
func TestServersSearch(t *testing.T) {
	for name, open := range emptyBackends(t) {
		t.Run(name, func(t *testing.T) { testServersSearch(t, open(t)) })
	}
}

func testServersSearch(t *testing.T, s store.Store) {
	m := fill(t, s, 620, func(i int) string {
		switch {
		case i%10 == 3:
			return fmt.Sprintf("Weather %d", i)
		case i == 610:
			return "the <script>alert(1)</script> \u202Eone"
		}
		return fmt.Sprintf("Server %d", i)
	})
	h := New(Config{Store: m})
	search := func(q string, offset int) ([][]string, []string, []string, string) {
		t.Helper()
		p := "/servers?q=" + url.QueryEscape(q)
		if offset > 0 {
			p += "&offset=" + fmt.Sprint(offset)
		}
		res := get(t, h, p)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d\n%s", p, res.StatusCode, body)
		}
		rows, paths, other := serversRows(t, body)
		return rows, paths, other, string(body)
	}
	// By name, case ignored: 62 match, 50 on the first page.
	rows, paths, other, _ := search("wEaThEr", 0)
	if len(rows) != 50 || paths[0] != "/servers/s3" || paths[49] != "/servers/s493" {
		t.Fatalf("weather: %d rows, %q … %q", len(rows), paths[0], paths[len(paths)-1])
	}
	if !slices.Contains(other, "/servers?offset=494&q=wEaThEr") {
		t.Errorf("weather: links %q, want the next page at offset 494", other)
	}
	rows, paths, other, _ = search("wEaThEr", 494)
	if len(rows) != 12 || paths[0] != "/servers/s503" || paths[11] != "/servers/s613" || !slices.Contains(other, "/servers?q=wEaThEr") {
		t.Errorf("weather, second page: %d rows, %q, links %q", len(rows), paths, other)
	}
	// By URL.
	if rows, paths, _, _ = search("//S42.EXAMPLE/", 0); len(rows) != 1 || paths[0] != "/servers/s42" {
		t.Errorf("by URL: %q", paths)
	}
	// The bound: the 611th server is beyond the first request's 500.
	rows, _, other, body := search("<script>", 0)
	if len(rows) != 0 || !slices.Contains(other, "/servers?offset=500&q=%3Cscript%3E") || !strings.Contains(body, "500 registered servers searched") {
		t.Errorf("bound: %d rows, links %q", len(rows), other)
	}
	rows, paths, _, body = search("<script>", 500)
	if len(rows) != 1 || paths[0] != "/servers/s610" || !strings.Contains(body, "120 registered servers searched") || strings.Contains(body, "Search further") {
		t.Errorf("past the bound: %d rows %q", len(rows), paths)
	}
	// The query and the name, escaped and written visibly.
	for _, want := range []string{`value="&lt;script&gt;"`, `<code class="query">&lt;script&gt;</code>`,
		"the &lt;script&gt;alert(1)&lt;/script&gt; ⟨U&#43;202E RIGHT-TO-LEFT OVERRIDE⟩one"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page does not hold %s", want)
		}
	}
	if _, _, _, body = search("a\u200Bb", 0); !strings.Contains(body, "a⟨U&#43;200B ZERO WIDTH SPACE⟩b") {
		t.Errorf("an invisible query is not written visibly")
	}
	// No match.
	if rows, _, _, body = search("nothing-like-this", 0); len(rows) != 0 || !strings.Contains(body, "No server searched matches.") {
		t.Errorf("no match: %d rows", len(rows))
	}
}

func TestServersErrors(t *testing.T) {
	h := New(Config{Store: memory.New()})
	for p, want := range map[string]int{
		"/servers?q=" + strings.Repeat("a", 201): 400,
		"/servers?q=" + strings.Repeat("a", 200): 200,
		"/servers?q=%FF":                         400,
		"/servers?offset=-1":                     400,
		"/servers?offset=x":                      400,
		"/servers?offset=99999999999":            400,
		"/servers?offset=3":                      200,
	} {
		res := get(t, h, p)
		if res.StatusCode != want || res.Header.Get("Content-Security-Policy") != PagesCSP {
			t.Errorf("%s: %d, want %d", p, res.StatusCode, want)
		}
	}
	if res := get(t, New(Config{}), "/servers"); res.StatusCode != 503 {
		t.Errorf("/servers without a store: %d, want 503", res.StatusCode)
	}
}

// definitionsName reads server.name wherever it stands in the object.
func TestDefinitionsName(t *testing.T) {
	for in, want := range map[string]string{
		`{"server":{"name":"a","version":null},"tools":[]}`:            "a",
		`{"tools":[{"name":"x"}],"server":{"version":"1","name":"b"}}`: "b",
		`{"server":{"version":"1"}}`:                                   "",
		`{"server":"x"}`:                                               "",
		`[]`:                                                           "",
		`{"server":{"name":7}}`:                                        "",
		`{"server":{"name":"\ud800x"}}`:                                "\uFFFDx",
		``:                                                             "",
	} {
		if got := definitionsName([]byte(in)); got != want {
			t.Errorf("definitionsName(%s) = %q, want %q", in, got, want)
		}
	}
}

// FuzzServersPage lists a registry of one server whose name is any text,
// searched for with any query: a query over the bound or not UTF-8 is a
// 400 page, any other a page whose search box holds the query as
// written visibly, and no element of the query's or the name's making.
func FuzzServersPage(f *testing.F) {
	f.Add("weather", "Weather")
	f.Add("<script>", "</td><script>alert(1)</script>")
	f.Add("\u202E", "a\u202Eb")
	f.Add("\"><img src=x>", "&amp;")
	f.Fuzz(func(t *testing.T, q, name string) {
		if !utf8.ValidString(name) {
			return
		}
		m := registry(t, 1, func(int) string { return name })
		res := get(t, New(Config{Store: m}), "/servers?q="+url.QueryEscape(q))
		body, _ := io.ReadAll(res.Body)
		if len(q) > serversQueryMax || !utf8.ValidString(q) {
			if res.StatusCode != 400 {
				t.Fatalf("q %q: %d, want 400", q, res.StatusCode)
			}
			return
		}
		if res.StatusCode != 200 {
			t.Fatalf("q %q: %d", q, res.StatusCode)
		}
		root, err := html.Parse(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var inputs []string
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.DataAtom {
				case atom.Input:
					inputs = append(inputs, attr(n, "value"))
				case atom.Script, atom.Img, atom.Iframe, atom.Object, atom.Embed, atom.Base, atom.Link, atom.Style:
					if n.DataAtom != atom.Style || n.Parent == nil || n.Parent.DataAtom != atom.Head {
						t.Errorf("a <%s> element", n.Data)
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(root)
		if len(inputs) != 1 || inputs[0] != visible(q) {
			t.Errorf("the search box holds %q, want %q", inputs, visible(q))
		}
	})
}

// BenchmarkServersPage renders a page of 50 servers and a search that
// examines 500 (matching none), on a registry of 600, memory and SQLite.
func BenchmarkServersPage(b *testing.B) {
	for name, open := range map[string]func() store.Store{
		"memory": func() store.Store { return memory.New() },
		"sqlite": func() store.Store {
			s, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "p.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s
		},
	} {
		h := New(Config{Store: fill(b, open(), 600, func(i int) string { return fmt.Sprintf("Server %d", i) })})
		for _, p := range []string{"/servers?offset=100", "/servers?q=nothing"} {
			b.Run(name+" "+p, func(b *testing.B) {
				for b.Loop() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
					if rec.Code != 200 {
						b.Fatal(rec.Code)
					}
				}
			})
		}
	}
}
