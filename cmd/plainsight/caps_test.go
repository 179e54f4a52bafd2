package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/skill"
)

// TestResultCaps: a file lists at most 1,000 results and a run at most
// 10,000, with every count exact and the output saying what was cut — in
// SARIF (far below GitHub's 25,000 results and 10 MB), skill's JSON and
// text. 12 files of 1,200 findings each: 14,400 results.
func TestResultCaps(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "SKILL.md", "# Many\n")
	const files, each = 12, 1200
	for i := range files {
		writeFile(t, dir, fmt.Sprintf("ref%02d.md", i), strings.Repeat("a\u200b", each))
	}
	total := files * each
	for _, cmd := range []string{"scan", "skill"} {
		code, out, errOut := plainsight(t, "", cmd, "--format", "sarif", dir)
		var log struct {
			Runs []struct {
				Results     []json.RawMessage `json:"results"`
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
		if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 {
			t.Fatalf("%s sarif: exit %d, %v: %s", cmd, code, err, errOut)
		}
		run := log.Runs[0]
		if len(run.Results) != sarifMaxResults || run.Properties.Omitted != total-sarifMaxResults ||
			len(run.Invocations) != 1 || len(run.Invocations[0].Notifications) != 1 ||
			!strings.Contains(run.Invocations[0].Notifications[0].Message.Text, fmt.Sprintf("%d more results were not listed", total-sarifMaxResults)) {
			t.Errorf("%s sarif: %d results, %d omitted, %+v", cmd, len(run.Results), run.Properties.Omitted, run.Invocations)
		}
		if len(out) > sarifMaxBytes+64<<10 {
			t.Errorf("%s sarif: %d bytes", cmd, len(out))
		}
	}
	code, out, _ := plainsight(t, "", "skill", "--format", "json", dir)
	var r skill.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 {
		t.Fatalf("skill json: exit %d, %v", code, err)
	}
	if r.Errors != total || len(r.Results) != skill.MaxResults || r.Omitted != total-skill.MaxResults {
		t.Errorf("skill json: %d errors, %d results, %d omitted; want %d, %d, %d", r.Errors, len(r.Results), r.Omitted, total, skill.MaxResults, total-skill.MaxResults)
	}
	lib, err := skill.Check(dir)
	if err != nil || lib.Errors != total || len(lib.Results) != skill.MaxResults || lib.Omitted != total-skill.MaxResults {
		t.Errorf("skill.Check: %v, %d errors, %d results, %d omitted", err, lib.Errors, len(lib.Results), lib.Omitted)
	}
	_, out, _ = plainsight(t, "", "skill", dir)
	if want := fmt.Sprintf("ref00.md: %d more results not shown (at most %d a file)\n", each-skill.MaxPerFile, skill.MaxPerFile); !strings.Contains(out, want) ||
		!strings.Contains(out, fmt.Sprintf(": failed, %d errors, 0 warnings\n", total)) {
		t.Errorf("skill text lacks %q:\n%s", want, out[max(0, len(out)-2000):])
	}
}
