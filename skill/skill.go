// Package skill checks an agent skill package — a folder with SKILL.md,
// references and scripts, which agents read verbatim — for invisible and
// hidden content, following the skill invisible-characters proposal and the
// classes of the agent-safety formats, version 1, §2–§5.
//
// A skill package has SKILL.md at its top: a folder without it (as a
// regular file) gets a NoSkillFile error, however clean its files.
//
// Every regular file below the folder is read, by the one walk the command
// line's scan uses too (symbolic links are never followed; .git, .hg and
// .svn are skipped). A file with a NUL byte in its
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
//
// The same results, one file at a time, are what [Walk] gives its callback
// and [FromScan] makes of a scan of any file: [FileResults], which the
// command line's scan (its github and SARIF formats) and skill (every
// format) write, so that one file gives the same results however it is
// reached.
//
// # Bounds
//
// One file is in memory at a time, at most MaxFile bytes of it. A report
// lists at most MaxPerFile results of one file and MaxResults in all;
// Errors and Warnings count every result, listed or not, and Omitted says
// how many were not listed. FileResults counts every result of each level
// exactly, listed or not.
//
// # What it does not claim
//
// A result locates a finding; it adds nothing to the scan's judgement.
package skill

import (
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/scan"
)

// MaxFile is the most bytes of one file a check reads.
const MaxFile = walk.MaxFile

// MaxPerFile is the most results of one file a report lists.
const MaxPerFile = 1000

// MaxResults is the most results a report lists in all.
const MaxResults = 10000

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
	// NoSkillFile is a folder without SKILL.md at its top, which is not a
	// skill package: an error.
	NoSkillFile = "no_skill_md"
)

// Result is one located result: a finding in a skill package, or in a file
// the command line scanned (FromScan).
type Result struct {
	Level Level `json:"level"`
	// Class is a scan class (zero_width, hidden_markup, instruction_like,
	// …) or one of InvalidUTF8, BinaryFile, FileTooLarge, Symlink,
	// Unreadable.
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
	// Excerpt is the finding's excerpt, as package scan writes it; empty
	// for results that are not scan findings.
	Excerpt string `json:"excerpt"`
}

// Report is the check of one skill package.
type Report struct {
	// Dir is the package's folder, as given.
	Dir string `json:"skill_dir"`
	// Passed is true when no result is an error.
	Passed bool `json:"passed"`
	// Errors and Warnings count the results of those levels, listed or
	// not.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Results are in file order (by path), then by byte offset: at most
	// MaxPerFile of a file and MaxResults in all.
	Results []Result `json:"results"`
	// Omitted counts the results not listed in Results.
	Omitted int `json:"omitted"`
}

// ErrNotDir is returned when the package is not a folder.
var ErrNotDir = walk.ErrNotDir

// Check checks the skill package in dir with the scan's Strict profile
// (see package scan, "Profiles"). The error is for a package that cannot be
// read at all (missing, not a folder); files that cannot be read inside it
// are error results.
func Check(dir string) (*Report, error) { return CheckProfile(dir, scan.Strict) }

// CheckProfile is Check with the scan profile p: scan.Spec for exactly the
// specification's classes.
func CheckProfile(dir string, p scan.Profile) (*Report, error) {
	r := &Report{Dir: dir, Results: []Result{}}
	_, err := Walk(dir, nil, p, func(f *FileResults) error {
		r.Errors += f.Errors
		r.Warnings += f.Warnings
		r.Omitted += f.Omitted()
		for _, res := range f.Results {
			if len(r.Results) == MaxResults {
				r.Omitted++
				continue
			}
			r.Results = append(r.Results, res)
		}
		return nil
	})
	if err != nil {
		var werr *walk.Error
		if errors.As(err, &werr) {
			return nil, fmt.Errorf("skill: %s: %w", werr.Dir, werr.Err)
		}
		return nil, fmt.Errorf("skill: %w", err)
	}
	r.Passed = r.Errors == 0
	return r, nil
}
