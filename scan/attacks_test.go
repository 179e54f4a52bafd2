package scan

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAttackSamples scans the attack samples of testdata/attacks, small
// files written for this test from public descriptions of each technique
// (docs/profiles.md, "Attack samples", names the sources). Every one must be flagged by
// the Strict profile (an .eml file read as ContextEmail); the Spec profile,
// on the file read as text, must flag exactly those whose technique §2–§4
// name, so that the table in docs/profiles.md stays true.
func TestAttackSamples(t *testing.T) {
	specCatches := map[string]bool{
		"trojan-source.go":        true, // bidi_control
		"tag-smuggling.txt":       true, // unicode_tag
		"mcp-tool-poisoning.json": true, // an HTML comment
		"phishing-qp.eml":         true, // the base64 HTML part is a §4 blob; the QP part is not read
	}
	files, err := filepath.Glob("testdata/attacks/*")
	if err != nil || len(files) < 10 {
		t.Fatalf("attack samples: %v, %d files", err, len(files))
	}
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := ScanFile(string(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := spec.Status == Flagged; got != specCatches[name] {
			t.Errorf("%s: Spec flagged %v, want %v", name, got, specCatches[name])
		}
		opts := &Options{Profile: Strict}
		if strings.HasSuffix(name, ".eml") {
			opts.Context = ContextEmail
		}
		res, err := ScanFile(string(data), opts)
		if err != nil {
			t.Fatal(err)
		}
		var classes []string
		for _, f := range res.Findings {
			c := string(f.Class)
			if f.Class == HiddenMarkup {
				c += "/" + f.Kind.String()
			}
			if !slices.Contains(classes, c) {
				classes = append(classes, c)
			}
		}
		if res.Status != Flagged {
			t.Errorf("%s: Strict status %s, want flagged", name, res.Status)
		}
		t.Logf("%-28s Spec %-8s Strict %-8s %s", name, spec.Status, res.Status, strings.Join(classes, ", "))
	}
}
