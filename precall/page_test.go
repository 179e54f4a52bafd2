package precall

import (
	"errors"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// With PageURL set, every answer that names a registered server's page
// names the one PageURL gives (§9, §10, §11), and the pages' reads probe
// nothing.
func TestPageURLAndPages(t *testing.T) {
	s := memory.New()
	clk := newClock()
	c := checker(t, s, clk)
	c.PageURL = func(slug string) string { return "https://pages.example/servers/" + slug }
	a := newLive(t, "a", nil, tool{"search", "searches the web", ""})
	b := newLive(t, "b", nil, tool{"search", "searches your files", ""})
	mustRegister(t, c, a.URL, "a") // page URL given: https://registry.example/s/a
	mustRegister(t, c, b.URL, "b")

	ans := check(t, c, a.URL, "")
	if ans.Registration == nil || ans.Registration.PageURL != "https://pages.example/servers/a" {
		t.Errorf("§9 registration: %+v", ans.Registration)
	}
	if w := ans.ShadowingWarnings; len(w) != 1 || w[0].Others[0].PageURL != "https://pages.example/servers/b" {
		t.Errorf("§10 warnings: %+v", w)
	}
	a.add(tool{"search", "changed", ""})
	check(t, c, a.URL, "") // records the change
	feed, err := c.Changes(t.Context(), FeedQuery{})
	if err != nil || len(feed.Changes) != 1 || feed.Changes[0].Server.PageURL != "https://pages.example/servers/a" {
		t.Fatalf("§11 feed: %+v %v", feed, err)
	}

	// RecordedChanges re-checks nothing, however stale the servers are.
	clk.Add(7 * time.Hour)
	a.probes.Store(0)
	b.probes.Store(0)
	rec, err := c.RecordedChanges(t.Context(), FeedQuery{})
	if err != nil || len(rec.Changes) != 1 || rec.RefreshedServers != 0 || rec.Changes[0].ToVersion != 2 {
		t.Fatalf("RecordedChanges: %+v %v", rec, err)
	}
	page, err := c.ServerPageBySlug(t.Context(), "a")
	if err != nil {
		t.Fatal(err)
	}
	if page.URL != a.URL || page.FingerprintVersion != 2 || page.Registration.PageURL != "https://pages.example/servers/a" ||
		len(page.Definitions.Tools) != 1 || page.Definitions.Tools[0].Description != "changed" {
		t.Errorf("ServerPageBySlug(a): %+v %+v", page.Record, page.Definitions)
	}
	if n := a.probes.Load() + b.probes.Load(); n != 0 {
		t.Errorf("the pages' reads probed %d times, want 0", n)
	}
	if _, err := c.ServerPageBySlug(t.Context(), "nope"); !errors.Is(err, ErrNotRegistered) {
		t.Errorf("ServerPageBySlug(nope): %v, want ErrNotRegistered", err)
	}

	// Without PageURL, the page under the public URL the store records
	// (issue 28, item 5) — the page's path alone while none is — and never
	// the page URL given at registration.
	c.PageURL = nil
	if ans := check(t, c, b.URL, ""); ans.Registration.PageURL != "/servers/b" {
		t.Errorf("without PageURL, no public URL: %+v", ans.Registration)
	}
	if err := s.RecordPublicURL(t.Context(), "https://pub.example/", clk.Now()); err != nil {
		t.Fatal(err)
	}
	if ans := check(t, c, b.URL, ""); ans.Registration.PageURL != "https://pub.example/servers/b" || ans.ShadowingWarnings[0].Others[0].PageURL != "https://pub.example/servers/a" {
		t.Errorf("without PageURL, a public URL: %+v %+v", ans.Registration, ans.ShadowingWarnings)
	}
	feed, err = c.RecordedChanges(t.Context(), FeedQuery{})
	if err != nil || feed.Changes[0].Server.PageURL != "https://pub.example/servers/a" {
		t.Errorf("the feed without PageURL: %+v %v", feed, err)
	}
	recs, err := c.Records(t.Context(), store.ServerQuery{})
	if err != nil || recs[0].Registration.PageURL != "https://pub.example/servers/a" {
		t.Errorf("the records without PageURL: %+v %v", recs, err)
	}
	if got := PageURLUnder("https://h.example//")("a b/c"); got != "https://h.example/servers/a%20b%2Fc" {
		t.Errorf("PageURLUnder: %q", got)
	}
}
