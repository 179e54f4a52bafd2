package plainsight_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLink finds the target of a markdown link or image: ](target) or
// ](target "title").
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// code matches fenced code blocks and code spans, whose brackets are no
// links.
var code = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")

// TestReadmeLinks checks the links of the READMEs: each is an https
// address, a fragment of the same page, or a path inside the repository
// that exists. A link outside the repository (../shared/specs, a local
// copy of a specification) works on one machine only; a specification is
// linked at the address it gives for itself.
func TestReadmeLinks(t *testing.T) {
	for _, readme := range []string{"README.md", "vectors/README.md", "CONTRIBUTING.md"} {
		src, err := os.ReadFile(readme)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "shared/specs") {
			t.Errorf("%s names shared/specs, a directory outside the repository", readme)
		}
		links := mdLink.FindAllStringSubmatch(code.ReplaceAllString(string(src), ""), -1)
		if len(links) == 0 {
			t.Errorf("%s: no links found", readme)
		}
		for _, m := range links {
			target := m[1]
			switch {
			case strings.HasPrefix(target, "https://"), strings.HasPrefix(target, "#"):
				continue
			case strings.Contains(target, "://"):
				t.Errorf("%s: link %s is not https", readme, target)
				continue
			}
			path, _, _ := strings.Cut(target, "#")
			local := filepath.Join(filepath.Dir(readme), filepath.FromSlash(path))
			rel, err := filepath.Rel(".", local)
			if err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("%s: link %s leads outside the repository", readme, target)
				continue
			}
			if _, err := os.Stat(local); err != nil {
				t.Errorf("%s: link %s: %v", readme, target, err)
			}
		}
	}
}

// TestContributingCommands checks that what CONTRIBUTING.md tells a
// contributor to run exists: each fuzz line it quotes is in .ci/run, the
// staticcheck it names is the version CI pins, and each folder it names
// for go generate has a go:generate directive.
func TestContributingCommands(t *testing.T) {
	doc, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("`(fuzz \\./[^`]+)`").FindAllStringSubmatch(string(doc), -1) {
		if !strings.Contains(string(ci), "\n"+m[1]+"\n") {
			t.Errorf("CONTRIBUTING.md quotes %q, which .ci/run does not run", m[1])
		}
	}
	pins := regexp.MustCompile(`staticcheck@v[0-9.]+`)
	for _, pin := range pins.FindAllString(string(doc), -1) {
		if !strings.Contains(string(ci), pin) {
			t.Errorf("CONTRIBUTING.md names %s, which .ci/run does not pin", pin)
		}
	}
	gens := regexp.MustCompile(`go generate \./([a-z/]+)/`).FindAllStringSubmatch(string(doc), -1)
	if len(gens) == 0 {
		t.Error("CONTRIBUTING.md names no go generate command")
	}
	for _, m := range gens {
		files, _ := filepath.Glob(filepath.Join(filepath.FromSlash(m[1]), "*.go"))
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			found = found || (err == nil && strings.Contains(string(src), "\n//go:generate "))
		}
		if !found {
			t.Errorf("CONTRIBUTING.md: go generate ./%s/ finds no go:generate directive", m[1])
		}
	}
}
