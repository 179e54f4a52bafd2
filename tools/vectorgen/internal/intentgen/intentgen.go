// Package intentgen holds the hand-written cases of the agent-safe.intent/1 vectors and the code
// that turns them into vectors/intent/intent_hash.json. It is shared by the generator
// (tools/vectorgen) and by the lint test, which regenerates the file in memory and compares it with
// the committed one.
//
// Every case states its expected canonical JSON by hand, worked out from the rules of the
// reference implementation (keys rebuilt in Object.keys().sort() order, so array-index keys
// first in numeric order and the others by UTF-16 code units; strings and numbers as
// JSON.stringify writes them). The generator does not canonicalise anything: it checks each
// hand canonical mechanically where it can (well-formed UTF-8, JSON syntax, no whitespace between
// tokens, lowercase escapes written only where JSON.stringify writes them, the stated byte
// length of the size-limit cases, equal or distinct canonicals where cases say so, the published
// hash of the reference vector) and computes the hash with crypto/sha256.
package intentgen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
)

// Path is the path of the generated file, relative to the vectors directory.
const Path = "intent/intent_hash.json"

// Outputs lists every generated file.
var Outputs = []corpus.Output{{Path: Path, Generate: Generate, Summary: Summary}}

// Errors lists the error codes a test may expect, in the order the README gives them.
var Errors = []string{
	"INTENT_TOO_DEEP",
	"INTENT_TOO_COMPLEX",
	"INTENT_ARRAY_TOO_LARGE",
	"INTENT_TOO_LARGE",
	"UNSAFE_INTENT_KEY",
	"INVALID_NUMBER",
	"INVALID_JSON_OBJECT",
	"INVALID_JSON",
}

// Case is one hand-written case.
type Case struct {
	Cat       string // category, for the generator's summary only
	Comment   string
	JSON      string // the binding as JSON text
	Hex       string // or the binding as bytes, lowercase hex (text that is not UTF-8)
	Canonical string // the hand-derived canonical JSON, for a valid case
	Error     string // the expected error code, for an invalid case
	Flags     []string
	Size      int    // when non-zero: the stated length in bytes of the canonical UTF-8
	Twin      string // cases sharing a Twin label must have the same canonical
	Distinct  string // cases sharing a Distinct label must have pairwise different canonicals
	Hash      string // when non-empty: the hash published for this binding elsewhere
}

// File is the vector file, with its fields in wire order.
type File struct {
	Schema        string          `json:"schema"`
	Spec          SpecRef         `json:"spec"`
	NumberOfTests int             `json:"numberOfTests"`
	Header        []string        `json:"header"`
	Notes         map[string]Note `json:"notes"`
	TestGroups    []Group         `json:"testGroups"`
}

// SpecRef names the specification the file tests.
type SpecRef struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Note documents one flag.
type Note struct {
	Description string `json:"description"`
	Effect      string `json:"effect"`
}

// Group is one test group.
type Group struct {
	Type  string `json:"type"`
	Tests []Test `json:"tests"`
}

// Test is one vector.
type Test struct {
	TcID        int      `json:"tcId"`
	Comment     string   `json:"comment"`
	BindingJSON *string  `json:"bindingJson,omitempty"`
	BindingHex  *string  `json:"bindingHex,omitempty"`
	Result      string   `json:"result"`
	Canonical   *string  `json:"canonical,omitempty"`
	Hash        string   `json:"hash,omitempty"`
	Error       string   `json:"error,omitempty"`
	Flags       []string `json:"flags"`
}

// HashOf is the hash of a canonical JSON text: "sha256:" and the lowercase hex digest of its
// UTF-8 bytes.
func HashOf(canonical string) string {
	sum := sha256.Sum256([]byte(canonical))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Generate checks every case and returns the vector file.
func Generate() ([]byte, error) {
	f, err := build()
	if err != nil {
		return nil, err
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

// Summary returns the number of cases per category, in first-appearance order.
func Summary() []string {
	var order []string
	count := map[string]int{}
	for _, c := range Cases() {
		if count[c.Cat] == 0 {
			order = append(order, c.Cat)
		}
		count[c.Cat]++
	}
	var out []string
	for _, k := range order {
		out = append(out, fmt.Sprintf("%-16s %d", k, count[k]))
	}
	return out
}

func build() (File, error) {
	f := File{
		Schema: "intent_test_schema_v1.json",
		Spec:   SpecRef{Name: "agent-safe.intent", Version: "1"},
		Header: header,
		Notes:  notes,
	}
	g := Group{Type: "IntentHashTest"}
	var problems []string
	twins := map[string]string{}
	distinct := map[string]map[string]int{}
	used := map[string]bool{}
	for i, c := range Cases() {
		id := i + 1
		for _, e := range c.check() {
			problems = append(problems, fmt.Sprintf("case %d (%s): %s", id, c.Comment, e))
		}
		for _, fl := range c.Flags {
			used[fl] = true
			if _, ok := notes[fl]; !ok {
				problems = append(problems, fmt.Sprintf("case %d (%s): flag %q has no note", id, c.Comment, fl))
			}
		}
		if c.Twin != "" {
			if prev, ok := twins[c.Twin]; ok && prev != c.Canonical {
				problems = append(problems, fmt.Sprintf("case %d (%s): canonical differs from its twin %q", id, c.Comment, c.Twin))
			}
			twins[c.Twin] = c.Canonical
		}
		if c.Distinct != "" {
			if distinct[c.Distinct] == nil {
				distinct[c.Distinct] = map[string]int{}
			}
			if prev, ok := distinct[c.Distinct][c.Canonical]; ok {
				problems = append(problems, fmt.Sprintf("case %d (%s): same canonical as case %d, want distinct", id, c.Comment, prev))
			}
			distinct[c.Distinct][c.Canonical] = id
		}
		t := Test{TcID: id, Comment: c.Comment, Flags: slices.Clone(c.Flags)}
		if t.Flags == nil {
			t.Flags = []string{}
		}
		if c.Hex != "" {
			h := c.Hex
			t.BindingHex = &h
		} else {
			s := c.JSON
			t.BindingJSON = &s
		}
		if c.Error == "" {
			t.Result = "valid"
			s := c.Canonical
			t.Canonical = &s
			t.Hash = HashOf(c.Canonical)
		} else {
			t.Result = "invalid"
			t.Error = c.Error
		}
		g.Tests = append(g.Tests, t)
	}
	for name := range notes {
		if !used[name] {
			problems = append(problems, fmt.Sprintf("note %q is used by no case", name))
		}
	}
	if len(problems) > 0 {
		return File{}, fmt.Errorf("intentgen: hand-derived cases fail their checks:\n%s", strings.Join(problems, "\n"))
	}
	f.TestGroups = []Group{g}
	f.NumberOfTests = len(g.Tests)
	return f, nil
}

// check tests what can be tested mechanically about a case without canonicalising it.
func (c Case) check() []string {
	var errs []string
	if c.Comment == "" {
		errs = append(errs, "no comment")
	}
	if (c.JSON == "") == (c.Hex == "") && !(c.JSON == "" && c.Error == "INVALID_JSON") {
		errs = append(errs, "want exactly one of JSON and Hex")
	}
	var input []byte
	if c.Hex != "" {
		b, err := hex.DecodeString(c.Hex)
		if err != nil || hex.EncodeToString(b) != c.Hex {
			errs = append(errs, "Hex is not lowercase hex bytes")
		}
		if utf8.Valid(b) {
			errs = append(errs, "a byte input must be ill-formed UTF-8 (use JSON otherwise)")
		}
		input = b
	} else {
		if !utf8.ValidString(c.JSON) {
			errs = append(errs, "JSON is not valid UTF-8")
		}
		input = []byte(c.JSON)
	}
	// encoding/json replaces lone surrogates, so it serves only as a syntax check here.
	syntaxOK := utf8.Valid(input) && json.Valid(input) && !bytes.HasPrefix(input, []byte("\uFEFF"))
	switch {
	case c.Error == "INVALID_JSON":
		if syntaxOK {
			errs = append(errs, "INVALID_JSON for text that is well-formed JSON")
		}
	case !syntaxOK:
		errs = append(errs, "the binding is not well-formed JSON")
	case c.Error == "INVALID_JSON_OBJECT":
		if bytes.TrimLeft(input, " \t\r\n")[0] == '{' {
			errs = append(errs, "INVALID_JSON_OBJECT for an object")
		}
	default:
		if bytes.TrimLeft(input, " \t\r\n")[0] != '{' {
			errs = append(errs, "the root is not an object")
		}
	}
	if c.Error != "" {
		if !slices.Contains(Errors, c.Error) {
			errs = append(errs, fmt.Sprintf("error %q not in %v", c.Error, Errors))
		}
		if c.Canonical != "" || c.Size != 0 || c.Twin != "" || c.Distinct != "" || c.Hash != "" {
			errs = append(errs, "an invalid case with a canonical, a size, a twin or a hash")
		}
		return errs
	}
	errs = append(errs, checkCanonical(c.Canonical)...)
	if c.Size != 0 && len(c.Canonical) != c.Size {
		errs = append(errs, fmt.Sprintf("canonical is %d bytes, the case states %d", len(c.Canonical), c.Size))
	}
	if c.Hash != "" && HashOf(c.Canonical) != c.Hash {
		errs = append(errs, fmt.Sprintf("hash %s, published %s", HashOf(c.Canonical), c.Hash))
	}
	return errs
}

// checkCanonical checks the shape of a canonical JSON text: well-formed UTF-8 and JSON, an
// object, no whitespace between tokens, and every escape one that JSON.stringify writes (\" \\
// \b \f \n \r \t, \u00xx for the other controls, lowercase \udxxx for a lone surrogate), with
// nothing left unescaped that it escapes.
func checkCanonical(s string) []string {
	var errs []string
	if !utf8.ValidString(s) || !json.Valid([]byte(s)) {
		return []string{"canonical is not well-formed UTF-8 JSON"}
	}
	if !strings.HasPrefix(s, "{") {
		errs = append(errs, "canonical is not an object")
	}
	inString := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !inString {
			switch ch {
			case ' ', '\t', '\n', '\r':
				errs = append(errs, fmt.Sprintf("whitespace between tokens at byte %d", i))
			case '"':
				inString = true
			}
			continue
		}
		switch ch {
		case '"':
			inString = false
		case '\\':
			e := s[i+1]
			switch e {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				h := s[i+2 : i+6]
				var u uint16
				fmt.Sscanf(h, "%04x", &u)
				switch {
				case h != strings.ToLower(h):
					errs = append(errs, fmt.Sprintf("uppercase escape \\u%s", h))
				case u < 0x20 && !strings.ContainsRune("\b\f\n\r\t", rune(u)):
				case 0xD800 <= u && u <= 0xDFFF:
					// Lone, unless the text pairs it: a pair is written raw.
					if 0xD800 <= u && u <= 0xDBFF && i+12 <= len(s) && s[i+6:i+8] == `\u` {
						var v uint16
						fmt.Sscanf(s[i+8:i+12], "%04x", &v)
						if 0xDC00 <= v && v <= 0xDFFF {
							errs = append(errs, "an escaped surrogate pair (JSON.stringify writes it raw)")
						}
					}
				default:
					errs = append(errs, fmt.Sprintf("escape \\u%s that JSON.stringify does not write", h))
				}
				i += 5
			default:
				errs = append(errs, fmt.Sprintf("escape \\%c", e))
			}
		default:
			if ch < 0x20 {
				errs = append(errs, fmt.Sprintf("raw control character %#x", ch))
			}
		}
	}
	return errs
}
