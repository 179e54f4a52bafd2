package vectortest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// Spec names the specification a vector file tests.
type Spec struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Sections []string `json:"sections,omitempty"`
}

// Note documents one flag of a vector file.
type Note struct {
	Description string `json:"description"`
	Effect      string `json:"effect"`
}

// Files returns the corpus files that match pattern, in lexical order. None
// fails the test: a missing corpus is a failure, not a pass.
func Files(t testing.TB, pattern string) []string {
	t.Helper()
	names, err := fs.Glob(vectors.FS(), pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatalf("no %s in vectors.FS(): the corpus is missing", pattern)
	}
	return names
}

// DecodeStrict reads the corpus file name into v, refusing a field v does
// not declare: the structs of this package mirror the JSON Schemas, so a
// field the schema does not know fails the run.
func DecodeStrict(t testing.TB, name string, v any) {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: strict decode: %v", name, err)
	}
}

// decodeFiles decodes, strictly, every corpus file that matches pattern
// and that keep accepts, by path.
func decodeFiles[F any](t testing.TB, pattern string, keep func(name string) bool) map[string]F {
	t.Helper()
	out := map[string]F{}
	for _, name := range Files(t, pattern) {
		if keep != nil && !keep(name) {
			continue
		}
		var f F
		DecodeStrict(t, name, &f)
		out[name] = f
	}
	return out
}

// testName is the subtest name of a vector: "file/#tcId comment".
func testName(file string, tcID int, comment string) string {
	return fmt.Sprintf("%s/#%d %s", strings.TrimSuffix(path.Base(file), ".json"), tcID, comment)
}

// checkFlags fails the test on a flag that has no policy in policy.
func checkFlags(t testing.TB, name string, flags []string, policy map[string]bool) {
	t.Helper()
	for _, fl := range flags {
		if !policy[fl] {
			t.Fatalf("%s: flag %q has no policy in this harness", name, fl)
		}
	}
}
