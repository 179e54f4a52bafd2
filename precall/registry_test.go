package precall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
)

// backend opens a store and a second handle on the same database (another
// instance); memory's second handle is itself.
type backend struct {
	name string
	open func(t testing.TB) (store.Store, store.Store)
}

func backends(t testing.TB) []backend {
	bs := []backend{
		{"memory", func(t testing.TB) (store.Store, store.Store) {
			m := memory.New()
			return m, m
		}},
		{"sqlite", func(t testing.TB) (store.Store, store.Store) {
			path := filepath.Join(t.TempDir(), "p.db")
			a, err := sqlite.Open(t.Context(), path, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := sqlite.Open(t.Context(), path, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { a.Close(); b.Close() })
			return a, b
		}},
	}
	if os.Getenv(pgtest.Env) != "" || os.Getenv("CI") == "true" { // pgtest fails without it under CI=true
		bs = append(bs, backend{"postgres", func(t testing.TB) (store.Store, store.Store) {
			schema := pgtest.Schema(t)
			open := func() store.Store {
				s, err := postgres.OpenConfig(context.Background(), pgtest.Config(t, schema))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			}
			return open(), open()
		}})
	}
	return bs
}

// clock is an injected clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newClock() *clock { return &clock{now: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)} }

func checker(t testing.TB, s store.Store, clk *clock) *Checker {
	return &Checker{Guard: testGuard(t, guard.Policy{AllowLoopback: true}), Store: s, Clock: clk.Now}
}

// liveServer is an SDK server on loopback whose tools can change between
// probes, which can start redirecting, and which counts its initialize
// requests (one per probe).
type liveServer struct {
	*httptest.Server
	mcp      *mcp.Server
	redirect atomic.Pointer[string]
	probes   atomic.Int64
}

func newLive(t testing.TB, name string, opts *mcp.ServerOptions, tools ...tool) *liveServer {
	l := &liveServer{mcp: mcp.NewServer(&mcp.Implementation{Name: name, Version: "1"}, opts)}
	for _, tl := range tools {
		l.add(tl)
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return l.mcp }, nil)
	l.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := l.redirect.Load(); to != nil {
			http.Redirect(w, r, *to, http.StatusTemporaryRedirect)
			return
		}
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"method":"initialize"`)) {
			l.probes.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(l.Close)
	return l
}

func (l *liveServer) add(tl tool) {
	schema := tl.schema
	if schema == "" {
		schema = `{"type":"object"}`
	}
	l.mcp.AddTool(&mcp.Tool{Name: tl.name, Description: tl.desc, InputSchema: json.RawMessage(schema)}, noop)
}

func mustRegister(t testing.TB, c *Checker, url, slug string) *RegisterResult {
	t.Helper()
	res, err := c.Register(t.Context(), RegisterInput{URL: url, Slug: slug, PageURL: "https://registry.example/s/" + slug})
	if err != nil {
		t.Fatalf("Register(%s): %v", url, err)
	}
	return res
}

func forEach(t *testing.T, fn func(t *testing.T, b backend)) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) { fn(t, b) })
	}
}

func TestRegisterAndCheckRegistered(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		clk := newClock()
		c := checker(t, s, clk)
		srv := newLive(t, "live", nil, tool{"read", "reads a file", ""}, tool{"write", "writes a file", ""})
		res := mustRegister(t, c, srv.URL, "live")
		if res.Status != RegisterDone || res.FingerprintVersion != 1 || len(res.FlagIDs) != 0 {
			t.Fatalf("Register: %+v", res)
		}
		_, err := c.Register(t.Context(), RegisterInput{URL: srv.URL, Slug: "again"})
		if !errors.Is(err, ErrAlreadyRegistered) {
			t.Errorf("a second registration: %v, want ErrAlreadyRegistered", err)
		}
		clk.Add(time.Minute)
		a := check(t, c, srv.URL, "read")
		if !a.Registered || a.CheckedNotRegistered || a.Integrity.Status != fingerprint.Unchanged || *a.Integrity.FingerprintVersion != 1 ||
			*a.Integrity.Fingerprint != res.Fingerprint || a.Registration.Slug != "live" || a.Registration.PublisherStatus != store.PublisherUnclaimed ||
			!a.Registration.FirstSeen.Equal(newClock().now) || a.Scan.Status != ScanClean || !*a.ToolFocus.Offered || *a.ToolFocus.Basis != BasisServed ||
			a.Reviews.Total != 0 || a.Reviews.CurrentAverage != nil {
			t.Errorf("an unchanged registered server: %+v", a)
		}
		// Reviews of version 1 by verified agents.
		for i, rating := range []int{3, 4} {
			if err := s.InsertReview(t.Context(), store.Review{ID: "rev_" + string(rune('a'+i)), ServerURL: srv.URL, FingerprintVersion: 1,
				AgentID: "agt", KYAVerified: true, Rating: rating, CreatedAt: clk.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		a = check(t, c, srv.URL, "")
		if a.Reviews.Total != 2 || a.Reviews.CurrentCount != 2 || *a.Reviews.CurrentAverage != 3.5 || a.Reviews.OlderCount != 0 {
			t.Errorf("reviews: %+v", a.Reviews)
		}
		// The tools change between probes: changed, version 2, an event.
		srv.add(tool{"delete", "deletes a file", ""})
		srv.mcp.RemoveTools("write")
		srv.add(tool{"read", "reads any file", ""})
		clk.Add(time.Minute)
		a = check(t, c, srv.URL, "write")
		want := &fingerprint.Diff{ToolsAdded: []string{"delete"}, ToolsRemoved: []string{"write"},
			ToolsChanged: []fingerprint.ToolChange{{Tool: "read", Changes: []string{fingerprint.DescriptionChanged}}}}
		if a.Integrity.Status != fingerprint.Changed || *a.Integrity.FingerprintVersion != 2 {
			t.Errorf("after a change: %+v", a.Integrity)
		}
		if d := cmp.Diff(want, a.Integrity.Diff); d != "" {
			t.Errorf("diff (-want +got):\n%s", d)
		}
		if *a.ToolFocus.Offered || a.Reviews.CurrentCount != 0 || a.Reviews.OlderCount != 2 || a.Reviews.CurrentAverage != nil {
			t.Errorf("after a change: focus %+v reviews %+v", a.ToolFocus, a.Reviews)
		}
		a = check(t, c, srv.URL, "")
		if a.Integrity.Status != fingerprint.Unchanged || *a.Integrity.FingerprintVersion != 2 {
			t.Errorf("checked again: %+v", a.Integrity)
		}
		feed, err := c.Changes(t.Context(), FeedQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if len(feed.Changes) != 1 || feed.RefreshedServers != 0 {
			t.Fatalf("feed: %+v", feed)
		}
		e := feed.Changes[0]
		if e.Server.Slug != "live" || e.Server.URL != srv.URL || e.Server.Name != "live" || e.FromVersion != 1 || e.ToVersion != 2 ||
			e.FingerprintBefore != res.Fingerprint || e.FingerprintAfter != *a.Integrity.Fingerprint || !e.At.Equal(newClock().now.Add(2*time.Minute)) {
			t.Errorf("event: %+v", e)
		}
		if d := cmp.Diff(*want, e.Diff); d != "" {
			t.Errorf("event diff (-want +got):\n%s", d)
		}
		// Unreachable: never unchanged; the focus rests on the record.
		srv.Close()
		a = check(t, c, srv.URL, "delete")
		if a.Integrity.Status != fingerprint.Unreachable || a.Integrity.Fingerprint != nil || *a.Integrity.FingerprintVersion != 2 ||
			a.Scan.Status != ScanNotRun || !*a.ToolFocus.Offered || *a.ToolFocus.Basis != BasisRecorded || a.Server.Basis != BasisRecorded || a.Server.Name != "live" {
			t.Errorf("unreachable: %+v %+v %+v", a.Integrity, a.ToolFocus, a.Server)
		}
	})
}

// A server that pages its tools/list is recorded whole.
func TestRegisterPaginating(t *testing.T) {
	s := memory.New()
	c := checker(t, s, newClock())
	srv := newLive(t, "paged", &mcp.ServerOptions{PageSize: 1}, tool{"a", "1", ""}, tool{"b", "2", ""}, tool{"c", "3", ""})
	mustRegister(t, c, srv.URL, "paged")
	reg, err := StoreRegistry{Store: s}.Server(t.Context(), srv.URL)
	if err != nil || reg == nil {
		t.Fatal(err)
	}
	if n := len(reg.Record.Definitions.Tools); n != 3 {
		t.Errorf("recorded %d tools, want 3", n)
	}
	a := check(t, c, srv.URL, "c")
	if a.Integrity.Status != fingerprint.Unchanged || !*a.ToolFocus.Offered {
		t.Errorf("%+v %+v", a.Integrity, a.ToolFocus)
	}
}

// Findings hold a registration: flags (external_pull) stand against the
// URL, and nothing else is recorded.
func TestRegisterHeld(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		srv := newLive(t, "held", nil, tool{"t", "hid\u200bden", `{"type":"object","properties":{"x\u202e":{"type":"string"}}}`})
		res := mustRegister(t, c, srv.URL, "held")
		if res.Status != RegisterHeld || len(res.FlagIDs) != 2 || res.FingerprintVersion != 0 {
			t.Fatalf("Register: %+v", res)
		}
		if _, err := s.Server(t.Context(), srv.URL); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a held server was registered: %v", err)
		}
		for _, id := range res.FlagIDs {
			f, err := (&flag.Service{Store: s}).Get(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			if f.Source != flag.ExternalPull || f.Artifact.Ref != srv.URL || f.Status != flag.Standing {
				t.Errorf("flag %+v", f)
			}
		}
		a := check(t, c, srv.URL, "")
		if a.Registered || a.Flags.Status != FlagsStanding || len(a.Flags.StandingFlagIDs) != 2 {
			t.Errorf("the check of a held server: %+v", a.Flags)
		}
		// Trying again finds the same flags standing: no second flag.
		res2 := mustRegister(t, c, srv.URL, "held")
		if d := cmp.Diff(res.FlagIDs, res2.FlagIDs); d != "" {
			t.Errorf("a second attempt (-first +second):\n%s", d)
		}
	})
}

// A URL that redirects cannot be registered: the error names the
// destination.
func TestRegisterRedirecting(t *testing.T) {
	c := checker(t, memory.New(), newClock())
	srv := newLive(t, "target", nil, tool{"t", "d", ""})
	hop := httptest.NewServer(http.RedirectHandler(srv.URL+"/mcp", http.StatusPermanentRedirect))
	defer hop.Close()
	_, err := c.Register(t.Context(), RegisterInput{URL: hop.URL + "/old", Slug: "x"})
	var re *RedirectError
	if !errors.As(err, &re) || !errors.Is(err, ErrRedirects) || re.Destination != srv.URL+"/mcp" || len(re.Redirects) != 1 {
		t.Fatalf("Register of a redirecting URL: %v", err)
	}
}

// A registered URL that starts redirecting is changed, and the
// destination's definitions are never recorded as its own.
func TestRegisteredStartsRedirecting(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		srv := newLive(t, "orig", nil, tool{"t", "d", ""})
		other := newLive(t, "other", nil, tool{"t", "something else", ""}, tool{"u", "more", ""})
		mustRegister(t, c, srv.URL, "orig")
		to := other.URL + "/"
		srv.redirect.Store(&to)
		a := check(t, c, srv.URL, "u")
		if a.Integrity.Status != fingerprint.Changed || *a.Integrity.FingerprintVersion != 1 || a.Integrity.Fingerprint != nil ||
			len(a.Redirects) != 1 || *a.EffectiveURL != to || a.Server.Name != "other" || *a.Server.AnsweringURL != to {
			t.Errorf("a registered URL that redirects: %+v, server %+v", a.Integrity, a.Server)
		}
		if *a.ToolFocus.Offered || *a.ToolFocus.Basis != BasisRecorded {
			t.Errorf("the focus rests on the record: %+v", a.ToolFocus)
		}
		if _, err := s.FingerprintVersion(t.Context(), srv.URL, 2); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the destination's definitions were recorded: %v", err)
		}
		// One redirect event with the chain (issue 28, item 4), and no
		// version recorded with it.
		evs, _ := s.ListChangeEvents(t.Context(), store.ChangeQuery{})
		wantChain := `[{"from":"` + srv.URL + `","to":"` + to + `","status":307}]`
		if len(evs) != 1 || string(evs[0].Redirects) != wantChain || evs[0].FromVersion != 1 || evs[0].ToVersion != 1 {
			t.Errorf("events: %v", evs)
		}
	})
}

// A registered URL that starts redirecting, keeps redirecting, redirects
// elsewhere and stops records one feed event per transition, each with
// its chain (issue 28, item 4); the event's fingerprints and versions are
// the record's, and the feed's JSON is §11's with the extension member
// "redirects".
func TestRedirectEventsOncePerTransition(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		clk := newClock()
		c := checker(t, s, clk)
		srv := newLive(t, "orig", nil, tool{"t", "d", ""})
		one := newLive(t, "one", nil, tool{"t", "one", ""})
		two := newLive(t, "two", nil, tool{"t", "two", ""})
		reg := mustRegister(t, c, srv.URL, "orig")
		feed := func() []map[string]any {
			t.Helper()
			f, err := c.RecordedChanges(t.Context(), FeedQuery{})
			if err != nil {
				t.Fatal(err)
			}
			var v struct {
				Changes []map[string]any `json:"changes"`
			}
			b, _ := json.Marshal(f)
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			return v.Changes
		}
		refresh := func() *Refresh {
			t.Helper()
			clk.Add(time.Minute)
			r, err := c.Refresh(t.Context(), srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		hop := func(to string) []any {
			return []any{map[string]any{"from": srv.URL, "to": to, "status": 307.0}}
		}
		if r := refresh(); r.Status != fingerprint.Unchanged || r.RedirectEvent != 0 || len(feed()) != 0 {
			t.Fatalf("answering itself: %s, event %d, feed %v", r.Status, r.RedirectEvent, feed())
		}
		toOne := one.URL + "/"
		srv.redirect.Store(&toOne)
		if r := refresh(); r.Status != fingerprint.Changed || r.RedirectEvent == 0 {
			t.Errorf("starts redirecting: %s, event %d", r.Status, r.RedirectEvent)
		}
		for range 3 { // the same chain: no second event
			if r := refresh(); r.Status != fingerprint.Changed || r.RedirectEvent != 0 {
				t.Errorf("keeps redirecting: %s, event %d", r.Status, r.RedirectEvent)
			}
		}
		// The pre-call check is a check too.
		if a := check(t, c, srv.URL, ""); a.Integrity.Status != fingerprint.Changed {
			t.Errorf("the pre-call check of a redirecting URL: %+v", a.Integrity)
		}
		toTwo := two.URL + "/"
		srv.redirect.Store(&toTwo)
		refresh()
		refresh()
		srv.redirect.Store(nil)
		if r := refresh(); r.Status != fingerprint.Unchanged || r.RedirectEvent == 0 || !strings.Contains(r.Detail, "answers itself again") {
			t.Errorf("stops redirecting: %s, event %d, %q", r.Status, r.RedirectEvent, r.Detail)
		}
		refresh()
		got := feed()
		if len(got) != 3 {
			t.Fatalf("feed: %d events, want 3 (start, another chain, stop): %v", len(got), got)
		}
		empty := map[string]any{"tools_added": []any{}, "tools_removed": []any{}, "tools_changed": []any{}, "server_identity_changed": false}
		for i, want := range [][]any{{}, hop(toTwo), hop(toOne)} { // newest first
			e := got[i]
			if d := cmp.Diff(want, e["redirects"]); d != "" {
				t.Errorf("event %d redirects (-want +got):\n%s", i, d)
			}
			if e["from_version"] != 1.0 || e["to_version"] != 1.0 || e["fingerprint_before"] != reg.Fingerprint || e["fingerprint_after"] != reg.Fingerprint {
				t.Errorf("event %d: versions %v→%v, fingerprints %v→%v; want the record's", i, e["from_version"], e["to_version"], e["fingerprint_before"], e["fingerprint_after"])
			}
			if d := cmp.Diff(empty, e["diff"]); d != "" {
				t.Errorf("event %d diff (-want +got):\n%s", i, d)
			}
			if srvName := e["server"].(map[string]any)["name"]; srvName != "orig" {
				t.Errorf("event %d names %v, want the recorded server", i, srvName)
			}
		}
		// Stopped, then serving other definitions: a change of the
		// definitions, without the extension.
		srv.add(tool{"u", "new", ""})
		if r := refresh(); r.Status != fingerprint.Changed || r.Event == 0 || r.RedirectEvent != 0 {
			t.Errorf("a change after the stop: %s, %d, %d", r.Status, r.Event, r.RedirectEvent)
		}
		if got = feed(); len(got) != 4 || got[0]["to_version"] != 2.0 {
			t.Fatalf("feed: %v", got)
		} else if _, ok := got[0]["redirects"]; ok {
			t.Errorf("a change of the definitions carries redirects: %v", got[0])
		}
	})
}

// A URL that stops redirecting and serves other definitions in the same
// check records the stop, then the change.
func TestRedirectStopsWithChange(t *testing.T) {
	s := memory.New()
	clk := newClock()
	c := checker(t, s, clk)
	srv := newLive(t, "orig", nil, tool{"t", "d", ""})
	other := newLive(t, "other", nil, tool{"t", "x", ""})
	mustRegister(t, c, srv.URL, "orig")
	to := other.URL + "/"
	srv.redirect.Store(&to)
	if _, err := c.Refresh(t.Context(), srv.URL); err != nil {
		t.Fatal(err)
	}
	srv.redirect.Store(nil)
	srv.add(tool{"t", "changed", ""})
	r, err := c.Refresh(t.Context(), srv.URL)
	if err != nil || r.Status != fingerprint.Changed || r.Event == 0 || r.RedirectEvent == 0 || r.RedirectEvent >= r.Event {
		t.Fatalf("stop and change: %v %+v", err, r)
	}
	evs, _ := s.ListChangeEvents(t.Context(), store.ChangeQuery{})
	if len(evs) != 3 || evs[0].Redirects != nil || evs[0].ToVersion != 2 || string(evs[1].Redirects) != "[]" || evs[1].ToVersion != 1 {
		t.Errorf("events: %+v", evs)
	}
}

// Two concurrent checks that see one transition record it once.
func TestRedirectEventConcurrent(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		srv := newLive(t, "orig", nil, tool{"t", "d", ""})
		other := newLive(t, "other", nil, tool{"t", "x", ""})
		mustRegister(t, c, srv.URL, "orig")
		to := other.URL + "/"
		srv.redirect.Store(&to)
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := c.Refresh(t.Context(), srv.URL); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if evs, _ := s.ListChangeEvents(t.Context(), store.ChangeQuery{}); len(evs) != 1 {
			t.Errorf("%d events, want 1: %v", len(evs), evs)
		}
	})
}

// Findings on refresh become flags (integrity_refresh), deduplicated.
func TestRefreshFlags(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		srv := newLive(t, "f", nil, tool{"t", "clean", ""})
		mustRegister(t, c, srv.URL, "f")
		srv.add(tool{"t", "now hid\u2060den", ""})
		a := check(t, c, srv.URL, "")
		if a.Integrity.Status != fingerprint.Changed || a.Scan.Status != ScanFlagged || len(a.Scan.FlagIDs) != 1 ||
			a.Flags.Status != FlagsStanding || cmp.Diff(a.Scan.FlagIDs, a.Flags.StandingFlagIDs) != "" {
			t.Fatalf("a refresh with a finding: %+v %+v %+v", a.Integrity, a.Scan, a.Flags)
		}
		f, err := (&flag.Service{Store: s}).Get(t.Context(), a.Scan.FlagIDs[0])
		if err != nil || f.Source != flag.IntegrityRefresh || f.Field != "tools/t/description" {
			t.Errorf("flag %+v %v", f, err)
		}
		a2 := check(t, c, srv.URL, "")
		if a2.Integrity.Status != fingerprint.Unchanged || cmp.Diff(a.Scan.FlagIDs, a2.Scan.FlagIDs) != "" {
			t.Errorf("the same finding again: %+v %+v", a2.Integrity, a2.Scan)
		}
		if fs, _ := s.ListFlags(t.Context(), store.FlagQuery{}); len(fs) != 1 {
			t.Errorf("%d flags, want 1", len(fs))
		}
	})
}

// Two registered servers that offer one tool name with different
// definitions warn (§10); identical definitions do not.
func TestRegisteredCollisions(t *testing.T) {
	s := memory.New()
	c := checker(t, s, newClock())
	a := newLive(t, "a", nil, tool{"search", "searches the web", ""}, tool{"same", "same", ""})
	b := newLive(t, "b", nil, tool{"search", "searches your files", ""}, tool{"same", "same", ""})
	mustRegister(t, c, a.URL, "a")
	mustRegister(t, c, b.URL, "b")
	ans := check(t, c, a.URL, "")
	// The page_url is the page under the store's public URL (none: the
	// path alone), not the one given at registration (issue 28, item 5).
	want := []Warning{{Tool: "search", Others: []Other{{Slug: "b", URL: b.URL, ServerName: "b", PageURL: "/servers/b"}}, Note: WarningNote}}
	if d := cmp.Diff(want, ans.ShadowingWarnings); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
	// The registry records carry the warnings too, each server's naming the other.
	recs, err := c.Records(t.Context(), store.ServerQuery{})
	if err != nil || len(recs) != 2 {
		t.Fatalf("Records: %v %v", recs, err)
	}
	if d := cmp.Diff(want, recs[0].ShadowingWarnings); d != "" || recs[0].URL != a.URL || recs[0].FingerprintVersion != 1 {
		t.Errorf("a's record (-want +got):\n%s", d)
	}
	if w := recs[1].ShadowingWarnings; len(w) != 1 || w[0].Tool != "search" || len(w[0].Others) != 1 || w[0].Others[0].URL != a.URL {
		t.Errorf("b's record: %+v", w)
	}
}

// Two instances refreshing one changed server at once bump its version
// once and append one event.
func TestConcurrentRefresh(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s1, s2 := b.open(t)
		clk := newClock()
		c1, c2 := checker(t, s1, clk), checker(t, s2, clk)
		srv := newLive(t, "race", nil, tool{"t", "v1", ""})
		mustRegister(t, c1, srv.URL, "race")
		for round := 2; round <= 4; round++ {
			srv.add(tool{"t", "v" + string(rune('0'+round)), ""})
			clk.Add(time.Minute)
			var wg sync.WaitGroup
			results := make([]*Refresh, 4)
			for i := range results {
				c := c1
				if i%2 == 1 {
					c = c2
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					r, err := c.Refresh(t.Context(), srv.URL)
					if err != nil {
						t.Errorf("Refresh: %v", err)
						return
					}
					results[i] = r
				}()
			}
			wg.Wait()
			events := 0
			for _, r := range results {
				if r != nil && r.Event != 0 {
					events++
				}
				if r != nil && r.Status != fingerprint.Changed && r.Status != fingerprint.Unchanged {
					t.Errorf("status %s", r.Status)
				}
			}
			sv, err := s1.Server(t.Context(), srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			if sv.Version != round || events != 1 {
				t.Errorf("round %d: version %d, %d events appended; want %d and 1", round, sv.Version, events, round)
			}
		}
		if evs, _ := s1.ListChangeEvents(t.Context(), store.ChangeQuery{}); len(evs) != 3 {
			t.Errorf("%d events, want 3", len(evs))
		}
	})
}

// A feed read re-checks at most three stale servers, oldest first; two
// concurrent reads never refresh one server twice.
func TestFeedRefreshes(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s1, s2 := b.open(t)
		clk := newClock()
		c1, c2 := checker(t, s1, clk), checker(t, s2, clk)
		var srvs []*liveServer
		for i := range 5 {
			srv := newLive(t, "s", nil, tool{"t", "d", ""})
			mustRegister(t, c1, srv.URL, "s"+string(rune('0'+i)))
			srv.probes.Store(0)
			srvs = append(srvs, srv)
			clk.Add(time.Minute)
		}
		feed, err := c1.Changes(t.Context(), FeedQuery{})
		if err != nil || feed.RefreshedServers != 0 || len(feed.Changes) != 0 || feed.NextBefore != nil {
			t.Fatalf("a fresh feed: %+v %v", feed, err)
		}
		srvs[1].add(tool{"t", "changed", ""})
		clk.Add(7 * time.Hour)
		feed, err = c1.Changes(t.Context(), FeedQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if feed.RefreshedServers != 3 || len(feed.Changes) != 1 || feed.Changes[0].Server.Slug != "s1" {
			t.Errorf("a feed read after 7 hours: %+v", feed)
		}
		for i, srv := range srvs {
			want := int64(0)
			if i < 3 {
				want = 1
			}
			if got := srv.probes.Load(); got != want {
				t.Errorf("server %d probed %d times, want %d (oldest first)", i, got, want)
			}
		}
		// Two concurrent reads: the two stale servers left are refreshed
		// once each.
		var wg sync.WaitGroup
		var total atomic.Int64
		for _, c := range []*Checker{c1, c2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f, err := c.Changes(t.Context(), FeedQuery{})
				if err != nil {
					t.Error(err)
					return
				}
				total.Add(int64(f.RefreshedServers))
			}()
		}
		wg.Wait()
		if total.Load() != 2 {
			t.Errorf("two concurrent reads refreshed %d servers, want 2", total.Load())
		}
		for i, srv := range srvs {
			if got := srv.probes.Load(); got != 1 {
				t.Errorf("server %d probed %d times, want 1", i, got)
			}
		}
	})
}

// The feed pages newest first.
func TestFeedPages(t *testing.T) {
	s := memory.New()
	clk := newClock()
	c := checker(t, s, clk)
	srv := newLive(t, "p", nil, tool{"t", "0", ""})
	mustRegister(t, c, srv.URL, "p")
	for i := 1; i <= 5; i++ {
		srv.add(tool{"t", string(rune('0' + i)), ""})
		clk.Add(time.Minute)
		if _, err := c.Refresh(t.Context(), srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	var tos []int
	q := FeedQuery{Limit: 2}
	for {
		f, err := c.Changes(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range f.Changes {
			tos = append(tos, e.ToVersion)
		}
		if f.NextBefore == nil {
			break
		}
		q.Before = *f.NextBefore
	}
	if d := cmp.Diff([]int{6, 5, 4, 3, 2}, tos); d != "" {
		t.Errorf("pages (-want +got):\n%s", d)
	}
}

func TestSlugOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://mcp.example.com/mcp":     "mcp-example-com-mcp",
		"http://127.0.0.1:8080/":          "127-0-0-1-8080",
		"http://127.0.0.1:8081/":          "127-0-0-1-8081",
		"https://Tools.Example.com/a/b?x": "tools-example-com-a-b",
	} {
		if got := slugOf(in); got != want {
			t.Errorf("slugOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A registered URL that starts redirecting into a private address: the
// hop is refused (nothing dialed), the answer is changed, nothing recorded.
func TestRegisteredRedirectRefused(t *testing.T) {
	s := memory.New()
	c := checker(t, s, newClock())
	srv := newLive(t, "orig", nil, tool{"t", "d", ""})
	mustRegister(t, c, srv.URL, "orig")
	to := "http://10.0.0.1/mcp"
	srv.redirect.Store(&to)
	a := check(t, c, srv.URL, "t")
	if a.Integrity.Status != fingerprint.Changed || *a.Integrity.FingerprintVersion != 1 || a.Scan.Status != ScanNotRun ||
		a.Server.Basis != BasisRecorded || *a.ToolFocus.Basis != BasisRecorded || !*a.ToolFocus.Offered {
		t.Errorf("a redirect into a private address: %+v %+v %+v %+v", a.Integrity, a.Scan, a.Server, a.ToolFocus)
	}
	if !strings.Contains(a.Integrity.Detail, "redirects to "+to) || a.EffectiveURL != nil {
		t.Errorf("detail %q, effective %v, redirects %v", a.Integrity.Detail, a.EffectiveURL, a.Redirects)
	}
	if len(a.Redirects) != 1 || a.Redirects[0].To != to || a.Redirects[0].From != srv.URL {
		t.Errorf("redirects %+v", a.Redirects)
	}
	if _, err := s.FingerprintVersion(t.Context(), srv.URL, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("something was recorded: %v", err)
	}
}

// A diff keeps a tool named with a lone surrogate visibly that tool: in
// the answer's JSON, through the store and in the feed's JSON.
func TestDiffLoneSurrogate(t *testing.T) {
	name := "\xed\xa0\x80evil" // WTF-8 for "\ud800evil"
	d := fingerprint.Diff{ToolsAdded: []string{name}, ToolsRemoved: []string{}, ToolsChanged: []fingerprint.ToolChange{{Tool: name, Changes: []string{fingerprint.SchemaChanged}}}}
	back, err := decodeDiff(diffJSON(&d))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(d, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, v := range []any{Integrity{Status: fingerprint.Changed, Diff: &d}, ChangeEvent{Diff: d}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(`["\ud800evil"]`)) || bytes.Contains(b, []byte("\uFFFD")) {
			t.Errorf("%T: %s", v, b)
		}
	}
}

// The answer for a registered server carries exactly §9's fields too, in
// the same order, with the registration and a version, and a diff only
// when changed.
func TestRegisteredAnswerJSONFields(t *testing.T) {
	c := checker(t, memory.New(), newClock())
	srv := newLive(t, "s", nil, tool{"t", "d", ""})
	mustRegister(t, c, srv.URL, "s")
	fieldsOf := func(a *Answer) ([]string, string) {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.Token()
		for dec.More() {
			k, _ := dec.Token()
			keys = append(keys, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		return keys, string(b)
	}
	want := []string{"url", "effective_url", "redirects", "registered", "checked_not_registered", "server", "registration",
		"integrity", "scan", "flags", "reviews", "shadowing_warnings", "tool_focus", "note"}
	keys, b := fieldsOf(check(t, c, srv.URL, "t"))
	if d := cmp.Diff(want, keys); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	for _, s := range []string{`"registered":true`, `"checked_not_registered":false`, `"fingerprint_version":1`, `"status":"unchanged"`, `"publisher_status":"unclaimed"`} {
		if !strings.Contains(b, s) {
			t.Errorf("no %s in %s", s, b)
		}
	}
	if strings.Contains(b, `"diff"`) {
		t.Errorf("a diff when unchanged: %s", b)
	}
	srv.add(tool{"u", "new", ""})
	keys, b = fieldsOf(check(t, c, srv.URL, "t"))
	if d := cmp.Diff(want, keys); d != "" {
		t.Errorf("fields when changed (-want +got):\n%s", d)
	}
	if !strings.Contains(b, `"status":"changed"`) || !strings.Contains(b, `"diff":{"tools_added":["u"],"tools_removed":[],"tools_changed":[],"server_identity_changed":false}`) {
		t.Errorf("changed: %s", b)
	}
}

// A URL that answers the Streamable HTTP POST itself (405: the older
// transport) and redirects only its event stream's GET elsewhere is a URL
// that redirects: it cannot be registered, and the destination is named;
// a check discloses the server it landed on.
func TestRegisterRedirectingStream(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "elsewhere", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "t", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	b := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(b.Close)
	a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			http.Redirect(w, r, b.URL+"/sse", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusMethodNotAllowed)
	}))
	t.Cleanup(a.Close)
	c := checker(t, memory.New(), newClock())
	_, err := c.Register(t.Context(), RegisterInput{URL: a.URL + "/mcp", Slug: "x"})
	var re *RedirectError
	if !errors.As(err, &re) || re.Destination != b.URL+"/sse" || len(re.Redirects) != 1 {
		t.Fatalf("Register of a URL whose stream redirects: %v", err)
	}
	ans := check(t, c, a.URL+"/mcp", "")
	if ans.Server == nil || ans.Server.Name != "elsewhere" || ans.EffectiveURL == nil || *ans.EffectiveURL != b.URL+"/sse" || len(ans.Redirects) != 1 {
		t.Errorf("check: server %+v, effective %v, redirects %v", ans.Server, ans.EffectiveURL, ans.Redirects)
	}
}
