package skill

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/internal/whatwg"
	"github.com/plainsight/plainsight/scan"
)

// Located results: what a walk and a scan found in files, turned into
// results located for people and tools — file, line, column, byte offset,
// level and a message — at the levels of the skill invisible-characters
// proposal. The command line (scan's github and SARIF formats, skill's
// every format) and Check use them, so that one file gives the same
// results however it is reached.

// skillFile is the file at the top of every skill package.
const skillFile = "SKILL.md"

// FileResults are the results of one file: at most MaxPerFile listed, and
// every result of each level counted exactly, listed or not, so that a
// caller can say what was cut.
type FileResults struct {
	// File names the file in the results.
	File string
	// Results are sorted by byte offset; at most MaxPerFile.
	Results []Result
	// Errors, Warnings and Infos count every result of each level,
	// including those not listed.
	Errors, Warnings, Infos int
}

// Omitted is the number of results not listed.
func (f *FileResults) Omitted() int { return f.Errors + f.Warnings + f.Infos - len(f.Results) }

func (f *FileResults) add(r Result) {
	switch r.Level {
	case Error:
		f.Errors++
	case Warning:
		f.Warnings++
	default:
		f.Infos++
	}
	if len(f.Results) < MaxPerFile {
		f.Results = append(f.Results, r)
	}
}

// Walked returns the results of a walk entry (of the command line's own
// walk) that is not scanned (binary,
// symbolic link, unreadable), or nil for a text file.
func Walked(f *walk.File) *FileResults {
	out := &FileResults{File: f.Rel}
	r := Result{File: f.Rel, Line: 1, Column: 1}
	switch f.Kind {
	case walk.Binary:
		r.Level, r.Class = Info, BinaryFile
		r.Message = fmt.Sprintf("binary file (a NUL byte in its first %d KiB): not checked", walk.SniffLen>>10)
	case walk.Symlink:
		r.Level, r.Class = Info, Symlink
		r.Message = fmt.Sprintf("symbolic link to %q not followed", f.Target)
	case walk.Unreadable:
		r.Level, r.Class, r.Message = Error, Unreadable, f.Err.Error()
	default:
		return nil
	}
	out.add(r)
	return out
}

// FromScan returns the results of the scan of a file: data, scanned with
// scan.ScanFile into res. file names the file in the results. tooLarge
// adds the error that only data, the file's start, was read.
func FromScan(file string, data []byte, res *scan.Result, tooLarge bool) *FileResults {
	out := &FileResults{File: file}
	rs := make([]Result, 0, min(len(res.Findings)+len(res.InvalidUTF8), MaxPerFile+1))
	for i := range res.Findings {
		rs = append(rs, resultOf(file, &res.Findings[i]))
	}
	for _, s := range res.InvalidUTF8 {
		rs = append(rs, Result{Level: Error, Class: InvalidUTF8, File: file, ByteOffset: s.ByteStart,
			Message: fmt.Sprintf("ill-formed UTF-8 (% X), read as U+FFFD", data[s.ByteStart:s.ByteEnd])})
	}
	slices.SortStableFunc(rs, func(a, b Result) int { return a.ByteOffset - b.ByteOffset })
	pos := textpos.New(data)
	for i := range rs {
		rs[i].Line, rs[i].Column = pos.At(rs[i].ByteOffset)
		out.add(rs[i])
	}
	// The scan lists at most its cap of each; the counts are exact. Its
	// ill-formed sequences are counted here when it cut them (a caller
	// that left them out, or some of them, lists fewer than the cap).
	invalid := len(res.InvalidUTF8)
	if res.Truncated && invalid >= MaxPerFile {
		invalid = CountInvalid(data)
	}
	out.Errors = res.DeterministicCount + invalid
	out.Warnings = res.HeuristicCount
	if tooLarge {
		line, col := pos.At(len(data))
		out.add(Result{Level: Error, Class: FileTooLarge, File: file, Line: line, Column: col, ByteOffset: len(data),
			Message: fmt.Sprintf("only the first %d bytes were checked; the rest could hide anything", walk.MaxFile)})
	}
	return out
}

// CountInvalid counts the ill-formed UTF-8 sequences of data as the scan
// reads them (one per maximal subpart), however many there are.
func CountInvalid(data []byte) int {
	if utf8.Valid(data) {
		return 0
	}
	n := 0
	s := unsafe.String(unsafe.SliceData(data), len(data)) // read only, never kept
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		_, size, ok := whatwg.DecodeRune(s[i:])
		if !ok {
			n++
		}
		i += size
	}
	return n
}

// resultOf turns a scan finding into a result.
func resultOf(file string, f *scan.Finding) Result {
	res := Result{Level: Error, Class: string(f.Class), File: file, ByteOffset: f.ByteStart, Excerpt: f.Excerpt}
	if f.Heuristic {
		res.Level = Warning
	}
	switch {
	case len(f.Codepoints) > 0:
		var r rune
		fmt.Sscanf(f.Codepoints[0], "U+%X", &r)
		res.Codepoint, res.Name = f.Codepoints[0], ucd.Name(r)
		n := f.End - f.Start
		if n == 1 {
			res.Message = fmt.Sprintf("%s %s (%s)", res.Codepoint, res.Name, f.Class)
		} else {
			res.Message = fmt.Sprintf("%d codepoints of class %s: %s", n, f.Class, strings.Join(f.Codepoints, " "))
		}
		if f.TagsSpell != "" {
			res.Message += fmt.Sprintf("; the tags spell %q", f.TagsSpell)
		}
	case f.Class == scan.HiddenMarkup:
		res.Message = fmt.Sprintf("hidden markup (%s", f.Kind)
		if f.Reason != 0 {
			res.Message += ", " + f.Reason.String()
		}
		res.Message += "): " + f.Excerpt
	case f.Class == scan.Base64Blob:
		if f.Opaque {
			res.Message = "a base64 blob that decodes to no readable text"
		} else {
			res.Message = fmt.Sprintf("a base64 blob that decodes to %q", cut(f.Decoded, 120))
			if n := len(f.DecodedFindings); n > 0 {
				res.Message += fmt.Sprintf(", with %d %s inside: %s", n, plural(n, "finding", "findings"), Nested(f.DecodedFindings))
			}
		}
	case f.Class == scan.InstructionLike:
		res.Message = fmt.Sprintf("agent-directed instruction (%s, heuristic): %s", f.Pattern, f.Excerpt)
	case f.Class == scan.InstructionJudged:
		res.Message = fmt.Sprintf("a passage judged a prompt injection (%s, heuristic): %s", f.Pattern, f.Excerpt)
	case f.Class == scan.MixedScriptConfusable:
		res.Message = fmt.Sprintf("a word mixing %s letters (heuristic): %s", strings.Join(f.Scripts, " and "), f.Excerpt)
	default:
		res.Message = f.Excerpt
	}
	return res
}

// maxNested is how many nested findings Nested names.
const maxNested = 5

// Nested names the findings of a blob's decoded text: class, and the
// codepoints, markup kind, pattern or spelled tags that say what each is;
// the first few, then how many more.
func Nested(fs []scan.Finding) string {
	var parts []string
	for i, f := range fs {
		if i == maxNested {
			parts = append(parts, fmt.Sprintf("and %d more", len(fs)-maxNested))
			break
		}
		p := string(f.Class)
		switch {
		case len(f.Codepoints) > 0:
			p += " " + strings.Join(f.Codepoints, " ")
		case f.Kind != 0:
			p += " " + f.Kind.String()
		case f.Pattern != "":
			p += " " + string(f.Pattern)
		case len(f.Scripts) > 0:
			p += " " + strings.Join(f.Scripts, "+")
		}
		if f.TagsSpell != "" {
			p += fmt.Sprintf(" spelling %q", f.TagsSpell)
		}
		if f.Heuristic {
			p += " (heuristic)"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cut shortens s to at most n codepoints, with "…" where cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// scanOptions are the options of a file's scan for located results: no
// sanitized copy (results never show it), and the scan's own cap.
var scanOptions = scan.Options{OmitSanitized: true, MaxFindings: MaxPerFile}

// scanWalked scans a walked text file of a skill package with the scan profile p
// and returns its results. Strict's allow-rules for zero-width characters
// do not apply (scan.Options.KeepZeroWidth): the skill proposal allows no
// zero-width character in a skill file, whatever the script.
func scanWalked(f *walk.File, p scan.Profile) *FileResults {
	opts := scanOptions
	opts.Profile, opts.KeepZeroWidth = p, true
	res, err := scan.ScanFile(unsafe.String(unsafe.SliceData(f.Data), len(f.Data)), &opts)
	if err != nil { // only an unknown context or profile, which callers do not set
		out := &FileResults{File: f.Rel}
		out.add(Result{Level: Error, Class: Unreadable, File: f.Rel, Line: 1, Column: 1, Message: err.Error()})
		return out
	}
	return FromScan(f.Rel, f.Data, res, f.TooLarge)
}

// Walk checks the skill package in dir with the scan profile p: every
// file the walk finds (opts as the walk takes them; nil for the defaults),
// scanned or reported as passed over, its results given to emit one file
// at a time, in lexical order. It stops at emit's first error. The error
// is also a *walk.Error when dir cannot be walked at all.
func Walk(dir string, opts *walk.Options, p scan.Profile, emit func(*FileResults) error) (walk.Stats, error) {
	// A skill package is a folder with SKILL.md at its top (a regular file:
	// a link to one is not followed, as no link is). A folder without it is
	// not a package, however clean its files: an error, first.
	if info, err := os.Stat(dir); err == nil && info.IsDir() {
		if fi, err := os.Lstat(filepath.Join(dir, skillFile)); err != nil || !fi.Mode().IsRegular() {
			out := &FileResults{File: skillFile}
			out.add(Result{Level: Error, Class: NoSkillFile, File: skillFile, Line: 1, Column: 1,
				Message: "no SKILL.md at the top of the folder: not a skill package (for a folder of packages, name each: skills/*/)"})
			if err := emit(out); err != nil {
				return walk.Stats{}, err
			}
		}
	}
	return walk.Walk(dir, opts, func(f *walk.File) error {
		out := Walked(f)
		if out == nil {
			out = scanWalked(f, p)
		}
		return emit(out)
	})
}
