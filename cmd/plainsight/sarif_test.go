package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/skill"
)

// The bounds of a SARIF log (package report's), as the command's tests
// name them.
const (
	sarifMaxResults = report.MaxSARIFResults
	sarifMaxBytes   = report.MaxSARIFBytes
)

// sarifLocations returns the artifact locations of a SARIF log's results,
// resolved to absolute file paths as a SARIF consumer resolves them, and
// fails if a location is not a URI reference a consumer can resolve.
func sarifLocations(t *testing.T, out string) []string {
	t.Helper()
	var log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var paths []string
	for _, run := range log.Runs {
		for _, r := range run.Results {
			loc := r.Locations[0].PhysicalLocation.ArtifactLocation
			u, err := url.Parse(loc.URI)
			if err != nil {
				t.Fatalf("uri %q: %v", loc.URI, err)
			}
			// SARIF1004: a relative reference needs a uriBaseId; an
			// absolute one must be a URI with a scheme, not a bare path.
			switch {
			case u.IsAbs():
				if u.Scheme != "file" || loc.URIBaseID != "" {
					t.Errorf("absolute uri %q (base %q)", loc.URI, loc.URIBaseID)
				}
			case loc.URIBaseID == "" || strings.HasPrefix(loc.URI, "/"):
				t.Errorf("relative uri %q with base %q", loc.URI, loc.URIBaseID)
				continue
			default:
				base, ok := run.OriginalURIBaseIDs[loc.URIBaseID]
				if !ok || !strings.HasSuffix(base.URI, "/") {
					t.Fatalf("uriBaseId %q: %+v", loc.URIBaseID, run.OriginalURIBaseIDs)
				}
				b, err := url.Parse(base.URI)
				if err != nil {
					t.Fatal(err)
				}
				u = b.ResolveReference(u)
			}
			paths = append(paths, filepath.FromSlash(u.Path))
		}
	}
	return paths
}

// TestSARIFPathForms: every form of path a user types gives artifact
// locations that resolve to the file itself: relative, absolute, ".",
// "..", with spaces, with non-ASCII letters and URI delimiters.
func TestSARIFPathForms(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "my skills", "naïve #1%")
	writeFile(t, pkg, "SKILL.md", "a\u200bb\n")
	want := filepath.Join(pkg, "SKILL.md")
	sub := filepath.Join(pkg, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cwd, arg string }{
		{root, filepath.Join("my skills", "naïve #1%")},
		{root, pkg},
		{pkg, "."},
		{sub, ".."},
		{t.TempDir(), pkg}, // outside the working directory
	} {
		t.Run(tt.arg, func(t *testing.T) {
			t.Chdir(tt.cwd)
			for _, cmd := range []string{"skill", "scan"} {
				code, out, errOut := plainsight(t, "", cmd, "--format", "sarif", tt.arg)
				if code != 1 {
					t.Fatalf("%s: exit %d: %s", cmd, code, errOut)
				}
				got := sarifLocations(t, out)
				if len(got) != 1 || got[0] != want {
					t.Errorf("%s in %s: %q resolves to %q, want %q", cmd, tt.cwd, tt.arg, got, want)
				}
			}
		})
	}
}

// TestSkillFormatsAsLibrary: what plainsight skill writes in each of
// package report's formats is what report.WriteSkill writes of
// skill.Check's report, byte for byte: the command adds nothing to the
// formats a Go CI tool gets from the package.
func TestSkillFormatsAsLibrary(t *testing.T) {
	dir := filepath.Join("..", "..", "skill", "testdata", "example")
	rep, err := skill.Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"sarif", "github", "json"} {
		_, out, errOut := plainsight(t, "", "skill", "--format", format, dir)
		var buf bytes.Buffer
		w := newWriter("skill", format, &buf, false)
		if err := report.WriteSkill(w, rep, nil, ""); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if out != buf.String() {
			t.Errorf("%s: the command wrote (%s)\n%s\nthe package\n%s", format, errOut, out, buf.String())
		}
	}
}
