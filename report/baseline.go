package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// Filter leaves results out of what is reported: classes not wanted (Only,
// Skip), and known results (Baseline), which are suppressed rather than
// dropped: SARIF lists them, marked as suppressed. The zero Filter leaves
// nothing out.
type Filter struct {
	// Only, when not nil, are the only classes reported; Skip are never
	// reported. Keys are scan classes and skill's other classes
	// (skill.InvalidUTF8, …).
	Only, Skip map[string]bool
	// Baseline, when not nil, suppresses the results it holds, each entry
	// once.
	Baseline *Baseline
}

// Active reports whether the filter leaves anything out.
func (f *Filter) Active() bool {
	return f.Only != nil || f.Skip != nil || f.Baseline != nil
}

// Wants reports whether results of class are reported at all.
func (f *Filter) Wants(class string) bool {
	return (f.Only == nil || f.Only[class]) && !f.Skip[class]
}

// inBaseline reports (and uses up) a baseline entry for a result.
func (f *Filter) inBaseline(path, class, excerpt string) bool {
	return f.Baseline != nil && f.Baseline.Take(path, class, excerpt)
}

// Scan applies the filter to a scan result of the file at path in place:
// findings and ill-formed sequences of classes not wanted are dropped,
// those in the baseline moved out and returned (for [File]'s
// SuppressedFindings and SuppressedInvalid). Counts and status follow.
// Findings beyond the scan's cap are not listed and so cannot be matched:
// they stay counted.
func (f *Filter) Scan(path string, res *scan.Result) (suppressed []scan.Finding, suppressedInvalid []scan.InvalidSequence) {
	if !f.Active() {
		return nil, nil
	}
	kept := res.Findings[:0]
	for _, fd := range res.Findings {
		drop := !f.Wants(string(fd.Class))
		if !drop && f.inBaseline(path, string(fd.Class), fd.Excerpt) {
			suppressed, drop = append(suppressed, fd), true
		}
		if !drop {
			kept = append(kept, fd)
			continue
		}
		if fd.Heuristic {
			res.HeuristicCount--
		} else {
			res.DeterministicCount--
		}
	}
	res.Findings = kept
	keptInv := res.InvalidUTF8[:0]
	for _, s := range res.InvalidUTF8 {
		switch {
		case !f.Wants(skill.InvalidUTF8):
		case f.inBaseline(path, skill.InvalidUTF8, ""):
			suppressedInvalid = append(suppressedInvalid, s)
		default:
			keptInv = append(keptInv, s)
		}
	}
	res.InvalidUTF8 = keptInv
	if len(res.InvalidUTF8) == 0 {
		res.InvalidUTF8 = nil
	}
	res.Status = scan.Clean
	switch {
	case res.DeterministicCount > 0:
		res.Status = scan.Flagged
	case res.HeuristicCount > 0:
		res.Status = scan.Noted
	}
	return suppressed, suppressedInvalid
}

// Skill applies the filter to a skill package's report in place: results
// of classes not wanted are dropped, those in the baseline moved out and
// returned (for [WriteSkill]). Errors, Warnings and Passed follow; results
// not listed (Omitted) cannot be matched and stay counted.
func (f *Filter) Skill(rep *skill.Report) (suppressed []skill.Result) {
	if !f.Active() {
		return nil
	}
	kept := rep.Results[:0]
	for _, res := range rep.Results {
		drop := !f.Wants(res.Class)
		if !drop && f.inBaseline(shown(rep.Dir, res.File), res.Class, res.Excerpt) {
			suppressed, drop = append(suppressed, res), true
		}
		if !drop {
			kept = append(kept, res)
			continue
		}
		switch res.Level {
		case skill.Error:
			rep.Errors--
		case skill.Warning:
			rep.Warnings--
		}
	}
	rep.Results = kept
	rep.Passed = rep.Errors == 0
	return suppressed
}

// evidenceHash names a result's evidence, independent of its line: the
// class and the excerpt (which holds the finding and its line's context).
func evidenceHash(class, excerpt string) string {
	sum := sha256.Sum256([]byte(class + "\x00" + excerpt))
	return hex.EncodeToString(sum[:16])
}

// normPath is the absolute, cleaned form of a path ("" stays "": a
// baseline entry without a path matches any).
func normPath(p, cwd string) string {
	if p == "" || p == "-" {
		return p
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p)
}

// Baseline is a multiset of known results, read from a previous run's
// output ([ParseBaseline]): a result matches an entry of the same path,
// class and evidence (its excerpt, which holds the finding and its line's
// context), whatever its line, and uses it up. A Baseline is not safe for
// concurrent use: Take changes it.
type Baseline struct {
	counts map[baselineKey]int
	dir    string // what relative paths are resolved against
}

type baselineKey struct{ path, class, evidence string }

func (b *Baseline) add(path, class, excerpt string) {
	b.counts[baselineKey{path, class, evidenceHash(class, excerpt)}]++
}

// Take reports whether the baseline holds a result of class with excerpt
// in the file at path (as the run names it: relative to the folder given
// to ParseBaseline, or absolute), and uses the entry up. An entry without
// a path (from a bare result object) matches a result in any file.
func (b *Baseline) Take(path, class, excerpt string) bool {
	path = normPath(path, b.dir)
	for _, p := range []string{path, ""} {
		k := baselineKey{p, class, evidenceHash(class, excerpt)}
		if b.counts[k] > 0 {
			b.counts[k]--
			return true
		}
	}
	return false
}

// The shapes a baseline may have: any output of plainsight scan or skill in
// json, jsonl or sarif.
type (
	baselineScan struct {
		Path   *string          `json:"path"`
		Result *json.RawMessage `json:"result"`
		// a bare result object
		Findings    []baselineFinding `json:"findings"`
		InvalidUTF8 []json.RawMessage `json:"invalid_utf8"`
		// a skill report
		SkillDir *string          `json:"skill_dir"`
		Results  []baselineResult `json:"results"`
		// a SARIF log
		Runs []baselineRun `json:"runs"`
	}
	baselineFinding struct {
		Class   string `json:"class"`
		Excerpt string `json:"excerpt"`
	}
	baselineResult struct {
		Class   string `json:"class"`
		File    string `json:"file"`
		Excerpt string `json:"excerpt"`
	}
	baselineRun struct {
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Properties struct {
				Excerpt string `json:"excerpt"`
			} `json:"properties"`
		} `json:"results"`
	}
)

// ErrNotBaseline is a baseline that is none of the outputs it may be.
var ErrNotBaseline = errors.New("not a JSON, JSON Lines or SARIF output of plainsight scan or skill")

// ParseBaseline reads a previous run's output: scan's JSON or JSON Lines
// ([JSONWriter]), skill's JSON (one report or an array, [SkillJSONWriter]
// or skill.Report), or a SARIF log of either ([SARIFWriter]). Paths are
// resolved against dir (the run is taken to have been made from that
// folder, the working directory of the command line), SARIF ones against
// their uriBaseId. The caller bounds data (the command line reads at most
// 256 MiB). An error wraps ErrNotBaseline.
func ParseBaseline(data []byte, dir string) (*Baseline, error) {
	b, err := parseBaseline(data, dir)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return b, nil
}

func parseBaseline(data []byte, cwd string) (*Baseline, error) {
	b := &Baseline{counts: map[baselineKey]int{}, dir: cwd}
	dec := json.NewDecoder(bytes.NewReader(data))
	n := 0
	for {
		tok, err := peekDelim(dec, data)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrNotBaseline, err)
		}
		if tok == '[' {
			var arr []baselineScan
			if err := dec.Decode(&arr); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrNotBaseline, err)
			}
			for i := range arr {
				if err := b.addValue(&arr[i], cwd); err != nil {
					return nil, err
				}
			}
		} else {
			var v baselineScan
			if err := dec.Decode(&v); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrNotBaseline, err)
			}
			if err := b.addValue(&v, cwd); err != nil {
				return nil, err
			}
		}
		n++
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: empty", ErrNotBaseline)
	}
	return b, nil
}

// peekDelim returns the first byte of the next value in dec's stream.
func peekDelim(dec *json.Decoder, data []byte) (byte, error) {
	off := int(dec.InputOffset())
	for off < len(data) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
		off++
	}
	if off == len(data) {
		return 0, io.EOF
	}
	if data[off] != '{' && data[off] != '[' {
		return 0, errors.New("a value that is not an object or array")
	}
	return data[off], nil
}

func (b *Baseline) addValue(v *baselineScan, cwd string) error {
	switch {
	case v.Runs != nil:
		for _, run := range v.Runs {
			for _, r := range run.Results {
				p := ""
				if len(r.Locations) > 0 {
					loc := r.Locations[0].PhysicalLocation.ArtifactLocation
					p = sarifPath(loc.URI, run.OriginalURIBaseIDs[loc.URIBaseID].URI, loc.URIBaseID != "")
				}
				b.add(normPath(p, cwd), r.RuleID, r.Properties.Excerpt)
			}
		}
	case v.SkillDir != nil:
		for _, r := range v.Results {
			b.add(normPath(shown(*v.SkillDir, r.File), cwd), r.Class, r.Excerpt)
		}
	case v.Result != nil:
		var res baselineScan
		if err := json.Unmarshal(*v.Result, &res); err != nil {
			return fmt.Errorf("%w: %w", ErrNotBaseline, err)
		}
		path := ""
		if v.Path != nil {
			path = normPath(*v.Path, cwd)
		}
		b.addFindings(path, &res)
	case v.Findings != nil:
		b.addFindings("", v)
	default:
		return ErrNotBaseline
	}
	return nil
}

func (b *Baseline) addFindings(path string, res *baselineScan) {
	for _, f := range res.Findings {
		b.add(path, f.Class, f.Excerpt)
	}
	for range res.InvalidUTF8 {
		b.add(path, skill.InvalidUTF8, "")
	}
}

// sarifPath is the file path of a SARIF artifact URI: a file URI, or a
// reference relative to its base's file URI. "" when it names no file.
func sarifPath(uri, base string, hasBase bool) string {
	u, err := url.Parse(uri)
	if err != nil {
		return ""
	}
	if !u.IsAbs() && hasBase {
		bu, err := url.Parse(base)
		if err != nil || base == "" {
			return filepath.FromSlash(u.Path) // relative to the working directory
		}
		u = bu.ResolveReference(u)
	}
	if u.IsAbs() && u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}
