// Package vectortest is the one loader of the conformance corpus for the Go
// test harnesses, which run each vector through every API surface that can
// take it (the library, the UTF-16 API, the command line): Scan for
// scan/*.json, Intent for intent/*.json, Verify for intent/verify/*.json,
// Upstream for the published intent/upstream/*.json, Fingerprint for
// fingerprint/*.json, and Redirects and Registered for
// precall/redirects.json and precall/registered.json, whose networks
// (names, redirects, MCP servers) a Network serves from loopback behind a
// guard with an injected resolver. The File types mirror the JSON Schemas and are
// decoded strictly, for the lint in package vectors. A loader fails the
// test on a missing corpus and on a flag or result it has no policy for.
// It is for tests only.
package vectortest

import (
	"encoding/hex"
	"encoding/json"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// knownFlags is the harness's policy for every flag the corpus may use.
// All of them label valid tests: the result must equal the expected one.
// A flag missing here fails the run, so a new kind of test can't slip
// through unexamined.
var knownFlags = map[string]bool{
	"AstralOffsets": true,
	"Bom":           true,
	"ClassChange":   true,
	"CodepointCap":  true,
	"EmojiSequence": true,
	"ExcerptCut":    true,
	"InvalidUtf8":   true,
	"LoneSurrogate": true,
	"NewerUnicode":  true,
	"Noncharacter":  true,
	"RangeBoundary": true,
	// Hidden markup (§3).
	"HtmlComment":         true,
	"MarkdownComment":     true,
	"StyleTest":           true,
	"HiddenElement":       true,
	"CssHideRule":         true,
	"SpecOverHtml5":       true,
	"SpecOverCss":         true,
	"SpecOverCommonMark":  true,
	"Unclosed":            true,
	"EntityDecoded":       true,
	"OverlappingFindings": true,
	"RawText":             true,
	"LineEnding":          true,
	"RebuiltMarkup":       true,
	// Base64 (§4).
	"Base64Threshold":   true,
	"Base64Trim":        true,
	"Base64Exclusion":   true,
	"Base64ShortBand":   true,
	"Base64Ratio":       true,
	"Base64Canonical":   true,
	"Base64Alphabet":    true,
	"Base64Whitespace":  true,
	"Base64Opaque":      true,
	"Base64Decode":      true,
	"Base64Rescan":      true,
	"Base64LiteralRule": true,
	"Base64Placeholder": true,
	"Base64Padding":     true,
	// Heuristics (§5). InstructionLike spans are plainsight's own; this
	// harness holds plainsight to them exactly.
	"MixedScript":     true,
	"CombiningMark":   true,
	"InstructionLike": true,
	"PatternSplit":    true,
	"Transparent":     true,
}

// Vector is one scan test.
type Vector struct {
	// Name is "file/#tcId comment", for subtests.
	Name    string
	Context string
	// Exactly one of Str, UTF16 and Bytes is the input as given; the
	// others are derived where the input allows: Str for any input that
	// has no lone surrogate, UTF16 for any input that is not ill-formed
	// UTF-8.
	Str      *string
	UTF16    []uint16
	Bytes    []byte
	HasStr   bool
	HasUTF16 bool
	// Expected is the spec's result object; Extensions the extension
	// fields (byte and UTF-16 offsets, invalid UTF-8 spans).
	Expected   json.RawMessage
	Extensions Extensions
}

// Extensions are the extension fields a vector expects.
type Extensions struct {
	Findings []struct {
		ByteStart  int `json:"byte_start"`
		ByteEnd    int `json:"byte_end"`
		UTF16Start int `json:"utf16_start"`
		UTF16End   int `json:"utf16_end"`
	} `json:"findings"`
	InvalidUTF8 []struct {
		Start     int `json:"start"`
		ByteStart int `json:"byte_start"`
		ByteEnd   int `json:"byte_end"`
	} `json:"invalid_utf8"`
}

// ScanFile mirrors schemas/scan_test_schema_v1.json: a file of scan
// vectors (scan/*.json). The expected result and its extension fields stay
// raw: the harness compares them as JSON, the lint decodes them strictly.
type ScanFile struct {
	Schema         string          `json:"schema"`
	Spec           Spec            `json:"spec"`
	UnicodeVersion string          `json:"unicode_version"`
	NumberOfTests  int             `json:"numberOfTests"`
	Header         []string        `json:"header"`
	Notes          map[string]Note `json:"notes"`
	TestGroups     []ScanGroup     `json:"testGroups"`
}

// ScanGroup is one test group: its type, its options and its tests.
type ScanGroup struct {
	Type    string `json:"type"`
	Options struct {
		Context string `json:"context"`
	} `json:"options"`
	Tests []ScanTest `json:"tests"`
}

// ScanTest is one ScanTest as written. Input stays raw so that the lint can
// see the escapes it was written with.
type ScanTest struct {
	TcID               int             `json:"tcId"`
	Comment            string          `json:"comment"`
	Spec               []string        `json:"spec"`
	Input              json.RawMessage `json:"input"`
	InputUTF16         []uint16        `json:"inputUtf16"`
	InputHex           *string         `json:"inputHex"`
	Expected           json.RawMessage `json:"expected"`
	ExpectedExtensions json.RawMessage `json:"expected_extensions"`
	Result             string          `json:"result"`
	Error              string          `json:"error"`
	Flags              []string        `json:"flags"`
}

// ScanFiles returns the scan vector files, by path, decoded strictly (the
// Strict profile's files have their own schema and are left out).
func ScanFiles(t testing.TB) map[string]ScanFile {
	t.Helper()
	return decodeFiles[ScanFile](t, "scan/*.json", func(name string) bool { return !IsStrict(name) })
}

// Scan returns every vector of the scan files in the corpus. It fails the
// test when the corpus is missing or empty, when a test is not "valid", or
// when a flag has no policy here.
func Scan(t testing.TB) []Vector {
	t.Helper()
	var out []Vector
	for _, name := range Files(t, "scan/*.json") {
		if IsStrict(name) {
			continue // the Strict profile's files: see Strict
		}
		var f ScanFile
		DecodeStrict(t, name, &f)
		for _, g := range f.TestGroups {
			if g.Type != "ScanTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				v := Vector{
					Name:     testName(name, tc.TcID, tc.Comment),
					Context:  g.Options.Context,
					Expected: tc.Expected,
				}
				if tc.Result != "valid" {
					t.Fatalf("%s: result %q has no policy in this harness", v.Name, tc.Result)
				}
				for _, fl := range tc.Flags {
					if !knownFlags[fl] {
						t.Fatalf("%s: flag %q has no policy in this harness", v.Name, fl)
					}
				}
				if len(tc.ExpectedExtensions) > 0 {
					if err := json.Unmarshal(tc.ExpectedExtensions, &v.Extensions); err != nil {
						t.Fatalf("%s: expected_extensions: %v", v.Name, err)
					}
				}
				switch {
				case tc.Input != nil:
					var in string
					if err := json.Unmarshal(tc.Input, &in); err != nil {
						t.Fatalf("%s: input: %v", v.Name, err)
					}
					v.Str, v.HasStr = &in, true
					v.UTF16, v.HasUTF16 = utf16.Encode([]rune(in)), true
				case tc.InputUTF16 != nil:
					v.UTF16, v.HasUTF16 = tc.InputUTF16, true
					if !HasLoneSurrogate(tc.InputUTF16) {
						s := string(utf16.Decode(tc.InputUTF16))
						v.Str, v.HasStr = &s, true
					}
				case tc.InputHex != nil:
					b, err := hex.DecodeString(*tc.InputHex)
					if err != nil {
						t.Fatalf("%s: inputHex: %v", v.Name, err)
					}
					s := string(b)
					v.Bytes, v.Str, v.HasStr = b, &s, true
				default:
					t.Fatalf("%s: no input", v.Name)
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// HasLoneSurrogate reports whether u holds a surrogate that is not part of
// a high-low pair: text no well-formed string can carry.
func HasLoneSurrogate(u []uint16) bool {
	for i := 0; i < len(u); i++ {
		switch {
		case u[i] >= 0xD800 && u[i] < 0xDC00:
			if i+1 == len(u) || u[i+1] < 0xDC00 || u[i+1] > 0xDFFF {
				return true
			}
			i++
		case u[i] >= 0xDC00 && u[i] <= 0xDFFF:
			return true
		}
	}
	return false
}

// Check compares a result, as the JSON the implementation writes, with the
// vector: the spec's fields must equal Expected exactly, and the extension
// fields must equal Extensions after adding byteShift to every byte offset
// (the command line counts a leading byte order mark it was given).
func Check(t testing.TB, v Vector, got []byte, byteShift int) {
	t.Helper()
	var gotAll map[string]any
	if err := json.Unmarshal(got, &gotAll); err != nil {
		t.Fatalf("result is not JSON: %v\n%s", err, got)
	}
	var want map[string]any
	if err := json.Unmarshal(v.Expected, &want); err != nil {
		t.Fatalf("expected: %v", err)
	}
	// Split the result into the spec's fields and the extensions.
	var gotExt Extensions
	extKeys := map[string]bool{"byte_start": true, "byte_end": true, "utf16_start": true, "utf16_end": true, "tags_spell": true}
	spec := map[string]any{}
	for k, val := range gotAll {
		switch k {
		case "invalid_utf8":
			b, _ := json.Marshal(val)
			json.Unmarshal(b, &gotExt.InvalidUTF8)
		case "invalid_utf8_count":
			// The count of the list, which no vector cuts: checked below.
			n, _ := val.(float64)
			defer func() {
				if int(n) != len(gotExt.InvalidUTF8) {
					t.Errorf("invalid_utf8_count %v, but %d sequences listed", val, len(gotExt.InvalidUTF8))
				}
			}()
		case "truncated":
			t.Errorf("result is truncated")
		default:
			spec[k] = val
		}
	}
	findings, _ := spec["findings"].([]any)
	for _, f := range findings {
		m := f.(map[string]any)
		b, _ := json.Marshal(m)
		var e struct {
			ByteStart  int `json:"byte_start"`
			ByteEnd    int `json:"byte_end"`
			UTF16Start int `json:"utf16_start"`
			UTF16End   int `json:"utf16_end"`
		}
		json.Unmarshal(b, &e)
		gotExt.Findings = append(gotExt.Findings, e)
		for k := range extKeys {
			delete(m, k)
		}
		// The findings of a blob's decoded text carry extension offsets too
		// (relative to the decoded text); the vectors give none for them.
		nested, _ := m["decoded_findings"].([]any)
		for _, n := range nested {
			for k := range extKeys {
				delete(n.(map[string]any), k)
			}
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
	for i := range wantExt.InvalidUTF8 {
		wantExt.InvalidUTF8[i].ByteStart += byteShift
		wantExt.InvalidUTF8[i].ByteEnd += byteShift
	}
	if d := cmp.Diff(wantExt, gotExt, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("extension fields differ (-want +got):\n%s", d)
	}
}
