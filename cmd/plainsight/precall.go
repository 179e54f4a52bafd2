package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
)

const precallUsage = `usage:
  plainsight precall [--tool NAME] [--db DB] [--allow-loopback] [--profile strict|spec] [--format text|json] URL

Checks the MCP server at URL before trusting it (§9 of the agent-safety
formats): probes it through the guard, follows at most five redirects,
fingerprints what it serves, scans every tool name, description and schema
string and its instructions. An unregistered check needs no database and
stores nothing. With --db (or $PLAINSIGHT_DB), a server registered there
gets the integrity check of its record: unchanged, changed (recorded as the
next fingerprint version with a change event, findings recorded as flags)
or unreachable. A URL that names loopback (http://127.0.0.1:8080/mcp,
http://[::1]/, http://localhost/) is probed here without --db, since you
typed it and nothing is stored; with --db (what a check records becomes
the server's next version) only with --allow-loopback. A name that resolves
to a loopback address is refused whatever the flags say, and so is a
redirect from a server that is not loopback into loopback.

  --tool NAME       say whether the server offers the tool NAME
  --db DB           the registry: PATH or sqlite:PATH of a SQLite file, or
                    a postgres:// URL; without --db, $PLAINSIGHT_DB when set
                    (the default database is not consulted: nothing is
                    read or recorded); a file that does not exist yet is
                    an empty registry, not created
  --allow-loopback  with --db, probe a URL that names loopback
  --profile PROFILE the scan profile: strict (default) or spec, the
                    conformance mode (see plainsight scan --help)
  --format FORMAT   text (default) or json (the §9 answer object)
  --quiet, -q       leave the note line out of text output

Exit status: 0 nothing changed or flagged, 1 the definitions changed, the
scan flagged a finding or flags stand against the URL, 2 a refused URL, an
unreachable server or a usage error (with a one-line reason on standard
error).

Example:
  plainsight precall --tool search https://mcp.example.com/mcp
`

// cliGuard is the command line's guard under a loopback policy. Loopback
// is allowed where the person at the keyboard asked for it (issue 21): a
// one-shot probe of a URL they typed (precall without --db, fingerprint),
// or --allow-loopback where what is probed is recorded (precall --db,
// registry add and check, changes). Even then the guard allows it only
// for a URL that names loopback; a name that resolves there is refused
// (issue 29). Tests replace it with one whose resolver and dialer cannot
// leave loopback.
var cliGuard = func(p guard.Policy) *guard.Guard {
	return &guard.Guard{Policy: p}
}

// loopbackHint is what a loopback refusal adds when the URL named
// loopback and the command would have allowed it with --allow-loopback.
func loopbackHint(re *guard.RefusedError, allowed bool) string {
	if allowed || re.Reason != guard.ErrLoopback || re.Hop != 0 {
		return ""
	}
	t, err := guard.CheckURL(re.URL, guard.Policy{AllowLoopback: true})
	if err != nil || !t.Host.IsLoopback() {
		return ""
	}
	return " (pass --allow-loopback to probe this machine)"
}

// refusedLine is the one-line reason of a guard refusal.
func refusedLine(cmd string, re *guard.RefusedError, allowed bool) string {
	return fmt.Sprintf("plainsight %s: refused (%s): %s%s\n", cmd, re.Reason.ID(), describe(re), loopbackHint(re, allowed))
}

// runPrecall is `plainsight precall`: the §9 answer for a server that is
// not registered.
func runPrecall(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("precall", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	tool := fset.String("tool", "", "a tool name to focus on")
	format := fset.String("format", "text", "text or json")
	db := fset.String("db", "", "the registry database")
	allowLoopback := fset.Bool("allow-loopback", false, "with --db, probe a URL that names loopback")
	profileName := profileFlag(fset)
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, precallUsage)
		return exitClean
	case err != nil:
	case badProfile(profileName) != nil:
		err = badProfile(profileName)
	case *format != "text" && *format != "json":
		err = fmt.Errorf("--format %q: want text or json", *format)
	case len(rest) != 1:
		err = errors.New("give exactly one URL")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight precall: %s (see plainsight precall --help)\n", describe(err))
		return exitError
	}
	c := &precall.Checker{Profile: profileOf(profileName)}
	ctx := context.Background()
	if *db != "" || os.Getenv(dbEnv) != "" {
		s, err := openDB(ctx, *db)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight precall: %s\n", describe(err))
			return exitError
		}
		defer s.Close()
		noteEmpty(stderr, "precall", s)
		c.Store = s
	}
	// The one-shot check of a typed URL may probe loopback; a check whose
	// probe is recorded only with --allow-loopback (issue 29).
	allowed := *allowLoopback || c.Store == nil
	c.Guard = cliGuard(guard.Policy{AllowLoopback: allowed})
	a, err := c.Check(ctx, rest[0], *tool)
	if err != nil {
		var re *guard.RefusedError
		if errors.As(err, &re) {
			fmt.Fprint(stderr, refusedLine("precall", re, allowed))
		} else {
			fmt.Fprintf(stderr, "plainsight precall: %s\n", describe(err))
		}
		return exitError
	}
	if *format == "json" {
		b, err := json.MarshalIndent(a, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "plainsight precall: %s\n", describe(err))
			return exitError
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		writeAnswer(stdout, a)
	}
	switch {
	case a.Integrity.Status == fingerprint.Unreachable:
		fmt.Fprintf(stderr, "plainsight precall: unreachable: %s\n", a.Integrity.Detail)
		return exitError
	case a.Integrity.Status == fingerprint.Changed || a.Scan.Status == precall.ScanFlagged || a.Flags.Status == precall.FlagsStanding:
		return exitFound
	}
	return exitClean
}

// writeAnswer prints an answer for people: every string a server chose is
// quoted when a terminal would not show it as itself.
func writeAnswer(w io.Writer, a *precall.Answer) {
	fmt.Fprintf(w, "url: %s\n", visible(a.URL))
	for _, r := range a.Redirects {
		fmt.Fprintf(w, "redirect: %s -> %s (%d)\n", visible(r.From), visible(r.To), r.Status)
	}
	if a.EffectiveURL != nil && len(a.Redirects) > 0 {
		fmt.Fprintf(w, "answered by: %s (the server below is this one, not the asked URL)\n", visible(*a.EffectiveURL))
	}
	if r := a.Registration; r != nil {
		fmt.Fprintf(w, "registered: yes, as %s (publisher %s, first seen %s)\n", printable(r.Slug), r.PublisherStatus, r.FirstSeen.Format(time.RFC3339))
	} else {
		fmt.Fprintln(w, "registered: no (checked for this answer only; nothing is stored)")
	}
	if s := a.Server; s != nil {
		version := "(no version)"
		if s.Version != nil {
			version = *s.Version
		}
		fmt.Fprintf(w, "server: %s %s (protocol %s)\n", visible(s.Name), visible(version), visible(s.ProtocolVersion))
	}
	fmt.Fprintf(w, "integrity: %s", a.Integrity.Status)
	if a.Integrity.Fingerprint != nil {
		fmt.Fprintf(w, ", fingerprint %s", *a.Integrity.Fingerprint)
	}
	if a.Integrity.FingerprintVersion != nil {
		fmt.Fprintf(w, ", version %d", *a.Integrity.FingerprintVersion)
	}
	fmt.Fprintln(w)
	if a.Registration != nil {
		fmt.Fprintf(w, "  %s\n", a.Integrity.Detail)
	}
	writeDiff(w, a.Integrity.Diff)
	fmt.Fprintf(w, "scan: %s", a.Scan.Status)
	if n := len(a.Scan.Findings); n > 0 {
		fmt.Fprintf(w, ", %d finding(s)", n)
	}
	fmt.Fprintln(w)
	for _, f := range a.Scan.Findings {
		where := f.Field
		if f.Tool != nil {
			where = "tool " + visible(*f.Tool) + " " + f.Field
		}
		if f.Path != "" {
			where += " " + visible(f.Path)
		}
		fmt.Fprintf(w, "  %s: %s: %s\n", where, findingLabel(&f.Finding), visible(f.Finding.Excerpt))
	}
	if a.Registration != nil {
		fmt.Fprintf(w, "reviews: %d (%d of this version", a.Reviews.Total, a.Reviews.CurrentCount)
		if a.Reviews.CurrentAverage != nil {
			fmt.Fprintf(w, ", average %.2f", *a.Reviews.CurrentAverage)
		}
		fmt.Fprintf(w, "; %d of older versions)\n", a.Reviews.OlderCount)
	}
	if len(a.Flags.StandingFlagIDs) > 0 {
		fmt.Fprintf(w, "flags standing: %s\n", strings.Join(a.Flags.StandingFlagIDs, " "))
	}
	for _, sw := range a.ShadowingWarnings {
		var others []string
		for _, o := range sw.Others {
			others = append(others, visible(o.URL))
		}
		fmt.Fprintf(w, "collision: tool %s is also offered, with another definition, by %s\n", visible(sw.Tool), strings.Join(others, ", "))
	}
	if tf := a.ToolFocus; tf != nil {
		switch {
		case tf.Offered == nil:
			fmt.Fprintf(w, "tool %s: unknown (the server could not be probed)\n", visible(tf.Tool))
		case *tf.Offered:
			fmt.Fprintf(w, "tool %s: offered%s\n", printable(tf.Tool), basisNote(tf.Basis))
		default:
			fmt.Fprintf(w, "tool %s: not offered%s\n", printable(tf.Tool), basisNote(tf.Basis))
		}
	}
	fmt.Fprintf(w, "note: %s\n", a.Note)
}

func basisNote(b *string) string {
	if b != nil && *b == precall.BasisRecorded {
		return " (by the last recorded definitions)"
	}
	return ""
}

// writeDiff prints a §7 diff for people.
func writeDiff(w io.Writer, d *fingerprint.Diff) {
	if d == nil {
		return
	}
	for _, n := range d.ToolsAdded {
		fmt.Fprintf(w, "  + tool %s\n", printable(n))
	}
	for _, n := range d.ToolsRemoved {
		fmt.Fprintf(w, "  - tool %s\n", printable(n))
	}
	for _, c := range d.ToolsChanged {
		fmt.Fprintf(w, "  ~ tool %s: %s\n", printable(c.Tool), strings.Join(c.Changes, ", "))
	}
	if d.ServerIdentityChanged {
		fmt.Fprintln(w, "  ~ the server's name or version")
	}
}
