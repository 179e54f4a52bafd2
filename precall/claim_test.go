package precall

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

// wellKnown is a loopback TLS server that serves body at ClaimPath (and
// redirects there when redirect is set).
type wellKnown struct {
	*httptest.Server
	mu       sync.Mutex
	body     string
	redirect bool
}

func newWellKnown(t *testing.T) *wellKnown {
	w := &wellKnown{}
	w.Server = httptest.NewTLSServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		defer w.mu.Unlock()
		switch {
		case r.URL.Path == ClaimPath && w.redirect:
			http.Redirect(rw, r, "/elsewhere", http.StatusFound)
		case r.URL.Path == ClaimPath && w.body != "", r.URL.Path == "/elsewhere":
			rw.Write([]byte(w.body))
		default:
			http.NotFound(rw, r)
		}
	}))
	t.Cleanup(w.Close)
	return w
}

func (w *wellKnown) serve(body string, redirect bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.body, w.redirect = body, redirect
}

func (w *wellKnown) tlsConfig() *tls.Config {
	return w.Client().Transport.(*http.Transport).TLSClientConfig
}

// insertServer registers url in s without a probe.
func insertServer(t *testing.T, s store.Store, url, slug string, at time.Time) {
	t.Helper()
	err := s.Atomic(t.Context(), func(tx store.Tx) error {
		if err := tx.InsertServer(t.Context(), store.Server{URL: url, Slug: slug, PublisherStatus: store.PublisherUnclaimed, FirstSeen: at, LastChecked: at, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(t.Context(), store.FingerprintVersion{ServerURL: url, Version: 1, Fingerprint: "ab", Definitions: []byte("{}"), RecordedAt: at})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fakeTXT answers TXT look-ups from a map, and fails the test for any
// name it does not hold.
type fakeTXT struct {
	t       testing.TB
	records map[string][]string
}

func (f fakeTXT) LookupTXT(_ context.Context, name string) ([]string, error) {
	r, ok := f.records[name]
	if !ok {
		f.t.Errorf("asked for the TXT record of %q", name)
		return nil, errors.New("no such record")
	}
	return r, nil
}

// failResolver resolves no name, silently: the HTTPS check of a named host
// fails without a packet.
type failResolver struct{}

func (failResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return nil, errors.New("no names in tests")
}

// TestClaimHTTPS (issue 28, item 3): a challenge is answered by the token
// at the well-known path of the registered server's host; the claim is a
// ledger entry and sets the publisher; the token is bound to its account;
// nothing else claims the server afterwards.
func TestClaimHTTPS(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		clk := newClock()
		wk := newWellKnown(t)
		g := testGuard(t, guard.Policy{AllowLoopback: true})
		g.TLSConfig = wk.tlsConfig()
		c := &Claims{Checker: &Checker{Guard: g, Store: s, Clock: clk.Now}, Resolver: fakeTXT{t: t}}
		u := wk.URL + "/mcp"
		insertServer(t, s, u, "wk", clk.Now())
		ctx := t.Context()

		if _, err := c.Verify(ctx, u, "acct_pub"); !errors.Is(err, ErrNoChallenge) {
			t.Fatalf("Verify without a challenge: %v", err)
		}
		if _, err := c.Challenge(ctx, "https://none.example/", "acct_pub"); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("Challenge of an unregistered URL: %v", err)
		}
		ch, err := c.Challenge(ctx, u, "acct_pub")
		if err != nil {
			t.Fatal(err)
		}
		host := strings.TrimPrefix(wk.URL, "https://")
		if !strings.HasPrefix(ch.Token, "psc_") || len(ch.Token) != 4+64 || ch.HTTPSURL != "https://"+host+ClaimPath ||
			ch.DNSName != "" || ch.DNSValue != "plainsight-claim="+ch.Token || !ch.ExpiresAt.Equal(clk.Now().Add(24*time.Hour)) {
			t.Errorf("challenge %+v", ch)
		}
		// The store holds the hash, never the token.
		sc, err := s.ClaimChallenge(ctx, u, "acct_pub")
		if err != nil || sc.TokenSHA256 != tokenHash(ch.Token) || strings.Contains(sc.TokenSHA256, ch.Token[4:]) {
			t.Errorf("stored challenge %+v, %v", sc, err)
		}
		other, err := c.Challenge(ctx, u, "acct_other")
		if err != nil || other.Token == ch.Token {
			t.Fatalf("a second account's challenge: %+v, %v", other, err)
		}

		// Not published yet; then only the other account's token; then
		// behind a redirect: none proves acct_pub's control.
		var np *NotProvenError
		if _, err := c.Verify(ctx, u, "acct_pub"); !errors.As(err, &np) || np.HTTPS != "status 404" {
			t.Errorf("Verify before publishing: %v", err)
		}
		wk.serve(other.Token+"\n", false)
		if _, err := c.Verify(ctx, u, "acct_pub"); !errors.As(err, &np) || np.HTTPS != "the file does not hold the token" {
			t.Errorf("Verify with another account's token: %v", err)
		}
		wk.serve(ch.Token+"\n", true)
		if _, err := c.Verify(ctx, u, "acct_pub"); !errors.As(err, &np) || !strings.Contains(np.HTTPS, "redirects") {
			t.Errorf("Verify behind a redirect: %v", err)
		}
		if srv, _ := s.Server(ctx, u); srv.PublisherStatus != store.PublisherUnclaimed {
			t.Fatalf("claimed without proof: %+v", srv)
		}

		wk.serve("# plainsight\r\n  "+ch.Token+"  \r\n", false)
		res, err := c.Verify(ctx, u, "acct_pub")
		if err != nil {
			t.Fatal(err)
		}
		if res.PublisherStatus != "claimed" || res.PublisherAccount != "acct_pub" || res.Method != "https" || res.LedgerSeq != 1 || res.Slug != "wk" {
			t.Errorf("claim %+v", res)
		}
		srv, _ := s.Server(ctx, u)
		if srv.PublisherStatus != store.PublisherClaimed || srv.PublisherAccount != "acct_pub" {
			t.Errorf("server %+v", srv)
		}
		se, err := s.LedgerEntry(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		e, err := ledger.Decode(se)
		if err != nil || e.Type != TypeServerClaimed {
			t.Fatalf("entry %+v, %v", e, err)
		}
		var data map[string]string
		json.Unmarshal(e.Data, &data)
		if data["url"] != u || data["account_id"] != "acct_pub" || data["method"] != "https" || data["proof"] != ch.HTTPSURL || strings.Contains(string(se.Body), ch.Token) {
			t.Errorf("entry data %s", e.Data)
		}
		if _, err := ledger.Verify(ctx, s); err != nil {
			t.Error(err)
		}

		// Again: the claim answered, nothing appended; the other account
		// is refused whatever it publishes.
		if res, err := c.Verify(ctx, u, "acct_pub"); err != nil || res.Method != "" || res.PublisherAccount != "acct_pub" {
			t.Errorf("Verify again: %+v, %v", res, err)
		}
		wk.serve(other.Token+"\n", false)
		if _, err := c.Verify(ctx, u, "acct_other"); !errors.Is(err, ErrClaimed) {
			t.Errorf("Verify by another account after the claim: %v", err)
		}
		if _, err := c.Challenge(ctx, u, "acct_other"); !errors.Is(err, ErrClaimed) {
			t.Errorf("Challenge after the claim: %v", err)
		}
		if head, _ := s.LedgerHead(ctx); head.Seq != 1 {
			t.Errorf("ledger head %d, want 1", head.Seq)
		}
	})
}

// A challenge expires; a new one replaces the old token.
func TestClaimExpiresAndReplaces(t *testing.T) {
	s, _ := backends(t)[0].open(t)
	clk := newClock()
	wk := newWellKnown(t)
	g := testGuard(t, guard.Policy{AllowLoopback: true})
	g.TLSConfig = wk.tlsConfig()
	c := &Claims{Checker: &Checker{Guard: g, Store: s, Clock: clk.Now}}
	u := wk.URL + "/mcp"
	insertServer(t, s, u, "wk", clk.Now())
	old, err := c.Challenge(t.Context(), u, "acct_pub")
	if err != nil {
		t.Fatal(err)
	}
	wk.serve(old.Token, false)
	clk.Add(ClaimTTL)
	if _, err := c.Verify(t.Context(), u, "acct_pub"); !errors.Is(err, ErrNoChallenge) {
		t.Errorf("Verify at expiry: %v", err)
	}
	ch, err := c.Challenge(t.Context(), u, "acct_pub")
	if err != nil {
		t.Fatal(err)
	}
	var np *NotProvenError
	if _, err := c.Verify(t.Context(), u, "acct_pub"); !errors.As(err, &np) {
		t.Errorf("Verify with the replaced token: %v", err)
	}
	wk.serve(ch.Token, false)
	if res, err := c.Verify(t.Context(), u, "acct_pub"); err != nil || res.Method != "https" {
		t.Errorf("Verify with the new token: %+v, %v", res, err)
	}
}

// TestClaimDNS: the TXT record at _plainsight-claim.HOST proves control
// when the well-known path does not (here the guard refuses the
// documentation name outright); the resolver is injected.
func TestClaimDNS(t *testing.T) {
	s, _ := backends(t)[0].open(t)
	clk := newClock()
	const u = "https://mcp.weather.example/mcp"
	insertServer(t, s, u, "weather", clk.Now())
	txt := fakeTXT{t: t, records: map[string][]string{}}
	g := testGuard(t, guard.Policy{})
	g.Resolver = failResolver{}
	c := &Claims{Checker: &Checker{Guard: g, Store: s, Clock: clk.Now}, Resolver: txt}
	ch, err := c.Challenge(t.Context(), u, "acct_pub")
	if err != nil {
		t.Fatal(err)
	}
	if ch.DNSName != "_plainsight-claim.mcp.weather.example" {
		t.Errorf("dns_name %q", ch.DNSName)
	}
	txt.records[ch.DNSName+"."] = []string{"v=spf1 -all", "plainsight-claim=psc_" + strings.Repeat("0", 64)}
	var np *NotProvenError
	if _, err := c.Verify(t.Context(), u, "acct_pub"); !errors.As(err, &np) || np.DNS != "no TXT record holds the token" || !strings.HasPrefix(np.HTTPS, "refused: ") {
		t.Errorf("Verify with another token: %v", err)
	}
	txt.records[ch.DNSName+"."] = append(txt.records[ch.DNSName+"."], ch.DNSValue)
	res, err := c.Verify(t.Context(), u, "acct_pub")
	if err != nil || res.Method != "dns" || res.PublisherAccount != "acct_pub" {
		t.Fatalf("Verify: %+v, %v", res, err)
	}
}

// TestRefreshFlagsOfClaimedServer: once claimed, the flags a refresh
// records against the server are attributed to the publisher's account;
// before, to the anonymous registry actor — and the publisher may dispute
// both (flag.AttributedAccount).
func TestRefreshFlagsOfClaimedServer(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s, _ := b.open(t)
		c := checker(t, s, newClock())
		srv := newLive(t, "f", nil, tool{"t", "clean", ""})
		mustRegister(t, c, srv.URL, "f")
		srv.add(tool{"t", "before the claim\u2060", ""})
		before := check(t, c, srv.URL, "")
		if err := s.ClaimServer(t.Context(), srv.URL, "acct_pub"); err != nil {
			t.Fatal(err)
		}
		srv.add(tool{"t", "after the claim\u2060", ""})
		after := check(t, c, srv.URL, "")
		if len(before.Scan.FlagIDs) != 1 || len(after.Scan.FlagIDs) != 1 {
			t.Fatalf("flags %v %v", before.Scan.FlagIDs, after.Scan.FlagIDs)
		}
		svc := &flag.Service{Store: s}
		fb, _ := svc.Get(t.Context(), before.Scan.FlagIDs[0])
		fa, _ := svc.Get(t.Context(), after.Scan.FlagIDs[0])
		if fb.Actor.Kind != flag.KindAnonymous || fb.Actor.AccountID != "" {
			t.Errorf("the flag before the claim: %+v", fb.Actor)
		}
		if fa.Actor != (flag.Actor{Kind: flag.KindAccount, AccountID: "acct_pub", Handle: "f"}) || fa.Source != flag.IntegrityRefresh {
			t.Errorf("the flag after the claim: %+v %s", fa.Actor, fa.Source)
		}
		pub := flag.Principal{AccountID: "acct_pub", KeyID: "key_pub"}
		for i, id := range []string{fb.ID, fa.ID} {
			if _, err := svc.DisputeAs(t.Context(), id, pub, flag.Case{CaseID: "case_" + id, CaseNumber: int64(i + 1)}); err != nil {
				t.Errorf("the publisher's dispute of %s: %v", id, err)
			}
		}
	})
}
