package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
)

// runRegistryClaim is `plainsight registry claim|verify`: a publisher's
// claim of a registered server on the database, for operators (issue 28,
// item 3; the HTTP routes POST /v1/registry/servers/claims and
// …/claims/verify are the same for a key's owner). claim prints a
// challenge for --account; verify looks for its token at the well-known
// HTTPS path of the server's host (through the guard) and else in the TXT
// record (the system's resolver), and claims the server. Exit 0 the
// challenge or the claim; 1 the token was not found; 2 a server not
// registered or claimed by another account, no live challenge, a usage or
// database error.
func runRegistryClaim(args []string, stdout, stderr io.Writer) int {
	sub := args[0]
	cmd := "registry " + sub
	fset := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the registry database")
	format := fset.String("format", "text", "text or json")
	account := fset.String("account", "", "the publisher's account the claim is for; required")
	allowLoopback := fset.Bool("allow-loopback", false, "fetch the well-known path of a URL that names loopback (127.0.0.1, [::1], localhost)")
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, cmd, fset)
		return exitClean
	case err != nil:
	case *format != "text" && *format != "json":
		err = fmt.Errorf("--format %q: want text or json", *format)
	case len(rest) != 1:
		err = errors.New("give exactly one URL")
	case *account == "":
		err = errors.New("--account ACCOUNT is required")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s (see plainsight %s --help)\n", cmd, describe(err), cmd)
		return exitError
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, cmd, s)
	cl := &precall.Claims{Checker: &precall.Checker{Guard: cliGuard(guard.Policy{AllowLoopback: *allowLoopback}), Store: s}}
	var out any
	var text []string
	if sub == "claim" {
		ch, err := cl.Challenge(ctx, rest[0], *account)
		if err != nil {
			return claimRefusal(stderr, cmd, err)
		}
		out = ch
		text = []string{
			"token: " + ch.Token,
			"https: serve the token as a line of " + printable(ch.HTTPSURL),
		}
		if ch.DNSName != "" {
			text = append(text, "dns: or a TXT record "+printable(ch.DNSName)+" = "+ch.DNSValue)
		}
		text = append(text, "expires: "+ch.ExpiresAt.Format(time.RFC3339), "then: plainsight registry verify --account "+printable(*account)+" "+printable(ch.URL), "note: "+ch.Note)
	} else {
		res, err := cl.Verify(ctx, rest[0], *account)
		if err != nil {
			return claimRefusal(stderr, cmd, err)
		}
		out = res
		how := "claimed before"
		if res.Method != "" {
			how = fmt.Sprintf("proven by %s, ledger entry %d", res.Method, res.LedgerSeq)
		}
		text = []string{fmt.Sprintf("claimed: %s by %s (%s)", printable(res.URL), printable(res.PublisherAccount), how), "note: " + res.Note}
	}
	if *format == "json" {
		return writeJSON(stdout, stderr, cmd, out)
	}
	for _, l := range text {
		if _, err := fmt.Fprintln(stdout, l); err != nil {
			fmt.Fprintf(stderr, "plainsight %s: writing output: %s\n", cmd, describe(err))
			return exitError
		}
	}
	return exitClean
}

// claimRefusal reports a refused claim step: exit 1 when the token was not
// found, else 2.
func claimRefusal(stderr io.Writer, cmd string, err error) int {
	var np *precall.NotProvenError
	switch {
	case errors.As(err, &np):
		fmt.Fprintf(stderr, "plainsight %s: not_proven: the token was not found: https: %s; dns: %s\n", cmd, visible(np.HTTPS), visible(np.DNS))
		return exitFound
	case errors.Is(err, precall.ErrNotRegistered):
		fmt.Fprintf(stderr, "plainsight %s: not_registered: %s\n", cmd, describe(err))
	case errors.Is(err, precall.ErrClaimed):
		fmt.Fprintf(stderr, "plainsight %s: already_claimed: the server is claimed; a claim is made once\n", cmd)
	case errors.Is(err, precall.ErrNoChallenge):
		fmt.Fprintf(stderr, "plainsight %s: no_challenge: %s: run plainsight registry claim first\n", cmd, describe(err))
	default:
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, describe(err))
	}
	return exitError
}
