package scangen

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/ucd"
)

// MarkupPath is the path of the generated file of hidden-markup vectors (§3), relative to the
// vectors directory.
const MarkupPath = "scan/hidden_markup.json"

// The hidden_markup class, its kinds and its reasons, as §3 and the finding shape spell them.
const (
	hm = "hidden_markup"

	kComment = "html_comment"
	kMd      = "markdown_comment"
	kRule    = "css_hide_rule"
	kElem    = "hidden_element"

	rDisplay = "display_none"
	rVis     = "visibility_hidden"
	rFont    = "font_size_zero"
	rColor   = "color_matches_background"
	rAttr    = "hidden_attribute"
	rClass   = "hidden_class"
)

// MCase is one hand-written hidden-markup case. Unlike a §2 Case, whose findings all come from
// the reference model once it agrees with the hand truth, the markup findings of an MCase are
// the hand truth itself: there is no reference model of §3. The generator checks each hand span
// mechanically against the text (see spanCheck) and the hand sanitized copy against the spans.
type MCase struct {
	Cat     string   // category, for the generator's summary only
	Comment string   // what the case pins
	Spec    []string // sections of agent-safety-formats-v1.md
	In      string
	Marks   []Mark  // hand-derived hidden_markup findings
	Chars   []Want  // hand-derived §2 findings, checked against the reference model
	San     *string // hand-derived sanitized copy: mandatory
	// Rebuilt, when set, is the hand-derived sanitized copy after the
	// removal rounds of §6 as plainsight applies them: San is then the text
	// after the first removal, in which the removal itself built new markup,
	// and the expected sanitized copy is Rebuilt.
	Rebuilt *string
	Flags   []string
	Email   bool // repeated in the email_html test group
}

// Mark is one hand-derived hidden_markup finding.
type Mark struct {
	Kind, Reason string
	Start, End   int
	Excerpt      string // hand-derived excerpt, when not empty
}

// MarkupFinding is a finding of either kind, in wire order: a §2 finding carries codepoints, a
// hidden_markup finding kind and (for css_hide_rule and hidden_element) reason.
type MarkupFinding struct {
	Class      string   `json:"class"`
	Start      int      `json:"start"`
	End        int      `json:"end"`
	Heuristic  bool     `json:"heuristic"`
	Excerpt    string   `json:"excerpt"`
	Codepoints []string `json:"codepoints,omitempty"`
	Kind       string   `json:"kind,omitempty"`
	Reason     string   `json:"reason,omitempty"`
}

// MarkupResult is the scan result object with findings of both kinds.
type MarkupResult struct {
	Status             string          `json:"status"`
	Findings           []MarkupFinding `json:"findings"`
	DeterministicCount int             `json:"deterministic_count"`
	HeuristicCount     int             `json:"heuristic_count"`
	Sanitized          string          `json:"sanitized"`
	Note               string          `json:"note"`
}

func hc(s, e int) Mark                  { return Mark{Kind: kComment, Start: s, End: e} }
func mdc(s, e int) Mark                 { return Mark{Kind: kMd, Start: s, End: e} }
func rule(reason string, s, e int) Mark { return Mark{Kind: kRule, Reason: reason, Start: s, End: e} }
func elem(reason string, s, e int) Mark { return Mark{Kind: kElem, Reason: reason, Start: s, End: e} }

// x sets the hand-written excerpt of m.
func (m Mark) x(excerpt string) Mark {
	m.Excerpt = excerpt
	return m
}

// email marks c for the email_html group too.
func (c MCase) email() MCase {
	c.Email = true
	return c
}

var (
	endTag    = regexp.MustCompile(`</([A-Za-z][A-Za-z0-9]*)[\t\n\f\r ]*>$`)
	startName = regexp.MustCompile(`^<([A-Za-z][A-Za-z0-9]*)`)
)

// spanCheck is a mechanical sanity check of a hand span against the text, by kind: the span
// must start and end where the rule says such a construct starts and ends. It is not a detector:
// it only catches a miscounted offset.
func spanCheck(t []rune, m Mark) error {
	n := len(t)
	if m.Start < 0 || m.End <= m.Start || m.End > n {
		return fmt.Errorf("span [%d,%d) outside the text of %d codepoints", m.Start, m.End, n)
	}
	span := string(t[m.Start:m.End])
	bad := func(why string) error { return fmt.Errorf("%s [%d,%d) %q: %s", m.Kind, m.Start, m.End, span, why) }
	isBreak := func(r rune) bool { return r == '\n' || r == '\r' }
	switch m.Kind {
	case kComment:
		if m.Reason != "" {
			return bad("html_comment has no reason")
		}
		if !strings.HasPrefix(span, "<!--") {
			return bad("does not start with <!--")
		}
		if m.End != n && (m.End-m.Start < 7 || !strings.HasSuffix(span, "-->")) {
			return bad("neither ends with --> nor runs to the end of the text")
		}
	case kMd:
		if m.Reason != "" {
			return bad("markdown_comment has no reason")
		}
		if m.Start > 0 && !isBreak(t[m.Start-1]) {
			return bad("does not start a line")
		}
		if m.End < n && !isBreak(t[m.End]) {
			return bad("does not end at a line end")
		}
		if strings.ContainsAny(span, "\n\r") {
			return bad("holds a line break")
		}
		body := strings.TrimLeft(span, " ")
		if len(span)-len(body) > 3 || !strings.HasPrefix(body, "[") || !strings.Contains(body, "]:") || !strings.Contains(body, "#") {
			return bad("is not a line of the form [label]: # …")
		}
	case kRule:
		if !slices.Contains([]string{rDisplay, rVis, rFont, rColor}, m.Reason) {
			return bad("css_hide_rule reason " + m.Reason)
		}
		if !strings.HasSuffix(span, "}") || !strings.Contains(span, "{") {
			return bad("is not a selector list and a { } block")
		}
		if first := t[m.Start]; !(first == '.' || first == '#' || first == '*' || 'a' <= first && first <= 'z' || 'A' <= first && first <= 'Z') {
			return bad("does not start with a selector")
		}
		before := strings.ToLower(string(t[:m.Start]))
		open := strings.LastIndex(before, "<style")
		if open < 0 || strings.Contains(before[open:], "</style") {
			return bad("is not inside the content of a <style> element")
		}
		if !strings.Contains(strings.ToLower(string(t[m.End:])), "</style") {
			return bad("no </style> after it")
		}
	case kElem:
		if !slices.Contains([]string{rDisplay, rVis, rFont, rColor, rAttr, rClass}, m.Reason) {
			return bad("hidden_element reason " + m.Reason)
		}
		sm := startName.FindStringSubmatch(span)
		if sm == nil || !strings.HasSuffix(span, ">") {
			return bad("does not run from a start tag's < to a >")
		}
		if em := endTag.FindStringSubmatch(span); em != nil && strings.Index(span, "</") > 0 {
			if !strings.EqualFold(em[1], sm[1]) {
				return bad("ends with the end tag of another element")
			}
		} else if strings.Contains(strings.ToLower(span), "</"+strings.ToLower(sm[1])) {
			return bad("start tag only, yet it holds an end tag of its name")
		}
	default:
		return bad("unknown kind")
	}
	return nil
}

// markupTest builds the vector of c and lists every way its hand truth does not hold together.
func markupTest(c MCase) (Test, []string) {
	var errs []string
	if !utf8.ValidString(c.In) {
		return Test{}, []string{"input string is not valid UTF-8"}
	}
	if c.San == nil {
		errs = append(errs, "no hand sanitized copy (mandatory for markup cases)")
	}
	if len(c.Spec) == 0 {
		errs = append(errs, "no spec sections")
	}
	text := scanref.DecodeBytes([]byte(c.In))
	t := text.Runes()
	model, modelExt := scanref.FromString(c.In)

	// §2 findings: the model must agree with the hand truth.
	errs = append(errs, Case{Want: c.Chars}.check(model)...)

	bytePos := make([]int, len(text)+1)
	utf16Pos := make([]int, len(text)+1)
	for i, cp := range text {
		bytePos[i+1] = bytePos[i] + cp.Bytes
		utf16Pos[i+1] = utf16Pos[i] + cp.UTF16
	}
	type entry struct {
		f   MarkupFinding
		off scanref.Offsets
	}
	var all []entry
	for i, f := range model.Findings {
		off := scanref.Offsets{ByteStart: bytePos[f.Start], ByteEnd: bytePos[f.End], UTF16Start: utf16Pos[f.Start], UTF16End: utf16Pos[f.End]}
		if off != modelExt.Findings[i] {
			errs = append(errs, fmt.Sprintf("extension offsets of %s [%d,%d): %+v, model %+v", f.Class, f.Start, f.End, off, modelExt.Findings[i]))
		}
		all = append(all, entry{MarkupFinding{Class: f.Class, Start: f.Start, End: f.End, Heuristic: f.Heuristic,
			Excerpt: f.Excerpt, Codepoints: f.Codepoints}, off})
	}
	removed := make([]bool, len(t))
	for _, m := range c.Marks {
		if err := spanCheck(t, m); err != nil {
			errs = append(errs, err.Error())
			continue
		}
		for i := m.Start; i < m.End; i++ {
			removed[i] = true
		}
		x := scanref.Excerpt(t, m.Start, m.End)
		if m.Excerpt != "" && m.Excerpt != x {
			errs = append(errs, fmt.Sprintf("excerpt of %s [%d,%d):\n   algorithm: %q\n   truth:     %q", m.Kind, m.Start, m.End, x, m.Excerpt))
		}
		all = append(all, entry{MarkupFinding{Class: hm, Start: m.Start, End: m.End, Excerpt: x, Kind: m.Kind, Reason: m.Reason},
			scanref.Offsets{ByteStart: bytePos[m.Start], ByteEnd: bytePos[m.End], UTF16Start: utf16Pos[m.Start], UTF16End: utf16Pos[m.End]}})
	}
	// Wire order: start, end, class, kind.
	slices.SortStableFunc(all, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.f.Start, b.f.Start), cmp.Compare(a.f.End, b.f.End),
			cmp.Compare(a.f.Class, b.f.Class), cmp.Compare(a.f.Kind, b.f.Kind))
	})
	for i := 1; i < len(all); i++ {
		a, b := all[i-1].f, all[i].f
		if a.Start == b.Start && a.End == b.End && a.Class == b.Class && a.Kind == b.Kind {
			errs = append(errs, fmt.Sprintf("two %s %s findings at [%d,%d)", a.Class, a.Kind, a.Start, a.End))
		}
	}

	// §6: the union of the markup spans and the §2 codepoints is removed.
	var san strings.Builder
	for i, r := range t {
		if !removed[i] && scanref.Class(r) == "" {
			san.WriteRune(r)
		}
	}
	if c.San != nil && san.String() != *c.San {
		errs = append(errs, fmt.Sprintf("sanitized: spans give %q, truth %q", san.String(), *c.San))
	}

	expectSan := san.String()
	if c.Rebuilt != nil {
		if *c.Rebuilt == expectSan {
			errs = append(errs, "Rebuilt equals the first removal: the case rebuilds no markup")
		}
		expectSan = *c.Rebuilt
	}
	res := MarkupResult{Findings: []MarkupFinding{}, Sanitized: expectSan, Note: scanref.Note}
	ext := scanref.Extensions{Findings: []scanref.Offsets{}, InvalidUTF8: modelExt.InvalidUTF8}
	for _, e := range all {
		res.Findings = append(res.Findings, e.f)
		ext.Findings = append(ext.Findings, e.off)
	}
	res.DeterministicCount = len(res.Findings) // every class of §2 and §3 is deterministic
	res.Status = "clean"
	if res.DeterministicCount > 0 {
		res.Status = "flagged"
	}
	in := c.In
	flags := append([]string{}, c.Flags...)
	return Test{
		Comment:            c.Comment,
		Spec:               c.Spec,
		Input:              &in,
		Expected:           res,
		ExpectedExtensions: ext,
		Result:             "valid",
		Flags:              flags,
	}, errs
}

// GenerateMarkup checks every hidden-markup case and returns the vector file. It fails, listing
// every problem, when a hand span does not fit the text, when the reference model disagrees with
// a hand §2 finding, or when a hand sanitized copy or excerpt does not follow from the spans.
func GenerateMarkup() ([]byte, error) {
	f, err := buildMarkup()
	if err != nil {
		return nil, err
	}
	return encodeFile(f)
}

func buildMarkup() (File, error) {
	f := File{
		Schema:         "scan_test_schema_v1.json",
		Spec:           SpecRef{Name: "agent-safety-formats", Version: "1", Sections: []string{"§1", "§3", "§6"}},
		UnicodeVersion: ucd.Version,
		Header:         markupHeader,
		Notes:          markupNotes,
	}
	text := Group{Type: "ScanTest", Options: Options{Context: "text"}}
	email := Group{Type: "ScanTest", Options: Options{Context: "email_html"}}
	check := newChecker(markupNotes, nil)
	for i, c := range MarkupCases() {
		t, errs := markupTest(c)
		check.add(i+1, c.Comment, t, errs)
		t.TcID = i + 1
		text.Tests = append(text.Tests, t)
		if c.Email {
			t.TcID = emailFirstID + len(email.Tests)
			t.Comment += " (email_html context)"
			email.Tests = append(email.Tests, t)
		}
	}
	if err := check.err("hidden-markup"); err != nil {
		return File{}, err
	}
	if len(text.Tests) >= emailFirstID {
		return File{}, errors.New("scangen: too many text cases for the email_html tcId range")
	}
	f.TestGroups = []Group{text, email}
	f.NumberOfTests = len(text.Tests) + len(email.Tests)
	return f, nil
}

// MarkupSummary returns the number of hidden-markup cases per category, in first-appearance
// order.
func MarkupSummary() []string {
	var order []string
	count := map[string]int{}
	email := 0
	for _, c := range MarkupCases() {
		if count[c.Cat] == 0 {
			order = append(order, c.Cat)
		}
		count[c.Cat]++
		if c.Email {
			email++
		}
	}
	var out []string
	for _, k := range order {
		out = append(out, fmt.Sprintf("%-16s %d", k, count[k]))
	}
	return append(out, fmt.Sprintf("%-16s %d (repeats)", "email_html", email))
}
