package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/scan"
)

// runFingerprint is `plainsight fingerprint`: the §7 fingerprint of a live
// server (a URL, probed over Streamable HTTP), of a server started as a
// command (after --, probed over stdio), or of a saved tools/list result
// (--from FILE, "-" for standard input, with the server's identity from
// --server-name and --server-version).
func runFingerprint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var command []string
	for i, a := range args {
		if a == "--" {
			args, command = args[:i], args[i+1:]
			break
		}
	}
	fset := flag.NewFlagSet("fingerprint", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	format := fset.String("format", "text", "text or json")
	from := fset.String("from", "", "a saved tools/list result")
	name := fset.String("server-name", "", "with --from: the server's name")
	ver := fset.String("server-version", "", "with --from: the server's version (none when not given)")
	pin := fset.String("pin", "", "write the server's record (its definitions and fingerprint) to this file")
	check := fset.String("check", "", "compare the server with the record in this file: unchanged, changed or unreachable")
	surface := fset.Bool("surface", false, "the extended profile (plainsight's, not §7's): every field of the tools, the prompts,\nresources and resource templates, and the instructions")
	profileName := profileFlag(fset)
	rest, err := parseInterleaved(fset, args)
	if err == nil {
		err = fingerprintArgs(*format, *from, rest, command)
	}
	if err == nil {
		err = badProfile(profileName)
	}
	if err == nil && *pin != "" && *check != "" {
		err = errors.New("give --pin or --check, not both")
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "fingerprint", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight fingerprint: %s (see plainsight help)\n", describe(err))
		return exitError
	}
	var pinned fingerprint.Record
	var pinnedSurface *fingerprint.SurfaceRecord
	if *check != "" {
		// Read the record before probing: a missing or damaged record is a
		// usage error, and no reason to start a server. Its format says
		// which profile checks it.
		var rec *fingerprint.Record
		if rec, pinnedSurface, err = readAnyRecord(*check); err == nil && rec != nil && *surface {
			err = fmt.Errorf("%s holds a §7 record: drop --surface, or pin again with --surface", *check)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
			return exitError
		}
		if rec != nil {
			pinned = *rec
		}
	}
	if *surface || pinnedSurface != nil {
		o := surfaceRun{format: *format, from: *from, pin: *pin, name: *name, command: command,
			pinned: pinnedSurface, profile: profileOf(profileName)}
		if len(rest) > 0 {
			o.url = rest[0]
		}
		fset.Visit(func(f *flag.Flag) {
			if f.Name == "server-version" {
				o.version = ver
			}
		})
		return o.run(stdin, stdout, stderr)
	}
	var d *fingerprint.Definitions
	switch {
	case *from != "":
		in := scanInput{path: *from, stdin: *from == "-"}
		data, release, err := readInput(in, stdin, maxToolsSize)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
			return exitError
		}
		tools, err := savedTools(data)
		release()
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s: %s\n", visible(*from), describe(err))
			// Input that is not a tools list at all is a usage error; a
			// list §7 refuses is a finding about the server.
			if errors.Is(err, fingerprint.ErrInvalidJSON) || errors.Is(err, errMorePages) {
				return exitError
			}
			return exitFound
		}
		d = &fingerprint.Definitions{Server: fingerprint.Server{Name: *name}, Tools: tools}
		fset.Visit(func(f *flag.Flag) {
			if f.Name == "server-version" {
				d.Server.Version = ver
			}
		})
	case len(command) > 0:
		ctx, stop := probeContext()
		d, err = (&probe.Stdio{Command: command, Stderr: io.Discard}).Probe(ctx)
		stop()
	default:
		ctx, stop := probeContext()
		d, err = (&probe.HTTP{URL: rest[0], Client: cliGuard(guard.Policy{AllowLoopback: true}).Client()}).Probe(ctx)
		stop()
	}
	if errors.Is(err, fingerprint.ErrInvalidTool) || errors.Is(err, fingerprint.ErrDuplicateName) {
		// The server answered, with a tool list §7 refuses: the same
		// answer as for a saved one (--from), not "unreachable".
		fmt.Fprintf(stderr, "plainsight fingerprint: the server's tool list is refused: %s\n", describe(err))
		return exitFound
	}
	if err != nil {
		if *check != "" {
			writeCheck(stdout, *format, pinned, fingerprint.Check(pinned, nil, err), nil, profileOf(profileName))
		}
		fmt.Fprintf(stderr, "plainsight fingerprint: unreachable: %s\n", describe(err))
		return exitError
	}
	in, err := fingerprint.Input(d)
	if err == nil {
		err = fingerprint.SortTools(d.Tools)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
		return exitFound
	}
	fp, _ := fingerprint.Fingerprint(d)
	if *check != "" {
		res := fingerprint.Check(pinned, d, nil)
		if err := writeCheck(stdout, *format, pinned, res, d, profileOf(profileName)); err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: writing output: %s\n", describe(err))
			return exitError
		}
		if res.Status == fingerprint.Unchanged {
			return exitClean
		}
		return exitFound
	}
	if *pin != "" {
		rec, err := fingerprint.NewRecord(d)
		if err == nil {
			err = writeRecord(*pin, rec)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s\n", describe(err))
			return exitError
		}
	}
	if *format == "json" {
		// The input is written byte for byte as it was hashed.
		fmt.Fprintf(stdout, "{\"fingerprint\":%q,\"input\":%s,\"note\":%q}\n", fp, in, precall.IntegrityNote)
		return exitClean
	}
	if err := writeDefinitions(stdout, d, fp, profileOf(profileName)); err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: writing output: %s\n", describe(err))
		return exitError
	}
	return exitClean
}

func fingerprintArgs(format, from string, rest, command []string) error {
	if format != "text" && format != "json" {
		return fmt.Errorf("--format %q: want text or json", format)
	}
	n := 0
	for _, set := range []bool{from != "", len(command) > 0, len(rest) > 0} {
		if set {
			n++
		}
	}
	switch {
	case n != 1:
		return errors.New("give exactly one of a URL, --from FILE, or -- COMMAND [ARG...]")
	case len(rest) > 1:
		return errors.New("one URL at most")
	case len(rest) == 1 && !strings.HasPrefix(rest[0], "http://") && !strings.HasPrefix(rest[0], "https://"):
		return fmt.Errorf("%q is not an http or https URL", rest[0])
	}
	return nil
}

// errMorePages is a saved tools/list result that is one page of several.
var errMorePages = errors.New("the result is one page of several")

// savedTools reads a saved tools/list result: the result object (with its
// "tools"), a whole JSON-RPC response holding it, or a bare array of tools.
func savedTools(data []byte) ([]fingerprint.Tool, error) {
	trimmed := strings.TrimLeft(string(data), " \t\r\n")
	if strings.HasPrefix(trimmed, "[") {
		return fingerprint.ParseTools(data)
	}
	var envelope struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(data, &envelope) == nil && len(envelope.Result) > 0 {
		data = envelope.Result
	}
	tools, next, err := fingerprint.ParseListResult(data)
	if err == nil && next != "" {
		err = fmt.Errorf("%w (nextCursor %q): save every page's tools as one array", errMorePages, next)
	}
	return tools, err
}

// maxInstructions bounds the instructions shown, in codepoints.
const maxInstructions = 4000

// writeDefinitions prints the server, its instructions (shown, since the
// agent reads them), its tools (a line each, the description's first line
// cut short) and the fingerprint. Every field precall.ScannedFields names
// — the names, descriptions, input-schema keys and strings, the
// instructions: what precall and registry scan — is scanned in the
// profile p, and what a scan finds is shown beside the tool (or under
// the instructions): the fingerprint pins the definitions, the scan says
// what they hide. Text from the server is shown visibly.
func writeDefinitions(w io.Writer, d *fingerprint.Definitions, fp string, p scan.Profile) error {
	var b strings.Builder
	version := "(no version)"
	if d.Server.Version != nil {
		version = visible(*d.Server.Version)
	}
	fmt.Fprintf(&b, "server: %s %s\n", visible(d.Server.Name), version)
	byTool := map[string][]precall.ScannedField{}
	var instructions []precall.ScannedField
	precall.ScannedFields(d, func(f precall.ScannedField) bool {
		if f.Tool == nil {
			instructions = append(instructions, f)
		} else {
			byTool[*f.Tool] = append(byTool[*f.Tool], f)
		}
		return true
	})
	findings := 0
	if d.Instructions != "" {
		b.WriteString("instructions:\n")
		text, more := cutRunes(d.Instructions, maxInstructions)
		for _, line := range strings.Split(text, "\n") {
			fmt.Fprintf(&b, "  | %s\n", visible(strings.TrimSuffix(line, "\r")))
		}
		if more > 0 {
			fmt.Fprintf(&b, "  … %d more %s not shown\n", more, plural(more, "character", "characters"))
		}
		for _, f := range instructions {
			findings += writeTextFindings(&b, "  ", f.Text, p)
		}
	}
	fmt.Fprintf(&b, "tools: %d\n", len(d.Tools))
	for _, t := range d.Tools {
		desc, _, _ := strings.Cut(t.Description, "\n")
		desc, more := cutRunes(desc, 72)
		ell := ""
		if more > 0 || len(desc) < len(strings.TrimRight(t.Description, "\n")) {
			ell = "…"
		}
		fmt.Fprintf(&b, "  %s  %s%s\n", visible(t.Name), visible(desc), ell)
		for _, f := range byTool[t.Name] {
			findings += writeTextFindings(&b, "    "+fieldLabel(f), f.Text, p)
		}
	}
	fmt.Fprintf(&b, "fingerprint: %s\n", fp)
	if findings > 0 {
		fmt.Fprintf(&b, "%d %s in the names, descriptions, schemas and instructions. %s\n", findings, plural(findings, "finding", "findings"), scan.Note)
	}
	fmt.Fprintf(&b, "note: %s\n", precall.IntegrityNote)
	_, err := io.WriteString(w, b.String())
	return err
}

// fieldLabel is what a finding line of writeDefinitions names before the
// finding: nothing for a description, "name: " for a name, "inputSchema
// POINTER: " for a schema string and "inputSchema key POINTER: " for a
// schema key.
func fieldLabel(f precall.ScannedField) string {
	switch f.Field {
	case precall.FieldName:
		return "name: "
	case precall.FieldInputSchema:
		return "inputSchema " + visible(f.Path) + ": "
	case precall.FieldInputSchemaKey:
		return "inputSchema key " + visible(f.Path) + ": "
	}
	return ""
}

// writeTextFindings scans text from a server in the profile p (WTF-8: a
// lone surrogate is scanned as the unassigned codepoint §2 makes it) and
// writes a line per finding, indented; it returns how many findings
// there are.
func writeTextFindings(b *strings.Builder, indent, text string, p scan.Profile) int {
	if text == "" {
		return 0
	}
	res, err := scan.ScanWTF8(text, &scan.Options{OmitSanitized: true, Profile: p})
	if err != nil {
		return 0
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		fmt.Fprintf(b, "%s%s: %s\n", indent, findingLabel(f), f.Excerpt)
	}
	if res.Truncated {
		fmt.Fprintf(b, "%s%d findings in all; only the first %d are shown\n", indent, res.DeterministicCount+res.HeuristicCount, len(res.Findings))
	}
	return res.DeterministicCount + res.HeuristicCount
}

// cutRunes returns s cut to at most n codepoints, and how many were cut.
func cutRunes(s string, n int) (string, int) {
	count := 0
	for i := range s {
		if count == n {
			return s[:i], utf8.RuneCountInString(s[i:])
		}
		count++
	}
	return s, 0
}

// writeRecord writes rec to path in its JSON form (indented for people
// reading a diff of it), replacing the file whole or not at all.
func writeRecord(path string, rec fingerprint.Record) error {
	data, err := rec.MarshalJSON()
	if err != nil {
		return err
	}
	return writeRecordFile(path, data)
}

// checkOutput is the JSON form of an integrity check's answer.
type checkOutput struct {
	Status      fingerprint.Status    `json:"status"`
	Fingerprint string                `json:"fingerprint,omitempty"`
	Pinned      string                `json:"pinned_fingerprint"`
	PinnedVer   int                   `json:"pinned_version"`
	Diff        *fingerprint.Diff     `json:"diff,omitempty"`
	Analysis    *fingerprint.Analysis `json:"analysis,omitempty"`
	Error       string                `json:"error,omitempty"`
	Note        string                `json:"note"` // the §12 line, precall.IntegrityNote
}

// writeCheck writes the answer of --check: the status, and for a change
// the §7 diff and what Analyze adds (renames, changed instructions).
//
// fresh are the definitions probed (nil when unreachable): with unchanged
// tools, the server's instructions — which §7 does not hash, and the agent
// reads — may still have changed, and the answer says so. Text output
// then shows each change field by field (writeChanges): the old and new
// text, visible-rendered, and what a scan in profile p finds in the new.
func writeCheck(w io.Writer, format string, pinned fingerprint.Record, res fingerprint.Result, fresh *fingerprint.Definitions, p scan.Profile) error {
	out := checkOutput{Status: res.Status, Fingerprint: res.Fingerprint, Pinned: pinned.Fingerprint, PinnedVer: pinned.Version, Diff: res.Diff, Note: precall.IntegrityNote}
	if res.Err != nil {
		out.Error = res.Err.Error()
	}
	switch {
	case res.Status == fingerprint.Changed:
		if a, err := fingerprint.Analyze(&pinned.Definitions, &res.Record.Definitions); err == nil {
			out.Analysis = &a
		}
	case res.Status == fingerprint.Unchanged && fresh != nil:
		if a, err := fingerprint.Analyze(&pinned.Definitions, fresh); err == nil && (a.InstructionsChanged || a.ProtocolVersionChanged) {
			out.Analysis = &a
		}
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	var b strings.Builder
	switch res.Status {
	case fingerprint.Unchanged:
		fmt.Fprintf(&b, "unchanged: %s (pinned version %d)\n", res.Fingerprint, pinned.Version)
		if a := out.Analysis; a != nil && a.InstructionsChanged {
			fmt.Fprintf(&b, "  but the server's instructions changed (not part of the fingerprint)\n")
		}
	case fingerprint.Unreachable:
		fmt.Fprintf(&b, "unreachable: nothing is known of the current definitions (pinned %s)\n", pinned.Fingerprint)
	case fingerprint.Changed:
		fmt.Fprintf(&b, "changed: %s, pinned %s (version %d)\n", res.Fingerprint, pinned.Fingerprint, pinned.Version)
		if d := res.Diff; d != nil {
			for _, n := range d.ToolsAdded {
				fmt.Fprintf(&b, "  tool added: %s\n", visible(n))
			}
			for _, n := range d.ToolsRemoved {
				fmt.Fprintf(&b, "  tool removed: %s\n", visible(n))
			}
			for _, c := range d.ToolsChanged {
				fmt.Fprintf(&b, "  tool changed: %s (%s)\n", visible(c.Tool), strings.Join(c.Changes, ", "))
			}
			if d.ServerIdentityChanged {
				fmt.Fprintf(&b, "  server identity changed\n")
			}
		}
		if a := out.Analysis; a != nil {
			for _, r := range a.Renamed {
				fmt.Fprintf(&b, "  probably renamed: %s to %s\n", visible(r.From), visible(r.To))
			}
			if a.InstructionsChanged {
				fmt.Fprintf(&b, "  the server's instructions changed (not part of the fingerprint)\n")
			}
		}
	}
	if after := fresh; after != nil || res.Status == fingerprint.Changed {
		if after == nil {
			after = &res.Record.Definitions
		}
		writeDefinitionChanges(&b, &pinned.Definitions, after, p)
	}
	fmt.Fprintf(&b, "note: %s\n", out.Note)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDefinitionChanges writes what changed from before to after, field by
// field, under "what changed:" (nothing when nothing did).
func writeDefinitionChanges(b *strings.Builder, before, after *fingerprint.Definitions, p scan.Profile) {
	sb, err := surfaceOf(before)
	if err != nil {
		return
	}
	sa, err := surfaceOf(after)
	if err != nil {
		return
	}
	changes, err := fingerprint.CompareSurfaces(sb, sa)
	if err != nil || len(changes) == 0 {
		return
	}
	b.WriteString("  what changed:\n")
	if n := writeChanges(b, "    ", changes, sa, p); n > 0 {
		fmt.Fprintf(b, "  %d %s in the new text. %s\n", n, plural(n, "finding", "findings"), scan.Note)
	}
}

// probeContext is the context a probe runs under: ended by SIGINT or
// SIGTERM, so that a Ctrl-C (which reaches plainsight alone: a stdio
// server runs in a process group of its own) ends the probe, and with it
// the server's whole group, instead of killing plainsight and leaving the
// server running.
func probeContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
