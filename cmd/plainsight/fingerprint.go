package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/probe"
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
	rest, err := parseInterleaved(fset, args)
	if err == nil {
		err = fingerprintArgs(*format, *from, rest, command)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight fingerprint: %v (see plainsight help)\n", err)
		return exitError
	}
	var d *fingerprint.Definitions
	switch {
	case *from != "":
		in := scanInput{path: *from, stdin: *from == "-"}
		data, release, err := readInput(in, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %v\n", err)
			return exitError
		}
		tools, err := savedTools(data)
		release()
		if err != nil {
			fmt.Fprintf(stderr, "plainsight fingerprint: %s: %v\n", *from, err)
			return exitFound
		}
		d = &fingerprint.Definitions{Server: fingerprint.Server{Name: *name}, Tools: tools}
		fset.Visit(func(f *flag.Flag) {
			if f.Name == "server-version" {
				d.Server.Version = ver
			}
		})
	case len(command) > 0:
		d, err = (&probe.Stdio{Command: command, Stderr: io.Discard}).Probe(context.Background())
	default:
		d, err = (&probe.HTTP{URL: rest[0], Client: cliGuard().Client()}).Probe(context.Background())
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: unreachable: %v\n", err)
		return exitError
	}
	in, err := fingerprint.Input(d)
	if err == nil {
		err = fingerprint.SortTools(d.Tools)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight fingerprint: %v\n", err)
		return exitFound
	}
	fp, _ := fingerprint.Fingerprint(d)
	if *format == "json" {
		// The input is written byte for byte as it was hashed.
		fmt.Fprintf(stdout, "{\"fingerprint\":%q,\"input\":%s}\n", fp, in)
		return exitClean
	}
	writeDefinitions(stdout, d, fp)
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
		err = fmt.Errorf("the result has a nextCursor (%q): save every page's tools as one array", next)
	}
	return tools, err
}

// writeDefinitions prints the server, its tools (a line each, the
// description's first line cut short) and the fingerprint.
func writeDefinitions(w io.Writer, d *fingerprint.Definitions, fp string) {
	version := "(no version)"
	if d.Server.Version != nil {
		version = *d.Server.Version
	}
	fmt.Fprintf(w, "server: %s %s\n", printable(d.Server.Name), printable(version))
	fmt.Fprintf(w, "tools: %d\n", len(d.Tools))
	for _, t := range d.Tools {
		desc, _, _ := strings.Cut(t.Description, "\n")
		if r := []rune(desc); len(r) > 72 {
			desc = string(r[:72]) + "…"
		}
		fmt.Fprintf(w, "  %s  %s\n", printable(t.Name), printable(desc))
	}
	fmt.Fprintf(w, "fingerprint: %s\n", fp)
}

// printable quotes s when it holds anything a terminal would not show as
// itself (controls, ill-formed UTF-8, lone surrogates).
func printable(s string) string {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0) }) {
		return fmt.Sprintf("%+q", s)
	}
	return s
}
