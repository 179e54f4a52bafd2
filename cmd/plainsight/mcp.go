package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/plainsight/plainsight/server"
)

const mcpUsage = `usage:
  plainsight mcp [--http ADDR] [--db DB] [--allow-loopback] [--public-url URL] [--corpus PATH]
                 [--keys FILE] [--no-receipts] [--profile strict|spec]

Serves plainsight as an MCP server (package server): over standard input
and output by default, the way an MCP host starts it; with --http, over
MCP's Streamable HTTP at http://ADDR/mcp. Its tools:

  precall_check    {"url", "tool"?}: the pre-call check of §9
  scan_text        {"text", "context"?, "profile"?}: the §1 scan result,
                   profile strict unless "spec" is asked for
  shield_scan      {"content", "context": {"source", "direction",
                   "tool"?}}: Agent-Shield (§3.3, the MCP binding)
  signature_check  {"text"}: the community signatures that match (Shield
                   method 1.0)

each with an input and an output schema; a refusal is a tool error whose
text is {"error": {"code", "message"}}, with the codes of plainsight
serve. It runs until its input ends (stdio: the requests read by then
are answered first, so printf '...' | plainsight mcp works), or SIGTERM
or SIGINT.

  --http ADDR        serve Streamable HTTP on ADDR instead of stdio; a
                     host left out (":8081") is 127.0.0.1
  --db DB            the registry, as for plainsight serve: [sqlite:]PATH
                     (created if missing) or a postgres:// URL; default
                     $PLAINSIGHT_DB, else plainsight.db in the data
                     directory (see plainsight serve --help)
  --profile PROFILE  the scan profile of precall_check and the default of
                     scan_text's "profile": strict (the default) or spec,
                     the conformance mode
  --allow-loopback   let pre-call checks probe loopback addresses
                     (127.0.0.0/8, ::1, localhost) that a URL names; a
                     name that resolves to loopback stays refused. For
                     development only.
  --public-url URL   where plainsight serve, on the same database, is
                     reached (https://host): the §9 page_url of a
                     registered server is URL/servers/SLUG; default the
                     one plainsight serve recorded in the database, else
                     the path /servers/SLUG alone
  --corpus PATH      the operator's benign corpus, as for plainsight serve
  --keys FILE        the receipt key ring, as for plainsight serve (the
                     same default: serve and mcp on one database share
                     it): every shield_scan answer is signed and appended
                     to the receipt log, the requester the owner of the
                     request's API key over --http, else anonymous
  --no-receipts      sign no receipt and keep no receipt log

A JSON-RPC batch holds at most 64 messages (a longer one is refused
whole, on both transports). With --http: an answer is at most 8 MiB, at
most 16 requests are served at once (then 503), a client that does not
read an answer for 10 s is dropped, and a client address may send 6,000
messages and get 256 MiB of answers a minute (then 429).

Logs (one line per tool call, never its arguments or scanned content) and
the start line go to standard error; with --http the start line goes to
standard output.

Exit status: 0 the session ended (the client closed standard input, or
SIGTERM or SIGINT stopped it), 2 a usage error, a database that cannot be
opened, a session that failed, or (with --http) an address that cannot be
listened on.

Example:
  plainsight mcp --db sqlite:/var/lib/plainsight/registry.db

An MCP host's configuration:

  {"mcpServers": {"plainsight": {"command": "plainsight", "args": ["mcp"]}}}
`

// runMCP is `plainsight mcp`.
func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	addr := fset.String("http", "", "serve Streamable HTTP on this address")
	db := fset.String("db", "", "the registry database")
	allowLoopback := fset.Bool("allow-loopback", false, "allow probes of loopback addresses")
	publicURL := fset.String("public-url", "", "where plainsight serve is reached")
	corpusFlag := fset.String("corpus", "", "the operator's benign corpus")
	keysFlag := fset.String("keys", "", "the receipt key ring")
	noReceipts := fset.Bool("no-receipts", false, "sign and keep no receipts")
	profileName := profileFlag(fset)
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, mcpUsage)
		return exitClean
	case err != nil:
	case badProfile(profileName) != nil:
		err = badProfile(profileName)
	case len(rest) != 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case *addr == "" && flagSet(fset, "http"):
		err = errors.New("--http wants an address")
	case *noReceipts && *keysFlag != "":
		err = errors.New("--no-receipts signs nothing: no --keys with it")
	case *publicURL != "":
		if u, perr := url.Parse(*publicURL); perr != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			err = fmt.Errorf("--public-url %q: want an http or https URL with a host and no query", *publicURL)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v (see plainsight mcp --help)\n", err)
		return exitError
	}
	ctx, stop := serveContext()
	defer stop()
	s, where, err := openServeDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
		return exitError
	}
	defer s.Close()
	log := slog.New(slog.NewTextHandler(stderr, nil))
	loopback := "loopback refused"
	if *allowLoopback {
		loopback = "loopback ALLOWED (--allow-loopback)"
	}
	corpus, err := serveCorpus(*corpusFlag, where)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
		return exitError
	}
	ring, _, err := serveReceiptKeys(*keysFlag, where, false, *noReceipts)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
		return exitError
	}
	if *publicURL == "" { // the one serve recorded (issue 28, item 5)
		if *publicURL, err = s.PublicURL(ctx); err != nil {
			fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
			return exitError
		}
	}
	c := server.Config{Guard: serveGuard(*allowLoopback), Store: s, Logger: log, PublicURL: *publicURL, SignatureCorpus: corpus, ReceiptKeys: ring, SpecProfile: *profileName == "spec"}
	if *addr == "" {
		fmt.Fprintf(stderr, "plainsight mcp: serving MCP on standard input and output (database %s; %s)\n", where, loopback)
		a := newStdioAnswers(server.MCPMessageBytes, ctx.Done())
		t := a.transport(stdin, stdout, server.DefaultMCPMaxBatch)
		err := server.NewMCP(c, moduleVersion()).Run(ctx, t)
		if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
			fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
			return exitError
		}
		return exitClean
	}
	ln, err := net.Listen("tcp", loopbackDefault(*addr))
	if err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stdout, "plainsight mcp: listening on http://%s/mcp (database %s; %s)\n", ln.Addr(), where, loopback)
	mux := http.NewServeMux()
	mux.Handle("/mcp", server.NewMCPHandler(c, moduleVersion()))
	if err := server.Serve(ctx, ln, mux, log); err != nil {
		fmt.Fprintf(stderr, "plainsight mcp: %v\n", err)
		return exitError
	}
	return exitClean
}

// flagSet reports whether the flag name was given.
func flagSet(fset *flag.FlagSet, name string) bool {
	found := false
	fset.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// loopbackDefault puts 127.0.0.1 in an address without a host (":8081",
// or a bare port "8081"); any other address is used as given.
func loopbackDefault(addr string) string {
	if !strings.Contains(addr, ":") {
		return net.JoinHostPort("127.0.0.1", addr)
	}
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		return net.JoinHostPort("127.0.0.1", port)
	}
	return addr
}
