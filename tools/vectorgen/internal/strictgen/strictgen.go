// Package strictgen holds the hand-written cases of the Strict profile's vectors and the code that
// turns them into vectors/scan/strict-*.json. It is shared by the generator (tools/vectorgen) and by
// the lint test, which regenerates the files in memory and compares them with the committed ones.
//
// The Strict profile is plainsight's, not the specification's: its extension classes and
// allow-rules are documented in package scan ("Profiles") and package internal/extclass. Each
// case carries its whole truth, derived by hand from those rules: the findings (class, kind,
// span given as the first occurrence of a substring of the input, codepoints, what a selector
// run carries), the allowed count and the sanitized copy. Excerpts come from the reference
// model's excerpt function (internal/scanref, written from §1 independently of package scan),
// except where a case gives one by hand (a selector run that carries text has its own form).
package strictgen

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/scangen"
)

// Schema is the schema of the Strict profile's files.
const Schema = "scan_strict_test_schema_v1.json"

// Outputs lists the generated files.
var Outputs = []corpus.Output{
	{Path: "scan/strict-chars.json", Generate: gen(charCases, []string{"§1", "§2", "§6"}), Summary: summary(charCases)},
	{Path: "scan/strict-references.json", Generate: gen(refCases, []string{"§1", "§2"}), Summary: summary(refCases)},
	{Path: "scan/strict-latex.json", Generate: gen(latexCases, []string{"§1", "§3", "§6"}), Summary: summary(latexCases)},
	{Path: "scan/strict-base64.json", Generate: gen(b64Cases, []string{"§1", "§4"}), Summary: summary(b64Cases)},
	{Path: "scan/strict-email.json", Generate: gen(emailCases, []string{"§1", "§2", "§3", "§6"}), Summary: summary(emailCases)},
	{Path: "scan/strict-judged.json", Generate: gen(judgedCases, []string{"§1", "§5"}), Summary: summary(judgedCases)},
}

// Case is one hand-written case.
type Case struct {
	Rule    string // the class or allow-rule it pins, for the summary and the file
	Comment string
	Context string // "text" when empty
	In      string
	Want    []Want
	Allowed int    // findings of the specification's classes that Strict leaves out
	San     string // the sanitized copy
	// Parts, for the email context, lists the parts the scan reads.
	Parts []Part
}

// Part is a part of an e-mail message as the scan lists it.
type Part struct {
	ID          string `json:"id"`
	ContentType string `json:"content_type"`
	Charset     string `json:"charset,omitempty"`
	Context     string `json:"context,omitempty"`
	Problem     string `json:"problem,omitempty"`
}

// Want is one hand-derived finding.
type Want struct {
	Class, Kind string
	Reason      string // a hidden element's or rule's
	Sub         string // the finding's text: its first occurrence (after Skip runes) in the text
	Skip        int
	Cps         []rune
	Carried     string // a selector run's printable payload
	Excerpt     string // given by hand when not empty
	// Part and PartText, in an email case: the part the finding is in, and that part's
	// decoded text, in which Sub is looked for.
	Part, PartText string
	// Base64 finding fields.
	Opaque  bool
	Decoded *string
	// Pattern, for a heuristic finding (instruction_like, instruction_judged), is the §5 pattern
	// or the judging rule ("model" for the trained model).
	Pattern string
}

// heuristic reports whether class is heuristic: §5's two classes and the Strict profile's
// instruction_judged.
func heuristic(class string) bool {
	switch class {
	case "mixed_script_confusable", "instruction_like", "instruction_judged":
		return true
	}
	return false
}

func ext(class string) bool {
	switch class {
	case "variation_selector", "invisible_format", "invisible_reference", "instruction_judged":
		return true
	}
	return false
}

// File is a vector file.
type File struct {
	Schema         string                  `json:"schema"`
	Spec           scangen.SpecRef         `json:"spec"`
	Profile        string                  `json:"profile"`
	UnicodeVersion string                  `json:"unicode_version"`
	NumberOfTests  int                     `json:"numberOfTests"`
	Header         []string                `json:"header"`
	Notes          map[string]scangen.Note `json:"notes"`
	TestGroups     []Group                 `json:"testGroups"`
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
	Profile string `json:"profile"`
}

// Test is one vector.
type Test struct {
	TcID               int        `json:"tcId"`
	Comment            string     `json:"comment"`
	Rule               string     `json:"rule"`
	Spec               []string   `json:"spec"`
	Input              string     `json:"input"`
	Expected           Result     `json:"expected"`
	ExpectedExtensions Extensions `json:"expected_extensions"`
	Result             string     `json:"result"`
	Flags              []string   `json:"flags"`
}

// Result is the result object, the specification's fields.
type Result struct {
	Status             string    `json:"status"`
	Findings           []Finding `json:"findings"`
	DeterministicCount int       `json:"deterministic_count"`
	HeuristicCount     int       `json:"heuristic_count"`
	Sanitized          string    `json:"sanitized"`
	Note               string    `json:"note"`
}

// Finding is a finding's specification-shaped fields.
type Finding struct {
	Class           string    `json:"class"`
	Start           int       `json:"start"`
	End             int       `json:"end"`
	Heuristic       bool      `json:"heuristic"`
	Excerpt         string    `json:"excerpt"`
	Codepoints      []string  `json:"codepoints,omitempty"`
	Kind            string    `json:"kind,omitempty"`
	Reason          string    `json:"reason,omitempty"`
	Pattern         string    `json:"pattern,omitempty"`
	Opaque          *bool     `json:"opaque,omitempty"`
	Decoded         *string   `json:"decoded,omitempty"`
	DecodedFindings *[]string `json:"decoded_findings,omitempty"`
}

// Extensions are the extension fields.
type Extensions struct {
	Profile        string       `json:"profile"`
	ExtensionCount int          `json:"extension_count"`
	Allowed        int          `json:"allowed"`
	Findings       []ExtFinding `json:"findings"`
	Parts          []Part       `json:"parts,omitempty"`
}

// ExtFinding is a finding's extension fields.
type ExtFinding struct {
	Extension  bool   `json:"extension"`
	Carried    string `json:"carried,omitempty"`
	Part       string `json:"part,omitempty"`
	ByteStart  int    `json:"byte_start"`
	ByteEnd    int    `json:"byte_end"`
	UTF16Start int    `json:"utf16_start"`
	UTF16End   int    `json:"utf16_end"`
}

var header = []string{
	"Vectors of plainsight's Strict profile: extension classes and allow-rules beyond the",
	"agent-safety formats (see vectors/README.md, \"Profiles\"). An implementation of the",
	"specification alone skips these files; one that adopts the profile runs them with the",
	"profile's options. The expected findings, counts and sanitized copies are derived by hand",
	"from the profile's rules; excerpts follow §1's rendering (one selector-run form excepted).",
}

// Note is the honesty line of §1, as the scan results carry it.
const note = "A clean status means none of the classes of the agent-safety formats were found; it is never a finding that the text is safe."

func summary(cases func() []Case) func() []string {
	return func() []string {
		var order []string
		n := map[string]int{}
		for _, c := range cases() {
			if n[c.Rule] == 0 {
				order = append(order, c.Rule)
			}
			n[c.Rule]++
		}
		var out []string
		for _, r := range order {
			out = append(out, fmt.Sprintf("%-28s %d", r, n[r]))
		}
		return out
	}
}

func gen(cases func() []Case, sections []string) func() ([]byte, error) {
	return func() ([]byte, error) {
		f := File{
			Schema:         Schema,
			Spec:           scangen.SpecRef{Name: "agent-safety-formats", Version: "1", Sections: sections},
			Profile:        "strict",
			UnicodeVersion: ucd.Version,
			Header:         header,
			Notes:          map[string]scangen.Note{},
		}
		groups := map[string]*Group{}
		var order []string
		for i, c := range cases() {
			t, err := makeTest(c, sections)
			if err != nil {
				return nil, fmt.Errorf("strictgen: case %d (%s): %v", i+1, c.Comment, err)
			}
			t.TcID = i + 1
			ctx := c.Context
			if ctx == "" {
				ctx = "text"
			}
			if groups[ctx] == nil {
				groups[ctx] = &Group{Type: "StrictScanTest", Options: Options{Context: ctx, Profile: "strict"}}
				order = append(order, ctx)
			}
			groups[ctx].Tests = append(groups[ctx].Tests, t)
			f.NumberOfTests++
		}
		for _, ctx := range order {
			f.TestGroups = append(f.TestGroups, *groups[ctx])
		}
		return scangen.Encode(f)
	}
}

// span returns the codepoint, byte and UTF-16 spans of the first occurrence of sub in text after
// skip codepoints.
func span(text, sub string, skip int) (cp, b, u [2]int, err error) {
	from := 0
	for range skip {
		_, size := utf8.DecodeRuneInString(text[from:])
		from += size
	}
	i := strings.Index(text[from:], sub)
	if sub == "" || i < 0 {
		return cp, b, u, fmt.Errorf("%q is not in %q", sub, text)
	}
	i += from
	b = [2]int{i, i + len(sub)}
	cp = [2]int{utf8.RuneCountInString(text[:i]), utf8.RuneCountInString(text[:i+len(sub)])}
	u = [2]int{len(utf16.Encode([]rune(text[:i]))), len(utf16.Encode([]rune(text[:i+len(sub)])))}
	return cp, b, u, nil
}

func makeTest(c Case, sections []string) (Test, error) {
	t := Test{Comment: c.Comment, Rule: c.Rule, Spec: sections, Input: c.In, Result: "valid", Flags: []string{}}
	res := Result{Findings: []Finding{}, Sanitized: c.San, Note: note}
	exts := Extensions{Profile: "strict", Allowed: c.Allowed, Findings: []ExtFinding{}, Parts: c.Parts}
	type sorted struct {
		f    Finding
		e    ExtFinding
		part int
	}
	var all []sorted
	heur := 0
	for _, w := range c.Want {
		text := c.In
		if w.Part != "" {
			text = w.PartText
		}
		cp, b, u, err := span(text, w.Sub, w.Skip)
		if err != nil {
			return t, err
		}
		f := Finding{Class: w.Class, Start: cp[0], End: cp[1], Kind: w.Kind, Reason: w.Reason, Excerpt: w.Excerpt,
			Heuristic: heuristic(w.Class), Pattern: w.Pattern}
		if f.Heuristic {
			heur++
		}
		if f.Excerpt == "" {
			f.Excerpt = scanref.Excerpt([]rune(text), cp[0], cp[1])
		}
		for _, r := range w.Cps {
			f.Codepoints = append(f.Codepoints, scanref.U(r))
		}
		if w.Class == "base64_blob" {
			opaque := w.Opaque
			f.Opaque = &opaque
			if !opaque {
				f.Decoded = w.Decoded
				f.DecodedFindings = &[]string{}
			}
		}
		isExt := ext(w.Class) || strings.HasPrefix(w.Kind, "latex_")
		if isExt {
			exts.ExtensionCount++
		}
		partIndex := slices.IndexFunc(c.Parts, func(p Part) bool { return p.ID == w.Part })
		all = append(all, sorted{f, ExtFinding{Extension: isExt, Carried: w.Carried, Part: w.Part, ByteStart: b[0], ByteEnd: b[1], UTF16Start: u[0], UTF16End: u[1]}, partIndex})
	}
	// Wire order: by part, then start, end, class, kind or pattern.
	slices.SortStableFunc(all, func(a, b sorted) int {
		if a.part != b.part {
			return a.part - b.part
		}
		if a.f.Start != b.f.Start {
			return a.f.Start - b.f.Start
		}
		if a.f.End != b.f.End {
			return a.f.End - b.f.End
		}
		if c := strings.Compare(a.f.Class, b.f.Class); c != 0 {
			return c
		}
		return strings.Compare(a.f.Pattern, b.f.Pattern)
	})
	for _, s := range all {
		res.Findings = append(res.Findings, s.f)
		exts.Findings = append(exts.Findings, s.e)
	}
	res.DeterministicCount, res.HeuristicCount = len(c.Want)-heur, heur
	res.Status = "clean"
	switch {
	case res.DeterministicCount > 0:
		res.Status = "flagged"
	case res.HeuristicCount > 0:
		res.Status = "noted"
	}
	t.Expected, t.ExpectedExtensions = res, exts
	return t, nil
}
