package precall

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

// A publisher claims a registered server by proving control of its
// domain (§9 registration: "unclaimed until the publisher proves control
// of its domain"; issue 28, item 3): it asks for a challenge, publishes
// the token at the well-known HTTPS path of the server's host or in a DNS
// TXT record, and asks for the check. A claim is unclaimed → claimed,
// once: a claimed server is not claimed again, by anyone.
const (
	// ClaimPath is the well-known path on the server's host (its port
	// included) that serves the token: https://HOST/.well-known/plainsight-claim.txt,
	// one token a line.
	ClaimPath = "/.well-known/plainsight-claim.txt"
	// ClaimDNSPrefix is prepended to the host name for the TXT record:
	// _plainsight-claim.HOST.
	ClaimDNSPrefix = "_plainsight-claim."
	// ClaimDNSValuePrefix is the TXT record's value before the token.
	ClaimDNSValuePrefix = "plainsight-claim="
	// ClaimTTL is how long a challenge can be answered.
	ClaimTTL = 24 * time.Hour
	// ClaimMaxBody caps the well-known file read (a longer file is read up
	// to the cap); ClaimMaxRecords the TXT records looked at;
	// ClaimDNSTimeout bounds the TXT look-up.
	ClaimMaxBody    = 4096
	ClaimMaxRecords = 64
	ClaimDNSTimeout = 5 * time.Second
	// TypeServerClaimed is the ledger entry of a claim (an extension, not
	// named by §8): data url, slug, account_id, method ("https" or "dns")
	// and proof (the URL or record name the token was found at).
	TypeServerClaimed = "registry.server_claimed"
)

// Errors of the claim operations.
var (
	// ErrClaimed: the server is claimed by another account.
	ErrClaimed = errors.New("precall: the server is claimed by another account")
	// ErrNoChallenge: the account has no live challenge for the server
	// (none asked for, or it expired).
	ErrNoChallenge = errors.New("precall: no live claim challenge for this server and account")
	// ErrNotProven: the token was found neither at the well-known path nor
	// in the TXT record; the *NotProvenError says what each check saw.
	ErrNotProven = errors.New("precall: the claim token was not found")
)

// NotProvenError is ErrNotProven with what each check saw (never the
// content fetched).
type NotProvenError struct {
	HTTPS string
	DNS   string
}

func (e *NotProvenError) Error() string {
	return "precall: the claim token was not found: https: " + e.HTTPS + "; dns: " + e.DNS
}

// Unwrap returns ErrNotProven.
func (e *NotProvenError) Unwrap() error { return ErrNotProven }

// TXTResolver looks up TXT records; *net.Resolver is one. LookupTXT is
// called with a fully qualified name (a trailing dot, so that no search
// domain completes it).
type TXTResolver interface {
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// Claims runs the claim of registered servers. The HTTPS check goes
// through the Checker's guard (its SSRF rules, timeout and a body cap of
// ClaimMaxBody); the DNS check through Resolver.
type Claims struct {
	// Checker gives the store, the guard and the clock. Its Store is
	// required.
	Checker *Checker
	// Resolver looks up the TXT record; nil means net.DefaultResolver.
	// Tests inject one, so that no query leaves the machine.
	Resolver TXTResolver
	// Rand is the source of tokens; crypto/rand when nil.
	Rand io.Reader
}

// Challenge is what a publisher publishes to claim a server: the token at
// HTTPSURL (one line of the file), or DNSValue as a TXT record at DNSName
// (empty when the host is an address, which has no name to hold one).
type Challenge struct {
	URL       string    `json:"url"`
	Token     string    `json:"token"`
	HTTPSURL  string    `json:"https_url"`
	DNSName   string    `json:"dns_name"`
	DNSValue  string    `json:"dns_value"`
	ExpiresAt time.Time `json:"expires_at"`
	Note      string    `json:"note"`
}

// ChallengeNote says what to do with a challenge.
const ChallengeNote = "Publish the token at https_url (one line) or dns_value as a TXT record at dns_name, then ask for the check before expires_at. The token is shown once and stored only as its hash; a new challenge replaces it."

// ClaimResult is a claimed server.
type ClaimResult struct {
	URL              string `json:"url"`
	Slug             string `json:"slug"`
	PublisherStatus  string `json:"publisher_status"`
	PublisherAccount string `json:"publisher_account"`
	// Method is how control was proven ("https" or "dns"); empty when the
	// account had claimed the server before this call.
	Method string `json:"method,omitempty"`
	// LedgerSeq is the claim's ledger entry; 0 when claimed before.
	LedgerSeq int64  `json:"ledger_seq,omitempty"`
	Note      string `json:"note"`
}

// ClaimNote qualifies a claim.
const ClaimNote = "A claim says the account showed control of the server's domain at one moment; flags against the server are attributed to it from now on, so it can dispute them. It is not a finding that the server is safe."

func (c *Claims) rand() io.Reader {
	if c.Rand != nil {
		return c.Rand
	}
	return rand.Reader
}

func (c *Claims) resolver() TXTResolver {
	if c.Resolver != nil {
		return c.Resolver
	}
	return net.DefaultResolver
}

func tokenHash(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// server returns the server registered at rawURL, or ErrNotRegistered.
func (c *Claims) server(ctx context.Context, rawURL string) (store.Server, error) {
	if c.Checker == nil || c.Checker.Store == nil {
		return store.Server{}, ErrNoStore
	}
	srv, err := c.Checker.Store.Server(ctx, rawURL)
	if errors.Is(err, store.ErrNotFound) {
		return srv, fmt.Errorf("%w: %s", ErrNotRegistered, rawURL)
	} else if err != nil {
		return srv, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return srv, nil
}

func claimed(srv store.Server) *ClaimResult {
	return &ClaimResult{URL: srv.URL, Slug: srv.Slug, PublisherStatus: store.PublisherClaimed, PublisherAccount: srv.PublisherAccount, Note: ClaimNote}
}

// Challenge issues a challenge for the server registered at rawURL and
// account, replacing the account's earlier one: a token of 256 random
// bits, bound to the URL and the account, valid for ClaimTTL, stored only
// as its SHA-256. ErrNotRegistered, ErrClaimed (claimed by another
// account); a server the account claimed already answers ErrClaimed too —
// there is nothing left to prove.
func (c *Claims) Challenge(ctx context.Context, rawURL, account string) (*Challenge, error) {
	srv, err := c.server(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	if srv.PublisherStatus != store.PublisherUnclaimed {
		return nil, ErrClaimed
	}
	u, err := url.Parse(srv.URL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%w: the registered URL has no host", ErrRegistry)
	}
	var b [32]byte
	if _, err := io.ReadFull(c.rand(), b[:]); err != nil {
		return nil, fmt.Errorf("precall: claim token: %w", err)
	}
	tok := "psc_" + hex.EncodeToString(b[:])
	now := c.Checker.now()
	ch := store.ClaimChallenge{ServerURL: srv.URL, AccountID: account, TokenSHA256: tokenHash(tok), CreatedAt: now, ExpiresAt: now.Add(ClaimTTL)}
	if err := c.Checker.Store.PutClaimChallenge(ctx, ch); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	out := &Challenge{URL: srv.URL, Token: tok, HTTPSURL: "https://" + u.Host + ClaimPath,
		DNSValue: ClaimDNSValuePrefix + tok, ExpiresAt: ch.ExpiresAt, Note: ChallengeNote}
	if h := u.Hostname(); !isAddr(h) {
		out.DNSName = ClaimDNSPrefix + strings.TrimSuffix(h, ".")
	}
	return out, nil
}

func isAddr(h string) bool {
	_, err := netip.ParseAddr(h)
	return err == nil
}

// Verify checks account's live challenge for the server registered at
// rawURL — the token at the well-known HTTPS path of the server's host
// (through the guard, no redirect followed, the first ClaimMaxBody bytes
// read), else in the TXT record — and on success claims the server for
// the account: the publisher status unclaimed → claimed and a
// registry.server_claimed ledger entry, in one transaction. A server the
// account claimed before answers its claim (Method empty). Errors:
// ErrNotRegistered, ErrClaimed, ErrNoChallenge, *NotProvenError.
func (c *Claims) Verify(ctx context.Context, rawURL, account string) (*ClaimResult, error) {
	srv, err := c.server(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	if srv.PublisherStatus != store.PublisherUnclaimed {
		if srv.PublisherAccount == account {
			return claimed(srv), nil
		}
		return nil, ErrClaimed
	}
	ch, err := c.Checker.Store.ClaimChallenge(ctx, srv.URL, account)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoChallenge
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	if !c.Checker.now().Before(ch.ExpiresAt) {
		return nil, fmt.Errorf("%w: it expired at %s", ErrNoChallenge, ch.ExpiresAt.Format(time.RFC3339))
	}
	u, err := url.Parse(srv.URL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%w: the registered URL has no host", ErrRegistry)
	}
	method, proof := "https", "https://"+u.Host+ClaimPath
	ok, httpsSaw := c.checkHTTPS(ctx, proof, ch.TokenSHA256)
	dnsSaw := "not looked up"
	if !ok {
		method, proof = "dns", ClaimDNSPrefix+strings.TrimSuffix(u.Hostname(), ".")
		if isAddr(u.Hostname()) {
			dnsSaw = "the host is an address, which has no TXT record"
		} else {
			ok, dnsSaw = c.checkDNS(ctx, proof, ch.TokenSHA256)
		}
	}
	if !ok {
		return nil, &NotProvenError{HTTPS: httpsSaw, DNS: dnsSaw}
	}
	res := claimed(srv)
	res.PublisherAccount, res.Method = account, method
	err = c.Checker.Store.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.ClaimServer(ctx, srv.URL, account); err != nil {
			return err
		}
		e, err := ledger.Append(ctx, tx, TypeServerClaimed, c.Checker.now(), map[string]any{
			"url": srv.URL, "slug": srv.Slug, "account_id": account, "method": method, "proof": proof,
		})
		res.LedgerSeq = e.Seq
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		// Another claim won between the read and the write.
		if cur, err := c.server(ctx, rawURL); err == nil && cur.PublisherAccount == account {
			return claimed(cur), nil
		}
		return nil, ErrClaimed
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return res, nil
}

// matches reports whether tok hashes to want, in constant time.
func matches(tok, want string) bool {
	return subtle.ConstantTimeCompare([]byte(tokenHash(tok)), []byte(want)) == 1
}

// checkHTTPS fetches the well-known file through the guard and looks for
// the token among its lines; the string says what it saw, for people.
func (c *Claims) checkHTTPS(ctx context.Context, target, want string) (bool, string) {
	g := c.Checker.guard()
	tr := &guard.Trace{}
	req, err := http.NewRequestWithContext(guard.WithTrace(ctx, tr), http.MethodGet, target, nil)
	if err != nil {
		return false, "the well-known URL is malformed"
	}
	client := g.Client()
	defer client.CloseIdleConnections()
	resp, err := client.Do(req)
	if err != nil {
		var re *guard.RefusedError
		if errors.As(err, &re) {
			return false, "refused: " + oneLine(re.Error())
		}
		return false, "no answer"
	}
	defer resp.Body.Close()
	switch {
	case len(tr.Redirects()) > 0:
		return false, "the well-known path redirects; it must answer itself"
	case resp.StatusCode != http.StatusOK:
		return false, fmt.Sprintf("status %d", resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, ClaimMaxBody))
	if err != nil && len(body) == 0 {
		return false, "the body could not be read"
	}
	if fileHolds(body, want) {
		return true, "found"
	}
	return false, "the file does not hold the token"
}

// fileHolds reports whether a line of the well-known file, spaces, tabs
// and a CR around it trimmed, hashes to want (the token's SHA-256). It
// reads at most ClaimMaxBody bytes of body: one pass, one hash a line.
func fileHolds(body []byte, want string) bool {
	body = body[:min(len(body), ClaimMaxBody)]
	for line := range strings.SplitSeq(string(body), "\n") {
		if matches(strings.TrimSpace(line), want) {
			return true
		}
	}
	return false
}

// checkDNS looks the TXT record up and looks for the token's value.
func (c *Claims) checkDNS(ctx context.Context, name, want string) (bool, string) {
	ctx, cancel := context.WithTimeout(ctx, ClaimDNSTimeout)
	defer cancel()
	recs, err := c.resolver().LookupTXT(ctx, name+".")
	if err != nil {
		return false, "no TXT record"
	}
	for i, r := range recs {
		if i == ClaimMaxRecords {
			break
		}
		if v, ok := strings.CutPrefix(r, ClaimDNSValuePrefix); ok && matches(strings.TrimSpace(v), want) {
			return true, "found"
		}
	}
	return false, "no TXT record holds the token"
}

// publisherOf returns the account that claimed the server at rawURL (read
// in tx when it is not nil), or "" when it is unclaimed or not registered.
func (c *Checker) publisherOf(ctx context.Context, tx store.Tx, rawURL string) (string, error) {
	var r store.Servers = c.Store
	if tx != nil {
		r = tx
	}
	srv, err := r.Server(ctx, rawURL)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	if srv.PublisherStatus != store.PublisherClaimed {
		return "", nil
	}
	return srv.PublisherAccount, nil
}
