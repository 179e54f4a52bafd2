package skills_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/skill"
	"github.com/plainsight/plainsight/skills"
)

// checkSkill writes text as SKILL.md of a package named PrecallName and
// fails the test unless the skill checks (Strict) find nothing at all:
// no error, no warning, no info.
func checkSkill(t *testing.T, text string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), skills.PrecallName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := skill.Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Errors != 0 || r.Warnings != 0 || len(r.Results) != 0 || r.Omitted != 0 {
		t.Errorf("the skill checks find %d errors, %d warnings: %+v", r.Errors, r.Warnings, r.Results)
	}
}

// The repository's skill folder passes plainsight skill with no finding,
// and the embedded text is that file.
func TestPrecallPassesTheSkillChecks(t *testing.T) {
	r, err := skill.Check(skills.PrecallName)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Errors != 0 || r.Warnings != 0 || len(r.Results) != 0 {
		t.Errorf("%s: %d errors, %d warnings: %+v", skills.PrecallName, r.Errors, r.Warnings, r.Results)
	}
	b, err := os.ReadFile(filepath.Join(skills.PrecallName, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != skills.Precall() {
		t.Error("the embedded SKILL.md is not the repository's")
	}
	checkSkill(t, skills.PrecallFor("https://plainsight.example.org"))
}

// The front matter an agent skill has: name (the folder's, lowercase
// letters, digits and hyphens, at most 64) and a description of at most
// 1024 characters that says what the skill does and when to use it.
func TestPrecallFrontMatter(t *testing.T) {
	text := skills.Precall()
	if !strings.HasPrefix(text, "---\n") {
		t.Fatal("SKILL.md does not start with front matter")
	}
	end := strings.Index(text[4:], "\n---\n")
	if end < 0 {
		t.Fatal("the front matter is not closed")
	}
	fields := map[string]string{}
	for _, line := range strings.Split(text[4:4+end], "\n") {
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("front matter line %q", line)
		}
		fields[k] = v
	}
	if fields["name"] != skills.PrecallName || len(fields["name"]) > 64 || strings.Trim(fields["name"], "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		t.Errorf("name %q, want %q", fields["name"], skills.PrecallName)
	}
	if d := fields["description"]; d == "" || len(d) > 1024 || !strings.Contains(d, "pre-call check") || !strings.Contains(d, "scan") {
		t.Errorf("description %q", d)
	}
}

// PrecallFor moves every URL of the default address under the base, and
// only those (the MCP transport's own address stays).
func TestPrecallFor(t *testing.T) {
	got := skills.PrecallFor("https://ps.example/")
	if strings.Contains(got, skills.DefaultBase) {
		t.Errorf("the default address is left in:\n%s", got)
	}
	for _, want := range []string{"curl -s 'https://ps.example/v1/security/precall?url=", "https://ps.example/v2/scan", "https://ps.example/servers",
		"http://127.0.0.1:8081/mcp"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the skill", want)
		}
	}
	if !strings.Contains(skills.Precall(), "listens on by default") || strings.Contains(got, "listens on by default") ||
		!strings.Contains(got, "This copy was served by that server, at `/.well-known/agent-skills/plainsight-precall/SKILL.md`.\n") {
		t.Errorf("the served copy does not say which server served it:\n%s", got)
	}
	if skills.PrecallFor("") != skills.Precall() {
		t.Error("an empty base changes the text")
	}
}
