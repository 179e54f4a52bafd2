package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// writer writes the results of a run in one format: a report.Writer, or
// the text format, for people. Each format is one type, chosen once from
// --format.
type writer = report.Writer

// tally counts a run, for the text format's summary.
type tally struct {
	inputs, flagged, findings int
	empty                     []string // directories that held no file
	invalid                   int      // ill-formed UTF-8 sequences
	binaries, symlinks        int
	suppressed, ignored       int
	tooLarge                  []string // files read only in part (issue 31, item 5)
}

// shown is a result's file as seen from where the command runs.
func shown(dir, file string) string {
	if dir == "" {
		return file
	}
	return filepath.Join(dir, filepath.FromSlash(file))
}

// newWriter returns the writer of a format for a command ("scan" or
// "skill"); several reports whether skill checks more than one package.
func newWriter(cmd, format string, w io.Writer, several bool) writer {
	switch format {
	case "json":
		if cmd == "skill" {
			return report.NewSkillJSON(w, several)
		}
		return report.NewJSON(w)
	case "jsonl":
		return report.NewJSONLines(w)
	case "github":
		return report.NewGitHub(w)
	case "sarif":
		return report.NewSARIF(w, &report.SARIFOptions{Version: moduleVersion()})
	}
	return &textWriter{w: w, color: isTerminal(w), cmd: cmd}
}

// finish ends a run's output: the text format's summary of t, then the
// writer's end.
func finish(out writer, t *tally) error {
	if tw, ok := out.(*textWriter); ok {
		if err := tw.summary(t); err != nil {
			return err
		}
	}
	return out.Close()
}

// skillResults converts located results to package skill's, which have
// the same fields.
func skillResults(rs []skill.Result) []skill.Result {
	if rs == nil {
		return nil
	}
	out := make([]skill.Result, len(rs))
	for i, r := range rs {
		out[i] = skill.Result(r)
	}
	return out
}

var _ writer = (*textWriter)(nil)

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

// File writes a line for each of the file's results.
func (o *textWriter) File(f *report.File) error {
	if f.Scan != nil {
		return o.scanFile(f)
	}
	if o.cmd == "scan" {
		return nil // a file passed over: counted in the summary
	}
	var b strings.Builder
	for _, res := range f.Results {
		fmt.Fprintf(&b, "%s: %s: %s: %s\n", o.paint(fmt.Sprintf("%s:%d:%d", visible(shown(f.Dir, res.File)), res.Line, res.Column), bold),
			res.Level, res.Class, res.Message)
	}
	if n := f.Omitted; n > 0 {
		fmt.Fprintf(&b, "%s: %d more %s not shown (at most %d a file)\n", visible(shown(f.Dir, f.Path)), n, plural(n, "result", "results"), skill.MaxPerFile)
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

// scanFile prints one line per finding and per ill-formed sequence, in
// order of position.
func (o *textWriter) scanFile(f *report.File) error {
	res, data, path := skill.InMessage(f.Scan), f.Data, visible(f.Path)
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
		text := o.paint(label, color) + ": " + o.paintAnnotations(f.Excerpt)
		if f.Class == scan.MixedScriptConfusable && 0 <= f.ByteStart && f.ByteStart <= f.ByteEnd && f.ByteEnd <= len(data) {
			text += mixedMark(data[f.ByteStart:f.ByteEnd])
		}
		lines = append(lines, line{f.ByteStart, text})
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
	if res.Truncated && len(res.InvalidUTF8) > 0 && len(f.SuppressedInvalid) == 0 {
		if n := skill.CountInvalid(data); n > len(res.InvalidUTF8) {
			fmt.Fprintf(&b, "%s: %d ill-formed UTF-8 sequences in all; only the first %d are shown\n", path, n, len(res.InvalidUTF8))
		}
	}
	if f.TooLarge {
		ln, col := pos.At(len(data))
		fmt.Fprintf(&b, "%s: %s: only the first %d bytes were checked; the rest could hide anything\n",
			o.paint(fmt.Sprintf("%s:%d:%d", path, ln, col), bold), o.paint(skill.FileTooLarge, red), len(data))
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

// EndPackage writes the package's verdict and counts.
func (o *textWriter) EndPackage(p *report.Package) error {
	verdict := "passed"
	if p.Errors > 0 {
		verdict = "failed"
	}
	extra := ""
	if p.Binaries > 0 {
		extra += fmt.Sprintf(", %d binary %s not checked", p.Binaries, plural(p.Binaries, "file", "files"))
	}
	if p.Suppressed > 0 {
		extra += fmt.Sprintf(", %d suppressed by the baseline", p.Suppressed)
	}
	_, err := fmt.Fprintf(o.w, "%s: %s, %d %s, %d %s%s\n", visible(p.Dir), verdict,
		p.Errors, plural(p.Errors, "error", "errors"), p.Warnings, plural(p.Warnings, "warning", "warnings"), extra)
	return err
}

// Close writes nothing: the summary is written before (finish).
func (o *textWriter) Close() error { return nil }

// summary writes what a run found in all, and the honesty line.
func (o *textWriter) summary(t *tally) error {
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
	if n := len(t.tooLarge); n > 0 {
		// Issue 31, item 5: a file read in part exits 1 with no finding in
		// it; say which, and why.
		names := t.tooLarge[:min(n, 3)]
		for i := range names {
			names[i] = visible(names[i])
		}
		more := ""
		if n > 3 {
			more = fmt.Sprintf(" and %d more", n-3)
		}
		fmt.Fprintf(&b, ", %d %s too large to check whole (%s%s: only the start was checked; exit 1)",
			n, plural(n, "file", "files"), strings.Join(names, ", "), more)
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

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
