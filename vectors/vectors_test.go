package vectors_test

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/testkit/vectortest"
	"github.com/plainsight/plainsight/vectors"
)

// The vector files are read by internal/testkit/vectortest, strictly; the structs below mirror the
// result object of schemas/scan_test_schema_v1.json, into which the lint decodes each test's
// expected result and extension fields, strictly too.

type result struct {
	Status             string    `json:"status"`
	Findings           []finding `json:"findings"`
	DeterministicCount int       `json:"deterministic_count"`
	HeuristicCount     int       `json:"heuristic_count"`
	Sanitized          string    `json:"sanitized"`
	Note               string    `json:"note"`
}

type finding struct {
	Class           string     `json:"class"`
	Start           int        `json:"start"`
	End             int        `json:"end"`
	Heuristic       bool       `json:"heuristic"`
	Excerpt         string     `json:"excerpt"`
	Codepoints      []string   `json:"codepoints"`
	Kind            string     `json:"kind"`
	Reason          string     `json:"reason"`
	Scripts         []string   `json:"scripts"`
	Pattern         string     `json:"pattern"`
	Opaque          *bool      `json:"opaque"`
	Decoded         *string    `json:"decoded"`
	DecodedFindings *[]finding `json:"decoded_findings"`
}

type extensions struct {
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

var (
	classes    = []string{"zero_width", "bidi_control", "unicode_tag", "control_char", "private_use", "unassigned_codepoint"}
	markup     = "hidden_markup"
	blobClass  = "base64_blob"
	mixedClass = "mixed_script_confusable"
	instrClass = "instruction_like"
	patterns   = []string{"ignore_instructions", "keep_secret", "imperative_disclose", "imperative_act", "send_to_address",
		"own_instructions", "reveal_instructions", "addressed_to_ai", "new_instructions", "before_answering"}
	kinds       = []string{"html_comment", "markdown_comment", "css_hide_rule", "hidden_element"}
	styleWhy    = []string{"display_none", "visibility_hidden", "font_size_zero", "color_matches_background"}
	elementWhy  = append(slices.Clip(styleWhy), "hidden_attribute", "hidden_class")
	scriptOrder = []string{"Latin", "Greek", "Cyrillic"}
	codepoint   = regexp.MustCompile(`^U\+(?:[0-9A-F]{4}|[1-9A-F][0-9A-F]{4}|10[0-9A-F]{4})$`)
	hexBytes    = regexp.MustCompile(`^(?:[0-9a-f]{2})*$`)
	escapeUnit  = regexp.MustCompile(`\\u([0-9a-fA-F]{4})`)
)

// specRef and note are the header parts every vector file shares.
type (
	specRef = vectortest.Spec
	note    = vectortest.Note
)

// corpusFiles returns the corpus files that match pattern; none fails the
// test (vectortest.Files).
func corpusFiles(t *testing.T, pattern string) []string {
	t.Helper()
	return vectortest.Files(t, pattern)
}

// decodeStrict reads corpus file name into v, refusing unknown fields
// (vectortest.DecodeStrict).
func decodeStrict(t *testing.T, name string, v any) {
	t.Helper()
	vectortest.DecodeStrict(t, name, v)
}

// scanFiles returns the scan vector files.
func scanFiles(t *testing.T) []string { return corpusFiles(t, "scan/*.json") }

func TestLint(t *testing.T) {
	for _, name := range scanFiles(t) {
		if vectortest.IsStrict(name) {
			continue // TestLintStrict
		}
		t.Run(path.Base(name), func(t *testing.T) {
			var f vectortest.ScanFile
			decodeStrict(t, name, &f)
			lintFile(t, f)
		})
	}
}

func lintFile(t *testing.T, f vectortest.ScanFile) {
	if f.Schema != "scan_test_schema_v1.json" {
		t.Errorf("schema: got %q", f.Schema)
	}
	if f.Spec.Name != "agent-safety-formats" || f.Spec.Version == "" || len(f.Spec.Sections) == 0 {
		t.Errorf("spec: got %+v", f.Spec)
	}
	if f.UnicodeVersion != "17.0.0" {
		t.Errorf("unicode_version: got %q, want 17.0.0", f.UnicodeVersion)
	}
	for name, n := range f.Notes {
		if n.Description == "" {
			t.Errorf("note %s: empty description", name)
		}
	}
	count, lastID := 0, 0
	usedFlags := map[string]bool{}
	for _, g := range f.TestGroups {
		if g.Type != "ScanTest" {
			t.Errorf("group type: got %q", g.Type)
		}
		if g.Options.Context != "text" && g.Options.Context != "email_html" {
			t.Errorf("group context: got %q", g.Options.Context)
		}
		for _, tc := range g.Tests {
			count++
			if tc.TcID <= lastID {
				t.Errorf("tcId %d after %d: tcIds must be unique and ascending", tc.TcID, lastID)
			}
			lastID = tc.TcID
			for _, fl := range tc.Flags {
				usedFlags[fl] = true
				if _, ok := f.Notes[fl]; !ok {
					t.Errorf("#%d: flag %q not declared in notes", tc.TcID, fl)
				}
			}
			lintTest(t, tc, g.Options.Context)
		}
	}
	if count != f.NumberOfTests {
		t.Errorf("numberOfTests: got %d, file has %d", f.NumberOfTests, count)
	}
	for name := range f.Notes {
		if !usedFlags[name] {
			t.Errorf("note %q is declared but no test uses it", name)
		}
	}
}

func lintTest(t *testing.T, tc vectortest.ScanTest, context string) {
	id := "#" + strconv.Itoa(tc.TcID)
	var e result
	var x extensions
	for _, m := range []struct {
		raw  json.RawMessage
		into any
	}{{tc.Expected, &e}, {tc.ExpectedExtensions, &x}} {
		dec := json.NewDecoder(bytes.NewReader(m.raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(m.into); err != nil {
			t.Errorf("%s: strict decode of the expected result: %v", id, err)
			return
		}
	}
	inputs := 0
	if tc.Input != nil {
		inputs++
		if hasLoneSurrogateEscape(tc.Input) {
			t.Errorf("%s: input holds a lone surrogate escape; use inputUtf16", id)
		}
		var s string
		if err := json.Unmarshal(tc.Input, &s); err != nil {
			t.Errorf("%s: input is not a JSON string: %v", id, err)
		}
	}
	if tc.InputUTF16 != nil {
		inputs++
	}
	if tc.InputHex != nil {
		inputs++
		if !hexBytes.MatchString(*tc.InputHex) {
			t.Errorf("%s: inputHex %q is not lowercase hex bytes", id, *tc.InputHex)
		}
	}
	if inputs != 1 {
		t.Errorf("%s: %d of input/inputUtf16/inputHex, want exactly one", id, inputs)
	}
	if tc.Comment == "" {
		t.Errorf("%s: empty comment", id)
	}
	if len(tc.Spec) == 0 {
		t.Errorf("%s: no spec sections", id)
	}
	for _, s := range tc.Spec {
		if !strings.HasPrefix(s, "§") {
			t.Errorf("%s: spec section %q", id, s)
		}
	}
	switch tc.Result {
	case "valid":
	case "acceptable":
		if len(tc.Flags) == 0 {
			t.Errorf("%s: an acceptable result needs a flag", id)
		}
	case "invalid":
		if tc.Error == "" {
			t.Errorf("%s: an invalid result needs an error", id)
		}
	default:
		t.Errorf("%s: result %q not in valid/invalid/acceptable", id, tc.Result)
	}
	if tc.Flags == nil {
		t.Errorf("%s: flags must be present (an empty array when there are none)", id)
	}

	if e.Findings == nil {
		t.Errorf("%s: expected.findings must be an array, never null", id)
	}
	if len(x.Findings) != len(e.Findings) {
		t.Errorf("%s: %d extension findings for %d findings", id, len(x.Findings), len(e.Findings))
	}
	det, heur := 0, 0
	for i, f := range e.Findings {
		if !slices.Contains(classes, f.Class) && f.Class != markup && f.Class != blobClass && f.Class != mixedClass && f.Class != instrClass {
			t.Errorf("%s: finding %d: class %q", id, i, f.Class)
		}
		if f.Heuristic != (f.Class == mixedClass || f.Class == instrClass) {
			t.Errorf("%s: finding %d: a %s finding with heuristic %v", id, i, f.Class, f.Heuristic)
		}
		if f.Class != mixedClass && f.Scripts != nil || f.Class != instrClass && f.Pattern != "" {
			t.Errorf("%s: finding %d: a %s finding with scripts or pattern", id, i, f.Class)
		}
		if f.Heuristic {
			heur++
		} else {
			det++
		}
		if f.Start < 0 || f.End <= f.Start {
			t.Errorf("%s: finding %d: [%d,%d)", id, i, f.Start, f.End)
		}
		if f.Excerpt == "" || utf8.RuneCountInString(f.Excerpt) > 600 {
			t.Errorf("%s: finding %d: excerpt length %d", id, i, utf8.RuneCountInString(f.Excerpt))
		}
		if f.Class != blobClass && (f.Opaque != nil || f.Decoded != nil || f.DecodedFindings != nil) {
			t.Errorf("%s: finding %d: a %s finding with opaque, decoded or decoded_findings", id, i, f.Class)
		}
		switch f.Class {
		case markup:
			lintMarkupFinding(t, id, i, f)
		case blobClass:
			// Checked below, against the input.
		case mixedClass:
			if len(f.Scripts) < 2 || f.Scripts[0] != "Latin" || !slices.IsSortedFunc(f.Scripts, func(a, b string) int {
				return cmp.Compare(slices.Index(scriptOrder, a), slices.Index(scriptOrder, b))
			}) || slices.ContainsFunc(f.Scripts, func(s string) bool { return !slices.Contains(scriptOrder, s) }) ||
				len(slices.Compact(slices.Clone(f.Scripts))) != len(f.Scripts) {
				t.Errorf("%s: finding %d: scripts %q", id, i, f.Scripts)
			}
			if f.Codepoints != nil || f.Kind != "" || f.Reason != "" {
				t.Errorf("%s: finding %d: a %s finding with codepoints, kind or reason", id, i, f.Class)
			}
		case instrClass:
			if !slices.Contains(patterns, f.Pattern) {
				t.Errorf("%s: finding %d: pattern %q", id, i, f.Pattern)
			}
			if f.Codepoints != nil || f.Kind != "" || f.Reason != "" {
				t.Errorf("%s: finding %d: a %s finding with codepoints, kind or reason", id, i, f.Class)
			}
		default:
			if f.Kind != "" || f.Reason != "" {
				t.Errorf("%s: finding %d: a %s finding with kind %q, reason %q", id, i, f.Class, f.Kind, f.Reason)
			}
			if len(f.Codepoints) == 0 || len(f.Codepoints) > 12 {
				t.Errorf("%s: finding %d: %d codepoints", id, i, len(f.Codepoints))
			}
		}
		for j, c := range f.Codepoints {
			if !codepoint.MatchString(c) || slices.Contains(f.Codepoints[:j], c) {
				t.Errorf("%s: finding %d: codepoint %q malformed or repeated", id, i, c)
			}
		}
		if i > 0 {
			p := e.Findings[i-1]
			if c := cmp.Or(cmp.Compare(p.Start, f.Start), cmp.Compare(p.End, f.End),
				cmp.Compare(p.Class, f.Class), cmp.Compare(p.Kind, f.Kind), cmp.Compare(p.Pattern, f.Pattern)); c >= 0 {
				t.Errorf("%s: findings %d and %d out of order (or equal) by start, end, class, kind, pattern", id, i-1, i)
			}
		}
		if i < len(x.Findings) {
			x := x.Findings[i]
			if x.ByteEnd <= x.ByteStart || x.UTF16End <= x.UTF16Start {
				t.Errorf("%s: finding %d: extension offsets %+v", id, i, x)
			}
		}
	}
	if det != e.DeterministicCount || heur != e.HeuristicCount {
		t.Errorf("%s: counts %d/%d, findings give %d/%d", id, e.DeterministicCount, e.HeuristicCount, det, heur)
	}
	want := "clean"
	if e.DeterministicCount > 0 {
		want = "flagged"
	} else if e.HeuristicCount > 0 {
		want = "noted"
	}
	if e.Status != want {
		t.Errorf("%s: status %q, counts give %q", id, e.Status, want)
	}
	if e.Note == "" {
		t.Errorf("%s: empty note", id)
	}
	if tc.InputHex == nil && x.InvalidUTF8 != nil {
		t.Errorf("%s: invalid_utf8 on an input that is not bytes", id)
	}

	// The findings and the sanitized copy must account for every codepoint of the input. In the
	// text context the sanitized copy is the input without the §2 runs and the markup spans
	// (base64 blobs stay); in the email_html context the markup and blob spans merge where they
	// overlap or touch, and each merged range holding a blob becomes the placeholder
	// [base64_blob]. When the removal built new markup (flag RebuiltMarkup), the sanitized copy
	// is less than that. Findings of the six codepoint classes never overlap one another; markup
	// and blob findings may overlap anything.
	in := inputRunes(tc)
	n := len(in)
	removed := make([]bool, n)
	owner := make([]int, n) // 1 + index of the §2 finding covering each codepoint
	type rng struct {
		s, e int
		blob bool
	}
	var ranges []rng // markup spans, and blob spans in email_html, in order of start
	for i, f := range e.Findings {
		if f.Start < 0 || f.End > n || f.End <= f.Start {
			t.Errorf("%s: finding [%d,%d) outside the input's %d codepoints", id, f.Start, f.End, n)
			continue
		}
		switch {
		case f.Class == blobClass:
			lintBlobFinding(t, id, i, f, in)
			if context == "email_html" {
				ranges = append(ranges, rng{f.Start, f.End, true})
			}
			continue
		case f.Class == markup:
			ranges = append(ranges, rng{f.Start, f.End, false})
			continue
		case f.Heuristic:
			continue // §5 findings stay in the sanitized copy
		}
		for k := f.Start; k < f.End; k++ {
			removed[k] = true
			if owner[k] != 0 {
				t.Errorf("%s: findings %d and %d of the codepoint classes overlap", id, owner[k]-1, i)
			}
			owner[k] = i + 1
		}
	}
	var merged []rng
	for _, r := range ranges {
		if k := len(merged); k > 0 && r.s <= merged[k-1].e {
			merged[k-1].e = max(merged[k-1].e, r.e)
			merged[k-1].blob = merged[k-1].blob || r.blob
		} else {
			merged = append(merged, r)
		}
	}
	var san []rune
	for k := 0; k < n; {
		if len(merged) > 0 && merged[0].s == k {
			if merged[0].blob {
				san = append(san, []rune("[base64_blob]")...)
			}
			k = merged[0].e
			merged = merged[1:]
			continue
		}
		if !removed[k] {
			san = append(san, in[k])
		}
		k++
	}
	switch {
	case !slices.Contains(tc.Flags, "RebuiltMarkup"):
		if string(san) != e.Sanitized {
			t.Errorf("%s: sanitized is %q, the input without the findings' spans is %q", id, e.Sanitized, string(san))
		}
	case string(san) == e.Sanitized || !isSubsequence(e.Sanitized, string(san)):
		// Removal built markup, which later rounds remove: what is left
		// is less than the first removal left, and drawn from it.
		t.Errorf("%s: sanitized %q is not a strict part of the first removal's %q", id, e.Sanitized, string(san))
	}
}

// isB64 reports whether r is in the base64 alphabet of §4, URL-safe characters included.
func isB64(r rune) bool {
	return 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || strings.ContainsRune("+/=-_", r)
}

// lintBlobFinding checks a base64_blob finding against the input in: the span holds only
// alphabet characters and the whitespace that joins tokens, and starts and ends with a token; the
// key presence rules of opaque, decoded and decoded_findings; decoded is what the span decodes
// to; decoded_findings are the §2 findings of the decoded text (the reference model's), with
// offsets inside it.
func lintBlobFinding(t *testing.T, id string, i int, f finding, in []rune) {
	if f.Codepoints != nil || f.Kind != "" || f.Reason != "" {
		t.Errorf("%s: finding %d: a base64_blob finding with codepoints, kind or reason", id, i)
	}
	span := in[f.Start:f.End]
	if !isB64(span[0]) || !isB64(span[len(span)-1]) {
		t.Errorf("%s: finding %d: the span does not start and end with a token", id, i)
	}
	var joined strings.Builder
	for _, r := range span {
		switch {
		case r == '-':
			joined.WriteRune('+')
		case r == '_':
			joined.WriteRune('/')
		case isB64(r):
			joined.WriteRune(r)
		case !strings.ContainsRune("\t\n\f\r ", r):
			t.Errorf("%s: finding %d: %U inside the span of a blob", id, i, r)
		}
	}
	// '=' is padding only at the end of data: a token starts with a data character (after
	// anything but one) and ends after at most two '='; data may follow that padding directly
	// (a token of its own), and '=' past the two is in no token.
	isData := func(r rune) bool { return isB64(r) && r != '=' }
	if span[0] == '=' || strings.Contains(string(span), "===") {
		t.Errorf("%s: finding %d: the span holds '=' that is no padding", id, i)
	}
	if f.Start > 0 && isData(in[f.Start-1]) || f.End < len(in) && isB64(in[f.End]) && span[len(span)-1] != '=' {
		t.Errorf("%s: finding %d: the span cuts a token", id, i)
	}
	if f.Opaque == nil {
		t.Errorf("%s: finding %d: a base64_blob finding without opaque", id, i)
		return
	}
	if *f.Opaque {
		if f.Decoded != nil || f.DecodedFindings != nil {
			t.Errorf("%s: finding %d: an opaque blob with decoded or decoded_findings", id, i)
		}
		return
	}
	if f.Decoded == nil || f.DecodedFindings == nil {
		t.Errorf("%s: finding %d: a blob that is not opaque needs decoded and decoded_findings", id, i)
		return
	}
	raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(joined.String(), "="))
	if err != nil || string(raw) != *f.Decoded {
		t.Errorf("%s: finding %d: the span decodes to %q (%v), decoded is %q", id, i, raw, err, *f.Decoded)
	}
	dec := []rune(*f.Decoded)
	model, _ := scanref.FromString(*f.Decoded)
	// The rescan runs §2 and §5: the §2 findings must be the model's; the
	// §5 ones (in vectors/scan/heuristics.json's shape) are checked there.
	var nested []finding
	for j, g := range *f.DecodedFindings {
		if g.Class == mixedClass || g.Class == instrClass {
			if !g.Heuristic || g.Start < 0 || g.End <= g.Start || g.End > len([]rune(*f.Decoded)) {
				t.Errorf("%s: finding %d: nested heuristic finding %d: %+v", id, i, j, g)
			}
			continue
		}
		nested = append(nested, g)
	}
	if len(nested) != len(model.Findings) {
		t.Errorf("%s: finding %d: %d decoded_findings, the rescan of decoded gives %d", id, i, len(nested), len(model.Findings))
	}
	for j, g := range nested {
		if !slices.Contains(classes, g.Class) {
			t.Errorf("%s: finding %d: nested finding %d of class %q (the rescan is §2 and §5 only)", id, i, j, g.Class)
		}
		if g.Heuristic || g.Kind != "" || g.Reason != "" || g.Opaque != nil || g.Decoded != nil || g.DecodedFindings != nil {
			t.Errorf("%s: finding %d: nested finding %d has a field of another shape", id, i, j)
		}
		if g.Start < 0 || g.End <= g.Start || g.End > len(dec) {
			t.Errorf("%s: finding %d: nested finding %d [%d,%d) outside the decoded text of %d codepoints", id, i, j, g.Start, g.End, len(dec))
		}
		if j < len(model.Findings) {
			m := model.Findings[j]
			if m.Class != g.Class || m.Start != g.Start || m.End != g.End || m.Excerpt != g.Excerpt || !slices.Equal(m.Codepoints, g.Codepoints) {
				t.Errorf("%s: finding %d: nested finding %d is %+v, the rescan gives %+v", id, i, j, g, m)
			}
		}
	}
}

// isSubsequence reports whether the codepoints of a appear in b in order. A U+FFFD of a may
// stand for a '<' or '[' of b: after 8 rounds of removal, those become U+FFFD.
func isSubsequence(a, b string) bool {
	br := []rune(b)
	j := 0
	for _, r := range a {
		for j < len(br) && br[j] != r && !(r == '\uFFFD' && (br[j] == '<' || br[j] == '[')) {
			j++
		}
		if j == len(br) {
			return false
		}
		j++
	}
	return true
}

// lintMarkupFinding checks the shape of a hidden_markup finding.
func lintMarkupFinding(t *testing.T, id string, i int, f finding) {
	if f.Codepoints != nil {
		t.Errorf("%s: finding %d: a hidden_markup finding has no codepoints", id, i)
	}
	switch f.Kind {
	case "html_comment", "markdown_comment":
		if f.Reason != "" {
			t.Errorf("%s: finding %d: %s with reason %q", id, i, f.Kind, f.Reason)
		}
	case "css_hide_rule":
		if !slices.Contains(styleWhy, f.Reason) {
			t.Errorf("%s: finding %d: css_hide_rule reason %q", id, i, f.Reason)
		}
	case "hidden_element":
		if !slices.Contains(elementWhy, f.Reason) {
			t.Errorf("%s: finding %d: hidden_element reason %q", id, i, f.Reason)
		}
	default:
		t.Errorf("%s: finding %d: kind %q not in %v", id, i, f.Kind, kinds)
	}
}

// inputRunes is the text the input decodes to, as codepoints (a lone surrogate kept as one).
func inputRunes(tc vectortest.ScanTest) []rune {
	switch {
	case tc.Input != nil:
		var s string
		json.Unmarshal(tc.Input, &s)
		return []rune(s)
	case tc.InputUTF16 != nil:
		return scanref.DecodeUTF16(tc.InputUTF16).Runes()
	case tc.InputHex != nil:
		b := make([]byte, len(*tc.InputHex)/2)
		for i := range b {
			v, _ := strconv.ParseUint((*tc.InputHex)[2*i:2*i+2], 16, 8)
			b[i] = byte(v)
		}
		return scanref.DecodeBytes(b).Runes()
	}
	return nil
}

// hasLoneSurrogateEscape reports whether a raw JSON string holds a \uD800–\uDFFF escape that is
// not half of a high-low pair. encoding/json would silently decode it to U+FFFD.
func hasLoneSurrogateEscape(raw []byte) bool {
	s := string(raw)
	locs := escapeUnit.FindAllStringSubmatchIndex(s, -1)
	for i := 0; i < len(locs); i++ {
		// An escape preceded by an odd number of backslashes is a real escape.
		start := locs[i][0]
		k := start
		for k > 0 && s[k-1] == '\\' {
			k--
		}
		if (start-k)%2 == 1 {
			continue
		}
		u, _ := strconv.ParseUint(s[locs[i][2]:locs[i][3]], 16, 16)
		switch {
		case 0xD800 <= u && u <= 0xDBFF:
			if i+1 < len(locs) && locs[i+1][0] == locs[i][1] {
				v, _ := strconv.ParseUint(s[locs[i+1][2]:locs[i+1][3]], 16, 16)
				if 0xDC00 <= v && v <= 0xDFFF {
					i++
					continue
				}
			}
			return true
		case 0xDC00 <= u && u <= 0xDFFF:
			return true
		}
	}
	return false
}

func TestLoneSurrogateEscape(t *testing.T) {
	for raw, want := range map[string]bool{
		`"a\u200bb"`:           false,
		`"\udb40\udc01"`:       false,
		`"\uD83D\uDE00"`:       false,
		`"\ud800"`:             true,
		`"\udc00"`:             true,
		`"\udc00\ud800"`:       true,
		`"\ud800a\udc00"`:      true,
		`"\\ud800"`:            false, // an escaped backslash, then text
		`"\\\ud800"`:           true,
		`"\ud83d\ude00\ud83d"`: true,
	} {
		if got := hasLoneSurrogateEscape([]byte(raw)); got != want {
			t.Errorf("hasLoneSurrogateEscape(%s): got %v, want %v", raw, got, want)
		}
	}
}

// TestAllFiles makes sure the lint runs over every file of the corpus.
func TestAllFiles(t *testing.T) {
	names := scanFiles(t)
	names = append(names, intentFiles(t)...)
	for _, want := range []string{"scan/invisible_chars.json", "scan/hidden_markup.json", "scan/base64.json", "intent/intent_hash.json"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s missing from the corpus", want)
		}
	}
}

// TestSchemasParse checks that every schema is well-formed JSON.
func TestSchemasParse(t *testing.T) {
	names, err := fs.Glob(vectors.FS(), "schemas/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	for _, name := range names {
		b, _ := fs.ReadFile(vectors.FS(), name)
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

var intentHash = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// intentFiles returns the generated agent-safe.intent/1 vector files (not
// the upstream ones).
func intentFiles(t *testing.T) []string { return corpusFiles(t, "intent/*.json") }

// TestVerifyLint checks the executor's re-check files: schema and spec, ascending unique
// tcIds, every flag declared in notes and every note used, numberOfTests, and a step's error
// present exactly when it is invalid, from the list of re-check codes.
func TestVerifyLint(t *testing.T) {
	codes := []string{"INTENT_HASH_MISMATCH", "INTENT_EXPIRED", "INTENT_REPLAYED", "INTENT_MALFORMED"}
	for name, f := range vectortest.VerifyFiles(t) {
		t.Run(path.Base(name), func(t *testing.T) {
			if f.Schema != "intent_verify_schema_v1.json" || f.Spec.Name != "agent-safe.intent" || f.Spec.Version != "1" {
				t.Errorf("schema %q spec %+v", f.Schema, f.Spec)
			}
			if len(f.Header) == 0 {
				t.Error("no header")
			}
			count, last := 0, 0
			used := map[string]bool{}
			for _, g := range f.TestGroups {
				if g.Type != "IntentVerifyTest" {
					t.Errorf("group type %q", g.Type)
				}
				for _, tc := range g.Tests {
					count++
					if tc.TcID <= last {
						t.Errorf("tcId %d after %d", tc.TcID, last)
					}
					last = tc.TcID
					if tc.Comment == "" || !intentHash.MatchString(tc.Hash) || len(tc.Steps) == 0 {
						t.Errorf("#%d: a comment, a sha256: hash and steps are required", tc.TcID)
					}
					for _, fl := range tc.Flags {
						used[fl] = true
						if _, ok := f.Notes[fl]; !ok {
							t.Errorf("#%d: flag %q not declared in notes", tc.TcID, fl)
						}
					}
					for i, st := range tc.Steps {
						if (st.Result == "invalid") != slices.Contains(codes, st.Error) || st.Result != "valid" && st.Result != "invalid" {
							t.Errorf("#%d step %d: result %q with error %q", tc.TcID, i, st.Result, st.Error)
						}
					}
				}
			}
			if count != f.NumberOfTests {
				t.Errorf("numberOfTests %d, tests %d", f.NumberOfTests, count)
			}
			for fl := range f.Notes {
				if !used[fl] {
					t.Errorf("note %q is declared but no test uses it", fl)
				}
			}
		})
	}
}
