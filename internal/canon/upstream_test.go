package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// upstreamVector is one file of testdata/upstream (see PROVENANCE.md there).
type upstreamVector struct {
	name      string
	binding   []byte // the binding as written in the file
	canonical *string
	hash      string
}

func loadUpstream(t testing.TB) []upstreamVector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "upstream", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 7 {
		t.Fatalf("upstream corpus: %d files in testdata/upstream, want 7", len(files))
	}
	var out []upstreamVector
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var raw struct {
			Binding       json.RawMessage `json:"binding"`
			CanonicalJSON *string         `json:"canonical_json"`
			IntentHash    string          `json:"intent_hash"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if raw.Binding == nil || raw.IntentHash == "" {
			t.Fatalf("%s: no binding or intent_hash", f)
		}
		out = append(out, upstreamVector{filepath.Base(f), raw.Binding, raw.CanonicalJSON, raw.IntentHash})
	}
	return out
}

func intentHash(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func TestUpstreamVectors(t *testing.T) {
	for _, vec := range loadUpstream(t) {
		t.Run(vec.name, func(t *testing.T) {
			check := func(surface string, got []byte) {
				t.Helper()
				if vec.canonical != nil && string(got) != *vec.canonical {
					t.Errorf("%s: canonical\ngot  %s\nwant %s", surface, got, *vec.canonical)
				}
				if h := intentHash(got); h != vec.hash {
					t.Errorf("%s: hash %s, want %s", surface, h, vec.hash)
				}
			}
			// Bytes → Parse → Marshal.
			v, err := Parse(vec.binding, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Marshal(v, JSObject, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			check("Parse", got)

			// Go values → FromGo → Marshal.
			dec := json.NewDecoder(bytes.NewReader(vec.binding))
			dec.UseNumber()
			var x any
			if err := dec.Decode(&x); err != nil {
				t.Fatal(err)
			}
			v, err = FromGo(x, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			got2, err := Marshal(v, JSObject, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			check("FromGo", got2)

			// The canonical form is a fixed point.
			v, err = Parse(got, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			got3, err := Marshal(v, JSObject, ReferenceLimits)
			if err != nil || !bytes.Equal(got3, got) {
				t.Errorf("re-canonicalised: %s, %v", got3, err)
			}
		})
	}
}
