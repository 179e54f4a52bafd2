package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
)

const registryUsage = `usage:
  plainsight registry add [--db DB] [--slug SLUG] [--page-url URL] [--store-listing ID] [--allow-loopback] [--profile strict|spec] [--format text|json] URL
  plainsight registry check [--db DB] [--allow-loopback] [--profile strict|spec] [--format text|json] URL
  plainsight registry list [--db DB] [--limit N] [--offset N] [--format text|json]
  plainsight registry claim|verify [--db DB] --account ACCOUNT [--allow-loopback] [--format text|json] URL

The external registry of MCP servers (§9 of the agent-safety formats).

add    probes the server at URL through the guard and registers it:
       fingerprint version 1 and its definitions recorded, publisher status
       unclaimed. --page-url is kept in the record, never answered: every
       answer names the server's page under the public URL plainsight
       serve --public-url recorded in the database (/servers/SLUG alone
       while none is). Deterministic findings in its tool names, descriptions,
       schemas or instructions become flags standing against the URL and
       hold the registration. A URL that redirects is not registered: the
       reason names the destination to register instead. add creates the
       SQLite file when it is missing.
check  runs the integrity check of a registered server: unchanged, changed
       (the next fingerprint version and a change event, recorded in one
       transaction) or unreachable (never unchanged). A URL that starts
       or stops redirecting is a redirect event in the feed, once.
list   lists the registered servers in registration order, each with its
       §10 warnings: tools another registered server offers under the same
       name with another definition (JSON: the registry records).
claim  issues a challenge for --account to claim a registered server: a
       token to serve at https://HOST/.well-known/plainsight-claim.txt or
       in the TXT record _plainsight-claim.HOST; verify checks it and
       claims the server, once (exit 1 when the token is not found).

A URL that names loopback (http://127.0.0.1:8080/mcp, http://[::1]/,
http://localhost/) is probed by add and check only with --allow-loopback:
what they probe is recorded. A name that resolves to a loopback address is
refused whatever the flags say — a server registered while its name
resolved publicly and then re-pointed at 127.0.0.1 is unreachable, never
changed — and so is a redirect from a server that is not loopback into
loopback.

add and check scan in the Strict profile, as every command does;
--profile spec scans in the conformance mode (see plainsight scan --help).
Either way only findings of the specification's classes become flags.

` + dbUsage + `
Exit status: 0 registered / unchanged / listed, 1 held by findings or
changed, 2 a refused URL, an unreachable or redirecting server, a server
already registered, or a usage error (with a one-line reason on standard
error).
`

// recordPublicURL records u as where the instance serving db is reached
// (plainsight serve --public-url; "" for none), so that every command
// reading the database names a registered server's page under it: the
// page_url is precall.PageURLUnder the recorded one, for serve and the
// command line alike (issue 28, item 5).
func recordPublicURL(ctx context.Context, s store.Store, u string) error {
	return s.RecordPublicURL(ctx, u, time.Now())
}

// refusal prints the one-line reason of a failed registry operation;
// allowed says whether the command allowed loopback.
func refusal(stderr io.Writer, cmd string, err error, allowed bool) int {
	var re *guard.RefusedError
	var rd *precall.RedirectError
	switch {
	case errors.As(err, &rd):
		fmt.Fprintf(stderr, "plainsight %s: %s redirects to %s: register %s instead\n", cmd, printable(rd.URL), printable(rd.Destination), printable(rd.Destination))
	case errors.As(err, &re):
		fmt.Fprint(stderr, refusedLine(cmd, re, allowed))
	default:
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, strings.Join(strings.Fields(err.Error()), " "))
	}
	return exitError
}

func writeJSON(stdout, stderr io.Writer, cmd string, v any) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, describe(err))
		return exitError
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return exitClean
}

// runRegistry is `plainsight registry add|check|list`.
func runRegistry(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "claim" || args[0] == "verify") {
		return runRegistryClaim(args, stdout, stderr) // registry_claim.go
	}
	if len(args) == 0 || (args[0] != "add" && args[0] != "check" && args[0] != "list") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, registryUsage)
			return exitClean
		}
		fmt.Fprintln(stderr, "plainsight registry: want the subcommand add, check, list, claim or verify (see plainsight registry --help)")
		return exitError
	}
	sub := args[0]
	cmd := "registry " + sub
	fset := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the registry database")
	format := fset.String("format", "text", "text or json")
	var in precall.RegisterInput
	var q store.ServerQuery
	var allowLoopback bool
	profileName := new(string)
	if sub != "list" {
		fset.BoolVar(&allowLoopback, "allow-loopback", false, "probe a URL that names loopback (127.0.0.1, [::1], localhost)")
		profileName = profileFlag(fset)
	}
	switch sub {
	case "add":
		fset.StringVar(&in.Slug, "slug", "", "the server's slug")
		fset.StringVar(&in.PageURL, "page-url", "", "the server's page")
		fset.StringVar(&in.LinkedStoreListing, "store-listing", "", "the linked store listing")
	case "list":
		fset.IntVar(&q.Limit, "limit", 100, "at most this many servers (1–1000)")
		fset.IntVar(&q.Offset, "offset", 0, "skip this many servers")
	}
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		if _, ok := helps[cmd]; ok {
			writeHelp(stdout, cmd, fset)
		} else {
			fmt.Fprint(stdout, registryUsage)
		}
		return exitClean
	case err != nil:
	case sub != "list" && badProfile(profileName) != nil:
		err = badProfile(profileName)
	case *format != "text" && *format != "json":
		err = fmt.Errorf("--format %q: want text or json", *format)
	case sub == "list" && len(rest) != 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case sub != "list" && len(rest) != 1:
		err = errors.New("give exactly one URL")
	case sub == "list" && (q.Limit < 1 || q.Limit > store.MaxListLimit || q.Offset < 0):
		err = errors.New("--limit is 1 to 1000 and --offset not negative")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s (see plainsight registry --help)\n", cmd, describe(err))
		return exitError
	}
	ctx := context.Background()
	var s store.Store
	if sub == "add" {
		s, _, err = openDBCreating(ctx, *db)
	} else {
		s, err = openDB(ctx, *db)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, cmd, s)
	c := &precall.Checker{Guard: cliGuard(guard.Policy{AllowLoopback: allowLoopback}), Store: s, Profile: profileOf(profileName)}
	switch sub {
	case "add":
		in.URL = rest[0]
		res, err := c.Register(ctx, in)
		if err != nil {
			return refusal(stderr, cmd, err, allowLoopback)
		}
		if *format == "json" {
			if code := writeJSON(stdout, stderr, cmd, res); code != exitClean {
				return code
			}
		} else if res.Status == precall.RegisterHeld {
			fmt.Fprintf(stdout, "held: %s was not registered: %d finding(s); flags standing against the URL: %s\n", printable(res.URL), len(res.Findings), strings.Join(res.FlagIDs, " "))
			fmt.Fprintf(stdout, "note: %s\n", res.Note)
		} else {
			fmt.Fprintf(stdout, "registered: %s as %s, fingerprint %s, version 1, publisher unclaimed\n", printable(res.URL), printable(res.Slug), res.Fingerprint)
			fmt.Fprintf(stdout, "note: %s\n", res.Note)
		}
		if res.Status == precall.RegisterHeld {
			return exitFound
		}
		return exitClean
	case "check":
		if _, err := guard.CheckURL(rest[0], c.Guard.Policy); err != nil {
			// Nothing is probed, nor marked checked, for a refused URL.
			return refusal(stderr, cmd, err, allowLoopback)
		}
		r, err := c.Refresh(ctx, rest[0])
		if err != nil {
			return refusal(stderr, cmd, err, allowLoopback)
		}
		page, err := c.PageURLOf(ctx, r.Server.Slug)
		if err != nil {
			return refusal(stderr, cmd, err, allowLoopback)
		}
		out := checkOut{URL: rest[0], PageURL: page, Status: r.Status, FingerprintVersion: r.Server.Version, Diff: r.Diff, FlagIDs: r.FlagIDs, Detail: r.Detail,
			Redirects: r.Landing.Redirects, LastChecked: r.Server.LastChecked, Note: precall.IntegrityNote}
		if len(r.FlagIDs) > 0 {
			out.Note += " " + precall.FlagsNote
		}
		if r.Fingerprint != "" {
			out.Fingerprint = &r.Fingerprint
		}
		if out.Redirects == nil {
			out.Redirects = []guard.Redirect{}
		}
		if *format == "json" {
			if code := writeJSON(stdout, stderr, cmd, out); code != exitClean {
				return code
			}
		} else {
			fmt.Fprintf(stdout, "%s: %s, version %d\n  %s\n", printable(out.URL), out.Status, out.FingerprintVersion, out.Detail)
			writeDiff(stdout, r.Diff)
			if len(r.FlagIDs) > 0 {
				fmt.Fprintf(stdout, "flags from this check: %s\n", strings.Join(r.FlagIDs, " "))
			}
			fmt.Fprintf(stdout, "note: %s\n", out.Note)
		}
		switch r.Status {
		case fingerprint.Unreachable:
			fmt.Fprintf(stderr, "plainsight %s: unreachable: %s\n", cmd, r.Detail)
			return exitError
		case fingerprint.Changed:
			return exitFound
		}
		if len(r.FlagIDs) > 0 {
			return exitFound
		}
		return exitClean
	}
	records, err := c.Records(ctx, q)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", cmd, describe(err))
		return exitError
	}
	if *format == "json" {
		return writeJSON(stdout, stderr, cmd, records)
	}
	for _, r := range records {
		fmt.Fprintf(stdout, "%s %s version %d, %s, last checked %s\n", printable(r.Registration.Slug), printable(r.URL), r.FingerprintVersion,
			r.Registration.PublisherStatus, r.LastChecked.Format(time.RFC3339))
		for _, w := range r.ShadowingWarnings {
			var others []string
			for _, o := range w.Others {
				others = append(others, printable(o.URL))
			}
			fmt.Fprintf(stdout, "  collision: tool %s is also offered, with another definition, by %s\n", printable(w.Tool), strings.Join(others, ", "))
		}
	}
	fmt.Fprintf(stdout, "note: %s\n", precall.IntegrityNote)
	return exitClean
}

// checkOut is the JSON of registry check; PageURL is the page every
// reader of the database names (issue 28, item 5), Note the §12 line.
type checkOut struct {
	URL                string             `json:"url"`
	PageURL            string             `json:"page_url"`
	Status             fingerprint.Status `json:"status"`
	Fingerprint        *string            `json:"fingerprint"`
	FingerprintVersion int                `json:"fingerprint_version"`
	Diff               *fingerprint.Diff  `json:"diff,omitempty"`
	FlagIDs            []string           `json:"flag_ids"`
	Redirects          []guard.Redirect   `json:"redirects"`
	Detail             string             `json:"detail"`
	LastChecked        time.Time          `json:"last_checked"`
	Note               string             `json:"note"`
}

const changesUsage = `usage:
  plainsight changes [--db DB] [--limit N] [--before CURSOR] [--allow-loopback] [--profile strict|spec] [--fail-on-change] [--format text|json]

The definition-change feed (§11): every change an integrity check observed
on a registered server, newest first. Reading it first re-checks at most
three registered servers whose last check is older than six hours, oldest
first, and reports how many in refreshed_servers. No background schedule
is claimed: an empty feed means no change has been observed yet, not that
no server has changed. A redirect event (a registered URL started
redirecting, redirects elsewhere, or stopped) lists its hops and records
no version; in JSON it is §11's event with the extension member
"redirects".

  --db DB           the registry database (see DB below)
  --limit N         events per page (1–1000, default 100)
  --before CURSOR   the next_before of the previous page
  --allow-loopback  re-check registered URLs that name loopback (without
                    it such a server's re-check finds it unreachable); a
                    name that resolves to loopback is refused regardless
  --profile PROFILE the scan profile of the re-checks: strict (default) or
                    spec, the conformance mode
  --quiet, -q       leave the note line out of text output
  --fail-on-change  exit 1 when the page lists a change (for a CI gate);
                    without it reading the feed exits 0 however many
                    changes it lists

` + dbUsage + `
Exit status: 0 the page was read (changes or none), 1 with --fail-on-change
the page lists a change, 2 a usage or database error (with a one-line
reason on standard error).

Example:
  plainsight changes --limit 20 --format json
`

// runChanges is `plainsight changes`.
func runChanges(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("changes", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the registry database")
	format := fset.String("format", "text", "text or json")
	var q precall.FeedQuery
	fset.IntVar(&q.Limit, "limit", 100, "events per page")
	fset.Int64Var(&q.Before, "before", 0, "the cursor of the next page")
	allowLoopback := fset.Bool("allow-loopback", false, "re-check registered URLs that name loopback")
	profileName := profileFlag(fset)
	failOnChange := fset.Bool("fail-on-change", false, "exit 1 when the page lists a change")
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, changesUsage)
		return exitClean
	case err != nil:
	case badProfile(profileName) != nil:
		err = badProfile(profileName)
	case *format != "text" && *format != "json":
		err = fmt.Errorf("--format %q: want text or json", *format)
	case len(rest) != 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case q.Limit < 1 || q.Limit > store.MaxListLimit || q.Before < 0:
		err = errors.New("--limit is 1 to 1000 and --before not negative")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight changes: %s (see plainsight changes --help)\n", describe(err))
		return exitError
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight changes: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "changes", s)
	c := &precall.Checker{Guard: cliGuard(guard.Policy{AllowLoopback: *allowLoopback}), Store: s, Profile: profileOf(profileName)}
	f, err := c.Changes(ctx, q)
	if err != nil {
		return refusal(stderr, "changes", err, *allowLoopback)
	}
	if *format == "json" {
		if code := writeJSON(stdout, stderr, "changes", f); code != exitClean {
			return code
		}
	} else {
		fmt.Fprintf(stdout, "refreshed servers: %d\n", f.RefreshedServers)
		for _, e := range f.Changes {
			if e.Redirect {
				writeRedirectEvent(stdout, &e)
				continue
			}
			fmt.Fprintf(stdout, "%s %s (%s) version %d -> %d\n", e.At.Format(time.RFC3339), printable(e.Server.Slug), printable(e.Server.URL), e.FromVersion, e.ToVersion)
			writeDiff(stdout, &e.Diff)
		}
		if f.NextBefore != nil {
			fmt.Fprintf(stdout, "more: --before %d\n", *f.NextBefore)
		}
		fmt.Fprintf(stdout, "note: %s\n", f.Note)
	}
	// Reading the feed is not a failure however many changes it lists
	// (issue 31, item 5): exit 1 for changes only when asked.
	if *failOnChange && len(f.Changes) > 0 {
		return exitFound
	}
	return exitClean
}

// writeRedirectEvent prints a redirect event (issue 28, item 4): the
// chain, or that the URL stopped redirecting; no version was recorded.
func writeRedirectEvent(w io.Writer, e *precall.ChangeEvent) {
	at, who := e.At.Format(time.RFC3339), printable(e.Server.Slug)+" ("+printable(e.Server.URL)+")"
	if len(e.Redirects) == 0 {
		fmt.Fprintf(w, "%s %s stopped redirecting: it answers itself again (version %d)\n", at, who, e.ToVersion)
		return
	}
	fmt.Fprintf(w, "%s %s redirects: no definitions recorded (version %d)\n", at, who, e.ToVersion)
	for _, h := range e.Redirects {
		fmt.Fprintf(w, "  %d %s -> %s\n", h.Status, printable(h.From), printable(h.To))
	}
}
