// Package fpgen generates the fingerprint vectors (§7) from cases.json.
//
// cases.json holds the hand-written cases with their expected values,
// which reference.mjs computes: an implementation of §7 in JavaScript,
// written apart from package fingerprint, that reads cases-input.json and
// writes cases.json (`node reference.mjs`; `node reference.mjs --check`
// verifies without writing; handcheck.mjs compares it with canonical forms
// written out by hand). Node runs by hand, and in this package's test; the
// Go generator only reshapes cases.json into the vector file, keeping every
// input byte for byte (number literals and escapes included).
package fpgen

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
)

// Path is the generated file, relative to the vectors directory.
const Path = "fingerprint/fingerprint.json"

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
	Server   json.RawMessage `json:"server,omitempty"`
	Tools    json.RawMessage `json:"tools,omitempty"`
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
	Spec     []string        `json:"spec"`
	Server   json.RawMessage `json:"server,omitempty"`
	Tools    json.RawMessage `json:"tools,omitempty"`
	Before   json.RawMessage `json:"before,omitempty"`
	After    json.RawMessage `json:"after,omitempty"`
	Result   string          `json:"result"`
	Expected json.RawMessage `json:"expected,omitempty"`
	Error    string          `json:"error,omitempty"`
	Flags    []string        `json:"flags"`
}

type group struct {
	Type  string `json:"type"`
	Tests []test `json:"tests"`
}

type file struct {
	Schema        string          `json:"schema"`
	Spec          map[string]any  `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]note `json:"notes"`
	TestGroups    []group         `json:"testGroups"`
}

var header = []string{
	"Conformance vectors for the tool-definition fingerprint of the agent-safety formats, version 1: §7 (tool records, the fingerprint input, its canonical form, the SHA-256 fingerprint, and the diff of an integrity check).",
	"FingerprintTest: a server identity (name, version; either may be absent) and the tools a tools/list returned, exactly as a server would send them; expected.canonical is the canonical form of the fingerprint input and expected.fingerprint its lowercase hex SHA-256. result invalid: the list must be refused, error naming the class (InvalidTool, DuplicateName).",
	"DiffTest: two probes of one server, before and after; expected.status is unchanged (equal fingerprints) or changed, and expected.diff the diff in exactly §7's shape (all lists empty when unchanged). Lists are sorted by UTF-16 code units.",
	"Decode this file with a JSON decoder that keeps lone surrogates (\\ud800 written in a string): they are part of some inputs. Every expected value was computed by an independent JavaScript implementation of §7 (vectors/internal/fpgen/reference.mjs) and checked against package fingerprint; several were written out by hand. The file is generated, do not edit it by hand.",
	"A matching fingerprint says the definitions match a record; it is not a finding that the tools are safe.",
}

// Generate returns the vector file.
func Generate() ([]byte, error) {
	var cases []caseIn
	if err := json.Unmarshal(casesJSON, &cases); err != nil {
		return nil, fmt.Errorf("fpgen: cases.json: %w", err)
	}
	var notes map[string]note
	if err := json.Unmarshal(flagsJSON, &notes); err != nil {
		return nil, fmt.Errorf("fpgen: flags.json: %w", err)
	}
	fp := group{Type: "FingerprintTest"}
	diff := group{Type: "DiffTest"}
	used := map[string]bool{}
	for i, c := range cases {
		t := test{TcID: i + 1, Comment: c.Comment, Spec: []string{"§7"}, Flags: c.Flags, Result: "valid"}
		for _, f := range c.Flags {
			if _, ok := notes[f]; !ok {
				return nil, fmt.Errorf("fpgen: case %d: flag %q has no note", i+1, f)
			}
			used[f] = true
		}
		var errExp struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(c.Expected, &errExp); err != nil {
			return nil, fmt.Errorf("fpgen: case %d: expected: %w", i+1, err)
		}
		if errExp.Error != "" {
			t.Result, t.Error = "invalid", errExp.Error
		} else {
			t.Expected = c.Expected
		}
		switch c.Kind {
		case "fingerprint":
			t.Server, t.Tools = c.Server, c.Tools
			fp.Tests = append(fp.Tests, t)
		case "diff":
			t.Before, t.After = c.Before, c.After
			diff.Tests = append(diff.Tests, t)
		default:
			return nil, fmt.Errorf("fpgen: case %d: kind %q", i+1, c.Kind)
		}
	}
	for name := range notes {
		if !used[name] {
			return nil, fmt.Errorf("fpgen: note %q: no case uses the flag", name)
		}
	}
	f := file{
		Schema:        "fingerprint_test_schema_v1.json",
		Spec:          map[string]any{"name": "agent-safety-formats", "version": "1", "sections": []string{"§7"}},
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

// Summary returns the number of cases per kind and flag.
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
