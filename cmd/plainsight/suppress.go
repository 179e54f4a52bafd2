package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/ignore"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// classes are every class a result can have: --only and --skip take them.
var classes = []string{
	string(scan.ZeroWidth), string(scan.BidiControl), string(scan.UnicodeTag), string(scan.ControlChar),
	string(scan.PrivateUse), string(scan.UnassignedCodepoint), string(scan.HiddenMarkup), string(scan.Base64Blob),
	string(scan.MixedScriptConfusable), string(scan.InstructionLike),
	skill.InvalidUTF8, skill.BinaryFile, skill.FileTooLarge, skill.Symlink, skill.Unreadable, skill.NoSkillFile,
}

// defaultIgnoreFile is read from the working directory when --ignore-file
// is not given.
const defaultIgnoreFile = ".plainsightignore"

// maxBaseline bounds a baseline file.
const maxBaseline = 256 << 20

// filter is what the user asked to leave out: classes (--only, --skip),
// paths (the ignore file) and known results (--baseline).
type filter struct {
	only, skip map[string]bool
	ignore     *ignore.Matcher
	ignoreBase string // the ignore file's folder, absolute
	base       *baseline
	baseName   string
	cwd        string
}

// classList reads a comma-separated list of classes.
func classList(flagName, v string) (map[string]bool, error) {
	if v == "" {
		return nil, nil
	}
	m := map[string]bool{}
	for _, c := range strings.Split(v, ",") {
		c = strings.TrimSpace(c)
		if !slices.Contains(classes, c) {
			return nil, fmt.Errorf("--%s: unknown class %q (the classes: %s)", flagName, c, strings.Join(classes, ", "))
		}
		m[c] = true
	}
	return m, nil
}

// newFilter reads the filter flags' files. An ignore file given by name
// must exist; the default one is read when present.
func newFilter(only, skip, ignoreFile, baselineFile string) (*filter, error) {
	f := &filter{}
	var err error
	if f.only, err = classList("only", only); err != nil {
		return nil, err
	}
	if f.skip, err = classList("skip", skip); err != nil {
		return nil, err
	}
	f.cwd, _ = os.Getwd()
	name, required := ignoreFile, true
	if name == "" {
		name, required = defaultIgnoreFile, false
	}
	if data, err := os.ReadFile(name); err == nil {
		if f.ignore, err = ignore.Parse(data); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		abs, _ := filepath.Abs(name)
		f.ignoreBase = filepath.Dir(abs)
	} else if required || !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("ignore file: %w", err)
	}
	if baselineFile != "" {
		fh, err := os.Open(baselineFile)
		if err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
		defer fh.Close()
		data, err := readLimited(fh, maxBaseline)
		if err != nil {
			return nil, fmt.Errorf("baseline %s: %w", baselineFile, err)
		}
		if f.base, err = parseBaseline(data, f.cwd); err != nil {
			return nil, fmt.Errorf("baseline %s: %w", baselineFile, err)
		}
		f.baseName = baselineFile
	}
	return f, nil
}

// active reports whether the filter leaves anything out of a scan result.
func (f *filter) active() bool {
	return f.only != nil || f.skip != nil || f.base != nil
}

// wants reports whether results of class are reported at all.
func (f *filter) wants(class string) bool {
	return (f.only == nil || f.only[class]) && !f.skip[class]
}

// ignored reports whether the ignore file names a walked entry: rel below
// the walked folder root.
func (f *filter) ignored(root, rel string, dir bool) bool {
	if f.ignore == nil {
		return false
	}
	abs, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return false
	}
	p, err := filepath.Rel(f.ignoreBase, abs)
	if err != nil || p == ".." || strings.HasPrefix(p, ".."+string(filepath.Separator)) {
		return false
	}
	return f.ignore.Match(filepath.ToSlash(p), dir)
}

// inBaseline reports (and uses up) a baseline entry for a result.
func (f *filter) inBaseline(path, class, excerpt string) bool {
	if f.base == nil {
		return false
	}
	return f.base.take(normPath(path, f.cwd), class, excerpt)
}

// scanResult applies the filter to a scan result in place: results of
// classes not wanted are dropped, those in the baseline moved out and
// returned. Counts and status follow. (Findings beyond the scan's cap are
// not listed and so cannot be matched: they stay counted.)
func (f *filter) scanResult(path string, res *scan.Result) (supp []scan.Finding, suppInv []scan.InvalidSequence) {
	if f.only == nil && f.skip == nil && f.base == nil {
		return nil, nil
	}
	kept := res.Findings[:0]
	for _, fd := range res.Findings {
		drop := !f.wants(string(fd.Class))
		if !drop && f.inBaseline(path, string(fd.Class), fd.Excerpt) {
			supp, drop = append(supp, fd), true
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
		case !f.wants(skill.InvalidUTF8):
		case f.inBaseline(path, skill.InvalidUTF8, ""):
			suppInv = append(suppInv, s)
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
	return supp, suppInv
}

// locatedResults applies the filter to located results in place, and
// returns those the baseline suppressed. Counts follow.
func (f *filter) locatedResults(dir string, r *skill.FileResults) (supp []skill.Result) {
	if f.only == nil && f.skip == nil && f.base == nil {
		return nil
	}
	kept := r.Results[:0]
	for _, res := range r.Results {
		drop := !f.wants(res.Class)
		if !drop && f.inBaseline(shown(dir, res.File), res.Class, res.Excerpt) {
			supp, drop = append(supp, res), true
		}
		if !drop {
			kept = append(kept, res)
			continue
		}
		switch res.Level {
		case skill.Error:
			r.Errors--
		case skill.Warning:
			r.Warnings--
		default:
			r.Infos--
		}
	}
	r.Results = kept
	return supp
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

// baseline is a multiset of known results: a result matches an entry of
// the same path, class and evidence, whatever its line, and uses it up.
type baseline struct {
	counts map[baselineKey]int
}

type baselineKey struct{ path, class, evidence string }

func (b *baseline) add(path, class, excerpt string) {
	b.counts[baselineKey{path, class, evidenceHash(class, excerpt)}]++
}

func (b *baseline) take(path, class, excerpt string) bool {
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

// errBaseline is a baseline that is none of the outputs it may be.
var errBaseline = errors.New("not a JSON, JSON Lines or SARIF output of plainsight scan or skill")

// parseBaseline reads a previous run's output: scan's json or jsonl,
// skill's json (one report or an array), or a SARIF log of either. Paths
// are resolved against cwd (the run is taken to have been made from the
// same folder), SARIF ones against their uriBaseId.
func parseBaseline(data []byte, cwd string) (*baseline, error) {
	b := &baseline{counts: map[baselineKey]int{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	n := 0
	for {
		tok, err := peekDelim(dec, data)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", errBaseline, err)
		}
		if tok == '[' {
			var arr []baselineScan
			if err := dec.Decode(&arr); err != nil {
				return nil, fmt.Errorf("%w: %w", errBaseline, err)
			}
			for i := range arr {
				if err := b.addValue(&arr[i], cwd); err != nil {
					return nil, err
				}
			}
		} else {
			var v baselineScan
			if err := dec.Decode(&v); err != nil {
				return nil, fmt.Errorf("%w: %w", errBaseline, err)
			}
			if err := b.addValue(&v, cwd); err != nil {
				return nil, err
			}
		}
		n++
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: empty", errBaseline)
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

func (b *baseline) addValue(v *baselineScan, cwd string) error {
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
			return fmt.Errorf("%w: %w", errBaseline, err)
		}
		path := ""
		if v.Path != nil {
			path = normPath(*v.Path, cwd)
		}
		b.addFindings(path, &res)
	case v.Findings != nil:
		b.addFindings("", v)
	default:
		return errBaseline
	}
	return nil
}

func (b *baseline) addFindings(path string, res *baselineScan) {
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

// filterFlagValues are the flags of suppression, shared by scan and skill.
type filterFlagValues struct {
	only, skip, ignoreFile, baseline *string
}

func filterFlags(fset *flag.FlagSet) *filterFlagValues {
	return &filterFlagValues{
		only:       fset.String("only", "", "report only these classes (comma-separated)"),
		skip:       fset.String("skip", "", "leave out these classes (comma-separated)"),
		ignoreFile: fset.String("ignore-file", "", "gitignore-style paths to leave out of directory walks (default ./"+defaultIgnoreFile+" when present)"),
		baseline:   fset.String("baseline", "", "a previous json, jsonl or sarif output: report only what is not in it"),
	}
}

func (v *filterFlagValues) filter() (*filter, error) {
	return newFilter(*v.only, *v.skip, *v.ignoreFile, *v.baseline)
}
