package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// The published agent-safe.intent/1 vectors are read from the corpus
// (vectors/intent/upstream, with their provenance): one copy in the
// repository, one loader.

func intentHash(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func TestUpstreamVectors(t *testing.T) {
	for _, vec := range vectortest.Upstream(t) {
		t.Run(vec.Name, func(t *testing.T) {
			check := func(surface string, got []byte) {
				t.Helper()
				if vec.Canonical != nil && string(got) != *vec.Canonical {
					t.Errorf("%s: canonical\ngot  %s\nwant %s", surface, got, *vec.Canonical)
				}
				if h := intentHash(got); h != vec.Hash {
					t.Errorf("%s: hash %s, want %s", surface, h, vec.Hash)
				}
			}
			// Bytes → Parse → Marshal.
			v, err := Parse(vec.Binding, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Marshal(v, JSObject, ReferenceLimits)
			if err != nil {
				t.Fatal(err)
			}
			check("Parse", got)

			// Go values → FromGo → Marshal.
			dec := json.NewDecoder(bytes.NewReader(vec.Binding))
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
