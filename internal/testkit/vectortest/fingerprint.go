package vectortest

import (
	"encoding/json"
	"testing"
)

// fingerprintFlags is the harness's policy for every flag of the §7
// fingerprint file: each labels a test whose result must be exactly the one
// given.
var fingerprintFlags = map[string]bool{
	"ArrayOrder": true, "Basic": true, "CaseSensitiveOrder": true, "CodeUnitOrder": true,
	"ControlEscape": true, "DefaultDescription": true, "DefaultSchema": true,
	"DescriptionChanged": true, "DescriptionNotString": true, "DiffSorted": true,
	"DuplicateNames": true, "EmptyList": true, "EmptyName": true, "ExtraFieldsIgnored": true,
	"InputEscapes": true, "IntegerLikeKeys": true, "LineSeparator": true, "LoneSurrogate": true,
	"MissingName": true, "NameNotString": true, "NegativeZero": true, "NestedKeyOrder": true,
	"NoHtmlEscape": true, "NoNormalization": true, "NonAsciiRaw": true, "NumberExponent": true,
	"NumberRounding": true, "NumberSpelling": true, "NumberUnderflow": true, "PrototypeNames": true,
	"QuoteBackslash": true, "SchemaChanged": true, "SchemaKeyOrder": true, "SchemaNotObject": true,
	"ServerIdentity": true, "ServerNameAbsent": true, "ServerVersionEmpty": true,
	"ServerVersionNull": true, "SortBeforeEscape": true, "Subnormal": true, "ToolAdded": true,
	"ToolNotObject": true, "ToolOrder": true, "ToolRemoved": true, "ToolRenamed": true,
	"Unchanged": true, "WhitespaceSignificant": true,
}

// FingerprintFile mirrors schemas/fingerprint_test_schema_v1.json: the §7
// fingerprint and diff vectors (fingerprint/*.json).
type FingerprintFile struct {
	Schema        string          `json:"schema"`
	Spec          Spec            `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]Note `json:"notes"`
	TestGroups    []struct {
		Type  string            `json:"type"`
		Tests []FingerprintTest `json:"tests"`
	} `json:"testGroups"`
}

// FingerprintTest is one FingerprintTest (Server, Tools) or DiffTest
// (Before, After). The JSON members stay raw, to be read with a
// surrogate-preserving parser: encoding/json would turn a lone surrogate
// escape into U+FFFD.
type FingerprintTest struct {
	TcID     int             `json:"tcId"`
	Comment  string          `json:"comment"`
	Spec     []string        `json:"spec"`
	Server   json.RawMessage `json:"server"`
	Tools    json.RawMessage `json:"tools"`
	Before   json.RawMessage `json:"before"`
	After    json.RawMessage `json:"after"`
	Result   string          `json:"result"`
	Expected json.RawMessage `json:"expected"`
	Error    string          `json:"error"`
	Flags    []string        `json:"flags"`
}

// FingerprintVector is one test of the fingerprint file ready to run.
type FingerprintVector struct {
	Name string // "file/#tcId comment"
	Type string // "FingerprintTest" or "DiffTest"
	FingerprintTest
}

// FingerprintFiles returns the fingerprint vector files, by path.
func FingerprintFiles(t testing.TB) map[string]FingerprintFile {
	t.Helper()
	return decodeFiles[FingerprintFile](t, "fingerprint/*.json", func(name string) bool { return !IsExtended(name) })
}

// Fingerprint returns every test of the fingerprint files. It fails the
// test when the corpus is missing, on a group type, result or flag it has
// no policy for, and when numberOfTests is not the count.
func Fingerprint(t testing.TB) []FingerprintVector {
	t.Helper()
	var out []FingerprintVector
	for _, name := range Files(t, "fingerprint/*.json") {
		if IsExtended(name) {
			continue // the extended profile's files: see Surface
		}
		var f FingerprintFile
		DecodeStrict(t, name, &f)
		n := 0
		for _, g := range f.TestGroups {
			if g.Type != "FingerprintTest" && g.Type != "DiffTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				n++
				v := FingerprintVector{Name: testName(name, tc.TcID, tc.Comment), Type: g.Type, FingerprintTest: tc}
				checkFlags(t, v.Name, tc.Flags, fingerprintFlags)
				switch {
				case tc.Result == "valid" && tc.Error == "" && len(tc.Expected) > 0:
				case tc.Result == "invalid" && tc.Error != "" && g.Type == "FingerprintTest":
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
	return out
}
