package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/server"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/urllist"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

const serveUsage = `usage:
  plainsight serve [--addr 127.0.0.1:8080] [--db DB] [--allow-loopback] [--public-url URL]
                   [--rate N] [--burst N] [--limit-loopback] [--urls FILE] [--no-default-urls]
                   [--keys FILE] [--rotate-receipt-key] [--no-receipts] [--profile strict|spec]
                   [--refresh-every DURATION [--refresh-workers N] [--refresh-per-host N]]

Serves plainsight over HTTP (package server). Keyless, JSON in and out:
GET /v1/security/precall, GET /v1/security/changes, POST /v1/security/scan,
POST /v2/scan, GET /v1/security/flags[/ID], GET /v1/registry/servers,
GET /v1/registry/server, POST /api/v1/shield/check, GET
/api/v1/shield/feed, GET /openapi.json (the OpenAPI document of every
route), GET /.well-known/agent-skills/plainsight-precall/SKILL.md (the
pre-call habit as an agent skill, with --public-url's URLs), GET
/.well-known/jwks.json (the receipt keys), GET /healthz and GET /metrics
(Prometheus text); the human pages, HTML without script: GET / (what
this server is), /servers (the registry, searchable), /servers/SLUG (a
registered server, the §9 page_url), /changes (the §11 feed as
recorded), /flags/ID and /signatures/ID. Writes (submissions,
registration, claims, disputes, awards, check-ins, review jobs) and the
receipt log (GET /v2/receipts, POST /v2/receipts/SCAN_ID/outcome) need
an API key: see plainsight keys. POST /v2/scan takes one too, to name
the requester in the receipt log (else anonymous). It runs until SIGTERM
or SIGINT, then finishes the requests in flight and exits 0.

  --addr ADDR        the address to listen on (default 127.0.0.1:8080)
  --db DB            the registry: PATH or sqlite:PATH (created if
                     missing) or a postgres:// URL (several instances may
                     share it);
                     default $PLAINSIGHT_DB, else the embedded SQLite file
                     plainsight.db in the data directory
                     ($XDG_DATA_HOME/plainsight, else
                     ~/.local/share/plainsight; on macOS and Windows the
                     user's configuration directory), printed at start;
                     every command's default database
  --profile PROFILE  the scan profile of every scan it runs: strict (the
                     default) or spec, the conformance mode — the pre-call
                     checks, the flags registration, refresh and the
                     submission gate record, and the default of
                     scan_text's and POST
                     /v1/security/scan's "profile"
  --allow-loopback   let pre-call checks probe loopback addresses
                     (127.0.0.0/8, ::1, localhost): that opens probes of
                     this host's own services to every caller of the
                     server. For development only; only a URL that names
                     loopback is probed (a name that resolves to it stays
                     refused), and a redirect from a non-loopback server
                     into loopback stays refused.
  --public-url URL   where callers reach this server (https://host): the
                     §9 page_url of a registered server is URL/servers/SLUG;
                     default the path /servers/SLUG alone. Recorded in the
                     database at start, so that the commands reading it
                     (precall, changes, registry) answer the same page_url
  --corpus PATH      the operator's benign corpus of the signature
                     poisoning guard (plainsight signature corpus add),
                     read at start; default $PLAINSIGHT_CORPUS, else
                     PATH.benign next to a SQLite database, if it exists
  --rate N           requests a second each client may make, sustained
                     (default 10; 0 turns the limit off); a client is a
                     remote IP address (IPv6: its /64). Over it: 429
                     rate_limited with Retry-After.
  --burst N          requests a client may make at once (default 40)
  --limit-loopback   limit loopback clients too (by default they are not:
                     the host's own agents, or a reverse proxy in front,
                     which should limit per client itself)
  --urls FILE        a known_bad_url list (one host or domain a line) that
                     POST /v2/scan and the MCP tool shield_scan check
                     besides the shipped list of test URLs and out-of-band
                     sinks (docs/judgement/known-bad-url.md)
  --no-default-urls  do not check the shipped list
  --keys FILE        the receipt key ring (a private JWK set, mode 0600):
                     created at the first start, reused after; default
                     PATH.receipt-keys beside a sqlite:PATH database, else
                     receipt-keys in the data directory (instances sharing
                     a PostgreSQL database should share one ring). Every
                     POST /v2/scan answer is signed with it and appended
                     to the database's receipt log (Level 3) before it is
                     sent; GET /.well-known/jwks.json publishes its public
                     keys. A ring file others may read, or that does not
                     parse, is an error (exit 2), never replaced.
  --rotate-receipt-key
                     add a new signing key to the ring before serving; the
                     old keys stay published, so older receipts verify
  --no-receipts      sign no receipt and keep no receipt log (the JWKS
                     route answers 404)
  --refresh-every DURATION
                     refresh in the background every registered server
                     whose last check is older than DURATION (a Go
                     duration, at least 1m: 6h, 90m); off by default,
                     when servers are checked only when a pre-call check
                     or a feed read asks (the feed re-checks at most
                     three older than six hours a read). Instances
                     sharing a PostgreSQL database share the work: each
                     due server is refreshed by one of them, once a round
                     (FOR UPDATE SKIP LOCKED); on SQLite this instance
                     does it all, with the same bounds
  --refresh-workers N
                     background refreshes this instance runs at once
                     (default 8)
  --refresh-per-host N
                     of those, at most N probe one upstream host:port at
                     once (default 2)

Logs (one line per request, never a body, a query string or scanned
content) go to standard error.

Exit status: 0 stopped by SIGTERM or SIGINT after the requests in flight
finished, 2 a usage error, a database that cannot be opened or migrated,
or an address that cannot be listened on.

Example:
  plainsight serve --addr 127.0.0.1:8080 --db sqlite:/var/lib/plainsight/registry.db
`

// serveContext is the context serve runs under: ended by SIGTERM or
// SIGINT. Tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
}

// serveGuard is the server's guard: loopback refused unless allowed
// (issue 21). Tests replace it with one that cannot leave loopback.
var serveGuard = func(allowLoopback bool) *guard.Guard {
	return &guard.Guard{Policy: guard.Policy{AllowLoopback: allowLoopback}}
}

// runServe is `plainsight serve`.
func runServe(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("serve", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	addr := fset.String("addr", "127.0.0.1:8080", "the address to listen on")
	db := fset.String("db", "", "the registry database")
	allowLoopback := fset.Bool("allow-loopback", false, "allow probes of loopback addresses")
	publicURL := fset.String("public-url", "", "where callers reach this server")
	rateN := fset.Float64("rate", server.DefaultRate, "requests a second per client")
	burst := fset.Int("burst", server.DefaultBurst, "requests a client may make at once")
	limitLoopback := fset.Bool("limit-loopback", false, "limit loopback clients too")
	urls := fset.String("urls", "", "a known_bad_url list file")
	noDefaultURLs := fset.Bool("no-default-urls", false, "do not check the shipped URL list")
	corpusFlag := fset.String("corpus", "", "the operator's benign corpus")
	keysFlag := fset.String("keys", "", "the receipt key ring")
	rotate := fset.Bool("rotate-receipt-key", false, "add a new receipt signing key")
	noReceipts := fset.Bool("no-receipts", false, "sign and keep no receipts")
	refreshEvery := fset.Duration("refresh-every", 0, "refresh registered servers older than this in the background")
	refreshWorkers := fset.Int("refresh-workers", precall.DefaultRefreshWorkers, "background refreshes at once")
	refreshPerHost := fset.Int("refresh-per-host", precall.DefaultRefreshPerHost, "background refreshes of one host at once")
	profileName := profileFlag(fset)
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, serveUsage)
		return exitClean
	case err != nil:
	case badProfile(profileName) != nil:
		err = badProfile(profileName)
	case len(rest) != 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case *rateN < 0 || math.IsNaN(*rateN) || math.IsInf(*rateN, 0):
		err = errors.New("--rate is a number of requests a second, 0 for no limit")
	case *burst < 1:
		err = errors.New("--burst is at least 1")
	case *refreshEvery != 0 && *refreshEvery < time.Minute:
		err = errors.New("--refresh-every is a duration of at least 1m (6h, 90m)")
	case *refreshWorkers < 1 || *refreshPerHost < 1:
		err = errors.New("--refresh-workers and --refresh-per-host are at least 1")
	case *noReceipts && (*keysFlag != "" || *rotate):
		err = errors.New("--no-receipts signs nothing: no --keys or --rotate-receipt-key with it")
	case *publicURL != "":
		if u, perr := url.Parse(*publicURL); perr != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			err = fmt.Errorf("--public-url %q: want an http or https URL with a host and no query", *publicURL)
		}
	}
	opts := shield.Options{NoDefaultURLs: *noDefaultURLs}
	if err == nil && *urls != "" {
		if opts.URLs, err = urllist.Load(*urls); err != nil {
			err = fmt.Errorf("--urls: %w", err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v (see plainsight serve --help)\n", err)
		return exitError
	}
	ctx, stop := serveContext()
	defer stop()
	s, where, err := openServeDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v\n", err)
		return exitError
	}
	defer s.Close()
	// The page_url every reader of the database answers (issue 28, item 5).
	if err := recordPublicURL(ctx, s, *publicURL); err != nil {
		fmt.Fprintf(stderr, "plainsight serve: recording --public-url: %v\n", err)
		return exitError
	}
	corpus, err := serveCorpus(*corpusFlag, where)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v\n", err)
		return exitError
	}
	ring, receipts, err := serveReceiptKeys(*keysFlag, where, *rotate, *noReceipts)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v\n", err)
		return exitError
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v\n", err)
		return exitError
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	loopback := "loopback refused"
	if *allowLoopback {
		loopback = "loopback ALLOWED (--allow-loopback)"
	}
	fmt.Fprintf(stdout, "plainsight serve: listening on http://%s (database %s; %s; %s)\n", ln.Addr(), where, loopback, receipts)
	limit := server.RateLimit{PerSecond: *rateN, Burst: *burst, Loopback: *limitLoopback}
	if *rateN == 0 {
		limit.PerSecond = -1
	}
	h := server.New(server.Config{Guard: serveGuard(*allowLoopback), Store: s, Logger: log, PublicURL: *publicURL, RateLimit: limit, SpecProfile: *profileName == "spec",
		ShieldOptions: opts, ReceiptKeys: ring, SignatureCorpus: corpus,
		Refresh: server.RefreshConfig{Every: *refreshEvery, Workers: *refreshWorkers, PerHost: *refreshPerHost}})
	if err := server.Serve(ctx, ln, h, log); err != nil {
		fmt.Fprintf(stderr, "plainsight serve: %v\n", err)
		return exitError
	}
	return exitClean
}

// serveReceiptKeys opens the receipt key ring of serve and mcp
// (receiptkeys.go), unless noReceipts; it returns the ring (nil with
// noReceipts) and what the start line says of it.
func serveReceiptKeys(flagValue, where string, rotate, noReceipts bool) (*receipt.KeyRing, string, error) {
	if noReceipts {
		return nil, "receipts unsigned and not kept (--no-receipts)", nil
	}
	path, err := receiptKeysPath(flagValue, where)
	if err != nil {
		return nil, "", err
	}
	ring, created, err := openReceiptKeys(path, rotate)
	if err != nil {
		return nil, "", err
	}
	what := "receipts signed by key " + ring.CurrentKeyID() + " of " + path
	switch {
	case created:
		what += " (created)"
	case rotate:
		what += " (rotated)"
	}
	return ring, what, nil
}

// openServeDB opens the server's store as openDBCreating does: --db,
// else $PLAINSIGHT_DB, else the default database in the data directory,
// created if missing.
func openServeDB(ctx context.Context, db string) (store.Store, string, error) {
	return openDBCreating(ctx, db)
}

// dataDir is where serve keeps its embedded database: $XDG_DATA_HOME/
// plainsight when set (absolute, as the XDG base directory specification
// requires), else ~/.local/share/plainsight, the XDG default; on macOS,
// Windows and Plan 9, which have no XDG data directory, the user's
// configuration directory (os.UserConfigDir) joined with plainsight.
func dataDir() (string, error) {
	switch runtime.GOOS {
	case "darwin", "ios", "windows", "plan9":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "plainsight"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "plainsight"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", "plainsight"), nil
}

// serveCorpus is the signature corpus of serve and mcp: the shipped one
// and the operator's — --corpus, else $PLAINSIGHT_CORPUS, else PATH.benign
// beside the SQLite database (where is "sqlite:PATH" for one) — when that
// file exists.
func serveCorpus(flagValue, where string) (*signature.Corpus, error) {
	path := flagValue
	if path == "" {
		path = os.Getenv(corpusEnv)
	}
	if path == "" {
		p, ok := strings.CutPrefix(where, "sqlite:")
		if !ok {
			return signature.DefaultCorpus(), nil
		}
		path = p + corpusSuffix
	}
	return serviceCorpus(path)
}
