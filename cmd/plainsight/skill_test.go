package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/skill"
)

var example = filepath.Join("..", "..", "skill", "testdata", "example")

func TestSkillFormats(t *testing.T) {
	code, out, _ := plainsight(t, "", "skill", example)
	if code != 1 || !strings.Contains(out, "SKILL.md:8:7: error: zero_width: U+200B ZERO WIDTH SPACE") ||
		!strings.Contains(out, "example: failed, 3 errors, 1 warning, 1 binary file not checked\n") {
		t.Errorf("text: exit %d\n%s", code, out)
	}

	code, out, _ = plainsight(t, "", "skill", "--format", "json", example)
	var r skill.Report
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || code != 1 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	errs, warns := 0, 0
	for _, res := range r.Results {
		switch res.Level {
		case skill.Error:
			errs++
		case skill.Warning:
			warns++
		}
	}
	if r.Errors != errs || r.Warnings != warns || r.Passed != (errs == 0) || errs != 3 || warns != 1 {
		t.Errorf("json summary %d/%d/%v, results give %d/%d", r.Errors, r.Warnings, r.Passed, errs, warns)
	}

	// Several packages: an array.
	clean := t.TempDir()
	writeFile(t, clean, "SKILL.md", "# Clean\n")
	code, out, _ = plainsight(t, "", "skill", "--format", "json", clean, example)
	var rs []skill.Report
	if err := json.Unmarshal([]byte(out), &rs); err != nil || len(rs) != 2 || !rs[0].Passed || rs[1].Passed || code != 1 {
		t.Errorf("two packages: exit %d, %v, %+v", code, err, rs)
	}
	if code, _, _ := plainsight(t, "", "skill", clean); code != 0 {
		t.Errorf("a clean package: exit %d", code)
	}

	code, out, _ = plainsight(t, "", "skill", "--format", "github", example)
	want := "::error file=" + filepath.ToSlash(example) + "/SKILL.md,line=8,col=7,title=zero_width::U+200B ZERO WIDTH SPACE (zero_width)\n"
	if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "::notice file=") || !strings.Contains(out, "::warning file=") {
		t.Errorf("github: exit %d, want a line %q\n%s", code, want, out)
	}

	if code, _, errOut := plainsight(t, "", "skill", filepath.Join(clean, "missing")); code != 2 || errOut == "" {
		t.Errorf("a missing folder: exit %d", code)
	}
}

// TestSkillSARIF checks the SARIF log's shape (Microsoft's validator runs
// on it in CI): one run, every result's rule among the driver's rules at
// its index, a level, a message, a region with line, column and byte
// offset.
func TestSkillSARIF(t *testing.T) {
	code, out, _ := plainsight(t, "", "skill", "--format", "sarif", example)
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name, Version string
					Rules         []struct {
						ID   string                `json:"id"`
						Help struct{ Text string } `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine, StartColumn, ByteOffset int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "plainsight" || len(run.Results) != 5 {
		t.Errorf("driver %q, %d results", run.Tool.Driver.Name, len(run.Results))
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.Help.Text == "" {
			t.Errorf("rule %s has no help", r.ID)
		}
	}
	for i, r := range run.Results {
		if r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: rule %s at index %d", i, r.RuleID, r.RuleIndex)
		}
		if r.Level == "" || r.Message.Text == "" || len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine < 1 {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	first := run.Results[0].Locations[0].PhysicalLocation
	if !strings.HasSuffix(first.ArtifactLocation.URI, "example/SKILL.md") || first.Region.StartLine != 8 ||
		first.Region.StartColumn != 7 || first.Region.ByteOffset != 72 {
		t.Errorf("first location %+v", first)
	}
}

// TestScanGitHubAndSARIF: plainsight scan writes the same located results
// as workflow commands, or as one SARIF log for every input.
func TestScanGitHubAndSARIF(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.md", "ok\r\nsu\u200bdo\n")
	code, out, _ := plainsight(t, "", "scan", "--format", "github", p)
	if want := "::error file=" + filepath.ToSlash(p) + ",line=2,col=3,title=zero_width::U+200B ZERO WIDTH SPACE (zero_width)\n"; code != 1 || out != want {
		t.Errorf("github: exit %d\n got %q\nwant %q", code, out, want)
	}
	q := writeFile(t, dir, "b.md", "clean\n")
	code, out, _ = plainsight(t, "", "scan", "--format", "sarif", p, q)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 || len(log.Runs) != 1 ||
		len(log.Runs[0].Results) != 1 || log.Runs[0].Results[0].RuleID != "zero_width" {
		t.Errorf("sarif: exit %d, %v\n%s", code, err, out)
	}
}

// TestSkillWithoutSkillFile: plainsight skill on a folder that is no skill
// package fails, and says why.
func TestSkillWithoutSkillFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "notes.md", "clean\n")
	code, out, _ := plainsight(t, "", "skill", dir)
	if code != 1 || !strings.Contains(out, "no_skill_md: no SKILL.md at the top of the folder: not a skill package") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestSkillMissingFolderFirst: a missing folder among several is found
// before any output is written.
func TestSkillMissingFolderFirst(t *testing.T) {
	code, out, errOut := plainsight(t, "", "skill", "--format", "json", example, filepath.Join(t.TempDir(), "missing"))
	if code != 2 || out != "" || !strings.Contains(errOut, "missing: no such file or directory") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
