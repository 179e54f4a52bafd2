package intent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"
	"time"

	"github.com/plainsight/plainsight/vectors"
)

// verifyCodes maps the codes of the re-check vectors to the sentinels.
var verifyCodes = map[string]error{
	"INTENT_HASH_MISMATCH": ErrHashMismatch,
	"INTENT_EXPIRED":       ErrExpired,
	"INTENT_REPLAYED":      ErrReplayed,
	"INTENT_MALFORMED":     ErrMalformedBinding,
}

// TestVerifyVectors runs the executor's re-check vectors: each test with a
// fresh MemoryGuard, its steps in order, each at its own clock. It also
// lints the file (strict fields, counts, ids, flags, error iff invalid).
func TestVerifyVectors(t *testing.T) {
	names, err := fs.Glob(vectors.FS(), "intent/verify/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no re-check vectors in the corpus (%v)", err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Schema string `json:"schema"`
			Spec   struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"spec"`
			NumberOfTests int                        `json:"numberOfTests"`
			Header        []string                   `json:"header"`
			Notes         map[string]json.RawMessage `json:"notes"`
			TestGroups    []struct {
				Type  string `json:"type"`
				Tests []struct {
					TcID        int    `json:"tcId"`
					Comment     string `json:"comment"`
					BindingJSON string `json:"bindingJson"`
					Hash        string `json:"hash"`
					Steps       []struct {
						Now         string  `json:"now"`
						BindingJSON *string `json:"bindingJson"`
						Result      string  `json:"result"`
						Error       string  `json:"error"`
					} `json:"steps"`
					Flags []string `json:"flags"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Schema != "intent_verify_schema_v1.json" || f.Spec.Name != "agent-safe.intent" || f.Spec.Version != "1" {
			t.Fatalf("%s: schema %q spec %+v", name, f.Schema, f.Spec)
		}
		count, last := 0, 0
		for _, g := range f.TestGroups {
			if g.Type != "IntentVerifyTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				count++
				if tc.TcID <= last {
					t.Errorf("%s: tcId %d after %d", name, tc.TcID, last)
				}
				last = tc.TcID
				for _, fl := range tc.Flags {
					if _, ok := f.Notes[fl]; !ok {
						t.Errorf("%s #%d: flag %q not declared in notes", name, tc.TcID, fl)
					}
				}
				t.Run(fmt.Sprintf("%s/#%d %s", name, tc.TcID, tc.Comment), func(t *testing.T) {
					var now time.Time
					guard := NewMemoryGuard(func() time.Time { return now })
					v := &Verifier{Now: func() time.Time { return now }, Guard: guard}
					for i, st := range tc.Steps {
						now, err = time.Parse(time.RFC3339Nano, st.Now)
						if err != nil {
							t.Fatalf("step %d: now %q: %v", i, st.Now, err)
						}
						binding := tc.BindingJSON
						if st.BindingJSON != nil {
							binding = *st.BindingJSON
						}
						_, err := v.Verify(context.Background(), []byte(binding), tc.Hash)
						switch st.Result {
						case "valid":
							if err != nil || st.Error != "" {
								t.Errorf("step %d at %s: %v, want valid", i, st.Now, err)
							}
						case "invalid":
							want, ok := verifyCodes[st.Error]
							if !ok {
								t.Fatalf("step %d: error %q has no sentinel", i, st.Error)
							}
							if !errors.Is(err, want) {
								t.Errorf("step %d at %s: %v, want %s", i, st.Now, err, st.Error)
							}
						default:
							t.Fatalf("step %d: result %q has no policy", i, st.Result)
						}
					}
				})
			}
		}
		if count != f.NumberOfTests {
			t.Errorf("%s: numberOfTests %d, tests %d", name, f.NumberOfTests, count)
		}
	}
}
