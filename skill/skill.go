// Package skill checks an agent skill package — a folder with SKILL.md,
// references and scripts, which agents read verbatim — for invisible and
// hidden content, following the skill invisible-characters proposal and the
// classes of the agent-safety formats, version 1, §2–§5.
//
// Every regular file below the folder is read (symbolic links are never
// followed; .git, .hg and .svn are skipped). A file with a NUL byte in its
// first 8 KiB is binary: skipped, with an info result. A file over MaxFile
// bytes is not read whole: only its first MaxFile bytes are checked, and an
// error result says so, since what lies beyond could hide anything. Each
// text file is scanned as package scan scans a file: a byte order mark at
// byte 0 is an encoding signature and no finding; one anywhere else is a
// zero_width error. [Check] scans with the scan's Strict profile (its
// extension classes are errors too), [CheckProfile] with the one given;
// Strict's allow-rules for zero-width characters do not apply here, since
// the proposal allows none in a skill file, whatever the script.
//
// Levels: every deterministic finding (zero-width characters, a BOM past
// byte 0, bidi controls — the proposal's three errors — and tags, controls,
// private use, unassigned codepoints, hidden markup, base64 blobs) is an
// error, and so is ill-formed UTF-8; heuristic findings (§5) are warnings;
// skipped files are info. A package passes when it has no error.
//
// A result locates its finding for people and tools: the file (relative to
// the package, with forward slashes), the 1-based line and column (columns
// count codepoints; lines end at LF, CR or CRLF), the byte offset, and, for
// a character class, the codepoint and its name.
package skill

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/textpos"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/scan"
)

// MaxFile is the most bytes of one file a check reads.
const MaxFile = 16 << 20

// Level is the severity of a result.
type Level string

// The levels.
const (
	Error   Level = "error"
	Warning Level = "warning"
	Info    Level = "info"
)

// The classes of results that are not scan classes.
const (
	// InvalidUTF8 is ill-formed UTF-8, an error.
	InvalidUTF8 = "invalid_utf8"
	// BinaryFile is a file skipped as binary, info.
	BinaryFile = "binary_file"
	// FileTooLarge is a file read only in part, an error.
	FileTooLarge = "file_too_large"
	// Symlink is a symbolic link not followed, info.
	Symlink = "symlink"
	// Unreadable is a file or folder that could not be read, an error.
	Unreadable = "unreadable"
)

// Result is one finding in a skill package.
type Result struct {
	Level Level `json:"level"`
	// Class is a scan class (zero_width, hidden_markup, instruction_like,
	// …) or one of InvalidUTF8, BinaryFile, FileTooLarge, Symlink.
	Class string `json:"class"`
	// File is the path relative to the package, with forward slashes.
	File string `json:"file"`
	// Line and Column are 1-based; Column counts codepoints.
	Line   int `json:"line"`
	Column int `json:"column"`
	// ByteOffset is the finding's first byte in the file.
	ByteOffset int `json:"byte_offset"`
	// Codepoint ("U+200B") and Name are the first codepoint of a character
	// class's run and its Unicode name; empty for other classes.
	Codepoint string `json:"codepoint"`
	Name      string `json:"name"`
	// Message says what was found, for people.
	Message string `json:"message"`
}

// Report is the check of one skill package.
type Report struct {
	// Dir is the package's folder, as given.
	Dir string `json:"skill_dir"`
	// Passed is true when no result is an error.
	Passed bool `json:"passed"`
	// Errors and Warnings count the results of those levels.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Results are in file order (by path), then by byte offset.
	Results []Result `json:"results"`

	profile scan.Profile
}

// ErrNotDir is returned when the package is not a folder.
var ErrNotDir = errors.New("not a directory")

// Check checks the skill package in dir with the scan's Strict profile
// (see package scan, "Profiles"). The error is for a package that cannot be
// read at all (missing, not a folder); files that cannot be read inside it
// are error results.
func Check(dir string) (*Report, error) { return CheckProfile(dir, scan.Strict) }

// CheckProfile is Check with the scan profile p: scan.Spec for exactly the
// specification's classes.
func CheckProfile(dir string, p scan.Profile) (*Report, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("skill: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("skill: %s: %w", dir, ErrNotDir)
	}
	// The folder named may itself be a symbolic link: the one link that is
	// followed, as the person asking named it (WalkDir would not enter it).
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("skill: %w", err)
	}
	r := &Report{Dir: dir, Results: []Result{}, profile: p}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if err != nil {
			r.add(Result{Level: Error, Class: Unreadable, File: rel, Line: 1, Column: 1, Message: err.Error()})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
			if path != root && (d.Name() == ".git" || d.Name() == ".hg" || d.Name() == ".svn") {
				return fs.SkipDir
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			r.add(Result{Level: Info, Class: Symlink, File: rel, Line: 1, Column: 1,
				Message: fmt.Sprintf("symbolic link to %q not followed", target)})
			return nil
		case !d.Type().IsRegular():
			return nil
		}
		r.checkFile(path, rel)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("skill: %w", err)
	}
	for _, res := range r.Results {
		switch res.Level {
		case Error:
			r.Errors++
		case Warning:
			r.Warnings++
		}
	}
	r.Passed = r.Errors == 0
	return r, nil
}

func (r *Report) add(res Result) { r.Results = append(r.Results, res) }

// checkFile checks one regular file.
func (r *Report) checkFile(path, rel string) {
	f, err := os.Open(path)
	if err != nil {
		r.add(Result{Level: Error, Class: Unreadable, File: rel, Line: 1, Column: 1, Message: err.Error()})
		return
	}
	defer f.Close()
	// Read at most MaxFile+1 bytes (one more says the file is larger),
	// into a buffer sized from the file's size when it is known.
	size := 512
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		size = int(min(info.Size(), MaxFile)) + 1
	}
	data, err := readBounded(f, size)
	if err != nil {
		r.add(Result{Level: Error, Class: Unreadable, File: rel, Line: 1, Column: 1, Message: err.Error()})
		return
	}
	if bytes.IndexByte(data[:min(len(data), 8<<10)], 0) >= 0 {
		r.add(Result{Level: Info, Class: BinaryFile, File: rel, Line: 1, Column: 1,
			Message: "binary file (a NUL byte in its first 8 KiB): not checked"})
		return
	}
	tooLarge := len(data) > MaxFile
	if tooLarge {
		// Cut at a codepoint boundary, so that the cut makes no ill-formed
		// UTF-8 of its own.
		end := MaxFile
		for k := MaxFile; k > MaxFile-utf8.UTFMax; k-- {
			if utf8.RuneStart(data[k]) {
				end = k
				break
			}
		}
		data = data[:end]
	}
	res, err := scan.ScanFile(string(data), &scan.Options{MaxFindings: -1, OmitSanitized: true, Profile: r.profile})
	if err == nil && res.Allowed > 0 {
		err = keepJoiners(data, res)
	}
	if err != nil {
		r.add(Result{Level: Error, Class: Unreadable, File: rel, Line: 1, Column: 1, Message: err.Error()})
		return
	}
	out := FileResults(rel, data, res)
	r.Results = append(r.Results, out...)
	if tooLarge {
		line, col := textpos.New(data).At(len(data))
		r.add(Result{Level: Error, Class: FileTooLarge, File: rel, Line: line, Column: col, ByteOffset: len(data),
			Message: fmt.Sprintf("only the first %d bytes were checked; the rest could hide anything", MaxFile)})
	}
}

// FileResults turns the scan of a file (data, scanned with scan.ScanFile)
// into located results, sorted by byte offset, at the levels this package
// gives them: the findings and the ill-formed UTF-8 of the scan. file names
// the file in the results.
func FileResults(file string, data []byte, res *scan.Result) []Result {
	out := make([]Result, 0, len(res.Findings)+len(res.InvalidUTF8))
	for _, f := range res.Findings {
		out = append(out, resultOf(file, f))
	}
	for _, s := range res.InvalidUTF8 {
		out = append(out, Result{Level: Error, Class: InvalidUTF8, File: file, ByteOffset: s.ByteStart,
			Message: fmt.Sprintf("ill-formed UTF-8 (% X), read as U+FFFD", data[s.ByteStart:s.ByteEnd])})
	}
	slices.SortStableFunc(out, func(a, b Result) int { return a.ByteOffset - b.ByteOffset })
	pos := textpos.New(data)
	for i := range out {
		out[i].Line, out[i].Column = pos.At(out[i].ByteOffset)
	}
	return out
}

// readBounded reads r to its end, or to MaxFile+1 bytes, starting with a
// buffer of size bytes (as os.ReadFile does, but bounded).
func readBounded(r io.Reader, size int) ([]byte, error) {
	data := make([]byte, 0, size)
	for len(data) <= MaxFile {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
		n, err := r.Read(data[len(data):min(cap(data), MaxFile+1)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return data, nil
}

// keepJoiners puts back into a Strict result the zero-width joiners and
// non-joiners that the Strict allow-rules left out as typography: the
// proposal allows no zero-width character in a skill file, whatever the
// script.
func keepJoiners(data []byte, res *scan.Result) error {
	spec, err := scan.ScanFile(string(data), &scan.Options{MaxFindings: -1, OmitSanitized: true})
	if err != nil {
		return err
	}
	have := map[int]bool{}
	for _, f := range res.Findings {
		if f.Class == scan.ZeroWidth {
			have[f.ByteStart] = true
		}
	}
	for _, f := range spec.Findings {
		if f.Class == scan.ZeroWidth && !have[f.ByteStart] {
			res.Findings = append(res.Findings, f)
			res.DeterministicCount++
		}
	}
	slices.SortStableFunc(res.Findings, func(a, b scan.Finding) int { return a.ByteStart - b.ByteStart })
	return nil
}

// resultOf turns a scan finding into a result.
func resultOf(rel string, f scan.Finding) Result {
	res := Result{Level: Error, Class: string(f.Class), File: rel, ByteOffset: f.ByteStart}
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
			if n := countDeterministic(f.DecodedFindings); n > 0 {
				res.Message += fmt.Sprintf(", with %d hidden-character findings inside", n)
			}
		}
	case f.Class == scan.InstructionLike:
		res.Message = fmt.Sprintf("agent-directed instruction (%s, heuristic): %s", f.Pattern, f.Excerpt)
	case f.Class == scan.MixedScriptConfusable:
		res.Message = fmt.Sprintf("a word mixing %s letters (heuristic): %s", strings.Join(f.Scripts, " and "), f.Excerpt)
	default:
		res.Message = f.Excerpt
	}
	return res
}

func countDeterministic(fs []scan.Finding) int {
	n := 0
	for _, f := range fs {
		if !f.Heuristic {
			n++
		}
	}
	return n
}

// cut shortens s to at most n codepoints, with "…" where cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
