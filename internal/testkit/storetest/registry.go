package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// r0 is the suite's clock origin, at microsecond precision (what the SQL
// backends keep).
var r0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func server(n int) store.Server {
	return store.Server{
		URL: fmt.Sprintf("https://mcp%d.example/mcp", n), Slug: fmt.Sprintf("mcp-%d", n),
		PageURL: fmt.Sprintf("https://registry.example/servers/mcp-%d", n), PublisherStatus: store.PublisherUnclaimed,
		FirstSeen: r0, LastChecked: r0.Add(time.Duration(n) * time.Minute), Version: 1,
	}
}

func version(url string, v int) store.FingerprintVersion {
	return store.FingerprintVersion{ServerURL: url, Version: v, Fingerprint: fmt.Sprintf("%064x", v),
		Definitions: []byte(fmt.Sprintf(`{"v":%d}`, v)), RecordedAt: r0.Add(time.Duration(v) * time.Hour)}
}

// register inserts server n and its version 1 in one transaction.
func register(t testing.TB, s store.Store, n int) store.Server {
	t.Helper()
	sv := server(n)
	err := s.Atomic(ctx(t), func(tx store.Tx) error {
		if err := tx.InsertServer(ctx(t), sv); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(ctx(t), version(sv.URL, 1))
	})
	if err != nil {
		t.Fatalf("register %d: %v", n, err)
	}
	return sv
}

func wantKind(t testing.TB, what string, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Errorf("%s: got %v, want %v", what, err, kind)
	}
}

func testServers(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a := register(t, s, 1)
	got, err := s.Server(c, a.URL)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(a, got); d != "" {
		t.Errorf("Server (-want +got):\n%s", d)
	}
	_, err = s.Server(c, "https://none.example/")
	wantKind(t, "Server of an unknown url", err, store.ErrNotFound)
	dupURL, dupSlug := server(1), server(1)
	dupURL.Slug, dupSlug.URL = "other", "https://other.example/"
	wantKind(t, "InsertServer with a registered url", s.InsertServer(c, dupURL), store.ErrDuplicate)
	wantKind(t, "InsertServer with a registered slug", s.InsertServer(c, dupSlug), store.ErrDuplicate)
	for name, mod := range map[string]func(*store.Server){
		"version 2":        func(v *store.Server) { v.Version = 2 },
		"no slug":          func(v *store.Server) { v.Slug = "" },
		"unknown status":   func(v *store.Server) { v.PublisherStatus = "claimed-by-saying-so" },
		"checked too soon": func(v *store.Server) { v.LastChecked = v.FirstSeen.Add(-time.Second) },
		"long url":         func(v *store.Server) { v.URL = "https://x/" + string(make([]byte, store.TextMaxBytes)) },
	} {
		v := server(9)
		mod(&v)
		wantKind(t, "InsertServer "+name, s.InsertServer(c, v), store.ErrInvalid)
	}
	b := register(t, s, 3)
	cc := register(t, s, 2)
	all, err := s.ListServers(c, store.ServerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].URL != a.URL || all[1].URL != b.URL || all[2].URL != cc.URL {
		t.Errorf("ListServers: got %v, want registration order 1, 3, 2", all)
	}
	// Stale servers, oldest check first: 1 (r0+1m), 2 (r0+2m); 3 (r0+3m) is not older than r0+3m.
	stale, err := s.ListServers(c, store.ServerQuery{CheckedBefore: r0.Add(3 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) != 2 || stale[0].URL != a.URL || stale[1].URL != cc.URL {
		t.Errorf("ListServers stale: got %v, want 1 then 2", stale)
	}
	one, err := s.ListServers(c, store.ServerQuery{CheckedBefore: r0.Add(time.Hour), Offset: 1, Limit: 1})
	if err != nil || len(one) != 1 || one[0].URL != cc.URL {
		t.Errorf("ListServers offset 1 limit 1: %v %v", one, err)
	}

	// MarkChecked is a compare-and-set on the last check.
	wantKind(t, "MarkChecked from a stale time", s.MarkChecked(c, a.URL, r0, r0.Add(time.Hour)), store.ErrConflict)
	wantKind(t, "MarkChecked backwards", s.MarkChecked(c, a.URL, a.LastChecked, r0), store.ErrInvalid)
	wantKind(t, "MarkChecked unknown", s.MarkChecked(c, "https://none.example/", r0, r0), store.ErrNotFound)
	if err := s.MarkChecked(c, a.URL, a.LastChecked, r0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Server(c, a.URL); !got.LastChecked.Equal(r0.Add(time.Hour)) {
		t.Errorf("after MarkChecked: last check %v", got.LastChecked)
	}

	// AdvanceServer needs the next fingerprint version recorded first.
	wantKind(t, "AdvanceServer without version 2", s.AdvanceServer(c, a.URL, 1, r0.Add(2*time.Hour)), store.ErrInvalid)
	if err := s.InsertFingerprintVersion(c, version(a.URL, 2)); err != nil {
		t.Fatal(err)
	}
	wantKind(t, "AdvanceServer backwards in time", s.AdvanceServer(c, a.URL, 1, r0), store.ErrInvalid)
	wantKind(t, "AdvanceServer from a stale version", s.AdvanceServer(c, a.URL, 2, r0.Add(2*time.Hour)), store.ErrConflict)
	wantKind(t, "AdvanceServer unknown", s.AdvanceServer(c, "https://none.example/", 1, r0), store.ErrNotFound)
	if err := s.AdvanceServer(c, a.URL, 1, r0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	wantKind(t, "AdvanceServer twice from 1", s.AdvanceServer(c, a.URL, 1, r0.Add(3*time.Hour)), store.ErrConflict)
	if got, _ := s.Server(c, a.URL); got.Version != 2 || !got.LastChecked.Equal(r0.Add(2*time.Hour)) {
		t.Errorf("after AdvanceServer: %+v", got)
	}
}

func testFingerprintVersions(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	wantKind(t, "a version of an unregistered server", s.InsertFingerprintVersion(c, version("https://none.example/", 1)), store.ErrNotFound)
	wantKind(t, "version 2 of an unregistered server", s.InsertFingerprintVersion(c, version("https://none.example/", 2)), store.ErrNotFound)
	a := register(t, s, 1)
	wantKind(t, "version 1 again", s.InsertFingerprintVersion(c, version(a.URL, 1)), store.ErrConflict)
	wantKind(t, "version 3 after 1", s.InsertFingerprintVersion(c, version(a.URL, 3)), store.ErrConflict)
	bad := version(a.URL, 2)
	bad.Fingerprint = ""
	wantKind(t, "no fingerprint", s.InsertFingerprintVersion(c, bad), store.ErrInvalid)
	if err := s.InsertFingerprintVersion(c, version(a.URL, 2)); err != nil {
		t.Fatal(err)
	}
	got, err := s.FingerprintVersion(c, a.URL, 2)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(version(a.URL, 2), got); d != "" {
		t.Errorf("FingerprintVersion (-want +got):\n%s", d)
	}
	_, err = s.FingerprintVersion(c, a.URL, 3)
	wantKind(t, "FingerprintVersion 3", err, store.ErrNotFound)

	// A registration is one transaction: a failure keeps neither record.
	mine := errors.New("mine")
	err = s.Atomic(c, func(tx store.Tx) error {
		if err := tx.InsertServer(c, server(2)); err != nil {
			return err
		}
		if err := tx.InsertFingerprintVersion(c, version(server(2).URL, 1)); err != nil {
			return err
		}
		return mine
	})
	if err != mine {
		t.Errorf("Atomic: %v", err)
	}
	_, err = s.Server(c, server(2).URL)
	wantKind(t, "a server whose registration failed", err, store.ErrNotFound)
}

func change(url string, from int) store.ChangeEvent {
	return store.ChangeEvent{ServerURL: url, ServerName: "srv", At: r0.Add(time.Duration(from) * time.Hour),
		FromVersion: from, ToVersion: from + 1, FingerprintBefore: fmt.Sprintf("%064x", from), FingerprintAfter: fmt.Sprintf("%064x", from+1),
		Diff: []byte(`{"tools_added":["x"],"tools_removed":[],"tools_changed":[],"server_identity_changed":false}`)}
}

// redirectEvent is a redirect event of the server at url, at version v,
// with the chain given (JSON).
func redirectEvent(url string, v int, chain string) store.ChangeEvent {
	return store.ChangeEvent{ServerURL: url, ServerName: "srv", At: r0.Add(time.Duration(v) * time.Hour),
		FromVersion: v, ToVersion: v, FingerprintBefore: fmt.Sprintf("%064x", v), FingerprintAfter: fmt.Sprintf("%064x", v),
		Diff: []byte(`{"tools_added":[],"tools_removed":[],"tools_changed":[],"server_identity_changed":false}`), Redirects: []byte(chain)}
}

// testRedirectEvents: a redirect event (issue 28, item 4) keeps its chain
// — "[]" (stopped redirecting) apart from none — moves no version, is
// listed in the feed with the changes, and alone under RedirectsOnly.
func testRedirectEvents(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a, b := register(t, s, 1), register(t, s, 2)
	bad := redirectEvent(a.URL, 1, `[]`)
	bad.ToVersion = 2
	_, err := s.AppendChangeEvent(c, bad)
	wantKind(t, "a redirect event moving the version", err, store.ErrInvalid)
	bad = change(a.URL, 1)
	bad.ToVersion = 1
	_, err = s.AppendChangeEvent(c, bad)
	wantKind(t, "a change of the definitions moving no version", err, store.ErrInvalid)
	chain := `[{"from":"https://mcp1.example/mcp","to":"https://elsewhere.example/mcp","status":302}]`
	evs := []store.ChangeEvent{redirectEvent(a.URL, 1, chain), change(b.URL, 1), redirectEvent(a.URL, 1, `[]`), change(a.URL, 1)}
	var want []store.ChangeEvent
	for i, e := range evs {
		seq, err := s.AppendChangeEvent(c, e)
		if err != nil || seq != int64(i+1) {
			t.Fatalf("event %d: %d %v", i+1, seq, err)
		}
		e.Seq = seq
		want = append([]store.ChangeEvent{e}, want...)
	}
	got, err := s.ListChangeEvents(c, store.ChangeQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the feed with redirect events (-want +got):\n%s", d)
	}
	if got[0].Redirects != nil || got[1].Redirects == nil || string(got[1].Redirects) != `[]` {
		t.Errorf("a change's redirects %q, a stop's %q: want nil and []", got[0].Redirects, got[1].Redirects)
	}
	redirs, err := s.ListChangeEvents(c, store.ChangeQuery{ServerURL: a.URL, RedirectsOnly: true, Limit: 1})
	if err != nil || len(redirs) != 1 || redirs[0].Seq != 3 {
		t.Errorf("the latest redirect event of a: %v %v, want seq 3", redirs, err)
	}
	redirs, _ = s.ListChangeEvents(c, store.ChangeQuery{RedirectsOnly: true})
	if len(redirs) != 2 || redirs[0].Seq != 3 || redirs[1].Seq != 1 || string(redirs[1].Redirects) != chain {
		t.Errorf("the redirect events: %v", redirs)
	}
	if redirs, _ = s.ListChangeEvents(c, store.ChangeQuery{ServerURL: b.URL, RedirectsOnly: true}); len(redirs) != 0 {
		t.Errorf("b's redirect events: %v, want none", redirs)
	}
}

// testPublicURLs: the latest recorded public URL holds, recording the
// same again records nothing, and none recorded is "" (issue 28, item 5).
func testPublicURLs(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	if u, err := s.PublicURL(c); err != nil || u != "" {
		t.Errorf("no public URL recorded: %q %v", u, err)
	}
	for i, u := range []string{"https://a.example", "https://a.example", "", "https://b.example/base"} {
		if err := s.RecordPublicURL(c, u, r0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatalf("RecordPublicURL %q: %v", u, err)
		}
		if got, err := s.PublicURL(c); err != nil || got != u {
			t.Errorf("after recording %q: %q %v", u, got, err)
		}
	}
	wantKind(t, "a public URL that is not UTF-8", s.RecordPublicURL(c, "https://\xff.example", r0), store.ErrInvalid)
	mine := errors.New("mine")
	err := s.Atomic(c, func(tx store.Tx) error {
		if err := tx.RecordPublicURL(c, "https://rolled-back.example", r0); err != nil {
			return err
		}
		return mine
	})
	if err != mine {
		t.Errorf("Atomic: %v", err)
	}
	if got, _ := s.PublicURL(c); got != "https://b.example/base" {
		t.Errorf("after a rolled-back record: %q", got)
	}
	s2 := again(t, o, s)
	if got, _ := s2.PublicURL(c); got != "https://b.example/base" {
		t.Errorf("another handle reads %q", got)
	}
}

func testChangeEvents(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	_, err := s.AppendChangeEvent(c, change("https://none.example/", 1))
	wantKind(t, "a change of an unregistered server", err, store.ErrNotFound)
	a, b := register(t, s, 1), register(t, s, 2)
	bad := change(a.URL, 1)
	bad.ToVersion = 3
	_, err = s.AppendChangeEvent(c, bad)
	wantKind(t, "a change skipping a version", err, store.ErrInvalid)
	empty, err := s.ListChangeEvents(c, store.ChangeQuery{})
	if err != nil || len(empty) != 0 {
		t.Errorf("an empty feed: %v %v", empty, err)
	}
	var want []store.ChangeEvent
	for i := 1; i <= 5; i++ {
		url := a.URL
		if i%2 == 0 {
			url = b.URL
		}
		e := change(url, i)
		seq, err := s.AppendChangeEvent(c, e)
		if err != nil {
			t.Fatal(err)
		}
		if seq != int64(i) {
			t.Errorf("event %d: seq %d", i, seq)
		}
		e.Seq = seq
		want = append([]store.ChangeEvent{e}, want...)
	}
	got, err := s.ListChangeEvents(c, store.ChangeQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the feed, newest first (-want +got):\n%s", d)
	}
	page1, _ := s.ListChangeEvents(c, store.ChangeQuery{Limit: 2})
	page2, _ := s.ListChangeEvents(c, store.ChangeQuery{Limit: 2, Before: page1[len(page1)-1].Seq})
	if len(page1) != 2 || len(page2) != 2 || page1[0].Seq != 5 || page2[0].Seq != 3 || page2[1].Seq != 2 {
		t.Errorf("pages: %v / %v", page1, page2)
	}
	mineB, _ := s.ListChangeEvents(c, store.ChangeQuery{ServerURL: b.URL})
	if len(mineB) != 2 || mineB[0].Seq != 4 || mineB[1].Seq != 2 {
		t.Errorf("one server's events: %v", mineB)
	}

	// Concurrent appends from two handles never collide.
	s2 := again(t, o, s)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		h := s
		if i%2 == 1 {
			h = s2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := h.AppendChangeEvent(c, change(a.URL, 10+i))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent append: %v", err)
		}
	}
	all, _ := s.ListChangeEvents(c, store.ChangeQuery{})
	if len(all) != 25 || all[0].Seq != 25 || all[24].Seq != 1 {
		t.Errorf("after concurrent appends: %d events", len(all))
	}
}

func testReviews(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a := register(t, s, 1)
	rv := func(id string, v, rating int) store.Review {
		return store.Review{ID: id, ServerURL: a.URL, FingerprintVersion: v, AgentID: "agt_" + id, KYAVerified: true, Rating: rating, CreatedAt: r0}
	}
	unverified := rv("rv0", 1, 5)
	unverified.KYAVerified = false
	wantKind(t, "a review by an unverified agent", s.InsertReview(c, unverified), store.ErrInvalid)
	wantKind(t, "a rating of 6", s.InsertReview(c, rv("rv0", 1, 6)), store.ErrInvalid)
	wantKind(t, "a review of an unrecorded version", s.InsertReview(c, rv("rv0", 2, 4)), store.ErrNotFound)
	for _, r := range []store.Review{rv("r1", 1, 2), rv("r2", 1, 4)} {
		if err := s.InsertReview(c, r); err != nil {
			t.Fatal(err)
		}
	}
	wantKind(t, "a review id twice", s.InsertReview(c, rv("r1", 1, 3)), store.ErrDuplicate)
	if err := s.InsertFingerprintVersion(c, version(a.URL, 2)); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertReview(c, rv("r3", 2, 5)); err != nil {
		t.Fatal(err)
	}
	got, err := s.CountReviews(c, a.URL, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := (store.ReviewCounts{Current: 1, CurrentSum: 5, Older: 2}); got != want {
		t.Errorf("CountReviews at 2: got %+v, want %+v", got, want)
	}
	got, _ = s.CountReviews(c, a.URL, 1)
	if want := (store.ReviewCounts{Current: 2, CurrentSum: 6}); got != want {
		t.Errorf("CountReviews at 1: got %+v, want %+v", got, want)
	}
	got, _ = s.CountReviews(c, "https://none.example/", 1)
	if got != (store.ReviewCounts{}) {
		t.Errorf("CountReviews of nothing: %+v", got)
	}
}

// testRaceMarkChecked: two handles that read the same last check both try
// to claim the server; exactly one wins.
func testRaceMarkChecked(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a := register(t, s, 1)
	s2 := again(t, o, s)
	for round := range 10 {
		cur, err := s.Server(c, a.URL)
		if err != nil {
			t.Fatal(err)
		}
		next := cur.LastChecked.Add(time.Hour)
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, conflicts := 0, 0
		for _, h := range []store.Store{s, s2, s, s2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := h.MarkChecked(c, a.URL, cur.LastChecked, next)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, store.ErrConflict):
					conflicts++
				default:
					t.Errorf("MarkChecked: %v", err)
				}
			}()
		}
		wg.Wait()
		if wins != 1 || conflicts != 3 {
			t.Errorf("round %d: %d wins, %d conflicts; want 1 and 3", round, wins, conflicts)
		}
	}
}
