package vectortest

import (
	"encoding/json"
	"path"
	"strings"
	"testing"
)

// IsExtended reports whether a fingerprint vector file is of plainsight's
// extended fingerprint profile (fingerprint/extended-*.json), which
// Fingerprint leaves to Surface.
func IsExtended(name string) bool { return strings.HasPrefix(path.Base(name), "extended-") }

// surfaceFlags is the harness's policy for every flag of the extended
// profile's files: each labels a test whose result must be exactly the one
// given.
var surfaceFlags = map[string]bool{
	"AllToolFields": true, "ArrayLength": true, "ChangeOrder": true, "DuplicateKey": true, "DuplicateName": true,
	"EmptySurface": true, "EntryAdded": true, "EntryRemoved": true, "FieldAdded": true, "FieldChanged": true,
	"FieldRemoved": true, "Instructions": true, "InvalidEntry": true, "InvalidTool": true, "KeyOrder": true,
	"KindsApart": true, "LeftOut": true, "LoneSurrogate": true, "MetaText": true, "NullAbsent": true,
	"PointerEscape": true, "Prompts": true, "Renamed": true, "Resources": true, "Section7View": true,
	"ServerChange": true, "ServerVersionNull": true, "Templates": true, "ToolDefaults": true, "Unchanged": true,
	"Visible": true,
}

// SurfaceFile mirrors schemas/fingerprint_extended_test_schema_v1.json.
type SurfaceFile struct {
	Schema        string          `json:"schema"`
	Profile       string          `json:"profile"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]Note `json:"notes"`
	TestGroups    []struct {
		Type    string `json:"type"`
		Options struct {
			Profile string `json:"profile"`
		} `json:"options"`
		Tests []SurfaceTest `json:"tests"`
	} `json:"testGroups"`
}

// SurfaceTest is one SurfaceTest (Input) or SurfaceDiffTest (Before,
// After). The sides stay raw, to be read with a surrogate-preserving
// parser.
type SurfaceTest struct {
	TcID     int             `json:"tcId"`
	Comment  string          `json:"comment"`
	Input    json.RawMessage `json:"input"`
	Before   json.RawMessage `json:"before"`
	After    json.RawMessage `json:"after"`
	Result   string          `json:"result"`
	Expected json.RawMessage `json:"expected"`
	Error    string          `json:"error"`
	Flags    []string        `json:"flags"`
}

// SurfaceVector is one test of the extended profile's files ready to run.
type SurfaceVector struct {
	Name string // "file/#tcId comment"
	Type string // "SurfaceTest" or "SurfaceDiffTest"
	SurfaceTest
}

// Surface returns every test of the extended profile's files. It fails the
// test when there are none, on a group type, profile, result or flag it has
// no policy for, and when numberOfTests is not the count.
func Surface(t testing.TB) []SurfaceVector {
	t.Helper()
	var out []SurfaceVector
	for _, name := range Files(t, "fingerprint/*.json") {
		if !IsExtended(name) {
			continue
		}
		var f SurfaceFile
		DecodeStrict(t, name, &f)
		if f.Profile != "extended" {
			t.Fatalf("%s: profile %q", name, f.Profile)
		}
		n := 0
		for _, g := range f.TestGroups {
			if (g.Type != "SurfaceTest" && g.Type != "SurfaceDiffTest") || g.Options.Profile != "extended" {
				t.Fatalf("%s: test group %q of profile %q has no runner", name, g.Type, g.Options.Profile)
			}
			for _, tc := range g.Tests {
				n++
				v := SurfaceVector{Name: testName(name, tc.TcID, tc.Comment), Type: g.Type, SurfaceTest: tc}
				checkFlags(t, v.Name, tc.Flags, surfaceFlags)
				switch {
				case tc.Result == "valid" && tc.Error == "" && len(tc.Expected) > 0:
				case tc.Result == "invalid" && tc.Error != "" && g.Type == "SurfaceTest":
				default:
					t.Fatalf("%s: result %q, error %q has no policy in this harness", v.Name, tc.Result, tc.Error)
				}
				out = append(out, v)
			}
		}
		if n != f.NumberOfTests {
			t.Fatalf("%s: numberOfTests %d, the file holds %d", name, f.NumberOfTests, n)
		}
	}
	if len(out) == 0 {
		t.Fatal("no extended fingerprint profile vectors in the corpus")
	}
	return out
}
