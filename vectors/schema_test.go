package vectors_test

import (
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/plainsight/plainsight/vectors"
)

// upstreamSchema is the schema of the published intent vectors, which are
// shipped byte for byte and so carry no schema member of their own.
const upstreamSchema = "intent_upstream_schema_v1.json"

// loadSchemas resolves every schema of schemas/, by file name. Each is
// draft 2020-12, which github.com/google/jsonschema-go validates.
func loadSchemas(t *testing.T) map[string]*jsonschema.Resolved {
	t.Helper()
	names, err := fs.Glob(vectors.FS(), "schemas/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas in the corpus (%v)", err)
	}
	out := map[string]*jsonschema.Resolved{}
	for _, name := range names {
		raw, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
			t.Fatalf("%s: $schema %q, want draft 2020-12", name, s.Schema)
		}
		rs, err := s.Resolve(&jsonschema.ResolveOptions{BaseURI: "https://plainsight.invalid/vectors/schemas/"})
		if err != nil {
			t.Fatalf("%s: resolve: %v", name, err)
		}
		out[path.Base(name)] = rs
	}
	return out
}

// schemaOf names the schema a vector file must satisfy: its schema member,
// or upstreamSchema for the published intent vectors.
func schemaOf(t *testing.T, name string, instance any) string {
	t.Helper()
	if strings.HasPrefix(name, "intent/upstream/") {
		return upstreamSchema
	}
	m, _ := instance.(map[string]any)
	s, _ := m["schema"].(string)
	if s == "" {
		t.Fatalf("%s: no schema member", name)
	}
	return s
}

// TestSchemaValidation validates every JSON file of the corpus against its
// JSON Schema, and checks that every schema is used.
func TestSchemaValidation(t *testing.T) {
	schemas := loadSchemas(t)
	used := map[string]bool{}
	n := 0
	err := fs.WalkDir(vectors.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(name) != ".json" || strings.HasPrefix(name, "schemas/") {
			return err
		}
		n++
		raw, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			return err
		}
		var instance any
		if err := json.Unmarshal(raw, &instance); err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
		s := schemaOf(t, name, instance)
		rs, ok := schemas[s]
		if !ok {
			t.Errorf("%s: schema %q is not in schemas/", name, s)
			return nil
		}
		used[s] = true
		if err := rs.Validate(instance); err != nil {
			t.Errorf("%s does not validate against %s: %v", name, s, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 11 {
		t.Errorf("only %d vector files validated", n)
	}
	for s := range schemas {
		if !used[s] {
			t.Errorf("schema %s validates no file", s)
		}
	}
}

// TestSchemaValidationCatches makes sure validation can fail: for one file
// per schema, a copy with a test that lacks its tcId (or, for an upstream
// vector, a hash that is not sha256:<hex>) and a copy with a member the
// schema does not know must both be refused.
func TestSchemaValidationCatches(t *testing.T) {
	schemas := loadSchemas(t)
	seen := map[string]bool{}
	err := fs.WalkDir(vectors.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(name) != ".json" || strings.HasPrefix(name, "schemas/") {
			return err
		}
		raw, _ := fs.ReadFile(vectors.FS(), name)
		var base any
		if err := json.Unmarshal(raw, &base); err != nil {
			return err
		}
		s := schemaOf(t, name, base)
		if seen[s] {
			return nil
		}
		seen[s] = true
		fresh := func() map[string]any {
			var m map[string]any
			json.Unmarshal(raw, &m)
			return m
		}
		broken := fresh()
		if s == upstreamSchema {
			broken["intent_hash"] = "sha256:not-hex"
		} else {
			test := broken["testGroups"].([]any)[0].(map[string]any)["tests"].([]any)[0].(map[string]any)
			delete(test, "tcId")
		}
		if err := schemas[s].Validate(broken); err == nil {
			t.Errorf("%s: a copy with a broken required member validates against %s", name, s)
		}
		extra := fresh()
		extra["unexpected_member"] = true
		if err := schemas[s].Validate(extra); err == nil {
			t.Errorf("%s: a copy with an unknown member validates against %s", name, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(schemas) {
		t.Errorf("tried %d schemas of %d", len(seen), len(schemas))
	}
}
