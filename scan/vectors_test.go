package scan

import (
	"encoding/json"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// TestVectors runs every scan vector of the corpus through the string API
// and the UTF-16 API, wherever the vector's input can be given to it: a
// lone surrogate cannot be put in a well-formed string, and ill-formed
// UTF-8 cannot be put in UTF-16.
func TestVectors(t *testing.T) {
	for _, v := range vectortest.Scan(t) {
		t.Run(v.Name, func(t *testing.T) {
			opts := &Options{Context: Context(v.Context), MaxFindings: -1}
			if v.HasStr {
				res, err := Scan(*v.Str, opts)
				if err != nil {
					t.Fatal(err)
				}
				vectortest.Check(t, v, mustJSON(t, res), 0)
			}
			if v.HasUTF16 {
				res, err := ScanUTF16(v.UTF16, opts)
				if err != nil {
					t.Fatal(err)
				}
				vectortest.Check(t, v, mustJSON(t, res), 0)
			}
		})
	}
}

// TestStrictVectors runs the Strict profile's vectors through the string
// API and, but for e-mail messages (which are bytes), the UTF-16 API.
func TestStrictVectors(t *testing.T) {
	for _, v := range vectortest.Strict(t) {
		t.Run(v.Name, func(t *testing.T) {
			opts := &Options{Context: Context(v.Context), MaxFindings: -1, Profile: Strict}
			res, err := Scan(v.Input, opts)
			if err != nil {
				t.Fatal(err)
			}
			vectortest.CheckStrict(t, v, mustJSON(t, res), 0)
			if opts.Context != ContextEmail {
				res, err := ScanUTF16(utf16Of(v.Input), opts)
				if err != nil {
					t.Fatal(err)
				}
				vectortest.CheckStrict(t, v, mustJSON(t, res), 0)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// seedFromVectors adds every vector's input to a fuzz corpus.
func seedFromVectors(f *testing.F, add func(s string, u []uint16)) {
	for _, v := range vectortest.Scan(f) {
		s := ""
		if v.Str != nil {
			s = *v.Str
		}
		u := v.UTF16
		if !v.HasUTF16 {
			u = utf16Of(s)
		}
		add(s, u)
	}
}
