package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/plainsight/plainsight/ledger"
)

const ledgerUsage = `usage:
  plainsight ledger verify [--db PATH|postgres://...] [--format text|json]
`

// runLedger is `plainsight ledger verify --db DB`: it walks the
// hash-chained ledger and reports the first broken link. Exit 0 when the
// chain is unbroken, 1 when it is broken, 2 on a usage or I/O error.
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
	err := fset.Parse(args[1:])
	if err == nil && fset.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fset.Arg(0))
	}
	if err == nil && *format != "text" && *format != "json" {
		err = fmt.Errorf("unknown format %q", *format)
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
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight ledger verify: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	r, err := ledger.Verify(ctx, s)
	var broken *ledger.BrokenError
	if err != nil && !errors.As(err, &broken) {
		fmt.Fprintf(stderr, "plainsight ledger verify: %s\n", describe(err))
		return exitError
	}
	type report struct {
		Intact   bool   `json:"intact"`
		Entries  int64  `json:"entries"`
		HeadHash string `json:"head_hash,omitempty"`
		BrokenAt int64  `json:"broken_at,omitempty"`
		Reason   string `json:"reason,omitempty"`
	}
	out := report{Intact: broken == nil, Entries: r.Entries, HeadHash: r.HeadHash}
	if broken != nil {
		out.BrokenAt, out.Reason = broken.Seq, broken.Reason
	}
	if *format == "json" {
		b, _ := json.Marshal(out)
		_, err = fmt.Fprintf(stdout, "%s\n", b)
	} else if broken != nil {
		_, err = fmt.Fprintf(stdout, "ledger: chain BROKEN at entry %d: %s (%d entries before it verified)\n", broken.Seq, broken.Reason, r.Entries)
	} else {
		_, err = fmt.Fprintf(stdout, "ledger: %d entries, chain intact, head %s\n", r.Entries, r.HeadHash)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight ledger verify: writing output: %s\n", describe(err))
		return exitError
	}
	if broken != nil {
		return exitFound
	}
	return exitClean
}
