// Package surfacegen generates the vectors of plainsight's extended
// fingerprint profile (issue 30, item 1; package fingerprint, "The extended
// profile"), vectors/fingerprint/extended-surface.json, from cases.json.
//
// cases.json holds the hand-written cases of cases-input.json with their
// expected values, which reference.mjs computes: a model of the profile in
// JavaScript, written apart from package fingerprint (`node reference.mjs`;
// `node reference.mjs --check` verifies without writing). Node runs by hand,
// and in this package's test, which also checks a few canonical inputs and
// their SHA-256 written out by hand. The Go generator only reshapes
// cases.json into the vector file.
package surfacegen

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
)

// Path is the generated file, relative to the vectors directory. Its name
// starts with the profile's, as the Strict profile's files do.
const Path = "fingerprint/extended-surface.json"

// Outputs lists every generated file.
var Outputs = []corpus.Output{{Path: Path, Generate: Generate, Summary: Summary}}

//go:embed cases.json
var casesJSON []byte

//go:embed flags.json
var flagsJSON []byte

type caseIn struct {
	Kind     string          `json:"kind"`
	Comment  string          `json:"comment"`
	Flags    []string        `json:"flags"`
	Input    json.RawMessage `json:"input,omitempty"`
	Before   json.RawMessage `json:"before,omitempty"`
	After    json.RawMessage `json:"after,omitempty"`
	Expected json.RawMessage `json:"expected"`
}

type note struct {
	Description string `json:"description"`
	Effect      string `json:"effect"`
}

type test struct {
	TcID     int             `json:"tcId"`
	Comment  string          `json:"comment"`
	Input    json.RawMessage `json:"input,omitempty"`
	Before   json.RawMessage `json:"before,omitempty"`
	After    json.RawMessage `json:"after,omitempty"`
	Result   string          `json:"result"`
	Expected json.RawMessage `json:"expected,omitempty"`
	Error    string          `json:"error,omitempty"`
	Flags    []string        `json:"flags"`
}

type options struct {
	Profile string `json:"profile"`
}

type group struct {
	Type    string  `json:"type"`
	Options options `json:"options"`
	Tests   []test  `json:"tests"`
}

type file struct {
	Schema        string          `json:"schema"`
	Profile       string          `json:"profile"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]note `json:"notes"`
	TestGroups    []group         `json:"testGroups"`
}

var header = []string{
	"Vectors of plainsight's extended fingerprint profile (not part of §7 of the agent-safety formats): the surface of an MCP server — every tool field a client shows a model or acts on, the server's instructions, prompts, resources and resource templates — its canonical fingerprint input, SHA-256 fingerprint, and the field-level changes between two surfaces. The rules: package fingerprint's documentation, \"The extended profile\". An implementation of §7 alone skips this file (its name starts with the profile's).",
	"SurfaceTest: input holds the server identity (name, version; either may be absent), the instructions (absent: \"\") and the lists as a server returns them (tools, prompts, resources, resourceTemplates; absent: none). expected.canonical is the canonical form of the fingerprint input, expected.fingerprint its lowercase hex SHA-256, expected.section7_fingerprint §7's fingerprint of the same tools. result invalid: the lists must be refused, error naming the class (InvalidTool, InvalidEntry, DuplicateName, DuplicateKey).",
	"SurfaceDiffTest: two surfaces of one server, before and after; expected.status is unchanged (equal fingerprints) or changed, and expected.changes every change: kind (server, tool, prompt, resource, resource_template), key, field (a JSON Pointer into the entry's definition, \"\" for a whole entry or a server member), op (added, removed, changed, renamed), old and new (the value as text — a string as itself, anything else as canonical JSON — with invisible and control characters written as ⟨U+XXXX NAME⟩), renamed_from for a rename; sorted by kind in that order, then key, then field.",
	"Decode this file with a JSON decoder that keeps lone surrogates. Every expected value was computed by an independent JavaScript model of the profile (tools/vectorgen/internal/surfacegen/reference.mjs) and checked against package fingerprint; several canonical inputs and fingerprints were written out by hand. The file is generated, do not edit it by hand.",
	"A matching fingerprint says the definitions match a record; it is not a finding that they are safe.",
}

// Generate returns the vector file.
func Generate() ([]byte, error) {
	var cases []caseIn
	if err := json.Unmarshal(casesJSON, &cases); err != nil {
		return nil, fmt.Errorf("surfacegen: cases.json: %w", err)
	}
	var notes map[string]note
	if err := json.Unmarshal(flagsJSON, &notes); err != nil {
		return nil, fmt.Errorf("surfacegen: flags.json: %w", err)
	}
	fp := group{Type: "SurfaceTest", Options: options{Profile: "extended"}}
	diff := group{Type: "SurfaceDiffTest", Options: options{Profile: "extended"}}
	used := map[string]bool{}
	for i, c := range cases {
		t := test{TcID: i + 1, Comment: c.Comment, Flags: c.Flags, Result: "valid"}
		for _, f := range c.Flags {
			if _, ok := notes[f]; !ok {
				return nil, fmt.Errorf("surfacegen: case %d: flag %q has no note", i+1, f)
			}
			used[f] = true
		}
		var errExp struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(c.Expected, &errExp); err != nil {
			return nil, fmt.Errorf("surfacegen: case %d: expected: %w", i+1, err)
		}
		if errExp.Error != "" {
			t.Result, t.Error = "invalid", errExp.Error
		} else {
			t.Expected = c.Expected
		}
		switch c.Kind {
		case "surface":
			t.Input = c.Input
			fp.Tests = append(fp.Tests, t)
		case "diff":
			if errExp.Error != "" {
				return nil, fmt.Errorf("surfacegen: case %d: a diff case cannot be invalid", i+1)
			}
			t.Before, t.After = c.Before, c.After
			diff.Tests = append(diff.Tests, t)
		default:
			return nil, fmt.Errorf("surfacegen: case %d: kind %q", i+1, c.Kind)
		}
	}
	for name := range notes {
		if !used[name] {
			return nil, fmt.Errorf("surfacegen: note %q: no case uses the flag", name)
		}
	}
	f := file{
		Schema:        "fingerprint_extended_test_schema_v1.json",
		Profile:       "extended",
		NumberOfTests: len(cases),
		Header:        header,
		Notes:         notes,
		TestGroups:    []group{fp, diff},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Summary returns the number of cases per kind.
func Summary() []string {
	var cases []caseIn
	if err := json.Unmarshal(casesJSON, &cases); err != nil {
		return []string{err.Error()}
	}
	count := map[string]int{}
	for _, c := range cases {
		count[c.Kind]++
	}
	var out []string
	for k, n := range count {
		out = append(out, fmt.Sprintf("%-12s %d", k, n))
	}
	sort.Strings(out)
	return out
}
