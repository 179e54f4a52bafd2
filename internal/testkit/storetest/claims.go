package storetest

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// testClaims: a server is claimed once, by an account, as a
// compare-and-set; challenges are kept per server and account, a new one
// replacing the old (issue 28, item 3).
func testClaims(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a := register(t, s, 1)
	got, err := s.Server(c, a.URL)
	if err != nil {
		t.Fatal(err)
	}
	if got.PublisherStatus != store.PublisherUnclaimed || got.PublisherAccount != "" {
		t.Fatalf("registered: %q %q, want unclaimed without an account", got.PublisherStatus, got.PublisherAccount)
	}
	wantKind(t, "ClaimServer of an unknown url", s.ClaimServer(c, "https://none.example/", "acct_1"), store.ErrNotFound)
	wantKind(t, "ClaimServer without an account", s.ClaimServer(c, a.URL, ""), store.ErrInvalid)
	wantKind(t, "ClaimServer with a long account", s.ClaimServer(c, a.URL, strings.Repeat("a", store.TextMaxBytes+1)), store.ErrInvalid)
	claimed := server(9)
	claimed.PublisherStatus = store.PublisherClaimed
	wantKind(t, "InsertServer already claimed", s.InsertServer(c, claimed), store.ErrInvalid)
	claimed = server(9)
	claimed.PublisherAccount = "acct_1"
	wantKind(t, "InsertServer with a publisher account", s.InsertServer(c, claimed), store.ErrInvalid)

	// A rolled-back claim leaves the server unclaimed.
	boom := errors.New("boom")
	if err := s.Atomic(c, func(tx store.Tx) error {
		if err := tx.ClaimServer(c, a.URL, "acct_1"); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("Atomic: %v", err)
	}
	if got, _ := s.Server(c, a.URL); got.PublisherStatus != store.PublisherUnclaimed || got.PublisherAccount != "" {
		t.Fatalf("after a rollback: %q %q", got.PublisherStatus, got.PublisherAccount)
	}
	if err := s.Atomic(c, func(tx store.Tx) error { return tx.ClaimServer(c, a.URL, "acct_1") }); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Server(c, a.URL)
	want := a
	want.PublisherStatus, want.PublisherAccount = store.PublisherClaimed, "acct_1"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("claimed (-want +got):\n%s", d)
	}
	wantKind(t, "ClaimServer again by the same account", s.ClaimServer(c, a.URL, "acct_1"), store.ErrConflict)
	wantKind(t, "ClaimServer by another account", s.ClaimServer(c, a.URL, "acct_2"), store.ErrConflict)
	if got, _ := s.Server(c, a.URL); got.PublisherAccount != "acct_1" {
		t.Errorf("a refused claim changed the account to %q", got.PublisherAccount)
	}
	// The other steps keep the claim.
	if err := s.MarkChecked(c, a.URL, a.LastChecked, a.LastChecked.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if ls, err := s.ListServers(c, store.ServerQuery{}); err != nil || len(ls) != 1 || ls[0].PublisherStatus != store.PublisherClaimed || ls[0].PublisherAccount != "acct_1" {
		t.Errorf("ListServers: %v %+v", err, ls)
	}

	// Challenges.
	ch := store.ClaimChallenge{ServerURL: a.URL, AccountID: "acct_2", TokenSHA256: strings.Repeat("ab", 32), CreatedAt: r0, ExpiresAt: r0.Add(24 * time.Hour)}
	_, err = s.ClaimChallenge(c, a.URL, "acct_2")
	wantKind(t, "ClaimChallenge before any", err, store.ErrNotFound)
	for name, mod := range map[string]func(*store.ClaimChallenge){
		"no account":       func(v *store.ClaimChallenge) { v.AccountID = "" },
		"no url":           func(v *store.ClaimChallenge) { v.ServerURL = "" },
		"not a hash":       func(v *store.ClaimChallenge) { v.TokenSHA256 = "psc_the-token-itself" },
		"expired at birth": func(v *store.ClaimChallenge) { v.ExpiresAt = v.CreatedAt },
	} {
		v := ch
		mod(&v)
		wantKind(t, "PutClaimChallenge with "+name, s.PutClaimChallenge(c, v), store.ErrInvalid)
	}
	unknown := ch
	unknown.ServerURL = "https://none.example/"
	wantKind(t, "PutClaimChallenge of an unknown server", s.PutClaimChallenge(c, unknown), store.ErrNotFound)
	if err := s.PutClaimChallenge(c, ch); err != nil {
		t.Fatal(err)
	}
	other := ch
	other.AccountID, other.TokenSHA256 = "acct_3", strings.Repeat("cd", 32)
	if err := s.Atomic(c, func(tx store.Tx) error { return tx.PutClaimChallenge(c, other) }); err != nil {
		t.Fatal(err)
	}
	next := ch
	next.TokenSHA256, next.CreatedAt, next.ExpiresAt = strings.Repeat("ef", 32), r0.Add(time.Hour), r0.Add(25*time.Hour)
	if err := s.PutClaimChallenge(c, next); err != nil {
		t.Fatal(err)
	}
	for _, w := range []store.ClaimChallenge{next, other} {
		got, err := s.ClaimChallenge(c, w.ServerURL, w.AccountID)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(w, got); d != "" {
			t.Errorf("ClaimChallenge %s (-want +got):\n%s", w.AccountID, d)
		}
	}
	_, err = s.ClaimChallenge(c, a.URL, "acct_4")
	wantKind(t, "ClaimChallenge of another account", err, store.ErrNotFound)
}

// testRaceClaim: of several accounts claiming one server at once, exactly
// one wins, and the server names it.
func testRaceClaim(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	a := register(t, s, 1)
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Atomic(c, func(tx store.Tx) error {
				return tx.ClaimServer(c, a.URL, "acct_"+string(rune('a'+i)))
			})
		}()
	}
	wg.Wait()
	winner := ""
	for i, err := range errs {
		switch {
		case err == nil && winner != "":
			t.Errorf("two claims won: %s and %d", winner, i)
		case err == nil:
			winner = "acct_" + string(rune('a'+i))
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("claim %d: %v, want ErrConflict", i, err)
		}
	}
	if got, _ := s.Server(c, a.URL); winner == "" || got.PublisherAccount != winner || got.PublisherStatus != store.PublisherClaimed {
		t.Errorf("winner %q, server %q %q", winner, got.PublisherStatus, got.PublisherAccount)
	}
}
