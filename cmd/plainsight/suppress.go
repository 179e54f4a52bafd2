package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/ignore"
	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// classes are every class a result can have: --only and --skip take them.
var classes = []string{
	string(scan.ZeroWidth), string(scan.BidiControl), string(scan.UnicodeTag), string(scan.ControlChar),
	string(scan.PrivateUse), string(scan.UnassignedCodepoint), string(scan.HiddenMarkup), string(scan.Base64Blob),
	string(scan.MixedScriptConfusable), string(scan.InstructionLike), string(scan.InstructionJudged),
	skill.InvalidUTF8, skill.BinaryFile, skill.FileTooLarge, skill.Symlink, skill.Unreadable, skill.NoSkillFile,
}

// defaultIgnoreFile is read from the working directory when --ignore-file
// is not given.
const defaultIgnoreFile = ".plainsightignore"

// maxBaseline bounds a baseline file.
const maxBaseline = 256 << 20

// filter is what the user asked to leave out: classes (--only, --skip)
// and known results (--baseline), as report.Filter leaves them out, and
// paths (the ignore file).
type filter struct {
	report.Filter
	ignore     *ignore.Matcher
	ignoreBase string // the ignore file's folder, absolute
	baseName   string
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
	if f.Only, err = classList("only", only); err != nil {
		return nil, err
	}
	if f.Skip, err = classList("skip", skip); err != nil {
		return nil, err
	}
	cwd, _ := os.Getwd()
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
		if f.Baseline, err = report.ParseBaseline(data, cwd); err != nil {
			return nil, fmt.Errorf("baseline %s: %w", baselineFile, err)
		}
		f.baseName = baselineFile
	}
	return f, nil
}

// justification is what SARIF says of a result the baseline suppressed.
func (f *filter) justification() string {
	if f.Baseline == nil {
		return ""
	}
	return "in the baseline " + f.baseName
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
