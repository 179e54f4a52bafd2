package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionsExample (issue 31, item 6) runs the commands of the GitHub
// Actions example as its workflow runs them — from the repository's
// root, $SKILLS expanded as bash expands an unquoted variable (words,
// then patterns) — against the repository's own skills/NAME/SKILL.md
// layout and against a layout of several packages: the check passes and
// the SARIF step writes a SARIF log.
func TestActionsExample(t *testing.T) {
	wf, err := os.ReadFile("../../examples/github-actions/plainsight.yml")
	if err != nil {
		t.Fatal(err)
	}
	var skills string
	var runs []string
	sc := bufio.NewScanner(bytes.NewReader(wf))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "SKILLS:"); ok {
			skills = strings.Trim(strings.TrimSpace(v), `"'`)
		}
		if v, ok := strings.CutPrefix(line, "run: plainsight skill "); ok {
			runs = append(runs, v)
		}
	}
	if skills == "" || len(runs) != 2 {
		t.Fatalf("the example's SKILLS %q and skill steps %q", skills, runs)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	several := t.TempDir()
	for _, name := range []string{"deploy", "review"} {
		os.MkdirAll(filepath.Join(several, "skills", name), 0o755)
		os.WriteFile(filepath.Join(several, "skills", name, "SKILL.md"), []byte("---\nname: "+name+"\ndescription: Does "+name+" things for the team.\n---\n\n# "+name+"\n\nRun the "+name+" script.\n"), 0o644)
	}
	os.WriteFile(filepath.Join(several, "skills", "README.md"), []byte("The team's skills.\n"), 0o644)
	for _, dir := range []string{root, several} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Chdir(dir)
			var packages []string
			for _, w := range strings.Fields(skills) {
				m := glob(w)
				if len(m) == 0 {
					m = []string{w} // bash leaves a pattern that matches nothing
				}
				packages = append(packages, m...)
			}
			if len(packages) == 0 {
				t.Fatal("SKILLS names no package")
			}
			for _, r := range runs {
				cmd, redirect, _ := strings.Cut(r, " > ")
				words := strings.Fields(cmd)
				var args []string
				for _, w := range words {
					if w == "$SKILLS" {
						args = append(args, packages...)
					} else {
						args = append(args, w)
					}
				}
				code, out, errOut := runCmd(t, "", append([]string{"skill"}, args...)...)
				if code != exitClean || errOut != "" || strings.Contains(out, "title=no_skill_md") || strings.Contains(out, `"ruleId":"no_skill_md"`) {
					t.Errorf("plainsight skill %s (%v): exit %d\n%s%s", cmd, packages, code, out, errOut)
				}
				if redirect != "" {
					var log struct {
						Version string `json:"version"`
						Runs    []any  `json:"runs"`
					}
					if err := json.Unmarshal([]byte(out), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
						t.Errorf("the SARIF step wrote %v %q", err, out)
					}
				}
			}
		})
	}
}

// glob expands a pattern as bash does: a trailing "/" matches
// directories only, and is kept.
func glob(pattern string) []string {
	base, dirOnly := strings.CutSuffix(pattern, "/")
	m, _ := filepath.Glob(base)
	if !dirOnly {
		return m
	}
	var out []string
	for _, p := range m {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			out = append(out, p+"/")
		}
	}
	return out
}
