package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

// TestRegistryClaim (issue 28, item 3): an operator issues a challenge on
// the database, the publisher serves the token at the well-known path of
// its (loopback TLS) host, and verify claims the server.
func TestRegistryClaim(t *testing.T) {
	var mu sync.Mutex
	token := ""
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != precall.ClaimPath || token == "" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(token + "\n"))
	}))
	defer srv.Close()
	prev := cliGuard
	cliGuard = func(p guard.Policy) *guard.Guard {
		return &guard.Guard{Policy: p, TLSConfig: &tls.Config{InsecureSkipVerify: true}, Dialer: &net.Dialer{
			ControlContext: func(_ context.Context, _, address string, _ syscall.RawConn) error {
				if ap, err := netip.ParseAddrPort(address); err != nil || !guard.IsLoopback(ap.Addr()) {
					t.Errorf("dial of %s", address)
				}
				return nil
			}}}
	}
	t.Cleanup(func() { cliGuard = prev })

	db := filepath.Join(t.TempDir(), "registry.db")
	s, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := srv.URL + "/mcp"
	at := time.Now().UTC().Truncate(time.Microsecond)
	err = s.Atomic(context.Background(), func(tx store.Tx) error {
		if err := tx.InsertServer(context.Background(), store.Server{URL: u, Slug: "notes", PublisherStatus: store.PublisherUnclaimed, FirstSeen: at, LastChecked: at, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(context.Background(), store.FingerprintVersion{ServerURL: u, Version: 1, Fingerprint: "ab", Definitions: []byte("{}"), RecordedAt: at})
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}

	if code, _, errOut := plainsight(t, "", "registry", "claim", "--db", db, u); code != exitError || !strings.Contains(errOut, "--account") {
		t.Errorf("without --account: exit %d %s", code, errOut)
	}
	if code, _, errOut := plainsight(t, "", "registry", "verify", "--db", db, "--account", "acct_pub", "--allow-loopback", u); code != exitError || !strings.Contains(errOut, "no_challenge") {
		t.Errorf("verify without a challenge: exit %d %s", code, errOut)
	}
	code, out, errOut := plainsight(t, "", "registry", "claim", "--db", db, "--account", "acct_pub", "--format", "json", u)
	if code != exitClean {
		t.Fatalf("claim: exit %d %s", code, errOut)
	}
	var ch precall.Challenge
	if err := json.Unmarshal([]byte(out), &ch); err != nil || !strings.HasPrefix(ch.Token, "psc_") || ch.HTTPSURL != srv.URL+precall.ClaimPath {
		t.Fatalf("the challenge: %v\n%s", err, out)
	}
	if code, _, errOut := plainsight(t, "", "registry", "verify", "--db", db, "--account", "acct_pub", "--allow-loopback", u); code != exitFound || !strings.Contains(errOut, "not_proven") {
		t.Errorf("verify before the token is served: exit %d %s", code, errOut)
	}
	// Loopback is fetched only with --allow-loopback.
	mu.Lock()
	token = ch.Token
	mu.Unlock()
	if code, _, errOut := plainsight(t, "", "registry", "verify", "--db", db, "--account", "acct_pub", u); code != exitFound || !strings.Contains(errOut, "refused") {
		t.Errorf("verify of loopback without --allow-loopback: exit %d %s", code, errOut)
	}
	code, out, errOut = plainsight(t, "", "registry", "verify", "--db", db, "--account", "acct_pub", "--allow-loopback", u)
	if code != exitClean || !strings.Contains(out, "claimed: "+u+" by acct_pub (proven by https, ledger entry 1)") {
		t.Fatalf("verify: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := plainsight(t, "", "registry", "claim", "--db", db, "--account", "acct_other", u); code != exitError || !strings.Contains(errOut, "already_claimed") {
		t.Errorf("a second claim: exit %d %s", code, errOut)
	}
	s, err = sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if sv, err := s.Server(context.Background(), u); err != nil || sv.PublisherStatus != store.PublisherClaimed || sv.PublisherAccount != "acct_pub" {
		t.Errorf("the record: %+v %v", sv, err)
	}
}
