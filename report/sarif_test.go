package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// TestSARIFRulesCoverClasses checks that every finding class, the Strict
// profile's included, has its own SARIF rule: a class without one would
// point at another rule's index.
func TestSARIFRulesCoverClasses(t *testing.T) {
	have := map[string]bool{}
	for _, r := range sarifRules {
		have[r.ID] = true
	}
	for _, c := range []scan.Class{scan.ZeroWidth, scan.BidiControl, scan.UnicodeTag, scan.ControlChar, scan.PrivateUse,
		scan.UnassignedCodepoint, scan.HiddenMarkup, scan.Base64Blob, scan.MixedScriptConfusable, scan.InstructionLike,
		scan.VariationSelector, scan.InvisibleFormat, scan.InvisibleReference} {
		if !have[string(c)] {
			t.Errorf("no SARIF rule for class %s", c)
		}
	}
	for _, c := range []string{DefinitionChanged, DefinitionFlagged} {
		if !have[c] {
			t.Errorf("no SARIF rule for the audit's class %s", c)
		}
	}
}

// TestSemanticVersion: a module version "vX…" is SemVer without its "v";
// a development build has none.
func TestSemanticVersion(t *testing.T) {
	if semanticVersion("v0.3.1") != "0.3.1" || semanticVersion("(devel)") != "" {
		t.Error("semanticVersion")
	}
}

// sarifLog is what the tests read of a log.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Version         string `json:"version"`
				SemanticVersion string `json:"semanticVersion"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID       string `json:"ruleId"`
			Suppressions []struct {
				Kind          string `json:"kind"`
				Justification string `json:"justification"`
			} `json:"suppressions"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
		Invocations []struct {
			Notifications []struct {
				Message struct{ Text string } `json:"message"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Properties struct {
			Omitted int `json:"omitted"`
		} `json:"properties"`
	} `json:"runs"`
}

func decodeLog(t *testing.T, data []byte) *sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF log of one run: %v\n%s", err, data)
	}
	return &log
}

// TestSARIFBounds: past MaxSARIFResults results are counted, not listed,
// and the log says how many in its properties and a notification.
func TestSARIFBounds(t *testing.T) {
	var buf bytes.Buffer
	w := NewSARIF(&buf, &SARIFOptions{Version: "v1.2.3"})
	const files, each = 11, 1000
	for i := range files {
		text := strings.Repeat("a\u200b", each)
		res, err := scan.ScanFile(text, &scan.Options{OmitSanitized: true, MaxFindings: each})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.File(&File{Path: fmt.Sprintf("f%d.md", i), Data: []byte(text), Scan: res}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	log := decodeLog(t, buf.Bytes())
	run := log.Runs[0]
	omitted := files*each - MaxSARIFResults
	if len(run.Results) != MaxSARIFResults || run.Properties.Omitted != omitted || len(run.Invocations) != 1 ||
		len(run.Invocations[0].Notifications) != 1 ||
		run.Invocations[0].Notifications[0].Message.Text != fmt.Sprintf("%d more results were not listed: a file lists at most 1000, a log at most 10000 results or 8 MiB of them", omitted) {
		t.Errorf("%d results, %d omitted, %+v", len(run.Results), run.Properties.Omitted, run.Invocations)
	}
	if d := run.Tool.Driver; d.Version != "v1.2.3" || d.SemanticVersion != "1.2.3" {
		t.Errorf("driver version %q, semantic %q", d.Version, d.SemanticVersion)
	}
}

// TestSARIFNoResults: a log without results is still a whole log, with no
// notification.
func TestSARIFNoResults(t *testing.T) {
	var buf bytes.Buffer
	w := NewSARIF(&buf, nil)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	run := decodeLog(t, buf.Bytes()).Runs[0]
	if len(run.Results) != 0 || run.Properties.Omitted != 0 || len(run.Invocations) != 1 || len(run.Invocations[0].Notifications) != 0 ||
		run.Tool.Driver.Version == "" {
		t.Errorf("an empty log: %s", buf.Bytes())
	}
}

// TestWriteSkillBaseline: a skill report filtered by a baseline of an
// earlier check, after a line was added above its results, keeps only the
// new result; SARIF lists the others as suppressed, with the
// justification, and the report's counts follow.
func TestWriteSkillBaseline(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) *skill.Report {
		t.Helper()
		if err := writeFile(dir, "SKILL.md", text); err != nil {
			t.Fatal(err)
		}
		rep, err := skill.Check(dir)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	before := write("title\nrun su\u200bdo now\n<!-- hidden -->\n")
	var base bytes.Buffer
	w := NewSkillJSON(&base, false)
	if err := WriteSkill(w, before, nil, ""); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := ParseBaseline(base.Bytes(), t.TempDir()) // paths are absolute: dir is the package's
	if err != nil {
		t.Fatal(err)
	}
	after := write("title\nintro\nrun su\u200bdo now\n<!-- hidden -->\nnew\u202e\n")
	if after.Errors != 3 {
		t.Fatalf("%d errors before the filter, want 3", after.Errors)
	}
	f := &Filter{Baseline: b}
	supp := f.Skill(after)
	if after.Errors != 1 || after.Passed || len(after.Results) != 1 || after.Results[0].Class != "bidi_control" || len(supp) != 2 {
		t.Fatalf("filtered: %d errors, results %+v, %d suppressed", after.Errors, after.Results, len(supp))
	}
	var out bytes.Buffer
	sw := NewSARIF(&out, nil)
	if err := WriteSkill(sw, after, supp, "in the baseline base.json"); err != nil {
		t.Fatal(err)
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	suppressed := map[string]string{}
	for _, r := range decodeLog(t, out.Bytes()).Runs[0].Results {
		j := "-"
		if len(r.Suppressions) == 1 && r.Suppressions[0].Kind == "external" {
			j = r.Suppressions[0].Justification
		}
		suppressed[r.RuleID] = j
	}
	want := map[string]string{"zero_width": "in the baseline base.json", "hidden_markup": "in the baseline base.json", "bidi_control": "-"}
	if fmt.Sprint(suppressed) != fmt.Sprint(want) {
		t.Errorf("suppressions %v, want %v", suppressed, want)
	}
}

// TestFilterScan: Only and Skip drop classes and a baseline suppresses
// what it holds, once an entry; counts and status follow.
func TestFilterScan(t *testing.T) {
	text := "a\u200bb c\u202ed a\u200bb\n"
	res, err := scan.ScanFile(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.DeterministicCount != 3 {
		t.Fatalf("%d findings, want 3", res.DeterministicCount)
	}
	b, err := ParseBaseline([]byte(`{"findings":[{"class":"zero_width","excerpt":"`+res.Findings[0].Excerpt+`"}]}`), "/work")
	if err != nil {
		t.Fatal(err)
	}
	f := &Filter{Skip: map[string]bool{"bidi_control": true}, Baseline: b}
	supp, suppInv := f.Scan("f.md", res)
	if len(supp) != 1 || suppInv != nil || res.DeterministicCount != 1 || len(res.Findings) != 1 || res.Status != scan.Flagged {
		t.Errorf("suppressed %d, left %d (%d counted), status %s", len(supp), len(res.Findings), res.DeterministicCount, res.Status)
	}
	var zero Filter
	if zero.Active() || !zero.Wants("zero_width") {
		t.Error("the zero Filter leaves something out")
	}
}

// TestParseBaselineRefuses: what is none of the outputs is refused with
// ErrNotBaseline.
func TestParseBaselineRefuses(t *testing.T) {
	for _, in := range []string{``, ` `, `{"something": "else"}`, `"a string"`, `[1]`, `{"findings": 3}`} {
		if _, err := ParseBaseline([]byte(in), "/work"); !errors.Is(err, ErrNotBaseline) {
			t.Errorf("%q: %v, want ErrNotBaseline", in, err)
		}
	}
}

// TestGitHub: one workflow command a result, its properties and message
// escaped so that a path or a message cannot end the command early.
func TestGitHub(t *testing.T) {
	var buf bytes.Buffer
	w := NewGitHub(&buf)
	f := &File{Dir: "pkg", Path: "a,b:c.md", Results: []skill.Result{
		{Level: skill.Warning, Class: "instruction_like", File: "a,b:c.md", Line: 2, Column: 3, Message: "100% sure\nnext"},
		{Level: skill.Info, Class: "symlink", File: "a,b:c.md", Line: 1, Column: 1, Message: "link"},
	}}
	if err := w.File(f); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=pkg/a%2Cb%3Ac.md,line=2,col=3,title=instruction_like::100%25 sure%0Anext\n" +
		"::notice file=pkg/a%2Cb%3Ac.md,line=1,col=1,title=symlink::link\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
