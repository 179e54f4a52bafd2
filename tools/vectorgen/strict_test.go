package main

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/tools/vectorgen/internal/strictgen"
)

// TestLintStrict checks the Strict profile's files against the structs of
// strictgen, which mirror schemas/scan_strict_test_schema_v1.json: known
// fields only, ascending unique tcIds, the count, and findings whose spans
// lie in the input (or, for an e-mail, carry a part).
func TestLintStrict(t *testing.T) {
	n := 0
	for _, name := range corpusFiles(t, "scan/strict-*.json") {
		n++
		t.Run(path.Base(name), func(t *testing.T) {
			var f strictgen.File
			decodeStrict(t, name, &f)
			if f.Schema != strictgen.Schema || f.Profile != "strict" || f.UnicodeVersion != "17.0.0" {
				t.Errorf("schema %q, profile %q, unicode_version %q", f.Schema, f.Profile, f.UnicodeVersion)
			}
			count, last := 0, 0
			for _, g := range f.TestGroups {
				if g.Type != "StrictScanTest" || g.Options.Profile != "strict" {
					t.Errorf("group %q of profile %q", g.Type, g.Options.Profile)
				}
				for _, tc := range g.Tests {
					count++
					if tc.TcID <= last {
						t.Errorf("tcId %d after %d", tc.TcID, last)
					}
					last = tc.TcID
					if tc.Rule == "" || len(tc.Spec) == 0 || tc.Result != "valid" {
						t.Errorf("#%d: rule %q, spec %v, result %q", tc.TcID, tc.Rule, tc.Spec, tc.Result)
					}
					if len(tc.Expected.Findings) != len(tc.ExpectedExtensions.Findings) {
						t.Errorf("#%d: %d findings but %d extension entries", tc.TcID, len(tc.Expected.Findings), len(tc.ExpectedExtensions.Findings))
						continue
					}
					ext := 0
					for i, fd := range tc.Expected.Findings {
						e := tc.ExpectedExtensions.Findings[i]
						if e.Extension {
							ext++
						}
						if g.Options.Context != "email" && (fd.End > utf8.RuneCountInString(tc.Input) || e.ByteEnd > len(tc.Input) || fd.Start > fd.End) {
							t.Errorf("#%d: finding %d out of the input", tc.TcID, i)
						}
						if g.Options.Context == "email" && e.Part == "" {
							t.Errorf("#%d: finding %d names no part", tc.TcID, i)
						}
						if strings.HasPrefix(fd.Kind, "latex_") != (fd.Class == "hidden_markup" && e.Extension) {
							t.Errorf("#%d: finding %d: a LaTeX kind is an extension of hidden_markup", tc.TcID, i)
						}
					}
					if ext != tc.ExpectedExtensions.ExtensionCount {
						t.Errorf("#%d: extension_count %d, %d extension findings", tc.TcID, tc.ExpectedExtensions.ExtensionCount, ext)
					}
				}
			}
			if count != f.NumberOfTests {
				t.Errorf("numberOfTests %d, %d tests", f.NumberOfTests, count)
			}
		})
	}
	if n < 5 {
		t.Errorf("%d Strict files, want the five of strictgen", n)
	}
}
