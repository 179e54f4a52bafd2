package report

import (
	"path/filepath"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// Writer writes the results of a run in one format, file by file as each
// is done. Each format is one type ([SARIFWriter], [GitHubWriter],
// [JSONWriter], [SkillJSONWriter]); a program chooses one once.
//
// A Writer is not safe for concurrent use. An error from any method is the
// underlying io.Writer's (or the JSON encoder's): the output is then
// incomplete, and the Writer is not used again.
type Writer interface {
	// File writes one file's results.
	File(f *File) error
	// EndPackage ends the results of one skill package: the files given
	// since the last EndPackage. Formats that do not group by package
	// write nothing.
	EndPackage(p *Package) error
	// Close ends the output (SARIF's invocation, a JSON array's bracket).
	// It does not close the underlying io.Writer.
	Close() error
}

var (
	_ Writer = (*SARIFWriter)(nil)
	_ Writer = (*GitHubWriter)(nil)
	_ Writer = (*JSONWriter)(nil)
	_ Writer = (*SkillJSONWriter)(nil)
)

// File is one file's (or one input's) outcome, as every Writer takes it:
// either a scan's result (Scan, with the Data scanned), or results already
// located (Results, as package skill gives them).
type File struct {
	// Dir is the skill package the file is in ("" outside one). Path is
	// the file: relative to Dir with forward slashes in a package, else
	// as the caller names it (relative to the working directory, or
	// absolute).
	Dir, Path string
	// Data is what was scanned: lines and columns are counted in it.
	Data []byte
	// Scan is the scan's result ([scan.ScanFile] of Data), after any
	// [Filter]; nil for a file whose results are in Results.
	Scan *scan.Result
	// TooLarge says that Data is only the start of the file: an error
	// result says so (skill.FileTooLarge).
	TooLarge bool
	// SuppressedFindings and SuppressedInvalid are the findings and
	// ill-formed sequences of Scan that a baseline matched ([Filter.Scan]).
	SuppressedFindings []scan.Finding
	SuppressedInvalid  []scan.InvalidSequence

	// Results are the file's located results when Scan is nil, sorted by
	// byte offset; Omitted counts those not listed.
	Results []skill.Result
	Omitted int
	// Suppressed are the results a baseline matched ([Filter.Skill]).
	Suppressed []skill.Result

	// Justification is what SARIF says of a suppressed result: why it is
	// suppressed ("in the baseline base.sarif").
	Justification string
}

// Package ends a skill package (skill.Report's counts).
type Package struct {
	// Dir is the package's folder, as given.
	Dir string
	// Errors and Warnings count the package's results of those levels,
	// listed or not, less those left out by a Filter.
	Errors, Warnings int
	// Suppressed counts the results a baseline matched.
	Suppressed int
	// Binaries counts the binary files not checked.
	Binaries int
}

// located returns the file's results, how many are not listed, and those
// suppressed: Results as they are, or those of Scan located in Data
// (an e-mail's at the start of the message).
func (f *File) located() (results []skill.Result, omitted int, suppressed []skill.Result) {
	if f.Scan == nil {
		return f.Results, f.Omitted, f.Suppressed
	}
	r := skill.FromScan(f.Path, f.Data, skill.InMessage(f.Scan), f.TooLarge)
	results = skillResults(r.Results)
	if len(f.SuppressedFindings)+len(f.SuppressedInvalid) > 0 {
		s := skill.FromScan(f.Path, f.Data, &scan.Result{Findings: f.SuppressedFindings, InvalidUTF8: f.SuppressedInvalid}, false)
		suppressed = skillResults(s.Results)
	}
	return results, r.Omitted(), suppressed
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

// WriteSkill writes a skill package's check to w: its results, one File a
// file (in the report's order), then suppressed (the results a baseline
// matched, [Filter.Skill]) with justification, then the package's end. The
// report's Omitted is counted with its last file.
func WriteSkill(w Writer, rep *skill.Report, suppressed []skill.Result, justification string) error {
	var files []*File
	group := func(rs []skill.Result, supp bool) {
		for i := 0; i < len(rs); {
			j := i + 1
			for j < len(rs) && rs[j].File == rs[i].File {
				j++
			}
			f := &File{Dir: rep.Dir, Path: rs[i].File, Justification: justification}
			if supp {
				f.Suppressed = rs[i:j]
			} else {
				f.Results = rs[i:j]
			}
			files = append(files, f)
			i = j
		}
	}
	group(rep.Results, false)
	group(suppressed, true)
	if rep.Omitted > 0 {
		if len(files) == 0 {
			files = append(files, &File{Dir: rep.Dir})
		}
		files[len(files)-1].Omitted += rep.Omitted
	}
	for _, f := range files {
		if err := w.File(f); err != nil {
			return err
		}
	}
	return w.EndPackage(&Package{Dir: rep.Dir, Errors: rep.Errors, Warnings: rep.Warnings, Suppressed: len(suppressed)})
}

// shown is a result's file as seen from where the program runs: file
// joined to the package's folder dir, in the OS's form.
func shown(dir, file string) string {
	if dir == "" {
		return file
	}
	return filepath.Join(dir, filepath.FromSlash(file))
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
