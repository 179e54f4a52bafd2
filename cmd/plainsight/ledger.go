package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

const ledgerUsage = `usage:
  plainsight ledger verify [--db DB] [--format text|json] [--max-problems N] [--pin SEQ:HASH]
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
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text or json")
	maxProblems := fset.Int("max-problems", psflag.DefaultMaxProblems, "report at most this many problems (1–100000); all are counted")
	pinArg := fset.String("pin", "", "SEQ:HASH, a head published earlier: entry SEQ must still have this hash")
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
	var pin *ledgerPin
	if err == nil && *pinArg != "" {
		pin, err = parsePin(*pinArg)
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
	noteEmpty(stderr, "ledger verify", s)
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
		Pin          *ledgerPin       `json:"pin,omitempty"`
	}
	if pin != nil && broken == nil {
		e, err := s.LedgerEntry(ctx, pin.Seq)
		switch {
		case errors.Is(err, store.ErrNotFound):
			pin.Found = ""
		case err != nil:
			fmt.Fprintf(stderr, "plainsight ledger verify: %s\n", describe(err))
			return exitError
		default:
			pin.Found = e.Hash
		}
		pin.Held = pin.Found == pin.Hash
	}
	intact := broken == nil && x.Intact() && (pin == nil || pin.Held)
	out := report{Intact: intact, Entries: r.Entries, HeadHash: r.HeadHash,
		Flags: x.Flags, Unsealed: x.Unsealed, ProblemCount: x.ProblemCount, Problems: x.Problems, Pin: pin}
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
		err = writeLedgerText(stdout, &x, broken, pin)
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
func writeLedgerText(w io.Writer, x *psflag.CrossCheck, broken *ledger.BrokenError, pin *ledgerPin) error {
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
	var err error
	switch {
	case pin == nil:
	case pin.Held:
		_, err = fmt.Fprintf(w, "pin: entry %d has the pinned hash: entries 1 to %d are the ones published\n", pin.Seq, pin.Seq)
	case pin.Found == "":
		_, err = fmt.Fprintf(w, "pin: NOT HELD: the ledger has no entry %d (the pinned head): it was cut or rewritten\n", pin.Seq)
	default:
		_, err = fmt.Fprintf(w, "pin: NOT HELD: entry %d is %s, not the pinned %s: the ledger was rewritten up to it\n", pin.Seq, pin.Found, pin.Hash)
	}
	return err
}

// ledgerPin is --pin: a head published earlier (seq and hash), and what
// the ledger holds at that seq now. Since every entry's hash commits to
// its predecessor, a chain that verifies and still has the pinned hash at
// the pinned seq has every entry up to it unchanged.
type ledgerPin struct {
	Seq   int64  `json:"seq"`
	Hash  string `json:"hash"`
	Found string `json:"found"` // the hash at Seq now; empty when there is no such entry
	Held  bool   `json:"held"`
}

func parsePin(arg string) (*ledgerPin, error) {
	seq, hash, ok := strings.Cut(arg, ":")
	n, err := strconv.ParseInt(seq, 10, 64)
	if !ok || err != nil || n < 1 || len(hash) != 64 || strings.Trim(hash, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("--pin %q: want SEQ:HASH, a sequence number and the entry's lowercase hex SHA-256", arg)
	}
	return &ledgerPin{Seq: n, Hash: hash}, nil
}
