package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"unsafe"

	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// The most bytes one input may hold, by command: the scan reads an input
// whole, so an unbounded one could exhaust memory; a binding and a tools
// list have bounds of their own, far smaller, and are refused as soon as
// they pass them. Variables, so that tests can scale them down.
var (
	// maxInputSize bounds an input of scan.
	maxInputSize int64 = 1 << 30
	// maxBindingSize bounds a binding of intent: ten times the largest
	// canonical form the reference accepts (100 KiB), for whitespace.
	maxBindingSize int64 = 1 << 20
	// maxToolsSize bounds a saved tools list of fingerprint --from: what a
	// probe accepts of a live server's response.
	maxToolsSize int64 = probe.DefaultMaxBody
)

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
	context := fset.String("context", string(scan.Text), "the scan context: text, email_html or email")
	profileName := fset.String("profile", "strict", "the scan profile: spec or strict")
	format := fset.String("format", "text", "the output format: text, json, jsonl, github or sarif")
	ff := filterFlags(fset)
	paths, err := parseInterleaved(fset, args)
	if err == nil {
		err = checkScanFlags(*context, *format)
	}
	var profile scan.Profile
	if err == nil {
		profile, err = parseProfileFlag(*profileName)
	}
	var filt *filter
	if err == nil {
		filt, err = ff.filter()
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "scan", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight scan: %s (see plainsight help)\n", describe(err))
		return exitError
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	if len(paths) > 1 && *format == "json" {
		fmt.Fprintln(stderr, "plainsight scan: --format json takes one input; use --format jsonl for several")
		return exitError
	}

	sc := &scanner{
		out:  newWriter("scan", *format, stdout, false),
		filt: filt,
		// The text format shows findings, never the sanitized copy: don't
		// build one (on a large file it is a copy of the file).
		// Nor the whole decoded text of a blob: it shows a prefix.
		opts:      &scan.Options{Context: scan.Context(*context), OmitSanitized: *format != "json" && *format != "jsonl", Profile: profile, MaxDecoded: shownDecoded(*format)},
		stderr:    stderr,
		status:    exitClean,
		wholeJSON: *format == "json",
	}
	for _, p := range paths {
		if p == "-" {
			if !sc.note(sc.one(scanInput{path: "-", stdin: true}, stdin)) {
				return exitError
			}
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			sc.note(false, err)
			continue
		}
		if !info.IsDir() {
			if !sc.note(sc.one(scanInput{path: p}, stdin)) {
				return exitError
			}
			continue
		}
		if *format == "json" {
			fmt.Fprintf(stderr, "plainsight scan: %s is a directory: --format json takes one input; use --format jsonl\n", p)
			return exitError
		}
		if !sc.dir(p) {
			return exitError
		}
	}
	if err := finish(sc.out, &sc.tally); err != nil {
		fmt.Fprintf(stderr, "plainsight scan: writing output: %s\n", describe(err))
		return exitError
	}
	return sc.status
}

// scanner is one run of plainsight scan.
type scanner struct {
	out    writer
	filt   *filter
	opts   *scan.Options
	stderr io.Writer
	status int
	tally  tally
	// wholeJSON is --format json: the one input's scan result, binary
	// or not.
	wholeJSON bool
}

// note records an input's outcome in the exit status, and reports
// whether the run goes on (not after a failure to write the output).
func (sc *scanner) note(found bool, err error) bool {
	var werr *writeError
	switch {
	case errors.As(err, &werr):
		fmt.Fprintf(sc.stderr, "plainsight scan: %s\n", describe(err))
		sc.status = exitError
		return false
	case err != nil:
		fmt.Fprintf(sc.stderr, "plainsight scan: %s\n", describe(err))
		sc.status = exitError
	case found && sc.status == exitClean:
		sc.status = exitFound
	}
	return true
}

// dir walks a directory: the walk of package skill's checks
// (internal/walk), one file in memory at a time.
func (sc *scanner) dir(p string) bool {
	var stop error
	entries := 0
	st, err := walk.Walk(p, &walk.Options{Ignore: func(rel string, dir bool) bool { return sc.filt.ignored(p, rel, dir) }},
		func(f *walk.File) error {
			entries++
			switch f.Kind {
			case walk.Text:
				found, err := sc.data(scanInput{path: f.Path}, f.Data, f.TooLarge)
				if !sc.note(found, err) {
					stop = err
					return err
				}
			case walk.Unreadable:
				sc.note(false, fmt.Errorf("%s: %w", f.Path, f.Err))
			default:
				if err := sc.passedOver(f); err != nil {
					stop = &writeError{err}
					sc.note(false, stop)
					return stop
				}
			}
			return nil
		})
	sc.tally.ignored += st.Ignored
	if err == nil && entries == 0 && st.Ignored == 0 {
		sc.tally.empty = append(sc.tally.empty, p)
	}
	if stop != nil {
		return false
	}
	if err != nil {
		sc.note(false, err)
	}
	return true
}

// passedOver records a file the walk did not scan (binary, or a symbolic
// link): counted in the text summary, an info result in github and sarif.
func (sc *scanner) passedOver(f *walk.File) error {
	r := skill.Walked(f)
	if !sc.filt.Wants(r.Results[0].Class) {
		return nil
	}
	if f.Kind == walk.Binary {
		sc.tally.binaries++
	} else {
		sc.tally.symlinks++
	}
	r.File, r.Results[0].File = f.Path, f.Path
	return sc.out.File(&report.File{Path: f.Path, Results: skillResults(r.Results), Omitted: r.Omitted()})
}

// writeError is a failure to write the output, which ends the command.
type writeError struct{ err error }

func (e *writeError) Error() string { return "writing output: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

// one reads, scans and reports one input, and says whether it holds a
// deterministic finding or ill-formed UTF-8.
func (sc *scanner) one(in scanInput, stdin io.Reader) (found bool, err error) {
	data, release, err := readInput(in, stdin, maxInputSize)
	if err != nil {
		return false, err
	}
	defer release()
	if !in.stdin && !sc.wholeJSON && bytes.IndexByte(data[:min(len(data), walk.SniffLen)], 0) >= 0 {
		// A binary file named on the command line is passed over as the
		// walk of a directory passes it over (issue 31, item 5): one line,
		// not a finding per stray byte. --format json, one input's scan
		// result by contract, still scans it.
		if tw, ok := sc.out.(*textWriter); ok {
			if _, err := fmt.Fprintf(tw.w, "%s: binary file (a NUL byte in its first %d KiB): skipped\n", visible(in.path), walk.SniffLen>>10); err != nil {
				return false, &writeError{err}
			}
		}
		if err := sc.passedOver(&walk.File{Path: in.path, Rel: in.path, Kind: walk.Binary}); err != nil {
			return false, &writeError{err}
		}
		return false, nil
	}
	return sc.data(in, data, false)
}

// data scans and reports one input's bytes.
func (sc *scanner) data(in scanInput, data []byte, tooLarge bool) (found bool, err error) {
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
	opts := sc.opts
	if f := scan.FormatOf(in.path); f != opts.Format {
		// The file's format, by its name (scan.FormatOf): source code
		// reads its \u escapes and string literals as visible text.
		o := *opts
		o.Format = f
		opts = &o
	}
	if jw, ok := sc.out.(*report.JSONWriter); ok && !sc.filt.Active() {
		// Scanned and written in one go: the sanitized copy is written as
		// it is made, never held whole (scan.EncodeFile).
		defer limitHeap(len(data), true)()
		res, err := jw.Encode(in.path, bytesToString(data), opts)
		if err != nil {
			return false, &writeError{err}
		}
		sc.count(res, res.InvalidUTF8Count, 0)
		return res.DeterministicCount > 0 || res.InvalidUTF8Count > 0 || tooLarge, nil
	}
	restore := limitHeap(len(data), false)
	res, err := scanFile(data, opts)
	restore()
	if err != nil { // an unknown context, which the flags exclude, or a malformed e-mail
		return false, fmt.Errorf("%s: %w", in.path, err)
	}
	f := &report.File{Path: in.path, Data: data, Scan: res, TooLarge: tooLarge, Justification: sc.filt.justification()}
	f.SuppressedFindings, f.SuppressedInvalid = sc.filt.Scan(in.path, res)
	if tooLarge && !sc.filt.Wants(skill.FileTooLarge) {
		f.TooLarge = false
	}
	invalid := len(res.InvalidUTF8)
	if !sc.filt.Active() {
		invalid = res.InvalidUTF8Count // the exact count, beyond the cap
	}
	sc.count(res, invalid, len(f.SuppressedFindings)+len(f.SuppressedInvalid))
	if err := sc.out.File(f); err != nil {
		return false, &writeError{err}
	}
	if f.TooLarge {
		sc.tally.tooLarge = append(sc.tally.tooLarge, in.path)
	}
	return res.DeterministicCount > 0 || invalid > 0 || f.TooLarge, nil
}

// count adds an input's outcome to the run's tally.
func (sc *scanner) count(res *scan.Result, invalid, suppressed int) {
	t := &sc.tally
	t.inputs++
	t.findings += res.DeterministicCount + res.HeuristicCount
	t.invalid += invalid
	t.suppressed += suppressed
	if res.Status != scan.Clean || invalid > 0 {
		t.flagged++
	}
}

func checkScanFlags(context, format string) error {
	switch scan.Context(context) {
	case scan.Text, scan.EmailHTML, scan.ContextEmail:
	default:
		return fmt.Errorf("--context %q: want text, email_html or email", context)
	}
	switch format {
	case "text", "json", "jsonl", "github", "sarif":
	default:
		return fmt.Errorf("--format %q: want text, json, jsonl, github or sarif", format)
	}
	return nil
}

// parseProfileFlag reads --profile.
func parseProfileFlag(name string) (scan.Profile, error) {
	p, err := scan.ParseProfile(name)
	if err != nil {
		return 0, fmt.Errorf("--profile %q: want spec or strict", name)
	}
	return p, nil
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

// readInput returns an input's bytes, at most limit of them, and a
// function to call when they are no longer used.
//
// A regular file — named, or standard input redirected from one — larger
// than limit is refused before a byte of it is read. A large one is mapped
// into memory rather than copied (where the platform allows), as a fast
// grep does; a small one is read into a buffer of its size, with one byte
// more to tell whether it grew since: a file that grows while it is read
// is read on through the limit, one that shrinks gives what it still holds.
// Anything else (a pipe, a terminal, a device) is read through the limit,
// stopping one byte past it: into space reserved for limit+1 bytes and
// taken as they arrive (readReserved), else into chunks joined at the end
// (readLimited) — never a buffer grown by doubling.
func readInput(in scanInput, stdin io.Reader, limit int64) (data []byte, release func(), err error) {
	r := stdin
	if !in.stdin {
		f, err := os.Open(in.path)
		if err != nil {
			return nil, func() {}, err
		}
		defer f.Close()
		r = f
	}
	data, release, err = readFrom(r, limit)
	if err != nil {
		return nil, func() {}, fmt.Errorf("%s: %w", visible(in.path), err)
	}
	return data, release, nil
}

// readFrom reads r as readInput does.
func readFrom(r io.Reader, limit int64) (data []byte, release func(), err error) {
	none := func() {}
	if f, ok := r.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			// Standard input may have been read from already: what is left
			// is from the offset on.
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off <= info.Size() {
				size := info.Size() - off
				if size > limit {
					return nil, none, fmt.Errorf("%w (%d bytes; it holds %d)", errTooLarge, limit, size)
				}
				if off == 0 {
					if data, release, ok := mapFile(f, size); ok {
						// Read to its end, as a read would have left it.
						f.Seek(size, io.SeekStart)
						return data, release, nil
					}
				}
				data, err := readSized(f, size, limit)
				return data, none, err
			}
		}
		if data, release, ok, err := readReserved(f, limit); ok {
			if err != nil {
				return nil, none, err
			}
			return data, release, nil
		}
	}
	data, err = readLimited(r, limit)
	return data, none, err
}

// errTooLarge is an input past its limit.
var errTooLarge = errors.New("larger than the most this input may hold")

// tooLarge is the error of an input past limit.
func tooLarge(limit int64) error {
	return fmt.Errorf("%w (%d bytes)", errTooLarge, limit)
}

// readSized reads a file that held size bytes when it was opened, size
// being at most limit: into a buffer of size+1 bytes, the last of which is
// read only when the file grew since. A file that grew is read on, through
// the limit; one that shrank gives what it still holds.
func readSized(r io.Reader, size, limit int64) ([]byte, error) {
	buf := make([]byte, size+1)
	n, err := io.ReadFull(r, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return buf[:n], nil
	}
	if err != nil {
		return nil, err
	}
	if size+1 > limit {
		return nil, tooLarge(limit)
	}
	rest, err := readLimited(r, limit-size-1)
	if err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, tooLarge(limit)
		}
		return nil, err
	}
	return append(buf, rest...), nil
}

// readLimited reads r to its end, refusing more than limit bytes: it reads
// at most limit+1 bytes, into chunks that grow as the input does, and
// joins them once the end is reached — never the doubling buffer that
// would cost up to four times the limit before refusing.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var chunks [][]byte
	var total int64
	size := int64(64 << 10)
	for {
		chunk := make([]byte, min(size, limit+1-total))
		n, err := io.ReadFull(r, chunk)
		total += int64(n)
		if n > 0 {
			chunks = append(chunks, chunk[:n])
		}
		if total > limit {
			return nil, tooLarge(limit)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, 64<<20)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	data := make([]byte, 0, total)
	for i := range chunks {
		data = append(data, chunks[i]...)
		chunks[i] = nil
	}
	return data, nil
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

// limitHeap sets a lower collector target (debug.SetGCPercent) for
// scanning an input of n bytes, and for JSON (json true) a soft memory
// limit (debug.SetMemoryLimit) as well, and returns what restores the two
// it replaced.
//
// For the formats that do not hold the sanitized copy, the target is
// textGCPercent: what the scan holds is small (a few MiB) and the
// collector's default target lets the heap grow to twice that, which with
// the input mapped beside it and the command's own pages (some 15 MiB of
// code and tables) took 100 MB of real prose or HTML past the 1.3 times
// the file that --format text keeps to (1.31–1.34 times, now 1.28–1.29).
//
// For JSON, the limit is the memory the runtime holds now (what the limit counts),
// plus 1.75 times the input, plus 4 MiB. The scan of a text made of markup
// constructs holds 24 bytes for each (one every 16 bytes of elements
// hidden by a class: 1.5 times the text) while the HTML tokenizer, reading
// the text again, makes garbage; the collector's default pacing lets the
// heap grow to twice what it holds, which with the input mapped beside it
// is 4 times the input, over the 3× that --format json keeps to
// (docs/bounds.md). Under the limit the collector runs more often instead.
//
// The target, jsonGCPercent, is for what the limit leaves: a text whose
// sanitized copy is built whole (one with hidden markup to cut, as most
// HTML) holds a copy of itself while §3's tokenizer makes garbage, and the
// default target let that garbage grow up to the limit (100 MB of HTML:
// peak RSS 2.76 times the file, over the 2.5× of issue 19; now 2.4).
// Most of what such a scan holds is bytes without pointers, which the
// collector does not read: running it more often costs little.
//
// An input under minLimited is left alone: the 64 MiB that the bound
// allows beyond its 3× hold it. A lower limit or target already set
// (GOMEMLIMIT, GOGC) stays, and so does a collector turned off (GOGC=off); while two scans run side by side in one
// process (tests calling run), neither is limited.
func limitHeap(n int, json bool) (restore func()) {
	if n < minLimited {
		return func() {}
	}
	percent := textGCPercent
	if json {
		percent = jsonGCPercent
	}
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(sample)
	held := int64(0)
	if sample[0].Value.Kind() == metrics.KindUint64 && sample[1].Value.Kind() == metrics.KindUint64 {
		held = int64(sample[0].Value.Uint64() - sample[1].Value.Uint64())
	}
	limit := held + int64(n)/4*7 + 4<<20
	if !json {
		limit = math.MaxInt64
	}
	heapLimit.Lock()
	defer heapLimit.Unlock()
	heapLimit.active++
	switch heapLimit.active {
	case 1:
		heapLimit.prev = debug.SetMemoryLimit(-1)
		if limit < heapLimit.prev {
			debug.SetMemoryLimit(limit)
		}
		heapLimit.prevPercent = debug.SetGCPercent(percent)
		if heapLimit.prevPercent < 0 || heapLimit.prevPercent <= percent {
			debug.SetGCPercent(heapLimit.prevPercent)
		}
	case 2:
		debug.SetMemoryLimit(heapLimit.prev)
		debug.SetGCPercent(heapLimit.prevPercent)
	}
	return func() {
		heapLimit.Lock()
		defer heapLimit.Unlock()
		if heapLimit.active--; heapLimit.active == 0 {
			debug.SetMemoryLimit(heapLimit.prev)
			debug.SetGCPercent(heapLimit.prevPercent)
		}
	}
}

// The collector's targets while limitHeap holds, for JSON and for the
// other formats: a new cycle when the heap has grown by this percentage of
// what it held after the last (GOGC; the default is 100).
const (
	jsonGCPercent = 12
	textGCPercent = 25
)

// minLimited is the least input that limitHeap limits the heap for.
const minLimited = 8 << 20

// heapLimit is the state of limitHeap: how many scans run under it, and
// the limit and target before the first.
var heapLimit struct {
	sync.Mutex
	active      int
	prev        int64
	prevPercent int
}

// shownDecoded is the Options.MaxDecoded of a scan in format: the JSON
// formats carry a blob's whole decoded text (§4); the others show its first
// few dozen codepoints, so the scan keeps a prefix of 4 KiB.
func shownDecoded(format string) int {
	if format == "json" || format == "jsonl" {
		return 0
	}
	return 4 << 10
}
