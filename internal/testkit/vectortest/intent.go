package vectortest

import (
	"encoding/hex"
	"encoding/json"
	"path"
	"testing"
)

// intentFlags is the harness's policy for every flag of the
// agent-safe.intent/1 hash and re-check files: each labels a test whose
// result must be exactly the one given.
var intentFlags = map[string]bool{
	// intent_hash.json
	"DepthLimit": true, "ArrayLimit": true, "EntryLimit": true, "SizeLimit": true, "UnsafeKey": true,
	"NonObjectRoot": true, "NonFiniteNumber": true, "InvalidJson": true, "ByteInput": true,
	"IntegerIndexKey": true, "Utf16Order": true, "LoneSurrogate": true, "StringEscape": true,
	"NumberForm": true, "DuplicateKey": true, "NoNormalization": true, "Whitespace": true,
	"ReferenceBinding": true, "EmptyContainer": true,
	// intent/verify/intent_verify.json
	"Replay": true, "Expiry": true, "ChangedParameter": true, "Malformed": true,
}

// IntentFile mirrors schemas/intent_test_schema_v1.json: a file of
// agent-safe.intent/1 binding hashes (intent/*.json).
type IntentFile struct {
	Schema        string          `json:"schema"`
	Spec          Spec            `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]Note `json:"notes"`
	TestGroups    []struct {
		Type  string       `json:"type"`
		Tests []IntentTest `json:"tests"`
	} `json:"testGroups"`
}

// IntentTest is one IntentHashTest. Pointers tell a member that is absent
// from one that is empty, for the lint.
type IntentTest struct {
	TcID        int      `json:"tcId"`
	Comment     string   `json:"comment"`
	BindingJSON *string  `json:"bindingJson"`
	BindingHex  *string  `json:"bindingHex"`
	Result      string   `json:"result"`
	Canonical   *string  `json:"canonical"`
	Hash        *string  `json:"hash"`
	Error       *string  `json:"error"`
	Flags       []string `json:"flags"`
}

// IntentVector is one IntentHashTest ready to run.
type IntentVector struct {
	Name    string // "file/#tcId comment"
	Binding []byte // bindingJson, or the bytes of bindingHex
	// Result is "valid" (Canonical and Hash are the answer) or "invalid"
	// (Error is the code of the refusal).
	Result                 string
	Canonical, Hash, Error string
	Flags                  []string
}

// IntentFiles returns the generated intent vector files (intent/*.json, not
// the upstream ones), by path.
func IntentFiles(t testing.TB) map[string]IntentFile {
	t.Helper()
	return decodeFiles[IntentFile](t, "intent/*.json", nil)
}

// Intent returns every IntentHashTest of the corpus. It fails the test when
// the corpus is missing, on a group type or result it has no runner for, on
// a flag without a policy, and on a test without exactly one binding.
func Intent(t testing.TB) []IntentVector {
	t.Helper()
	var out []IntentVector
	for _, name := range Files(t, "intent/*.json") {
		var f IntentFile
		DecodeStrict(t, name, &f)
		for _, g := range f.TestGroups {
			if g.Type != "IntentHashTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				v := IntentVector{Name: testName(name, tc.TcID, tc.Comment), Result: tc.Result, Flags: tc.Flags}
				checkFlags(t, v.Name, tc.Flags, intentFlags)
				switch {
				case tc.BindingJSON != nil && tc.BindingHex == nil:
					v.Binding = []byte(*tc.BindingJSON)
				case tc.BindingHex != nil && tc.BindingJSON == nil:
					b, err := hex.DecodeString(*tc.BindingHex)
					if err != nil {
						t.Fatalf("%s: bindingHex: %v", v.Name, err)
					}
					v.Binding = b
				default:
					t.Fatalf("%s: want exactly one of bindingJson and bindingHex", v.Name)
				}
				switch {
				case tc.Result == "valid" && tc.Canonical != nil && tc.Hash != nil && tc.Error == nil:
					v.Canonical, v.Hash = *tc.Canonical, *tc.Hash
				case tc.Result == "invalid" && tc.Error != nil && tc.Canonical == nil && tc.Hash == nil:
					v.Error = *tc.Error
				default:
					t.Fatalf("%s: result %q with canonical %v, hash %v, error %v has no policy in this harness",
						v.Name, tc.Result, tc.Canonical != nil, tc.Hash != nil, tc.Error != nil)
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// VerifyFile mirrors schemas/intent_verify_schema_v1.json: the executor's
// re-check of a binding against its hash (intent/verify/*.json).
type VerifyFile struct {
	Schema        string          `json:"schema"`
	Spec          Spec            `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]Note `json:"notes"`
	TestGroups    []struct {
		Type  string       `json:"type"`
		Tests []VerifyTest `json:"tests"`
	} `json:"testGroups"`
}

// VerifyTest is one IntentVerifyTest: a binding, its hash and the checks
// made of it in order, each at its own clock, against one replay memory.
type VerifyTest struct {
	TcID        int          `json:"tcId"`
	Comment     string       `json:"comment"`
	BindingJSON string       `json:"bindingJson"`
	Hash        string       `json:"hash"`
	Steps       []VerifyStep `json:"steps"`
	Flags       []string     `json:"flags"`
}

// VerifyStep is one check: at Now (RFC 3339), the binding (the test's, or
// BindingJSON when set) is "valid" or "invalid" with the code Error.
type VerifyStep struct {
	Now         string  `json:"now"`
	BindingJSON *string `json:"bindingJson"`
	Result      string  `json:"result"`
	Error       string  `json:"error"`
}

// Binding returns the binding the step checks.
func (s VerifyStep) Binding(tc VerifyTest) string {
	if s.BindingJSON != nil {
		return *s.BindingJSON
	}
	return tc.BindingJSON
}

// VerifyVector is one IntentVerifyTest ready to run.
type VerifyVector struct {
	Name string // "file/#tcId comment"
	VerifyTest
}

// VerifyFiles returns the re-check vector files, by path.
func VerifyFiles(t testing.TB) map[string]VerifyFile {
	t.Helper()
	return decodeFiles[VerifyFile](t, "intent/verify/*.json", nil)
}

// Verify returns every IntentVerifyTest of the corpus. It fails the test
// when the corpus is missing, on a group type, step result or flag it has
// no policy for.
func Verify(t testing.TB) []VerifyVector {
	t.Helper()
	var out []VerifyVector
	for _, name := range Files(t, "intent/verify/*.json") {
		var f VerifyFile
		DecodeStrict(t, name, &f)
		for _, g := range f.TestGroups {
			if g.Type != "IntentVerifyTest" {
				t.Fatalf("%s: test group type %q has no runner", name, g.Type)
			}
			for _, tc := range g.Tests {
				v := VerifyVector{Name: testName(name, tc.TcID, tc.Comment), VerifyTest: tc}
				checkFlags(t, v.Name, tc.Flags, intentFlags)
				if len(tc.Steps) == 0 {
					t.Fatalf("%s: no steps", v.Name)
				}
				for i, st := range tc.Steps {
					if !(st.Result == "valid" && st.Error == "" || st.Result == "invalid" && st.Error != "") {
						t.Fatalf("%s: step %d: result %q, error %q has no policy in this harness", v.Name, i, st.Result, st.Error)
					}
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// UpstreamVector is one of the published agent-safe.intent/1 vectors of the
// reference implementation, shipped byte for byte in intent/upstream (see
// PROVENANCE.md there).
type UpstreamVector struct {
	Name        string // the file name
	Description string
	// Binding is raw: its escapes as written (a lone surrogate escape
	// must reach a surrogate-preserving parser).
	Binding   json.RawMessage
	Canonical *string // canonical_json, when the vector gives it
	Hash      string  // intent_hash
}

// upstreamCount is the number of published vectors.
const upstreamCount = 7

// Upstream returns the published vectors. It fails the test unless all
// seven are there, each with a binding and a hash.
func Upstream(t testing.TB) []UpstreamVector {
	t.Helper()
	names := Files(t, "intent/upstream/*.json")
	if len(names) != upstreamCount {
		t.Fatalf("want the %d upstream vectors in the corpus, found %d", upstreamCount, len(names))
	}
	var out []UpstreamVector
	for _, name := range names {
		var raw struct {
			Description   string          `json:"description"`
			Binding       json.RawMessage `json:"binding"`
			CanonicalJSON *string         `json:"canonical_json"`
			IntentHash    string          `json:"intent_hash"`
		}
		DecodeStrict(t, name, &raw)
		if raw.Binding == nil || raw.IntentHash == "" {
			t.Fatalf("%s: no binding or intent_hash", name)
		}
		out = append(out, UpstreamVector{path.Base(name), raw.Description, raw.Binding, raw.CanonicalJSON, raw.IntentHash})
	}
	return out
}
