package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/user"
	"text/tabwriter"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
)

// The trust-on-first-use commands (issue 30): approve releases what a
// pin withholds, pins lists the pins. The pins themselves are written by
// plainsight audit and plainsight proxy (package pin).

func init() {
	helps["approve"] = help{
		usage: "plainsight approve [flags] KEY",
		about: "Shows what changed in the MCP server KEY since its pin — each change's field, old and new text,\n" +
			"invisible characters shown — and approves it: the pending surface becomes the key's next pin\n" +
			"version (reason approved, by --by). With --tool, --prompt, --resource or --resource-template,\n" +
			"only those entries are approved (a removed one is dropped from the pin); the rest stays withheld.\n" +
			"KEY is as plainsight pins lists it (stdio:[\"COMMAND\",…] or url:URL).",
		exits:   "0 approved; 1 nothing pending for KEY (no pin, or the pin is what was seen last); 2 a usage or\ndatabase error, an entry neither pinned nor seen, or a newer sighting recorded meanwhile.",
		example: `plainsight approve --by alice --tool get_weather 'url:https://weather.example/mcp'`,
	}
	helps["pins"] = help{
		usage: "plainsight pins [flags]",
		about: "Lists the pinned MCP servers (trust on first use, written by plainsight audit and plainsight proxy):\n" +
			"each key's pin version, fingerprint, reason and approver, and whether a changed surface is\npending approval (plainsight approve KEY).",
		exits:   "0 the list (empty included: a database that does not exist yet holds none); 2 a usage or\ndatabase error.",
		example: "plainsight pins --format json",
	}
}

// entryFlag is a repeatable --tool, --prompt, --resource or
// --resource-template: each adds an entry of its kind.
type entryFlag struct {
	kind    fingerprint.Kind
	entries *[]fingerprint.Entry
}

func (f entryFlag) String() string { return "" }

func (f entryFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("an empty %s", f.kind)
	}
	*f.entries = append(*f.entries, fingerprint.Entry{Kind: f.kind, Key: s})
	return nil
}

// approver is --by's default: the login name of the user running the
// command, "" when it cannot be read.
func approver() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}

// runApprove is plainsight approve.
func runApprove(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("approve", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	by := fset.String("by", "", "the approver's `NAME`, recorded in the pin (default the login name)")
	var only []fingerprint.Entry
	fset.Var(entryFlag{fingerprint.KindTool, &only}, "tool", "approve only the tool `NAME` (repeatable)")
	fset.Var(entryFlag{fingerprint.KindPrompt, &only}, "prompt", "approve only the prompt `NAME` (repeatable)")
	fset.Var(entryFlag{fingerprint.KindResource, &only}, "resource", "approve only the resource `URI` (repeatable)")
	fset.Var(entryFlag{fingerprint.KindResourceTemplate, &only}, "resource-template", "approve only the resource template `URITEMPLATE` (repeatable)")
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "approve", fset)
		return exitClean
	case err != nil:
	case len(rest) != 1:
		err = errors.New("want one KEY (see plainsight pins)")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight approve: %s (see plainsight approve --help)\n", describe(err))
		return exitError
	}
	key := rest[0]
	if !flagSet(fset, "by") {
		*by = approver()
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight approve: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "approve", s)
	k := &pin.Keeper{Store: s}
	pd, err := k.Pending(ctx, key)
	if errors.Is(err, pin.ErrNothingPending) {
		fmt.Fprintf(stderr, "plainsight approve: %s\n", describe(err))
		return exitFound
	} else if err != nil {
		fmt.Fprintf(stderr, "plainsight approve: %s\n", describe(err))
		return exitError
	}
	fmt.Fprintf(stdout, "%s: pin version %d (%s%s, %s); seen since: sighting %d (%s)\n", printable(key),
		pd.Pin.Version, pd.Pin.Reason, byText(pd.Pin.By), pd.Pin.CreatedAt.Format(time.RFC3339),
		pd.Sighting.Seq, pd.Sighting.SeenAt.Format(time.RFC3339))
	shown, held := 0, 0
	for _, c := range pd.Changes {
		if !approves(only, c) {
			held++
			continue
		}
		writeChange(stdout, c)
		shown++
	}
	if held > 0 {
		fmt.Fprintf(stdout, "not approved: %d other change(s), still withheld\n", held)
	}
	p, err := k.ApproveSighting(ctx, key, *by, pd.Sighting.Seq, only...)
	switch {
	case errors.Is(err, pin.ErrNothingPending):
		fmt.Fprintf(stderr, "plainsight approve: %s\n", describe(err))
		return exitFound
	case errors.Is(err, pin.ErrStale):
		fmt.Fprintf(stderr, "plainsight approve: %s; nothing approved: run it again to see the newer changes\n", describe(err))
		return exitError
	case err != nil:
		fmt.Fprintf(stderr, "plainsight approve: %s\n", describe(err))
		return exitError
	}
	fmt.Fprintf(stdout, "approved: %s pin version %d, fingerprint %s%s (%d change(s))\nnote: %s\n", printable(key), p.Version, p.Fingerprint, byText(p.By), shown, precall.IntegrityNote)
	return exitClean
}

func byText(by string) string {
	if by == "" {
		return ""
	}
	return " by " + printable(by)
}

// approves reports whether approving only (all when empty) takes the
// change c: an entry's change when its kind and key are named (the old
// key of a rename too), the server's only with a whole approval.
func approves(only []fingerprint.Entry, c fingerprint.Change) bool {
	if len(only) == 0 {
		return true
	}
	for _, e := range only {
		if e.Kind == c.Kind && (e.Key == c.Key || c.Op == fingerprint.OpRenamed && e.Key == c.RenamedFrom) {
			return true
		}
	}
	return false
}

// writeChange prints one change: its operation, kind, key and field, then
// the old and new text (visible-rendered by package fingerprint; the key
// and field are rendered here).
func writeChange(w io.Writer, c fingerprint.Change) {
	what := string(c.Kind) + " " + printable(c.Key)
	if c.Field != "" {
		what += " " + printable(c.Field)
	}
	if c.Op == fingerprint.OpRenamed {
		what += " (from " + printable(c.RenamedFrom) + ")"
	}
	fmt.Fprintf(w, "%-8s %s\n", c.Op, what)
	if c.Op != fingerprint.OpAdded && c.Op != fingerprint.OpRenamed {
		fmt.Fprintf(w, "  old: %s\n", c.Old)
	}
	if c.Op != fingerprint.OpRemoved && c.Op != fingerprint.OpRenamed {
		fmt.Fprintf(w, "  new: %s\n", c.New)
	}
}

// pinRow is one line of plainsight pins, and its JSON form.
type pinRow struct {
	Key         string        `json:"key"`
	Version     int64         `json:"version"`
	Fingerprint string        `json:"fingerprint"`
	Reason      string        `json:"reason"`
	By          string        `json:"by"`
	CreatedAt   time.Time     `json:"created_at"`
	Pending     *pendingSight `json:"pending"` // null when nothing is pending
}

type pendingSight struct {
	Seq         int64     `json:"sighting"`
	Fingerprint string    `json:"fingerprint"`
	SeenAt      time.Time `json:"seen_at"`
}

// runPins is plainsight pins.
func runPins(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("pins", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text or json")
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "pins", fset)
		return exitClean
	case err != nil:
	case len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case *format != "text" && *format != "json":
		err = fmt.Errorf("--format %q: want text or json", *format)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight pins: %s (see plainsight pins --help)\n", describe(err))
		return exitError
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight pins: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "pins", s)
	ps, err := s.ListPins(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight pins: %s\n", describe(err))
		return exitError
	}
	rows := []pinRow{}
	for _, p := range ps {
		r := pinRow{Key: p.Key, Version: p.Version, Fingerprint: p.Fingerprint, Reason: p.Reason, By: p.By, CreatedAt: p.CreatedAt}
		sg, err := s.LatestSighting(ctx, p.Key)
		switch {
		case err == nil && sg.Fingerprint != p.Fingerprint:
			r.Pending = &pendingSight{Seq: sg.Seq, Fingerprint: sg.Fingerprint, SeenAt: sg.SeenAt}
		case err != nil && !errors.Is(err, store.ErrNotFound):
			fmt.Fprintf(stderr, "plainsight pins: %s\n", describe(err))
			return exitError
		}
		rows = append(rows, r)
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Pins []pinRow `json:"pins"`
			Note string   `json:"note"`
		}{rows, precall.IntegrityNote})
		return exitClean
	}
	if len(rows) == 0 {
		fmt.Fprintln(stdout, "no pins")
		return exitClean
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tVERSION\tFINGERPRINT\tREASON\tBY\tPENDING")
	for _, r := range rows {
		pending := "no"
		if r.Pending != nil {
			pending = fmt.Sprintf("sighting %d (%s)", r.Pending.Seq, r.Pending.SeenAt.Format(time.RFC3339))
		}
		by := printable(r.By)
		if by == "" {
			by = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\n", printable(r.Key), r.Version, r.Fingerprint, r.Reason, by, pending)
	}
	tw.Flush()
	if n := countPending(rows); n > 0 {
		fmt.Fprintf(stdout, "%d pending: plainsight approve KEY shows the changes and approves them\n", n)
	}
	fmt.Fprintf(stdout, "note: %s\n", precall.IntegrityNote)
	return exitClean
}

func countPending(rows []pinRow) int {
	n := 0
	for _, r := range rows {
		if r.Pending != nil {
			n++
		}
	}
	return n
}
