package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"unsafe"

	"github.com/plainsight/plainsight/internal/located"
	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// maxInputSize bounds what one input may hold: the scan reads an input
// whole, so an unbounded one could exhaust memory.
const maxInputSize = 1 << 30

// bom is the UTF-8 encoding signature.
const bom = "\xEF\xBB\xBF"

// scanInput is one thing to scan: a file, or standard input.
type scanInput struct {
	path  string // as shown in the output; "-" for standard input
	stdin bool
}

func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("scan", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	context := fset.String("context", string(scan.Text), "the scan context: text or email_html")
	format := fset.String("format", "text", "the output format: text, json, jsonl, github or sarif")
	paths, err := parseInterleaved(fset, args)
	if err == nil {
		err = checkScanFlags(*context, *format)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight scan: %v (see plainsight help)\n", err)
		return exitError
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}

	if len(paths) > 1 && *format == "json" {
		fmt.Fprintln(stderr, "plainsight scan: --format json takes one input; use --format jsonl for several")
		return exitError
	}

	out := newScanWriter(*format, stdout)
	// The text format shows findings, never the sanitized copy: don't build
	// one (on a large file it is a copy of the file).
	opts := &scan.Options{Context: scan.Context(*context), OmitSanitized: *format != "json" && *format != "jsonl"}
	status := exitClean
	// note records an input's outcome in the exit status.
	note := func(found bool, err error) bool {
		var werr *writeError
		switch {
		case errors.As(err, &werr):
			fmt.Fprintf(stderr, "plainsight scan: %v\n", err)
			status = exitError
			return false
		case err != nil:
			fmt.Fprintf(stderr, "plainsight scan: %v\n", err)
			status = exitError
		case found && status == exitClean:
			status = exitFound
		}
		return true
	}
	for _, p := range paths {
		if p == "-" {
			if !note(scanOne(scanInput{path: "-", stdin: true}, stdin, opts, out)) {
				return exitError
			}
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			note(false, err)
			continue
		}
		if !info.IsDir() {
			if !note(scanOne(scanInput{path: p}, stdin, opts, out)) {
				return exitError
			}
			continue
		}
		if *format == "json" {
			fmt.Fprintf(stderr, "plainsight scan: %s is a directory: --format json takes one input; use --format jsonl\n", p)
			return exitError
		}
		// A directory: the walk of package skill's checks (internal/walk),
		// one file in memory at a time.
		var stop error
		_, err = walk.Walk(p, nil, func(f *walk.File) error {
			switch f.Kind {
			case walk.Text:
				found, err := scanData(scanInput{path: f.Path}, f.Data, opts, out, f.TooLarge)
				if !note(found || f.TooLarge, err) {
					stop = err
					return err
				}
			case walk.Unreadable:
				note(false, fmt.Errorf("%s: %w", f.Path, f.Err))
			default:
				if err := out.passedOver(f); err != nil {
					stop = &writeError{err}
					note(false, stop)
					return stop
				}
			}
			return nil
		})
		if stop != nil {
			return exitError
		}
		if err != nil {
			note(false, err)
		}
	}
	if err := out.finish(); err != nil {
		fmt.Fprintf(stderr, "plainsight scan: writing output: %v\n", err)
		return exitError
	}
	return status
}

// writeError is a failure to write the output, which ends the command.
type writeError struct{ err error }

func (e *writeError) Error() string { return "writing output: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

// scanOne reads, scans and reports one input, and says whether it holds a
// deterministic finding or ill-formed UTF-8.
func scanOne(in scanInput, stdin io.Reader, opts *scan.Options, out *scanWriter) (found bool, err error) {
	data, release, err := readInput(in, stdin)
	if err != nil {
		return false, err
	}
	defer release()
	return scanData(in, data, opts, out, false)
}

// scanData scans and reports one input's bytes.
func scanData(in scanInput, data []byte, opts *scan.Options, out *scanWriter, tooLarge bool) (found bool, err error) {
	// A mapped file that shrinks while it is read faults on the pages that
	// are gone; turn that into an error for this input, not a crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(interface{ Addr() uintptr }); !ok {
				panic(r)
			}
			found, err = false, fmt.Errorf("%s: the file changed while it was read", in.path)
		}
	}()
	res, err := scanFile(data, opts)
	if err != nil { // only an unknown context, which the flags exclude
		return false, err
	}
	if err := out.write(in.path, data, res, tooLarge); err != nil {
		return false, &writeError{err}
	}
	return res.DeterministicCount > 0 || len(res.InvalidUTF8) > 0, nil
}

func checkScanFlags(context, format string) error {
	switch scan.Context(context) {
	case scan.Text, scan.EmailHTML:
	default:
		return fmt.Errorf("--context %q: want text or email_html", context)
	}
	switch format {
	case "text", "json", "jsonl", "github", "sarif":
	default:
		return fmt.Errorf("--format %q: want text, json, jsonl, github or sarif", format)
	}
	return nil
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, which it returns. Everything after "--" is
// positional.
func parseInterleaved(fset *flag.FlagSet, args []string) ([]string, error) {
	var positional, literal []string
	for i, a := range args {
		if a == "--" {
			args, literal = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := fset.Parse(args); err != nil {
			return nil, err
		}
		args = fset.Args()
		if len(args) == 0 {
			return append(positional, literal...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// readInput returns an input's bytes, and a function to call when they are
// no longer used. A large regular file is mapped into memory rather than
// copied (where the platform allows), as a fast grep does.
func readInput(in scanInput, stdin io.Reader) (data []byte, release func(), err error) {
	release = func() {}
	var r io.Reader = stdin
	var buf bytes.Buffer
	if !in.stdin {
		f, err := os.Open(in.path)
		if err != nil {
			return nil, release, err
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			if info.Size() > maxInputSize {
				return nil, release, fmt.Errorf("%s: larger than %d bytes, the most one input may hold", in.path, maxInputSize)
			}
			if data, release, ok := mapFile(f, info.Size()); ok {
				return data, release, nil
			}
			buf.Grow(int(info.Size()) + bytes.MinRead) // one allocation
		}
		r = f
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, maxInputSize+1)); err != nil {
		return nil, release, fmt.Errorf("%s: %w", in.path, err)
	}
	if buf.Len() > maxInputSize {
		return nil, release, fmt.Errorf("%s: larger than %d bytes, the most one input may hold", in.path, maxInputSize)
	}
	return buf.Bytes(), release, nil
}

// scanFile scans a file's contents (see scan.ScanFile: a leading byte
// order mark is not text).
func scanFile(data []byte, opts *scan.Options) (*scan.Result, error) {
	return scan.ScanFile(bytesToString(data), opts)
}

// bytesToString returns b as a string without copying it. The caller must
// not change b afterwards: readInput's buffers and mappings are never
// written, and an input can be as large as maxInputSize, too large to copy
// for nothing.
func bytesToString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// scanWriter writes results in one of the formats.
type scanWriter struct {
	format string
	w      io.Writer
	color  bool
	enc    *json.Encoder

	inputs, flagged, findings int
	binaries, symlinks        int
	sarif                     skill.Report // the results of every input, for --format sarif
}

func newScanWriter(format string, w io.Writer) *scanWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &scanWriter{format: format, w: w, color: isTerminal(w), enc: enc}
}

// passedOver records a file the walk did not scan (binary, or a symbolic
// link): counted in the text summary, an info result in github and sarif.
func (o *scanWriter) passedOver(f *walk.File) error {
	if f.Kind == walk.Binary {
		o.binaries++
	} else {
		o.symlinks++
	}
	r := located.Walked(f)
	r.Results[0].File = f.Path
	switch o.format {
	case "github":
		return writeGitHub(o.w, []*skill.Report{{Results: skillResults(r.Results)}})
	case "sarif":
		o.sarif.Results = append(o.sarif.Results, skillResults(r.Results)...)
	}
	return nil
}

func (o *scanWriter) write(path string, data []byte, res *scan.Result, tooLarge bool) error {
	o.inputs++
	o.findings += res.DeterministicCount + res.HeuristicCount
	if res.Status != scan.Clean || len(res.InvalidUTF8) > 0 {
		o.flagged++
	}
	switch o.format {
	case "json":
		return o.enc.Encode(res)
	case "jsonl":
		return o.enc.Encode(struct {
			Path   string       `json:"path"`
			Result *scan.Result `json:"result"`
		}{path, res})
	case "github":
		return writeGitHub(o.w, []*skill.Report{{Results: skillResults(located.FromScan(path, data, res, tooLarge).Results)}})
	case "sarif":
		// One log for every input, written at the end.
		o.sarif.Results = append(o.sarif.Results, skillResults(located.FromScan(path, data, res, tooLarge).Results)...)
		return nil
	}
	return o.writeText(path, data, res, tooLarge)
}

// writeText prints one line per finding and per ill-formed sequence, in
// order of position.
func (o *scanWriter) writeText(path string, data []byte, res *scan.Result, tooLarge bool) error {
	type line struct {
		byteStart int
		text      string
	}
	var lines []line
	for _, f := range res.Findings {
		label := string(f.Class)
		if len(f.Codepoints) > 0 {
			label += " " + strings.Join(f.Codepoints, " ")
		}
		if f.Kind != 0 {
			label += " " + f.Kind.String()
		}
		if f.Reason != 0 {
			label += " (" + f.Reason.String() + ")"
		}
		if f.Class == scan.Base64Blob {
			label += base64Label(f)
		}
		color := red
		if f.Heuristic {
			// §5: a labelled guess, never a flag.
			if f.Pattern != "" {
				label += " " + string(f.Pattern)
			}
			if len(f.Scripts) > 0 {
				label += " " + strings.Join(f.Scripts, "+")
			}
			label += " (heuristic)"
			color = yellow
		}
		lines = append(lines, line{f.ByteStart, o.paint(label, color) + ": " + o.paintAnnotations(f.Excerpt)})
	}
	for _, s := range res.InvalidUTF8 {
		lines = append(lines, line{s.ByteStart, o.paint("invalid_utf8", red) + fmt.Sprintf(": % X read as U+FFFD", data[s.ByteStart:s.ByteEnd])})
	}
	// Findings and ill-formed sequences are each in order; merge them.
	slices.SortStableFunc(lines, func(a, b line) int { return a.byteStart - b.byteStart })
	pos := textpos.New(data)
	for _, l := range lines {
		ln, col := pos.At(l.byteStart)
		if _, err := fmt.Fprintf(o.w, "%s: %s\n", o.paint(fmt.Sprintf("%s:%d:%d", path, ln, col), bold), l.text); err != nil {
			return err
		}
	}
	if res.Truncated {
		if _, err := fmt.Fprintf(o.w, "%s: %d findings in all; only the first %d are shown\n",
			path, res.DeterministicCount+res.HeuristicCount, len(res.Findings)); err != nil {
			return err
		}
	}
	if tooLarge {
		ln, col := pos.At(len(data))
		_, err := fmt.Fprintf(o.w, "%s: %s: only the first %d bytes were checked; the rest could hide anything\n",
			o.paint(fmt.Sprintf("%s:%d:%d", path, ln, col), bold), o.paint(located.FileTooLarge, red), len(data))
		return err
	}
	return nil
}

// skillResults converts located results for the writers of skill's formats.
func skillResults(rs []located.Result) []skill.Result {
	out := make([]skill.Result, len(rs))
	for i, r := range rs {
		out[i] = skill.Result(r)
	}
	return out
}

// base64Label says what a blob decodes to, quoted and cut short, or that
// it is opaque.
func base64Label(f scan.Finding) string {
	if f.Opaque {
		return " (opaque)"
	}
	const most = 80
	dec := []rune(f.Decoded)
	more := ""
	if len(dec) > most {
		dec, more = dec[:most], "…"
	}
	label := fmt.Sprintf(" decodes to %q%s", string(dec), more)
	if n := len(f.DecodedFindings); n > 0 {
		label += fmt.Sprintf(" with %d findings inside", n)
	}
	return label
}

func (o *scanWriter) finish() error {
	if o.format == "sarif" {
		return writeSARIF(o.w, []*skill.Report{&o.sarif})
	}
	if o.format != "text" || o.inputs+o.binaries+o.symlinks == 0 {
		return nil
	}
	noun := "inputs"
	if o.inputs == 1 {
		noun = "input"
	}
	skipped := ""
	if o.binaries > 0 {
		skipped += fmt.Sprintf(", %d binary %s skipped", o.binaries, plural(o.binaries, "file", "files"))
	}
	if o.symlinks > 0 {
		skipped += fmt.Sprintf(", %d symbolic %s not followed", o.symlinks, plural(o.symlinks, "link", "links"))
	}
	_, err := fmt.Fprintf(o.w, "%d %s scanned, %d with findings, %d findings%s. %s\n",
		o.inputs, noun, o.flagged, o.findings, skipped, scan.Note)
	return err
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
