package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	// As psflag in package main, which imports the standard library's
	// flag too; as flag everywhere else (CONTRIBUTING.md, "Conventions").
	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
)

const flagsUsage = `usage:
  plainsight flags list [--db DB] [--artifact REF] [--class CLASS] [--status STATUS] [--limit N] [--offset N] [--format text|json]
  plainsight flags show [--db DB] [--format text|json] FLAG_ID
  plainsight flags dispute [--db DB] --by ACCOUNT --case-id ID --case-number N [--format text|json] FLAG_ID
  plainsight flags award [--db DB] --by ACCOUNT --case-id ID --case-number N --decision overturn|uphold [--format text|json] FLAG_ID
`

// runFlags is `plainsight flags list|show|dispute|award`: the §8 flags of
// a store, for operators (dispute and award: runFlagStep). json prints the §8 records (an array for list, one object for
// show); text a line per flag. Exit 0, or 2 on a usage or I/O error or an
// unknown flag id.
func runFlags(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "dispute" || args[0] == "award") {
		return runFlagStep(args, stdout, stderr) // flags_lifecycle.go
	}
	if len(args) == 0 || (args[0] != "list" && args[0] != "show") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, flagsUsage)
			return exitClean
		}
		fmt.Fprintln(stderr, "plainsight flags: want the subcommand list, show, dispute or award (see plainsight flags --help)")
		return exitError
	}
	cmd := args[0]
	fset := flag.NewFlagSet("flags "+cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text or json")
	var q store.FlagQuery
	var status string
	if cmd == "list" {
		fset.StringVar(&q.ArtifactRef, "artifact", "", "only flags of the artifact with this ref (an external server's URL)")
		fset.StringVar(&q.Class, "class", "", "only flags of this finding class")
		fset.StringVar(&status, "status", "", "only flags with this status: standing, disputed or overturned")
		fset.IntVar(&q.Limit, "limit", 100, "at most this many flags (1–1000)")
		fset.IntVar(&q.Offset, "offset", 0, "skip this many flags")
	}
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case err != nil:
	case cmd == "list" && len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case cmd == "show" && len(rest) != 1:
		err = errors.New("want one FLAG_ID")
	case *format != "text" && *format != "json":
		err = fmt.Errorf("unknown format %q", *format)
	case cmd == "list" && (q.Limit < 1 || q.Limit > store.MaxListLimit || q.Offset < 0):
		err = errors.New("--limit is 1 to 1000 and --offset not negative")
	case status != "" && status != store.StatusStanding && status != store.StatusDisputed && status != store.StatusOverturned:
		err = fmt.Errorf("unknown status %q", status)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "flags "+cmd, fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight flags %s: %s (see plainsight flags --help)\n", cmd, describe(err))
		return exitError
	}
	if status != "" {
		q.Statuses = []string{status}
	}
	ctx := context.Background()
	s, err := openDBReadOnly(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight flags %s: %s\n", cmd, describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "flags "+cmd, s)
	svc := &psflag.Service{Store: s}
	var out any
	var list []psflag.Flag
	if cmd == "show" {
		f, err := svc.Get(ctx, rest[0])
		if err != nil {
			fmt.Fprintf(stderr, "plainsight flags show: %s\n", describe(err))
			return exitError
		}
		out, list = f, []psflag.Flag{f}
	} else {
		list, err = svc.List(ctx, q)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight flags list: %s\n", describe(err))
			return exitError
		}
		if list == nil {
			list = []psflag.Flag{}
		}
		out = list
	}
	if *format == "json" {
		b, _ := json.MarshalIndent(out, "", "  ")
		_, err = fmt.Fprintf(stdout, "%s\n", b)
	} else {
		err = writeFlagsText(stdout, list, cmd == "show")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight flags %s: writing output: %s\n", cmd, describe(err))
		return exitError
	}
	return exitClean
}

// writeFlagsText writes a line per flag, and with detail the evidence and
// the dispute under it. A flag is evidence, not a verdict (§12): the last
// line says so.
func writeFlagsText(w io.Writer, fs []psflag.Flag, detail bool) error {
	for _, f := range fs {
		if _, err := fmt.Fprintf(w, "%s  %-10s  %-20s  %s  %s  %s\n", visible(f.ID), f.Status, visible(string(f.FindingClass)),
			visible(f.Artifact.Ref), visible(f.Field), f.CreatedAt.Format(time.RFC3339)); err != nil {
			return err
		}
		if !detail {
			continue
		}
		lines := []string{
			"  artifact: " + visible(f.Artifact.Type) + " " + visible(f.Artifact.Ref),
			"  evidence sha256: " + visible(f.Evidence.SHA256),
			"  excerpt: " + visible(f.Evidence.Excerpt),
			fmt.Sprintf("  actor: %s %s (%s)", visible(f.Actor.Kind), visible(f.Actor.AccountID), visible(f.Actor.Handle)),
			"  source: " + visible(string(f.Source)),
			fmt.Sprintf("  ledger entry: %d", f.LedgerSeq),
		}
		if f.Dispute != nil {
			lines = append(lines, fmt.Sprintf("  dispute: case %s (number %d)", visible(f.Dispute.CaseID), f.Dispute.CaseNumber))
		}
		for _, l := range lines {
			if _, err := fmt.Fprintln(w, l); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintf(w, "%d flag(s). A flag says hidden content was found and attributed; it is not a verdict.\n", len(fs))
	return err
}
