package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"unsafe"

	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// maxInputSize bounds what one input may hold: the scan reads an input
// whole, so an unbounded one could exhaust memory.
const maxInputSize = 1 << 30

// bom is the UTF-8 encoding signature.
const bom = "\xEF\xBB\xBF"

// skipDirs are version-control directories that a directory walk skips:
// their contents are the tool's storage, not text anyone reads.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

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

	var inputs []scanInput
	status := exitClean
	for _, p := range paths {
		in, err := expand(p)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight scan: %v\n", err)
			status = exitError
			continue
		}
		inputs = append(inputs, in...)
		if len(paths) == 1 && len(in) != 1 && *format == "json" {
			fmt.Fprintf(stderr, "plainsight scan: %s is a directory: --format json takes one input; use --format jsonl\n", p)
			return exitError
		}
	}
	if len(paths) > 1 && *format == "json" {
		fmt.Fprintln(stderr, "plainsight scan: --format json takes one input; use --format jsonl for several")
		return exitError
	}

	out := newScanWriter(*format, stdout)
	// The text format shows findings, never the sanitized copy: don't build
	// one (on a large file it is a copy of the file).
	opts := &scan.Options{Context: scan.Context(*context), OmitSanitized: *format != "json" && *format != "jsonl"}
	for _, in := range inputs {
		found, err := scanOne(in, stdin, opts, out)
		var werr *writeError
		switch {
		case errors.As(err, &werr):
			fmt.Fprintf(stderr, "plainsight scan: %v\n", err)
			return exitError
		case err != nil:
			fmt.Fprintf(stderr, "plainsight scan: %v\n", err)
			status = exitError
		case found && status == exitClean:
			status = exitFound
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
	return scanData(in, data, opts, out)
}

// scanData scans and reports one input's bytes.
func scanData(in scanInput, data []byte, opts *scan.Options, out *scanWriter) (found bool, err error) {
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
	if out.format == "json" || out.format == "jsonl" {
		// Scanned and written in one go: the sanitized copy is written as
		// it is made, never held whole.
		res, err := out.encode(in.path, data, opts)
		if err != nil {
			return false, &writeError{err}
		}
		return res.DeterministicCount > 0 || len(res.InvalidUTF8) > 0, nil
	}
	res, err := scanFile(data, opts)
	if err != nil { // only an unknown context, which the flags exclude
		return false, err
	}
	if err := out.write(in.path, data, res); err != nil {
		return false, &writeError{err}
	}
	return res.DeterministicCount > 0 || len(res.InvalidUTF8) > 0, nil
}

// encode scans a file's contents and writes the result in the json or
// jsonl format, as write would, through scan.EncodeFile.
func (o *scanWriter) encode(path string, data []byte, opts *scan.Options) (*scan.Result, error) {
	if o.format == "jsonl" {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(path); err != nil {
			return nil, err
		}
		if _, err := fmt.Fprintf(o.w, `{"path":%s,"result":`, bytes.TrimSuffix(b.Bytes(), []byte("\n"))); err != nil {
			return nil, err
		}
	}
	res, err := scan.EncodeFile(o.w, bytesToString(data), opts)
	if err != nil {
		return nil, err
	}
	end := "\n"
	if o.format == "jsonl" {
		end = "}\n"
	}
	if _, err := io.WriteString(o.w, end); err != nil {
		return nil, err
	}
	o.inputs++
	o.findings += res.DeterministicCount + res.HeuristicCount
	if res.Status != scan.Clean || len(res.InvalidUTF8) > 0 {
		o.flagged++
	}
	return res, nil
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

// expand turns a path argument into the inputs it names: itself, or for a
// directory, every regular file below it in lexical order. Symbolic links
// met in the walk are not followed.
func expand(p string) ([]scanInput, error) {
	if p == "-" {
		return []scanInput{{path: "-", stdin: true}}, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []scanInput{{path: p}}, nil
	}
	// A directory named through a symbolic link is walked: the link named is
	// followed (a trailing separator makes the walk start inside it), the
	// links met in the walk are not.
	root := p
	if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		root = p + string(filepath.Separator)
	}
	var in []scanInput
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && skipDirs[d.Name()] {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			in = append(in, scanInput{path: path})
		}
		return nil
	})
	return in, err
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
	sarif                     skill.Report // the results of every input, for --format sarif
}

func newScanWriter(format string, w io.Writer) *scanWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &scanWriter{format: format, w: w, color: isTerminal(w), enc: enc}
}

func (o *scanWriter) write(path string, data []byte, res *scan.Result) error {
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
		return writeGitHub(o.w, []*skill.Report{{Results: skill.FileResults(path, data, res)}})
	case "sarif":
		// One log for every input, written at the end.
		o.sarif.Results = append(o.sarif.Results, skill.FileResults(path, data, res)...)
		return nil
	}
	return o.writeText(path, data, res)
}

// writeText prints one line per finding and per ill-formed sequence, in
// order of position.
func (o *scanWriter) writeText(path string, data []byte, res *scan.Result) error {
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
		_, err := fmt.Fprintf(o.w, "%s: %d findings in all; only the first %d are shown\n",
			path, res.DeterministicCount+res.HeuristicCount, len(res.Findings))
		return err
	}
	return nil
}

// base64Label says what a blob decodes to, quoted and cut short, or that
// it is opaque.
func base64Label(f scan.Finding) string {
	if f.Opaque {
		return " (opaque)"
	}
	const most = 80
	var dec []rune // the first most codepoints, not a copy of a decoded text of any size
	more := ""
	for _, r := range f.Decoded {
		if len(dec) == most {
			more = "…"
			break
		}
		dec = append(dec, r)
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
	if o.format != "text" || o.inputs == 0 {
		return nil
	}
	noun := "inputs"
	if o.inputs == 1 {
		noun = "input"
	}
	_, err := fmt.Fprintf(o.w, "%d %s scanned, %d with findings, %d findings. %s\n",
		o.inputs, noun, o.flagged, o.findings, scan.Note)
	return err
}
