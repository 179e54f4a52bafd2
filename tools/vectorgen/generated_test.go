package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/generators"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/intentgen"
	"github.com/plainsight/plainsight/vectors"
)

// The tests of the corpus that need its generators: the regeneration check and the lints that
// compare a file with a generator's rules. They sit beside the generators (which only packages
// under tools/vectorgen may import) so that vectors/ holds the data and the embed package; the
// corpus's own lint stays in vectors/.

var (
	hexBytes   = regexp.MustCompile(`^(?:[0-9a-f]{2})*$`)
	intentHash = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
)

// corpusFiles returns the corpus files that match pattern; none fails the
// test (vectortest.Files).
func corpusFiles(t *testing.T, pattern string) []string {
	t.Helper()
	return vectortest.Files(t, pattern)
}

// decodeStrict reads corpus file name into v, refusing unknown fields
// (vectortest.DecodeStrict).
func decodeStrict(t *testing.T, name string, v any) {
	t.Helper()
	vectortest.DecodeStrict(t, name, v)
}

// scanFiles returns the scan vector files.
func scanFiles(t *testing.T) []string { return corpusFiles(t, "scan/*.json") }

// intentFiles returns the generated agent-safe.intent/1 vector files (not
// the upstream ones).
func intentFiles(t *testing.T) []string { return corpusFiles(t, "intent/*.json") }

// TestGenerated regenerates every file of the corpus from its cases and compares it byte for
// byte with the embedded file, so the committed corpus cannot drift from its generator; and
// every file in scan/ must be a generated one.
func TestGenerated(t *testing.T) {
	generated := map[string]bool{}
	for _, o := range generators.All() {
		generated[o.Path] = true
		t.Run(path.Base(o.Path), func(t *testing.T) {
			want, err := o.Generate()
			if err != nil {
				t.Fatal(err)
			}
			got, err := fs.ReadFile(vectors.FS(), o.Path)
			if err != nil {
				t.Fatalf("%v (run go generate ./vectors)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from what tools/vectorgen produces; run go generate ./vectors", o.Path)
			}
		})
	}
	for _, name := range append(append(scanFiles(t), intentFiles(t)...), corpusFiles(t, "fingerprint/*.json")...) {
		if !generated[name] {
			t.Errorf("%s is not produced by tools/vectorgen", name)
		}
	}
}

func TestIntentLint(t *testing.T) {
	for name, f := range vectortest.IntentFiles(t) {
		t.Run(path.Base(name), func(t *testing.T) { lintIntentFile(t, f) })
	}
}

func lintIntentFile(t *testing.T, f vectortest.IntentFile) {
	if f.Schema != "intent_test_schema_v1.json" {
		t.Errorf("schema: got %q", f.Schema)
	}
	if f.Spec.Name != "agent-safe.intent" || f.Spec.Version != "1" || f.Spec.Sections != nil {
		t.Errorf("spec: got %+v", f.Spec)
	}
	if len(f.Header) == 0 {
		t.Error("no header")
	}
	for name, n := range f.Notes {
		if n.Description == "" || n.Effect == "" {
			t.Errorf("note %s: empty description or effect", name)
		}
	}
	count, lastID := 0, 0
	usedFlags := map[string]bool{}
	for _, g := range f.TestGroups {
		if g.Type != "IntentHashTest" {
			t.Errorf("group type: got %q", g.Type)
		}
		for _, tc := range g.Tests {
			count++
			id := "#" + strconv.Itoa(tc.TcID)
			if tc.TcID <= lastID {
				t.Errorf("tcId %d after %d: tcIds must be unique and ascending", tc.TcID, lastID)
			}
			lastID = tc.TcID
			if tc.Comment == "" {
				t.Errorf("%s: empty comment", id)
			}
			if tc.Flags == nil {
				t.Errorf("%s: flags must be present (an empty array when there are none)", id)
			}
			for j, fl := range tc.Flags {
				usedFlags[fl] = true
				if _, ok := f.Notes[fl]; !ok {
					t.Errorf("%s: flag %q not declared in notes", id, fl)
				}
				if slices.Contains(tc.Flags[:j], fl) {
					t.Errorf("%s: flag %q repeated", id, fl)
				}
			}
			if (tc.BindingJSON == nil) == (tc.BindingHex == nil) {
				t.Errorf("%s: want exactly one of bindingJson and bindingHex", id)
			}
			if tc.BindingHex != nil && (*tc.BindingHex == "" || !hexBytes.MatchString(*tc.BindingHex)) {
				t.Errorf("%s: bindingHex %q is not lowercase hex bytes", id, *tc.BindingHex)
			}
			switch tc.Result {
			case "valid":
				if tc.Canonical == nil || tc.Hash == nil || tc.Error != nil {
					t.Errorf("%s: a valid test needs canonical and hash, and no error", id)
					continue
				}
				if !intentHash.MatchString(*tc.Hash) {
					t.Errorf("%s: hash %q is not sha256: and 64 lowercase hex digits", id, *tc.Hash)
				}
				if got := intentgen.HashOf(*tc.Canonical); got != *tc.Hash {
					t.Errorf("%s: hash %s, sha256 of canonical is %s", id, *tc.Hash, got)
				}
				if !utf8.ValidString(*tc.Canonical) || !json.Valid([]byte(*tc.Canonical)) {
					t.Errorf("%s: canonical is not well-formed JSON", id)
				}
				if len(*tc.Canonical) > 102400 {
					t.Errorf("%s: canonical of %d bytes is above the size limit", id, len(*tc.Canonical))
				}
			case "invalid":
				if tc.Error == nil || tc.Canonical != nil || tc.Hash != nil {
					t.Errorf("%s: an invalid test needs an error, and no canonical or hash", id)
					continue
				}
				if !slices.Contains(intentgen.Errors, *tc.Error) {
					t.Errorf("%s: error %q not in %v", id, *tc.Error, intentgen.Errors)
				}
			default:
				t.Errorf("%s: result %q not in valid/invalid", id, tc.Result)
			}
		}
	}
	if count != f.NumberOfTests {
		t.Errorf("numberOfTests: got %d, file has %d", f.NumberOfTests, count)
	}
	for name := range f.Notes {
		if !usedFlags[name] {
			t.Errorf("note %q is declared but no test uses it", name)
		}
	}
}

// TestIntentReferenceHash ties the generator's copy of the published hash to the upstream
// vector shipped in the corpus.
func TestIntentReferenceHash(t *testing.T) {
	for _, v := range vectortest.Upstream(t) {
		if v.Name == "agent-safe-intent-v1.json" {
			if v.Hash != intentgen.ReferenceHash {
				t.Errorf("upstream intent_hash %s, intentgen.ReferenceHash %s", v.Hash, intentgen.ReferenceHash)
			}
			return
		}
	}
	t.Error("the upstream agent-safe-intent-v1.json is missing")
}
