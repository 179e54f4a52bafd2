package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// JSONWriter writes scan results as JSON: for JSON ([NewJSON]) exactly the
// result object of one input (§1), for JSON Lines ([NewJSONLines]) one
// {"path", "result"} object a line. A File without a scan result (one
// passed over, or skill's) writes nothing: use [SkillJSONWriter] for
// skill's results.
type JSONWriter struct {
	w     io.Writer
	lines bool
}

// NewJSON returns a writer of scan's JSON to w: the result object of each
// file, one a line (the command line takes one input for it).
func NewJSON(w io.Writer) *JSONWriter { return &JSONWriter{w: w} }

// NewJSONLines returns a writer of scan's JSON Lines to w.
func NewJSONLines(w io.Writer) *JSONWriter { return &JSONWriter{w: w, lines: true} }

func (o *JSONWriter) encoder() *json.Encoder {
	enc := json.NewEncoder(o.w)
	enc.SetEscapeHTML(false)
	return enc
}

// File writes the file's result object (in a line of JSON Lines).
func (o *JSONWriter) File(f *File) error {
	if f.Scan == nil {
		return nil // a file passed over has no result object
	}
	if !o.lines {
		return o.encoder().Encode(f.Scan)
	}
	return o.encoder().Encode(struct {
		Path   string       `json:"path"`
		Result *scan.Result `json:"result"`
	}{f.Path, f.Scan})
}

// Encode scans text, a file's contents, and writes its result object (in a
// JSON Lines line for JSON Lines, with path) as it is made, through
// [scan.EncodeFile]: the sanitized copy of a large file is never held
// whole. It returns the result as scan.EncodeFile does (its Sanitized
// empty unless the copy was built whole). An error is the scan's or a
// failure to write.
func (o *JSONWriter) Encode(path, text string, opts *scan.Options) (*scan.Result, error) {
	if o.lines {
		p, err := json.Marshal(path)
		if err != nil {
			return nil, err
		}
		if _, err := fmt.Fprintf(o.w, `{"path":%s,"result":`, p); err != nil {
			return nil, err
		}
	}
	res, err := scan.EncodeFile(o.w, text, opts)
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

// EndPackage writes nothing.
func (o *JSONWriter) EndPackage(*Package) error { return nil }

// Close writes nothing.
func (o *JSONWriter) Close() error { return nil }

// SkillJSONWriter writes skill's JSON: a report object (skill.Report) per
// package, written when its package ends, in an array for several
// packages. A report lists at most skill.MaxResults results; the rest are
// counted in its omitted. Suppressed results are not listed.
type SkillJSONWriter struct {
	w       io.Writer
	several bool
	reports int
	results []skill.Result
	omitted int
}

// NewSkillJSON returns a writer of skill's JSON to w; several writes an
// array of reports, else one report.
func NewSkillJSON(w io.Writer, several bool) *SkillJSONWriter {
	return &SkillJSONWriter{w: w, several: several}
}

// File adds the file's results to its package's report.
func (o *SkillJSONWriter) File(f *File) error {
	results, omitted, _ := f.located() // suppressed results are not listed in json
	o.omitted += omitted
	for _, res := range results {
		if len(o.results) == skill.MaxResults {
			o.omitted++
			continue
		}
		o.results = append(o.results, res)
	}
	return nil
}

// EndPackage writes the package's report.
func (o *SkillJSONWriter) EndPackage(p *Package) error {
	rep := skill.Report{Dir: p.Dir, Passed: p.Errors == 0, Errors: p.Errors, Warnings: p.Warnings,
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

// Close ends the array of several reports.
func (o *SkillJSONWriter) Close() error {
	if o.several && o.reports > 0 {
		_, err := io.WriteString(o.w, "]\n")
		return err
	}
	return nil
}
