// Package scangen holds the hand-written cases of the scan vectors and the code that turns them
// into vectors/scan/invisible_chars.json (§2), vectors/scan/hidden_markup.json (§3) and
// vectors/scan/base64.json (§4). It is
// shared by the generator (tools/vectorgen) and by the lint test, which regenerates the files in
// memory and compares them with the committed ones.
//
// Each case carries the truth derived by hand from the specification text: the findings (class,
// start, end, codepoints) and, for many cases, the sanitized copy and excerpts. Generate runs
// the reference model (internal/scanref) on every case and fails on any disagreement; only then
// does it write the full expected results, which come from the model.
package scangen

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
)

// Path is the path of the generated file of §2 vectors, relative to the vectors directory.
const Path = "scan/invisible_chars.json"

// Outputs lists every generated file.
var Outputs = []corpus.Output{
	{Path: Path, Generate: Generate, Summary: Summary},
	{Path: MarkupPath, Generate: GenerateMarkup, Summary: MarkupSummary},
	{Path: B64Path, Generate: GenerateB64, Summary: B64Summary},
	{Path: HeuristicPath, Generate: GenerateHeuristics, Summary: HeuristicSummary},
}

// Case is one hand-written scan case.
type Case struct {
	Cat     string   // category, for the generator's summary only
	Comment string   // what the case pins
	Spec    []string // sections of agent-safety-formats-v1.md
	In      Input
	Want    []Want   // hand-derived findings
	San     *string  // hand-derived sanitized copy, when given
	Excerpt []string // hand-derived excerpts (parallel to Want), when given
	Flags   []string // flags beyond those derived from the input (LoneSurrogate, InvalidUtf8)
	Email   bool     // repeated in the email_html test group
}

// Input is the input of a case: exactly one of its fields is used.
type Input struct {
	Str   *string
	UTF16 []uint16
	Hex   string // non-empty for a byte input
}

// Want is one hand-derived finding.
type Want struct {
	Class      string
	Start, End int
	Codepoints []rune
}

func str(s string) Input    { return Input{Str: &s} }
func u16(u ...uint16) Input { return Input{UTF16: u} }
func hexIn(h string) Input  { return Input{Hex: strings.ReplaceAll(h, " ", "")} }
func sp(s string) *string   { return &s }
func w(class string, start, end int, cps ...rune) Want {
	return Want{Class: class, Start: start, End: end, Codepoints: cps}
}

// scan runs the reference model on the input of c.
func (c Case) scan() (scanref.Result, scanref.Extensions, error) {
	switch {
	case c.In.Str != nil:
		if !utf8.ValidString(*c.In.Str) {
			return scanref.Result{}, scanref.Extensions{}, errors.New("input string is not valid UTF-8: use hexIn")
		}
		r, e := scanref.FromString(*c.In.Str)
		return r, e, nil
	case c.In.UTF16 != nil:
		r, e := scanref.FromUTF16(c.In.UTF16)
		return r, e, nil
	case c.In.Hex != "":
		b, err := hex.DecodeString(c.In.Hex)
		if err != nil {
			return scanref.Result{}, scanref.Extensions{}, err
		}
		r, e := scanref.FromBytes(b)
		return r, e, nil
	}
	return scanref.Result{}, scanref.Extensions{}, errors.New("case has no input")
}

// check compares the model's output with the hand-derived truth of c.
func (c Case) check(res scanref.Result) []string {
	var errs []string
	got := make([]string, len(res.Findings))
	for i, f := range res.Findings {
		got[i] = fmt.Sprintf("%s [%d,%d) %s", f.Class, f.Start, f.End, strings.Join(f.Codepoints, " "))
	}
	want := make([]string, len(c.Want))
	for i, f := range c.Want {
		var cps []string
		for _, r := range f.Codepoints {
			cps = append(cps, fmt.Sprintf("U+%04X", r))
		}
		want[i] = fmt.Sprintf("%s [%d,%d) %s", f.Class, f.Start, f.End, strings.Join(cps, " "))
	}
	if !slices.Equal(got, want) {
		errs = append(errs, fmt.Sprintf("findings:\n   model: %q\n   truth: %q", got, want))
	}
	if c.San != nil && res.Sanitized != *c.San {
		errs = append(errs, fmt.Sprintf("sanitized: model %q, truth %q", res.Sanitized, *c.San))
	}
	if c.Excerpt != nil {
		for i, x := range c.Excerpt {
			if i >= len(res.Findings) {
				errs = append(errs, fmt.Sprintf("excerpt %d: no such finding", i))
			} else if res.Findings[i].Excerpt != x {
				errs = append(errs, fmt.Sprintf("excerpt %d:\n   model: %q\n   truth: %q", i, res.Findings[i].Excerpt, x))
			}
		}
	}
	return errs
}

// derivedFlags are the flags that follow from the input itself.
func (c Case) derivedFlags() []string {
	var flags []string
	if c.In.UTF16 != nil {
		u := c.In.UTF16
		for i := 0; i < len(u); i++ {
			switch {
			case 0xD800 <= u[i] && u[i] <= 0xDBFF && i+1 < len(u) && 0xDC00 <= u[i+1] && u[i+1] <= 0xDFFF:
				i++
			case 0xD800 <= u[i] && u[i] <= 0xDFFF:
				if !slices.Contains(flags, "LoneSurrogate") {
					flags = append(flags, "LoneSurrogate")
				}
			}
		}
	}
	if c.In.Hex != "" {
		b, _ := hex.DecodeString(c.In.Hex)
		if !utf8.Valid(b) {
			flags = append(flags, "InvalidUtf8")
		}
	}
	return flags
}

// File is the vector file, with its fields in wire order.
type File struct {
	Schema         string          `json:"schema"`
	Spec           SpecRef         `json:"spec"`
	UnicodeVersion string          `json:"unicode_version"`
	NumberOfTests  int             `json:"numberOfTests"`
	Header         []string        `json:"header"`
	Notes          map[string]Note `json:"notes"`
	TestGroups     []Group         `json:"testGroups"`
}

// SpecRef names the specification the file tests.
type SpecRef struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Sections []string `json:"sections"`
}

// Note documents one flag.
type Note struct {
	Description string `json:"description"`
	Effect      string `json:"effect"`
}

// Group is one test group.
type Group struct {
	Type    string  `json:"type"`
	Options Options `json:"options"`
	Tests   []Test  `json:"tests"`
}

// Options are the scan options of a group.
type Options struct {
	Context string `json:"context"`
}

// Test is one vector.
type Test struct {
	TcID               int                `json:"tcId"`
	Comment            string             `json:"comment"`
	Spec               []string           `json:"spec"`
	Input              *string            `json:"input,omitempty"`
	InputUTF16         []uint16           `json:"inputUtf16,omitempty"`
	InputHex           *string            `json:"inputHex,omitempty"`
	Expected           any                `json:"expected"` // scanref.Result or MarkupResult
	ExpectedExtensions scanref.Extensions `json:"expected_extensions"`
	Result             string             `json:"result"`
	Flags              []string           `json:"flags"`
}

// emailFirstID is the first tcId of the email_html group, so that cases appended to the text
// group never renumber it.
const emailFirstID = 1001

// Generate checks every case against the reference model and returns the vector file. It fails,
// listing every disagreement, when the model and the hand-derived truth differ anywhere.
func Generate() ([]byte, error) {
	f, err := build()
	if err != nil {
		return nil, err
	}
	return encodeFile(f)
}

// encodeFile writes a vector file as every generator does: indented, no HTML
// escaping, invisible codepoints escaped, number arrays on one line.
func encodeFile(f File) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return compactNumberArrays(escapeInvisible(buf.Bytes())), nil
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
		out = append(out, fmt.Sprintf("%-14s %d", k, count[k]))
	}
	n := 0
	for _, c := range Cases() {
		if c.Email {
			n++
		}
	}
	out = append(out, fmt.Sprintf("%-14s %d (repeats)", "email_html", n))
	return out
}

func build() (File, error) {
	f := File{
		Schema:         "scan_test_schema_v1.json",
		Spec:           SpecRef{Name: "agent-safety-formats", Version: "1", Sections: []string{"§1", "§2", "§6"}},
		UnicodeVersion: ucd.Version,
		Header:         header,
		Notes:          notes,
	}
	text := Group{Type: "ScanTest", Options: Options{Context: "text"}}
	email := Group{Type: "ScanTest", Options: Options{Context: "email_html"}}
	var problems []string
	for i, c := range Cases() {
		t, errs := makeTest(c)
		for _, e := range errs {
			problems = append(problems, fmt.Sprintf("case %d (%s): %s", i+1, c.Comment, e))
		}
		for _, fl := range t.Flags {
			if _, ok := notes[fl]; !ok {
				problems = append(problems, fmt.Sprintf("case %d (%s): flag %q has no note", i+1, c.Comment, fl))
			}
		}
		t.TcID = i + 1
		text.Tests = append(text.Tests, t)
		if c.Email {
			t.TcID = emailFirstID + len(email.Tests)
			t.Comment += " (email_html context)"
			email.Tests = append(email.Tests, t)
		}
	}
	if len(problems) > 0 {
		return File{}, fmt.Errorf("scangen: the reference model disagrees with the hand-derived truth:\n%s", strings.Join(problems, "\n"))
	}
	if len(text.Tests) >= emailFirstID {
		return File{}, errors.New("scangen: too many text cases for the email_html tcId range")
	}
	f.TestGroups = []Group{text, email}
	f.NumberOfTests = len(text.Tests) + len(email.Tests)
	return f, nil
}

func makeTest(c Case) (Test, []string) {
	res, ext, err := c.scan()
	if err != nil {
		return Test{}, []string{err.Error()}
	}
	errs := c.check(res)
	if len(c.Spec) == 0 {
		errs = append(errs, "no spec sections")
	}
	t := Test{
		Comment:            c.Comment,
		Spec:               c.Spec,
		Expected:           res,
		ExpectedExtensions: ext,
		Result:             "valid",
		Flags:              append(c.derivedFlags(), c.Flags...),
	}
	if t.Flags == nil {
		t.Flags = []string{}
	}
	switch {
	case c.In.Str != nil:
		t.Input = c.In.Str
	case c.In.UTF16 != nil:
		t.InputUTF16 = c.In.UTF16
	default:
		h := c.In.Hex
		t.InputHex = &h
	}
	return t, errs
}

// escapeInvisible rewrites, inside every JSON string of b, each codepoint that an excerpt would
// annotate (a §2 class, Default_Ignorable_Code_Point or non-printing) as a \u escape, so that the
// file shows by eye what it holds. The JSON value is unchanged.
func escapeInvisible(b []byte) []byte {
	var out bytes.Buffer
	inString := false
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case !inString:
			if c == '"' {
				inString = true
			}
			out.WriteByte(c)
			i++
		case c == '\\':
			n := 2
			if b[i+1] == 'u' {
				n = 6
			}
			out.Write(b[i : i+n])
			i += n
		case c == '"':
			inString = false
			out.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r != ' ' && scanref.Annotated(r) {
				if r > 0xFFFF {
					r -= 0x10000
					fmt.Fprintf(&out, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
				} else {
					fmt.Fprintf(&out, `\u%04x`, r)
				}
			} else {
				out.Write(b[i : i+size])
			}
			i += size
		}
	}
	return out.Bytes()
}

// numberArray matches a JSON array of integers as the encoder indents it (inputUtf16). It
// needs raw newlines, which never occur inside a JSON string.
var numberArray = regexp.MustCompile(`\[\n\s*\d+(?:,\n\s*\d+)*\n\s*\]`)

// compactNumberArrays puts each array of integers on one line.
func compactNumberArrays(b []byte) []byte {
	return numberArray.ReplaceAllFunc(b, func(m []byte) []byte {
		fields := strings.Fields(strings.NewReplacer("[", " ", "]", " ", ",", " ").Replace(string(m)))
		return []byte("[" + strings.Join(fields, ", ") + "]")
	})
}
