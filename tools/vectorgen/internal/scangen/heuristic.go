package scangen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/ucd"
)

// HFinding is a finding of a §2 or §5 class, in wire order: a §2 finding carries codepoints, a
// mixed_script_confusable finding scripts, an instruction_like finding pattern.
type HFinding struct {
	Class      string   `json:"class"`
	Start      int      `json:"start"`
	End        int      `json:"end"`
	Heuristic  bool     `json:"heuristic"`
	Excerpt    string   `json:"excerpt"`
	Codepoints []string `json:"codepoints,omitempty"`
	Scripts    []string `json:"scripts,omitempty"`
	Pattern    string   `json:"pattern,omitempty"`
}

// HResult is the scan result object with findings of §2 and §5.
type HResult struct {
	Status             string     `json:"status"`
	Findings           []HFinding `json:"findings"`
	DeterministicCount int        `json:"deterministic_count"`
	HeuristicCount     int        `json:"heuristic_count"`
	Sanitized          string     `json:"sanitized"`
	Note               string     `json:"note"`
}

// patternIDs are the ten instruction_like pattern ids, in the order of §5.
var patternIDs = []string{
	"ignore_instructions", "keep_secret", "imperative_disclose", "imperative_act", "send_to_address",
	"own_instructions", "reveal_instructions", "addressed_to_ai", "new_instructions", "before_answering",
}

// modelWords is an independent model of §5's mixed_script_confusable rule, on Go's own Unicode
// tables rather than internal/ucd's: the words of the text with the §2 codepoints left out, as
// [start, end) spans of the text and the scripts of their letters.
func modelWords(t []rune) []HWant {
	var out []HWant
	wordChar := func(r rune) bool { return r == '_' || r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.N) }
	i := 0
	for i < len(t) {
		if scanref.Class(t[i]) != "" || !wordChar(t[i]) {
			i++
			continue
		}
		start, end, letters := -1, i, 0
		latin, greek, cyrillic := false, false, false
		for ; i < len(t) && (wordChar(t[i]) || scanref.Class(t[i]) != ""); i++ {
			r := t[i]
			if scanref.Class(r) != "" {
				continue
			}
			end = i + 1
			if start < 0 && unicode.In(r, unicode.L, unicode.N) {
				start = i
			}
			if unicode.IsLetter(r) {
				letters++
				latin = latin || unicode.Is(unicode.Latin, r)
				greek = greek || unicode.Is(unicode.Greek, r)
				cyrillic = cyrillic || unicode.Is(unicode.Cyrillic, r)
			}
		}
		if start >= 0 && letters >= 3 && latin && (greek || cyrillic) {
			scripts := []string{"Latin"}
			if greek {
				scripts = append(scripts, "Greek")
			}
			if cyrillic {
				scripts = append(scripts, "Cyrillic")
			}
			out = append(out, mixed(start, end, scripts...))
		}
	}
	return out
}

// instrCheck is a mechanical check of a hand instruction_like span: it must name a pattern,
// start at a letter not preceded by one, end at a letter or digit not followed by one (ignoring
// §2 codepoints), and hold no passage boundary. It is not a detector.
func instrCheck(t []rune, w HWant) error {
	if !slices.Contains(patternIDs, w.Pattern) {
		return fmt.Errorf("unknown pattern %q", w.Pattern)
	}
	if w.Start < 0 || w.End <= w.Start || w.End > len(t) {
		return fmt.Errorf("span [%d,%d) outside the text", w.Start, w.End)
	}
	span := string(t[w.Start:w.End])
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	if !unicode.IsLetter(t[w.Start]) || w.Start > 0 && alnum(t[w.Start-1]) {
		return fmt.Errorf("%q does not start a word", span)
	}
	if !alnum(t[w.End-1]) || w.End < len(t) && alnum(t[w.End]) {
		return fmt.Errorf("%q does not end a word", span)
	}
	for i := w.Start; i < w.End-1; i++ {
		if strings.ContainsRune(".!?", t[i]) && unicode.IsSpace(t[i+1]) {
			return fmt.Errorf("%q crosses a passage boundary", span)
		}
	}
	if strings.Contains(strings.ReplaceAll(span, " ", ""), "\n\n") {
		return fmt.Errorf("%q crosses a blank line", span)
	}
	return nil
}

// heuristicFindings checks hand §5 findings against the text and turns them into findings with
// excerpts; offsets maps a codepoint offset to its extension offsets.
func heuristicFindings(t []rune, wants []HWant) ([]HFinding, []string) {
	var errs []string
	var mixedWants []HWant
	for _, w := range wants {
		if w.Class == hMixed {
			mixedWants = append(mixedWants, w)
		}
	}
	fmtW := func(ws []HWant) []string {
		var out []string
		for _, w := range ws {
			out = append(out, fmt.Sprintf("[%d,%d) %v", w.Start, w.End, w.Scripts))
		}
		return out
	}
	if m := modelWords(t); !slices.Equal(fmtW(m), fmtW(mixedWants)) {
		errs = append(errs, fmt.Sprintf("mixed_script_confusable:\n   model: %q\n   truth: %q", fmtW(m), fmtW(mixedWants)))
	}
	var out []HFinding
	for _, w := range wants {
		switch w.Class {
		case hMixed:
		case hInstr:
			if err := instrCheck(t, w); err != nil {
				errs = append(errs, err.Error())
				continue
			}
		default:
			errs = append(errs, "unknown heuristic class "+w.Class)
			continue
		}
		if w.Start < 0 || w.End > len(t) || w.Start >= w.End {
			continue
		}
		out = append(out, HFinding{Class: w.Class, Start: w.Start, End: w.End, Heuristic: true,
			Excerpt: scanref.Excerpt(t, w.Start, w.End), Scripts: w.Scripts, Pattern: w.Pattern})
	}
	return out, errs
}

// fromModel converts §2 findings of the reference model.
func fromModel(fs []scanref.Finding) []HFinding {
	out := make([]HFinding, len(fs))
	for i, f := range fs {
		out[i] = HFinding{Class: f.Class, Start: f.Start, End: f.End, Heuristic: f.Heuristic, Excerpt: f.Excerpt, Codepoints: f.Codepoints}
	}
	return out
}

// sortH puts findings in wire order: start, end, class, pattern.
func sortH(fs []HFinding) error {
	slices.SortStableFunc(fs, func(a, b HFinding) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End),
			cmp.Compare(a.Class, b.Class), cmp.Compare(a.Pattern, b.Pattern))
	})
	for i := 1; i < len(fs); i++ {
		a, b := fs[i-1], fs[i]
		if a.Start == b.Start && a.End == b.End && a.Class == b.Class && a.Pattern == b.Pattern {
			return fmt.Errorf("two %s %s findings at [%d,%d)", a.Class, a.Pattern, a.Start, a.End)
		}
	}
	return nil
}

// heuristicTest builds the vector of c and lists every way its hand truth does not hold together.
func heuristicTest(c HCase) (Test, []string) {
	var errs []string
	if !utf8.ValidString(c.In) {
		return Test{}, []string{"input string is not valid UTF-8"}
	}
	if len(c.Spec) == 0 || !slices.Contains(c.Spec, "§5") {
		errs = append(errs, "spec sections must include §5")
	}
	text := scanref.DecodeBytes([]byte(c.In))
	t := text.Runes()
	model, modelExt := scanref.FromString(c.In)
	errs = append(errs, Case{Want: c.Chars}.check(model)...)
	want := slices.Clone(c.Want)
	var sorted []HFinding
	for _, w := range want {
		sorted = append(sorted, HFinding{Class: w.Class, Start: w.Start, End: w.End, Pattern: w.Pattern})
	}
	inOrder := slices.Clone(sorted)
	if err := sortH(sorted); err != nil {
		errs = append(errs, err.Error())
	}
	if !slices.EqualFunc(sorted, inOrder, func(a, b HFinding) bool {
		return a.Start == b.Start && a.End == b.End && a.Class == b.Class && a.Pattern == b.Pattern
	}) {
		errs = append(errs, "hand findings are not in wire order")
	}
	heur, herrs := heuristicFindings(t, want)
	errs = append(errs, herrs...)

	bytePos := make([]int, len(text)+1)
	utf16Pos := make([]int, len(text)+1)
	for i, cp := range text {
		bytePos[i+1] = bytePos[i] + cp.Bytes
		utf16Pos[i+1] = utf16Pos[i] + cp.UTF16
	}
	all := append(fromModel(model.Findings), heur...)
	if err := sortH(all); err != nil {
		errs = append(errs, err.Error())
	}
	res := HResult{Findings: all, Sanitized: model.Sanitized, Note: scanref.Note,
		DeterministicCount: len(model.Findings), HeuristicCount: len(heur)}
	if res.Findings == nil {
		res.Findings = []HFinding{}
	}
	switch {
	case res.DeterministicCount > 0:
		res.Status = "flagged"
	case res.HeuristicCount > 0:
		res.Status = "noted"
	default:
		res.Status = "clean"
	}
	ext := scanref.Extensions{Findings: []scanref.Offsets{}, InvalidUTF8: modelExt.InvalidUTF8}
	for _, f := range res.Findings {
		ext.Findings = append(ext.Findings, scanref.Offsets{ByteStart: bytePos[f.Start], ByteEnd: bytePos[f.End],
			UTF16Start: utf16Pos[f.Start], UTF16End: utf16Pos[f.End]})
	}
	in := c.In
	return Test{
		Comment:            c.Comment,
		Spec:               c.Spec,
		Input:              &in,
		Expected:           res,
		ExpectedExtensions: ext,
		Result:             "valid",
		Flags:              append([]string{}, c.Flags...),
	}, errs
}

// GenerateHeuristics checks every heuristics case and returns the vector file. It fails, listing
// every problem, when a hand mixed-script finding disagrees with the model of §5's word rule,
// when a hand instruction_like span does not fit the text, or when the reference model
// disagrees with a hand §2 finding.
func GenerateHeuristics() ([]byte, error) {
	f, err := buildHeuristics()
	if err != nil {
		return nil, err
	}
	return encodeFile(f)
}

func buildHeuristics() (File, error) {
	f := File{
		Schema:         "scan_test_schema_v1.json",
		Spec:           SpecRef{Name: "agent-safety-formats", Version: "1", Sections: []string{"§1", "§5"}},
		UnicodeVersion: ucd.Version,
		Header:         heuristicHeader,
		Notes:          heuristicNotes,
	}
	group := Group{Type: "ScanTest", Options: Options{Context: "text"}}
	check := newChecker(heuristicNotes, nil)
	for i, c := range HeuristicCases() {
		t, errs := heuristicTest(c)
		check.add(i+1, c.Comment, t, errs)
		t.TcID = i + 1
		group.Tests = append(group.Tests, t)
	}
	if err := check.err("heuristics"); err != nil {
		return File{}, err
	}
	f.TestGroups = []Group{group}
	f.NumberOfTests = len(group.Tests)
	return f, nil
}

// HeuristicSummary returns the number of heuristics cases per category, in first-appearance
// order.
func HeuristicSummary() []string {
	var order []string
	count := map[string]int{}
	for _, c := range HeuristicCases() {
		if count[c.Cat] == 0 {
			order = append(order, c.Cat)
		}
		count[c.Cat]++
	}
	var out []string
	for _, k := range order {
		out = append(out, fmt.Sprintf("%-40s %d", k, count[k]))
	}
	return out
}
