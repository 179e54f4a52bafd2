package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestIgnoreFile: the ignore file's gitignore-style paths leave files out
// of directory walks, in scan and skill alike, and are counted.
func TestIgnoreFile(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	writeFile(t, root, "pkg/SKILL.md", "a\u200bb\n")
	writeFile(t, root, "pkg/vendor/x.md", "c\u202ed\n")
	writeFile(t, root, "pkg/gen.txt", "e\u200bf\n")
	writeFile(t, root, ".plainsightignore", "# generated\nvendor/\n*.txt\n")
	code, out, errOut := plainsight(t, "", "scan", "pkg")
	if code != 1 || !strings.Contains(out, "SKILL.md:1:2") || strings.Contains(out, "x.md") || strings.Contains(out, "gen.txt") ||
		!strings.Contains(out, "1 input scanned") || !strings.Contains(out, ", 2 ignored.") {
		t.Errorf("scan with the default ignore file: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = plainsight(t, "", "skill", "pkg")
	if code != 1 || strings.Contains(out, "x.md") || strings.Contains(out, "gen.txt") || !strings.Contains(out, "pkg: failed, 1 error, 0 warnings") {
		t.Errorf("skill with the default ignore file: exit %d\n%s", code, out)
	}
	other := writeFile(t, t.TempDir(), "ignore", "SKILL.md\n")
	code, out, _ = plainsight(t, "", "scan", "--ignore-file", other, "pkg")
	if !strings.Contains(out, "x.md") {
		t.Errorf("--ignore-file: exit %d\n%s", code, out)
	}
	if code, _, errOut := plainsight(t, "", "scan", "--ignore-file", "missing", "pkg"); code != 2 || errOut == "" {
		t.Errorf("a missing --ignore-file: exit %d", code)
	}
}

// TestBaseline: a previous run's output, in any of its formats, suppresses
// the results it holds — matched by path, class and evidence, so a line
// moved by an edit above it stays suppressed — and only what is new is
// reported and decides the exit status. SARIF keeps the suppressed
// results, marked as suppressed.
func TestBaseline(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	writeFile(t, root, "pkg/SKILL.md", "title\nrun su\u200bdo now\n<!-- hidden -->\n")
	base := map[string]string{}
	for _, run := range [][]string{
		{"scan", "--format", "jsonl", "pkg"},
		{"scan", "--format", "json", filepath.Join("pkg", "SKILL.md")},
		{"scan", "--format", "sarif", "pkg"},
		{"skill", "--format", "json", "pkg"},
		{"skill", "--format", "sarif", "pkg"},
	} {
		code, out, errOut := plainsight(t, "", run...)
		if code != 1 {
			t.Fatalf("%v: exit %d: %s", run, code, errOut)
		}
		name := strings.Join(run[:3], "-")
		base[name] = writeFile(t, root, name+".baseline", out)
	}
	// Edit: a line added above moves both findings; nothing new.
	writeFile(t, root, "pkg/SKILL.md", "title\nintro\nrun su\u200bdo now\n<!-- hidden -->\n")
	for name, b := range base {
		for _, cmd := range []string{"scan", "skill"} {
			code, out, errOut := plainsight(t, "", cmd, "--baseline", b, "pkg")
			if code != 0 || strings.Contains(out, "zero_width") || strings.Contains(out, "hidden_markup") {
				t.Errorf("%s with baseline %s, nothing new: exit %d\n%s%s", cmd, name, code, out, errOut)
			}
		}
	}
	// Something new: only it is reported.
	writeFile(t, root, "pkg/SKILL.md", "title\nintro\nrun su\u200bdo now\n<!-- hidden -->\nnew\u202e\n")
	for name, b := range base {
		code, out, _ := plainsight(t, "", "scan", "--baseline", b, "pkg")
		if code != 1 || strings.Contains(out, "zero_width") || !strings.Contains(out, "bidi_control") || !strings.Contains(out, "2 suppressed by the baseline") {
			t.Errorf("scan with baseline %s, one new: exit %d\n%s", name, code, out)
		}
	}
	code, out, _ := plainsight(t, "", "skill", "--format", "sarif", "--baseline", base["skill---format-json"], "pkg")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID       string            `json:"ruleId"`
				Suppressions []json.RawMessage `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 {
		t.Fatalf("sarif: exit %d, %v\n%s", code, err, out)
	}
	suppressed := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		suppressed[r.RuleID] = len(r.Suppressions) > 0
	}
	if !suppressed["zero_width"] || !suppressed["hidden_markup"] || suppressed["bidi_control"] || len(suppressed) != 3 {
		t.Errorf("sarif suppressions %v, want zero_width and hidden_markup suppressed, bidi_control not", suppressed)
	}
	// A baseline that is none of the outputs is a usage error.
	bad := writeFile(t, root, "bad.json", `{"something": "else"}`)
	if code, _, errOut := plainsight(t, "", "scan", "--baseline", bad, "pkg"); code != 2 || errOut == "" {
		t.Errorf("a bad baseline: exit %d", code)
	}
}

// TestOnlySkip: --only and --skip select classes; an unknown class is a
// usage error.
func TestOnlySkip(t *testing.T) {
	p := writeFile(t, t.TempDir(), "f.md", "a\u200bb c\u202ed\n")
	code, out, _ := plainsight(t, "", "scan", "--only", "bidi_control", p)
	if code != 1 || strings.Contains(out, "zero_width") || !strings.Contains(out, "bidi_control") {
		t.Errorf("--only: exit %d\n%s", code, out)
	}
	code, out, _ = plainsight(t, "", "scan", "--skip", "bidi_control,zero_width", p)
	if code != 0 || strings.Contains(out, "zero_width") || strings.Contains(out, "bidi_control") {
		t.Errorf("--skip: exit %d\n%s", code, out)
	}
	code, out, _ = plainsight(t, "", "scan", "--format", "json", "--skip", "zero_width", p)
	if res := decodeResult(t, out); code != 1 || res.DeterministicCount != 1 || len(res.Findings) != 1 {
		t.Errorf("--skip, json: exit %d\n%s", code, out)
	}
	writeFile(t, filepath.Dir(p), "SKILL.md", "# Skill\n")
	code, out, _ = plainsight(t, "", "skill", "--skip", "zero_width,bidi_control", filepath.Dir(p))
	if code != 0 {
		t.Errorf("skill --skip: exit %d\n%s", code, out)
	}
	if code, _, errOut := plainsight(t, "", "scan", "--only", "zero_widht", p); code != 2 || errOut == "" {
		t.Errorf("an unknown class: exit %d", code)
	}
}
