package main

// plainsight proxy (issue 30, item 3): package proxy between an MCP
// client and one server, with the guard, the receipt log and the pins of
// the one database.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/shield/receiptstore"
)

const proxyUsage = `usage:
  plainsight proxy [--db DB] [--listen ADDR] [--policy FILE] [--keys FILE] [--no-receipts]
                   [--timeout D] [--max-message N] -- COMMAND [ARG]...
  plainsight proxy [--db DB] [--listen ADDR] [--policy FILE] [--keys FILE] [--no-receipts]
                   [--timeout D] [--max-message N] [--sse] [--header 'NAME: VALUE']... --upstream URL

Runs one MCP server behind plainsight's guard (package proxy, docs/proxy.md):
the client (Claude Desktop, Claude Code, Cursor, VS Code) starts plainsight
proxy in place of the server, and the proxy starts the server (after --,
with the proxy's own environment) or reaches it (--upstream: Streamable
HTTP, or HTTP+SSE with --sse, through plainsight's SSRF guard; loopback
allowed). It speaks MCP to the client on standard input and output, or
with --listen on Streamable HTTP at http://ADDR/mcp.

Between them: every tool result is scanned before the client sees it and
every call's arguments before they leave (Agent-Shield Levels 1–2, §4's
policy per class: a secret or personal data in a call is blocked, an
injection in a result is flagged or withheld); a blocked call is answered
with an error result that says why. Every definition of every list is
scanned whole: a poisoned tool, prompt or resource is left out of its list.
Every decision is a signed receipt in the receipt log of DB (Level 3;
plainsight shield receipts list reads it). On first sight the server's
definitions are pinned in DB (the pin plainsight audit makes: one pin per
server); a definition that changed, or is new, is withheld and a call to
it answered with the change and the command that releases it,
plainsight approve KEY (seen by a running proxy within two seconds).

  --db DB            the database of the receipts and the pins: [sqlite:]PATH
                     (created if missing) or a postgres:// URL; default
                     $PLAINSIGHT_DB, else plainsight.db in the data directory
  --listen ADDR      serve Streamable HTTP on ADDR (a loopback address only;
                     ":8090" is 127.0.0.1:8090) instead of stdio
  --upstream URL     the server's Streamable HTTP (or, with --sse, SSE) URL
  --sse              the URL is the older HTTP+SSE transport
  --header 'N: V'    a header sent with every request to URL (repeatable;
                     an Authorization header, say)
  --policy FILE      the enforcer's policy (JSON, the form of package
                     shield/enforce's Policy; members given replace §4's
                     default table's)
  --keys FILE        the receipt key ring, as for plainsight serve (the same
                     default: beside a SQLite DB, PATH.receipt-keys)
  --no-receipts      sign no receipt and keep no receipt log
  --timeout D        how long one request to the server may take (default 2m)
  --max-message N    the cap, in bytes, of one message from either side
                     (default 16777216); a larger result is refused with an
                     error the client sees

A server's pin key (for plainsight approve and plainsight pins) is
stdio:["COMMAND","ARG",...] or url:URL. Logs go to standard error, never
holding content.

Exit status: 0 the client went away (standard input closed) or SIGTERM or
SIGINT stopped it; 2 a usage error, a database or key ring that cannot be
opened, or a server that cannot be started or reached.

Example:
  plainsight proxy -- npx -y @modelcontextprotocol/server-everything

The command lines plainsight audit --install writes into a client's
configuration, in place of each server (the server's env stays the
client's "env" of the entry: the proxy passes it on):

  stdio server:  "command": "plainsight",
                 "args": ["proxy", "--", COMMAND, ARG, ...]
  HTTP server:   "command": "plainsight",
                 "args": ["proxy", "--upstream", URL, "--header", "NAME: VALUE", ...]
  SSE server:    "command": "plainsight",
                 "args": ["proxy", "--sse", "--upstream", URL, "--header", "NAME: VALUE", ...]

with "--db", DB after "proxy" when the audit used --db.
`

// headerFlags collects --header NAME: VALUE.
type headerFlags struct{ h http.Header }

func (f *headerFlags) String() string { return "" }

func (f *headerFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("--header %q: want NAME: VALUE", v)
	}
	if f.h == nil {
		f.h = http.Header{}
	}
	f.h.Add(name, strings.TrimSpace(value))
	return nil
}

func runProxy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("proxy", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the database")
	listen := fset.String("listen", "", "serve Streamable HTTP on this loopback address")
	upstreamURL := fset.String("upstream", "", "the server's URL")
	sse := fset.Bool("sse", false, "the URL is HTTP+SSE")
	var headers headerFlags
	fset.Var(&headers, "header", "a header for the server")
	policyFile := fset.String("policy", "", "the enforcer's policy")
	keysFlag := fset.String("keys", "", "the receipt key ring")
	noReceipts := fset.Bool("no-receipts", false, "sign and keep no receipts")
	timeout := fset.Duration("timeout", proxy.DefaultCallTimeout, "one request's time")
	maxMessage := fset.Int("max-message", proxy.DefaultMaxMessageBytes, "one message's cap")
	err := fset.Parse(args)
	command := fset.Args()
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, proxyUsage)
		return exitClean
	case err != nil:
	case *upstreamURL == "" && len(command) == 0:
		err = errors.New("no server: give -- COMMAND [ARG]... or --upstream URL")
	case *upstreamURL != "" && len(command) > 0:
		err = errors.New("a command or --upstream, not both")
	case *upstreamURL == "" && (*sse || headers.h != nil):
		err = errors.New("--sse and --header are for --upstream")
	case *noReceipts && *keysFlag != "":
		err = errors.New("--no-receipts signs nothing: no --keys with it")
	case *timeout <= 0 || *maxMessage < 1024:
		err = errors.New("--timeout must be positive and --max-message at least 1024")
	}
	var addr string
	if err == nil && *listen != "" {
		addr, err = loopbackListen(*listen)
	}
	var policy *enforce.Policy
	if err == nil && *policyFile != "" {
		policy, err = readPolicy(*policyFile)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v (see plainsight proxy --help)\n", describe(err))
		return exitError
	}
	ctx, stop := serveContext()
	defer stop()
	s, where, err := openDBCreating(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
		return exitError
	}
	defer s.Close()
	ring, receipts, err := serveReceiptKeys(*keysFlag, where, false, *noReceipts)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
		return exitError
	}
	opts := shield.Options{}
	if ring != nil {
		opts.Signer = ring
	}
	scanner, err := shield.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
		return exitError
	}
	up := proxy.Upstream{URL: *upstreamURL, SSE: *sse, Header: headers.h, Stderr: stderr, Guard: cliGuard(guard.Policy{AllowLoopback: true})}
	if len(command) > 0 {
		up.Command, up.Args = command[0], command[1:]
	}
	g := &mcpguard.Guard{Scanner: scanner, Policy: policy}
	if ring != nil {
		g.Log = receiptstore.New(s)
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	cfg := proxy.Config{Upstream: up, Guard: g, CallTimeout: *timeout, MaxMessageBytes: *maxMessage, Logger: log}
	cfg = withPins(cfg, s, *db)
	p, err := proxy.New(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", describe(err))
		return exitError
	}
	defer p.Close()
	fmt.Fprintf(stderr, "plainsight proxy: %s through the guard (database %s; %s)\n", p.Key(), where, receipts)
	if addr == "" {
		err = p.Serve(ctx, io.NopCloser(stdin), nopWriteCloser{stdout})
		if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
			fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
			return exitError
		}
		return exitClean
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stdout, "plainsight proxy: listening on http://%s/mcp\n", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("/mcp", p.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "plainsight proxy: %v\n", err)
		return exitError
	}
	return exitClean
}

// nopWriteCloser is standard output, never closed by the session.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// loopbackListen is --listen's address, which must be loopback: the
// proxy's client is on this machine, and the proxy is no server for
// others.
func loopbackListen(addr string) (string, error) {
	addr = loopbackDefault(addr)
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--listen %q: %v", addr, err)
	}
	if host == "localhost" {
		return addr, nil
	}
	a, err := netip.ParseAddr(host)
	if err != nil || !a.IsLoopback() {
		return "", fmt.Errorf("--listen %q: want a loopback address (127.0.0.1, [::1], localhost)", addr)
	}
	return addr, nil
}

// readPolicy reads --policy: §4's default policy with the file's members
// in place of the default's (unknown members refused).
func readPolicy(path string) (*enforce.Policy, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--policy: %w", err)
	}
	p := enforce.DefaultPolicy()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("--policy %s: %v", path, err)
	}
	return &p, nil
}
