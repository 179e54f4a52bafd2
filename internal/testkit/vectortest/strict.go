package vectortest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/vectors"
)

// IsStrict reports whether the corpus file name holds vectors of the
// Strict profile (scan/strict-*.json), which Scan leaves to Strict.
func IsStrict(name string) bool { return strings.HasPrefix(path.Base(name), "strict-") }

// StrictVector is one vector of the Strict profile.
type StrictVector struct {
	// Name is "file/#tcId comment", for subtests.
	Name    string
	Context string
	Input   string
	// Expected is the specification-shaped result object, Extensions the
	// extension fields.
	Expected   json.RawMessage
	Extensions StrictExtensions
}

// StrictExtensions are the extension fields a Strict vector expects.
type StrictExtensions struct {
	Profile        string `json:"profile"`
	ExtensionCount int    `json:"extension_count"`
	Allowed        int    `json:"allowed"`
	Findings       []struct {
		Extension  bool   `json:"extension"`
		Carried    string `json:"carried"`
		Part       string `json:"part"`
		ByteStart  int    `json:"byte_start"`
		ByteEnd    int    `json:"byte_end"`
		UTF16Start int    `json:"utf16_start"`
		UTF16End   int    `json:"utf16_end"`
	} `json:"findings"`
	Parts []map[string]any `json:"parts"`
}

// Strict returns every vector of the Strict profile's files. It fails the
// test when there are none, when a group is not a StrictScanTest of the
// strict profile, or when a test is not "valid" or has a flag.
func Strict(t testing.TB) []StrictVector {
	t.Helper()
	names, err := fs.Glob(vectors.FS(), "scan/strict-*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Strict profile vectors in the corpus (%v)", err)
	}
	var out []StrictVector
	for _, name := range names {
		data, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			TestGroups []struct {
				Type    string `json:"type"`
				Options struct {
					Context string `json:"context"`
					Profile string `json:"profile"`
				} `json:"options"`
				Tests []struct {
					TcID       int              `json:"tcId"`
					Comment    string           `json:"comment"`
					Input      string           `json:"input"`
					Expected   json.RawMessage  `json:"expected"`
					Extensions StrictExtensions `json:"expected_extensions"`
					Result     string           `json:"result"`
					Flags      []string         `json:"flags"`
				} `json:"tests"`
			} `json:"testGroups"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, g := range f.TestGroups {
			if g.Type != "StrictScanTest" || g.Options.Profile != "strict" {
				t.Fatalf("%s: test group %q of profile %q has no runner", name, g.Type, g.Options.Profile)
			}
			for _, tc := range g.Tests {
				v := StrictVector{
					Name:       fmt.Sprintf("%s/#%d %s", strings.TrimSuffix(path.Base(name), ".json"), tc.TcID, tc.Comment),
					Context:    g.Options.Context,
					Input:      tc.Input,
					Expected:   tc.Expected,
					Extensions: tc.Extensions,
				}
				if tc.Result != "valid" || len(tc.Flags) > 0 {
					t.Fatalf("%s: result %q with flags %q has no policy in this harness", v.Name, tc.Result, tc.Flags)
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// CheckStrict compares a result, as the JSON the implementation writes,
// with a Strict vector: the specification's fields must equal Expected
// exactly, the extension fields Extensions (byteShift added to every byte
// offset).
func CheckStrict(t testing.TB, v StrictVector, got []byte, byteShift int) {
	t.Helper()
	var gotAll map[string]any
	if err := json.Unmarshal(got, &gotAll); err != nil {
		t.Fatalf("result is not JSON: %v\n%s", err, got)
	}
	var want map[string]any
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatalf("expected: %v", err)
	}
	var gotExt StrictExtensions
	spec := map[string]any{}
	for k, val := range gotAll {
		switch k {
		case "profile", "extension_count", "allowed", "parts":
			b, _ := json.Marshal(map[string]any{k: val})
			json.Unmarshal(b, &gotExt)
		case "truncated", "invalid_utf8":
			t.Errorf("result has %s", k)
		default:
			spec[k] = val
		}
	}
	findings, _ := spec["findings"].([]any)
	for _, f := range findings {
		m := f.(map[string]any)
		b, _ := json.Marshal(m)
		var e struct {
			Extension  bool   `json:"extension"`
			Carried    string `json:"carried"`
			Part       string `json:"part"`
			ByteStart  int    `json:"byte_start"`
			ByteEnd    int    `json:"byte_end"`
			UTF16Start int    `json:"utf16_start"`
			UTF16End   int    `json:"utf16_end"`
		}
		json.Unmarshal(b, &e)
		gotExt.Findings = append(gotExt.Findings, e)
		for _, k := range []string{"extension", "carried", "part", "byte_start", "byte_end", "utf16_start", "utf16_end"} {
			delete(m, k)
		}
	}
	if d := cmp.Diff(want, spec); d != "" {
		t.Errorf("result differs from expected (-want +got):\n%s", d)
	}
	wantExt := v.Extensions
	for i := range wantExt.Findings {
		wantExt.Findings[i].ByteStart += byteShift
		wantExt.Findings[i].ByteEnd += byteShift
	}
	if d := cmp.Diff(wantExt, gotExt, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("extension fields differ (-want +got):\n%s", d)
	}
}
