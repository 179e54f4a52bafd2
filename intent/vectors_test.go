package intent

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// codes maps the error codes of the vectors to the sentinels.
var codes = map[string]error{}

func init() {
	for _, e := range []error{ErrTooDeep, ErrTooComplex, ErrArrayTooLarge, ErrTooLarge, ErrUnsafeKey,
		ErrInvalidNumber, ErrCyclic, ErrNotObject, ErrInvalidJSON} {
		codes[e.Error()] = e
	}
}

// knownFlags is this harness's policy for every flag of the intent vectors:
// each labels a test whose result must be as expected.
var knownFlags = map[string]bool{
	"DepthLimit": true, "ArrayLimit": true, "EntryLimit": true, "SizeLimit": true, "UnsafeKey": true,
	"NonObjectRoot": true, "NonFiniteNumber": true, "InvalidJson": true, "ByteInput": true,
	"IntegerIndexKey": true, "Utf16Order": true, "LoneSurrogate": true, "StringEscape": true,
	"NumberForm": true, "DuplicateKey": true, "NoNormalization": true, "Whitespace": true,
	"ReferenceBinding": true, "EmptyContainer": true,
}

// TestVectors runs every intent vector of the corpus through Canonical and
// Hash.
func TestVectors(t *testing.T) {
	names, err := fs.Glob(vectors.FS(), "intent/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no intent vectors in the corpus (%v)", err)
	}
	ran := 0
	for _, name := range names {
		data, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			TestGroups []struct {
				Type  string `json:"type"`
				Tests []struct {
					TcID        int      `json:"tcId"`
					Comment     string   `json:"comment"`
					BindingJSON *string  `json:"bindingJson"`
					BindingHex  *string  `json:"bindingHex"`
					Result      string   `json:"result"`
					Canonical   string   `json:"canonical"`
					Hash        string   `json:"hash"`
					Error       string   `json:"error"`
					Flags       []string `json:"flags"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, g := range f.TestGroups {
			if g.Type != "IntentHashTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				ran++
				t.Run(fmt.Sprintf("%s/#%d %s", name, tc.TcID, tc.Comment), func(t *testing.T) {
					for _, fl := range tc.Flags {
						if !knownFlags[fl] {
							t.Fatalf("flag %q has no policy in this harness", fl)
						}
					}
					var binding []byte
					switch {
					case tc.BindingJSON != nil:
						binding = []byte(*tc.BindingJSON)
					case tc.BindingHex != nil:
						binding, err = hex.DecodeString(*tc.BindingHex)
						if err != nil {
							t.Fatal(err)
						}
					default:
						t.Fatal("no binding")
					}
					c, cerr := Canonical(binding)
					h, herr := Hash(binding)
					switch tc.Result {
					case "valid":
						if cerr != nil || string(c) != tc.Canonical {
							t.Errorf("Canonical = %.200q, %v; want %.200q", c, cerr, tc.Canonical)
						}
						if herr != nil || h != tc.Hash {
							t.Errorf("Hash = %q, %v; want %q", h, herr, tc.Hash)
						}
					case "invalid":
						want, ok := codes[tc.Error]
						if !ok {
							t.Fatalf("error code %q has no sentinel", tc.Error)
						}
						if !errors.Is(cerr, want) || !errors.Is(herr, want) {
							t.Errorf("got %v / %v, want %s", cerr, herr, tc.Error)
						}
					default:
						t.Fatalf("result %q has no policy in this harness", tc.Result)
					}
				})
			}
		}
	}
	if ran < 100 {
		t.Errorf("only %d intent vectors", ran)
	}
}
