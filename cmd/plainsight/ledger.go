package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
)

const ledgerUsage = `usage:
  plainsight ledger verify [--db PATH|postgres://...] [--format text|json] [--max-problems N]
`

// runLedger is `plainsight ledger verify --db DB`: it walks the
// hash-chained ledger, reports the first broken link, and cross-checks
// every flag against the entries that anchor it (flag.VerifyLedger:
// orphan flags, orphan entries, mismatches, unanchored and invalid
// lifecycle transitions, the first --max-problems of them). The store is
// opened read-only (openDBReadOnly). Exit 0 when the chain is unbroken and
// the flags and the entries agree, 1 when not, 2 on a usage or I/O error.
func runLedger(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, ledgerUsage)
			return exitClean
		}
		fmt.Fprintln(stderr, "plainsight ledger: want the subcommand verify (see plainsight ledger --help)")
		return exitError
	}
	fset := flag.NewFlagSet("ledger verify", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the database: a SQLite file, or a postgres:// URL")
	format := fset.String("format", "text", "text or json")
	maxProblems := fset.Int("max-problems", psflag.DefaultMaxProblems, "report at most this many problems (1–100000); all are counted")
	err := fset.Parse(args[1:])
	if err == nil && fset.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fset.Arg(0))
	}
	if err == nil && *format != "text" && *format != "json" {
		err = fmt.Errorf("unknown format %q", *format)
	}
	if err == nil && (*maxProblems < 1 || *maxProblems > 100000) {
		err = errors.New("--max-problems is 1 to 100000")
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "ledger verify", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight ledger verify: %s (see plainsight ledger --help)\n", describe(err))
		return exitError
	}
	ctx := context.Background()
	s, err := openDBReadOnly(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight ledger verify: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	x, err := psflag.VerifyLedger(ctx, s, &psflag.VerifyOptions{MaxProblems: *maxProblems})
	var broken *ledger.BrokenError
	if err != nil && !errors.As(err, &broken) {
		fmt.Fprintf(stderr, "plainsight ledger verify: %s\n", describe(err))
		return exitError
	}
	r := x.Chain
	type report struct {
		Intact       bool             `json:"intact"`
		Entries      int64            `json:"entries"`
		HeadHash     string           `json:"head_hash,omitempty"`
		BrokenAt     int64            `json:"broken_at,omitempty"`
		Reason       string           `json:"reason,omitempty"`
		Flags        int64            `json:"flags"`
		Unsealed     int64            `json:"unsealed"`
		ProblemCount int64            `json:"problem_count"`
		Problems     []psflag.Problem `json:"problems"`
	}
	intact := broken == nil && x.Intact()
	out := report{Intact: intact, Entries: r.Entries, HeadHash: r.HeadHash,
		Flags: x.Flags, Unsealed: x.Unsealed, ProblemCount: x.ProblemCount, Problems: x.Problems}
	if out.Problems == nil {
		out.Problems = []psflag.Problem{}
	}
	if broken != nil {
		out.BrokenAt, out.Reason, out.HeadHash = broken.Seq, broken.Reason, ""
	}
	if *format == "json" {
		b, _ := json.Marshal(out)
		_, err = fmt.Fprintf(stdout, "%s\n", b)
	} else {
		err = writeLedgerText(stdout, &x, broken)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight ledger verify: writing output: %s\n", describe(err))
		return exitError
	}
	if !intact {
		return exitFound
	}
	return exitClean
}

// writeLedgerText writes the chain's line, then the cross-check's: the
// flags, the unsealed ones (what their entries do not vouch for), and a
// line per problem kept.
func writeLedgerText(w io.Writer, x *psflag.CrossCheck, broken *ledger.BrokenError) error {
	r := x.Chain
	if broken != nil {
		_, err := fmt.Fprintf(w, "ledger: chain BROKEN at entry %d: %s (%d entries before it verified)\n", broken.Seq, broken.Reason, r.Entries)
		return err
	}
	if _, err := fmt.Fprintf(w, "ledger: %d entries, chain intact, head %s\n", r.Entries, r.HeadHash); err != nil {
		return err
	}
	var line string
	if x.Intact() {
		line = fmt.Sprintf("flags: %d flags, each anchored by its ledger entries", x.Flags)
	} else {
		line = fmt.Sprintf("flags: %d flags, %d problem(s): the ledger does NOT vouch for the flags", x.Flags, x.ProblemCount)
	}
	if x.Unsealed > 0 {
		line += fmt.Sprintf(" (%d created before entries carried record_sha256: their actor, field, excerpt, source, context and time are not vouched for)", x.Unsealed)
	}
	if _, err := fmt.Fprintln(w, line); err != nil {
		return err
	}
	for _, p := range x.Problems {
		at := ""
		if p.FlagID != "" {
			at += " " + visible(p.FlagID)
		}
		if p.Seq != 0 {
			at += fmt.Sprintf(" (entry %d)", p.Seq)
		}
		if _, err := fmt.Fprintf(w, "  %s%s: %s\n", p.Kind, at, visible(p.Detail)); err != nil {
			return err
		}
	}
	if n := x.ProblemCount - int64(len(x.Problems)); n > 0 {
		if _, err := fmt.Fprintf(w, "  … and %d more (see --max-problems)\n", n); err != nil {
			return err
		}
	}
	return nil
}
