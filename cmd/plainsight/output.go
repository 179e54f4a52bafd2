package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// fileOut is one file's (or input's) outcome, as every writer takes it.
type fileOut struct {
	// dir is the skill package the file is in ("" for scan); path the
	// file: relative to dir with forward slashes in a package, else as
	// given on the command line or found by the walk.
	dir, path string
	// data is what was scanned (nil for a file passed over).
	data []byte
	// res is scan's result, after --only, --skip and the baseline; nil
	// for skill's files and files passed over.
	res *scan.Result
	// suppressed are the findings and ill-formed sequences the baseline
	// matched (scan only: skill's are suppressedResults).
	suppressed    []scan.Finding
	suppressedInv []scan.InvalidSequence
	tooLarge      bool

	results           *skill.FileResults // computed on first use for scan
	suppressedResults []skill.Result
}

// shown is a result's file as seen from where the command runs.
func shown(dir, file string) string {
	if dir == "" {
		return file
	}
	return filepath.Join(dir, filepath.FromSlash(file))
}

// located returns the file's located results, and those suppressed.
func (f *fileOut) located() (*skill.FileResults, []skill.Result) {
	if f.results == nil && f.res != nil {
		f.results = skill.FromScan(f.path, f.data, locatedInMessage(f.res), f.tooLarge)
		if len(f.suppressed)+len(f.suppressedInv) > 0 {
			s := skill.FromScan(f.path, f.data, &scan.Result{Findings: f.suppressed, InvalidUTF8: f.suppressedInv}, false)
			f.suppressedResults = s.Results
		}
	}
	if f.results == nil {
		f.results = &skill.FileResults{File: f.path}
	}
	return f.results, f.suppressedResults
}

// pkgOut ends a skill package.
type pkgOut struct {
	dir               string
	errors, warnings  int
	suppressed, files int
	binaries          int
}

// tally counts a run, for the summary and what was cut.
type tally struct {
	inputs, flagged, findings int
	empty                     []string // directories that held no file
	invalid                   int      // ill-formed UTF-8 sequences
	binaries, symlinks        int
	suppressed, ignored       int
}

// writer writes the results of a run in one format. Each format is one
// type, chosen once from --format.
type writer interface {
	// file writes one file's results.
	file(f *fileOut) error
	// endPackage ends a skill package (skill only).
	endPackage(p *pkgOut) error
	// finish ends the output.
	finish(t *tally) error
}

// newWriter returns the writer of a format for a command ("scan" or
// "skill"); several reports whether skill checks more than one package.
func newWriter(cmd, format string, w io.Writer, several bool) writer {
	switch format {
	case "json":
		if cmd == "skill" {
			return &skillJSONWriter{w: w, several: several}
		}
		return &jsonWriter{w: w}
	case "jsonl":
		return &jsonWriter{w: w, lines: true}
	case "github":
		return &githubWriter{w: w}
	case "sarif":
		return newSARIFWriter(w)
	}
	return &textWriter{w: w, color: isTerminal(w), cmd: cmd}
}

// textWriter is the text format, for people.
type textWriter struct {
	w     io.Writer
	color bool
	cmd   string
}

func (o *textWriter) paint(s, style string) string {
	if !o.color {
		return s
	}
	return style + s + reset
}

// paintAnnotations highlights each ⟨U+XXXX NAME⟩ of an excerpt.
func (o *textWriter) paintAnnotations(excerpt string) string {
	if !o.color {
		return excerpt
	}
	return strings.NewReplacer("⟨", cyan+"⟨", "⟩", "⟩"+reset).Replace(excerpt)
}

func (o *textWriter) file(f *fileOut) error {
	if f.res != nil {
		return o.scanFile(f)
	}
	if o.cmd == "scan" {
		return nil // a file passed over: counted in the summary
	}
	r, _ := f.located()
	var b strings.Builder
	for _, res := range r.Results {
		fmt.Fprintf(&b, "%s: %s: %s: %s\n", o.paint(fmt.Sprintf("%s:%d:%d", visible(shown(f.dir, res.File)), res.Line, res.Column), bold),
			res.Level, res.Class, res.Message)
	}
	if n := r.Omitted(); n > 0 {
		fmt.Fprintf(&b, "%s: %d more %s not shown (at most %d a file)\n", visible(shown(f.dir, r.File)), n, plural(n, "result", "results"), skill.MaxPerFile)
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

// scanFile prints one line per finding and per ill-formed sequence, in
// order of position.
func (o *textWriter) scanFile(f *fileOut) error {
	res, data, path := locatedInMessage(f.res), f.data, visible(f.path)
	type line struct {
		byteStart int
		text      string
	}
	var lines []line
	for _, f := range res.Findings {
		label := findingLabel(&f)
		color := red
		if f.Heuristic {
			color = yellow
		}
		lines = append(lines, line{f.ByteStart, o.paint(label, color) + ": " + o.paintAnnotations(f.Excerpt)})
	}
	for _, s := range res.InvalidUTF8 {
		lines = append(lines, line{s.ByteStart, o.paint(skill.InvalidUTF8, red) + fmt.Sprintf(": % X read as U+FFFD", data[s.ByteStart:s.ByteEnd])})
	}
	// Findings and ill-formed sequences are each in order; merge them.
	slices.SortStableFunc(lines, func(a, b line) int { return a.byteStart - b.byteStart })
	pos := textpos.New(data)
	var b strings.Builder
	for _, l := range lines {
		ln, col := pos.At(l.byteStart)
		fmt.Fprintf(&b, "%s: %s\n", o.paint(fmt.Sprintf("%s:%d:%d", path, ln, col), bold), l.text)
	}
	// The scan caps findings and ill-formed sequences each; say of each
	// what was cut, with its exact count.
	if n := res.DeterministicCount + res.HeuristicCount; n > len(res.Findings) {
		fmt.Fprintf(&b, "%s: %d findings in all; only the first %d are shown\n", path, n, len(res.Findings))
	}
	if res.Truncated && len(res.InvalidUTF8) > 0 && len(f.suppressedInv) == 0 {
		if n := skill.CountInvalid(data); n > len(res.InvalidUTF8) {
			fmt.Fprintf(&b, "%s: %d ill-formed UTF-8 sequences in all; only the first %d are shown\n", path, n, len(res.InvalidUTF8))
		}
	}
	if f.tooLarge {
		ln, col := pos.At(len(data))
		fmt.Fprintf(&b, "%s: %s: only the first %d bytes were checked; the rest could hide anything\n",
			o.paint(fmt.Sprintf("%s:%d:%d", path, ln, col), bold), o.paint(skill.FileTooLarge, red), len(data))
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

func (o *textWriter) endPackage(p *pkgOut) error {
	verdict := "passed"
	if p.errors > 0 {
		verdict = "failed"
	}
	extra := ""
	if p.binaries > 0 {
		extra += fmt.Sprintf(", %d binary %s not checked", p.binaries, plural(p.binaries, "file", "files"))
	}
	if p.suppressed > 0 {
		extra += fmt.Sprintf(", %d suppressed by the baseline", p.suppressed)
	}
	_, err := fmt.Fprintf(o.w, "%s: %s, %d %s, %d %s%s\n", visible(p.dir), verdict,
		p.errors, plural(p.errors, "error", "errors"), p.warnings, plural(p.warnings, "warning", "warnings"), extra)
	return err
}

func (o *textWriter) finish(t *tally) error {
	var b strings.Builder
	for _, d := range t.empty {
		fmt.Fprintf(&b, "%s: an empty directory, nothing to scan\n", visible(d))
	}
	if o.cmd != "scan" {
		// The honesty line, once a run.
		fmt.Fprintf(&b, "%s\n", scan.Note)
		_, err := io.WriteString(o.w, b.String())
		return err
	}
	if t.inputs+t.binaries+t.symlinks == 0 {
		_, err := io.WriteString(o.w, b.String())
		return err
	}
	fmt.Fprintf(&b, "%d %s scanned, %d with findings, %d %s", t.inputs, plural(t.inputs, "input", "inputs"),
		t.flagged, t.findings, plural(t.findings, "finding", "findings"))
	if t.invalid > 0 {
		fmt.Fprintf(&b, ", %d ill-formed UTF-8 %s", t.invalid, plural(t.invalid, "sequence", "sequences"))
	}
	if t.suppressed > 0 {
		fmt.Fprintf(&b, ", %d suppressed by the baseline", t.suppressed)
	}
	if t.binaries > 0 {
		fmt.Fprintf(&b, ", %d binary %s skipped", t.binaries, plural(t.binaries, "file", "files"))
	}
	if t.symlinks > 0 {
		fmt.Fprintf(&b, ", %d symbolic %s not followed", t.symlinks, plural(t.symlinks, "link", "links"))
	}
	if t.ignored > 0 {
		fmt.Fprintf(&b, ", %d ignored", t.ignored)
	}
	fmt.Fprintf(&b, ". %s\n", scan.Note)
	_, err := io.WriteString(o.w, b.String())
	return err
}

// findingLabel is what the text format says of a finding before its
// excerpt: the class, then its codepoints, markup kind and reason, what a
// blob decodes to, what tags spell; a heuristic finding (§5, a labelled
// guess, never a flag) its pattern or scripts and "(heuristic)".
func findingLabel(f *scan.Finding) string {
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
		label += base64Label(*f)
	}
	if f.TagsSpell != "" {
		label += fmt.Sprintf(" tags spell: %q", f.TagsSpell)
	}
	if f.Heuristic {
		if f.Pattern != "" {
			label += " " + string(f.Pattern)
		}
		if len(f.Scripts) > 0 {
			label += " " + strings.Join(f.Scripts, "+")
		}
		label += " (heuristic)"
	}
	return label
}

// base64Label says what a blob decodes to, quoted and cut short, or that
// it is opaque.
func base64Label(f scan.Finding) string {
	if f.Opaque {
		return " (opaque)"
	}
	const most = 80
	// The first most codepoints, not a copy of a decoded text of any size
	// (a blob can decode to hundreds of megabytes).
	shown, more := f.Decoded, ""
	n := 0
	for i := range f.Decoded {
		if n == most {
			shown, more = f.Decoded[:i], "…"
			break
		}
		n++
	}
	label := fmt.Sprintf(" decodes to %q%s", shown, more)
	if n := len(f.DecodedFindings); n > 0 {
		label += fmt.Sprintf(" with %d %s inside: %s", n, plural(n, "finding", "findings"), skill.Nested(f.DecodedFindings))
	}
	return label
}

// jsonWriter is scan's json (exactly the result object of one input) and
// jsonl (one {"path", "result"} a line).
type jsonWriter struct {
	w     io.Writer
	lines bool
}

func (o *jsonWriter) encoder() *json.Encoder {
	enc := json.NewEncoder(o.w)
	enc.SetEscapeHTML(false)
	return enc
}

func (o *jsonWriter) file(f *fileOut) error {
	if f.res == nil {
		return nil // a file passed over has no result object
	}
	if !o.lines {
		return o.encoder().Encode(f.res)
	}
	return o.encoder().Encode(struct {
		Path   string       `json:"path"`
		Result *scan.Result `json:"result"`
	}{f.path, f.res})
}

// encode scans a file's contents and writes its result object (in a
// jsonl line for jsonl) as it is made, through scan.EncodeFile: the
// sanitized copy of a large file is never held whole.
func (o *jsonWriter) encode(path string, data []byte, opts *scan.Options) (*scan.Result, error) {
	if o.lines {
		p, err := json.Marshal(path)
		if err != nil {
			return nil, err
		}
		if _, err := fmt.Fprintf(o.w, `{"path":%s,"result":`, p); err != nil {
			return nil, err
		}
	}
	res, err := scan.EncodeFile(o.w, bytesToString(data), opts)
	if err != nil {
		return nil, err
	}
	end := "\n"
	if o.lines {
		end = "}\n"
	}
	_, err = io.WriteString(o.w, end)
	return res, err
}

func (o *jsonWriter) endPackage(*pkgOut) error { return nil }
func (o *jsonWriter) finish(*tally) error      { return nil }

// skillJSONWriter is skill's json: a report object per package, an array
// of them for several packages, each written when its package ends.
type skillJSONWriter struct {
	w       io.Writer
	several bool
	reports int
	results []skill.Result
	omitted int
}

func (o *skillJSONWriter) file(f *fileOut) error {
	r, supp := f.located()
	o.omitted += r.Omitted()
	_ = supp // suppressed results are not listed in json
	for _, res := range r.Results {
		if len(o.results) == skill.MaxResults {
			o.omitted++
			continue
		}
		o.results = append(o.results, skill.Result(res))
	}
	return nil
}

func (o *skillJSONWriter) endPackage(p *pkgOut) error {
	rep := skill.Report{Dir: p.dir, Passed: p.errors == 0, Errors: p.errors, Warnings: p.warnings,
		Results: o.results, Omitted: o.omitted}
	if rep.Results == nil {
		rep.Results = []skill.Result{}
	}
	o.results, o.omitted = nil, 0
	data, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	prefix := ""
	if o.several {
		prefix = ","
		if o.reports == 0 {
			prefix = "["
		}
	}
	o.reports++
	_, err = fmt.Fprintf(o.w, "%s%s\n", prefix, data)
	return err
}

func (o *skillJSONWriter) finish(*tally) error {
	if o.several && o.reports > 0 {
		_, err := io.WriteString(o.w, "]\n")
		return err
	}
	return nil
}

// githubWriter writes GitHub Actions workflow commands, one per result:
// ::error, ::warning or ::notice, with the file, line, column and class.
type githubWriter struct{ w io.Writer }

func (o *githubWriter) file(f *fileOut) error {
	r, _ := f.located()
	var b strings.Builder
	for _, res := range r.Results {
		cmd := map[skill.Level]string{skill.Error: "error", skill.Warning: "warning", skill.Info: "notice"}[res.Level]
		fmt.Fprintf(&b, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", cmd,
			ghProperty(filepath.ToSlash(shown(f.dir, res.File))), res.Line, res.Column, ghProperty(res.Class), ghData(res.Message))
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

func (o *githubWriter) endPackage(*pkgOut) error { return nil }
func (o *githubWriter) finish(*tally) error      { return nil }

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
