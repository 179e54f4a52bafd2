package server

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/skill"
	"github.com/plainsight/plainsight/skills"
)

// The served skill names this server's public URL, is text/markdown, and
// passes the skill checks (Strict) with no finding (issue 28, item 7).
func TestSkillServed(t *testing.T) {
	h := New(Config{PublicURL: "https://ps.example/"})
	req := httptest.NewRequest("GET", skillPath, nil)
	req.Host = "evil.example\"><script>"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/markdown; charset=utf-8" || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("GET %s: %d %v", skillPath, rec.Code, rec.Header())
	}
	text := string(body)
	for _, want := range []string{"name: plainsight-precall\n", "curl -s 'https://ps.example/v1/security/precall?url=", "https://ps.example/v2/scan",
		"`https://ps.example/servers`", "plainsight precall --tool search", `{"command": "plainsight", "args": ["mcp"]}`, "precall_check", "scan_text"} {
		if !strings.Contains(text, want) {
			t.Errorf("the served skill does not hold %q", want)
		}
	}
	if strings.Contains(text, "127.0.0.1:8080") || strings.Contains(text, "evil.example") {
		t.Errorf("the served skill names another server:\n%s", text)
	}
	dir := filepath.Join(t.TempDir(), "plainsight-precall")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := skill.Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Errors+r.Warnings != 0 || len(r.Results) != 0 {
		t.Errorf("the served skill: %d errors, %d warnings: %+v", r.Errors, r.Warnings, r.Results)
	}
	// Without a public URL: the repository's text, whatever the Host.
	rec = httptest.NewRecorder()
	h = New(Config{})
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Body.String() != skills.Precall() {
		t.Errorf("without a public URL: %d, not the repository's text", rec.Code)
	}
}
