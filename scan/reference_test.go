package scan

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/testkit"
)

// referenceJSON is the reference model's result in the shape Result
// marshals to, extension fields merged in.
func referenceJSON(t testing.TB, ref scanref.Result, ext scanref.Extensions) map[string]any {
	t.Helper()
	var m map[string]any
	b, _ := json.Marshal(ref)
	json.Unmarshal(b, &m)
	findings, _ := m["findings"].([]any)
	for i, f := range findings {
		o := ext.Findings[i]
		fm := f.(map[string]any)
		fm["byte_start"], fm["byte_end"] = float64(o.ByteStart), float64(o.ByteEnd)
		fm["utf16_start"], fm["utf16_end"] = float64(o.UTF16Start), float64(o.UTF16End)
	}
	if len(ext.InvalidUTF8) > 0 {
		b, _ := json.Marshal(ext.InvalidUTF8)
		var inv any
		json.Unmarshal(b, &inv)
		m["invalid_utf8"] = inv
		m["invalid_utf8_count"] = float64(len(ext.InvalidUTF8))
	}
	return m
}

func resultJSON(res *Result) map[string]any {
	var m map[string]any
	b, _ := json.Marshal(res)
	json.Unmarshal(b, &m)
	// The reference model does not spell tags (an extension, tested on
	// its own).
	findings, _ := m["findings"].([]any)
	for _, f := range findings {
		delete(f.(map[string]any), "tags_spell")
	}
	return m
}

// charsJSON is the part of a result that the reference model of §2 knows:
// without hidden-markup and base64 findings, with their count taken off,
// and without the sanitized copy when markup was cut from it (in the text
// context, blobs stay in it). With neither in the text it is the whole
// result.
func charsJSON(res *Result) map[string]any {
	notChars := func(f Finding) bool { return f.Class == HiddenMarkup || f.Class == Base64Blob }
	if !slices.ContainsFunc(res.Findings, notChars) {
		return resultJSON(res)
	}
	var chars []Finding
	for _, f := range res.Findings {
		if !notChars(f) {
			chars = append(chars, f)
		}
	}
	m := resultJSON(res)
	b, _ := json.Marshal(chars)
	var fs any = []any{}
	if len(chars) > 0 {
		json.Unmarshal(b, &fs)
	}
	m["findings"] = fs
	m["deterministic_count"] = float64(len(chars))
	if len(chars) == 0 {
		m["status"] = string(Clean)
	}
	if slices.ContainsFunc(res.Findings, func(f Finding) bool { return f.Class == HiddenMarkup }) {
		delete(m, "sanitized") // the reference model removes no markup
	}
	return m
}

// diffReference compares a result with the reference model's, on what the
// reference model knows (see charsJSON).
func diffReference(ref map[string]any, res *Result) string {
	got := charsJSON(res)
	if _, ok := got["sanitized"]; !ok {
		delete(ref, "sanitized")
	} else if san, ok := ref["sanitized"].(string); ok {
		// Removing §2 codepoints can build markup ("<\u200b!--"), which
		// the sanitized copy then loses too (§6, see removeRebuiltMarkup).
		ref["sanitized"] = removeRebuiltMarkup(san)
	}
	if reflect.DeepEqual(ref, got) {
		return "" // cmp.Diff of equal values costs half the test's time
	}
	return cmp.Diff(ref, got)
}

// diffResults compares two results field by field.
func diffResults(got, want *Result) string {
	w, g := resultJSON(want), resultJSON(got)
	if reflect.DeepEqual(w, g) {
		return ""
	}
	return cmp.Diff(w, g)
}

// randomText draws n codepoints from a mix that stresses every rule: ASCII
// with line breaks, several scripts, emoji, every §2 class and its range
// edges, names of every length, unassigned and newly assigned codepoints.
func randomText(rng *rand.Rand, n int) string {
	pools := []string{
		"abc xyz ABC 0123456789 .,;:!?-_'\"\t",
		"\n\r",
		"αβγδ ΑΒΓΔ абвгд АБВГД éüñçø",
		"中文字符日本語한국어",
		"العربيةहिन्दीעבריתไทย",
		"👨👩👧🙂✅\U0001FAE9\U0001F6D8\u20c1",
		"\u200b\u200c\u200d\ufeff\u2060\u200a\u200e\u205f\u2061",
		"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2065\u206a",
		"\U000E0000\U000E0001\U000E0002\U000E0041\U000E007F\U000E0080\U000E0100",
		"\x00\x01\x08\x0b\x0c\x0e\x1f\x7f\u0080\u0085\u009f\u00a0\u00ad",
		"\ue000\uf8ff\uf900\U000F0000\U000FFFFD\U000FFFFE\U00100000\U0010FFFD\U0010FFFF",
		"\u0378\ufdd0\ufdef\ufffe\uffff\U0001FFFE\U000DFFFF",
		"\ufe0f\u034f\u115f\u3164\u2028\u2029\u3000\U0001D173",
	}
	var b strings.Builder
	for range n {
		p := []rune(pools[rng.IntN(len(pools))])
		b.WriteRune(p[rng.IntN(len(p))])
	}
	return b.String()
}

// TestAgainstReference compares Scan with the reference model, written
// separately and plainly from the specification, on random text.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range testkit.Scale(t, 3000, 300) {
		s := randomText(rng, rng.IntN(120))
		if i%5 == 0 { // some ill-formed UTF-8 too
			b := []byte(s)
			for range 3 {
				if len(b) > 0 {
					b[rng.IntN(len(b))] = byte(rng.IntN(256))
				}
			}
			s = string(b)
		}
		got, err := Scan(s, &Options{MaxFindings: -1})
		if err != nil {
			t.Fatal(err)
		}
		ref, ext := scanref.FromString(s)
		if d := diffReference(referenceJSON(t, ref, ext), withoutHeuristics(got)); d != "" { // the reference models §2 only
			t.Fatalf("Scan(%+q) differs from the reference (-ref +got):\n%s", s, d)
		}
		u := utf16Of(s)
		if i%7 == 0 && len(u) > 0 { // and lone surrogates
			u[rng.IntN(len(u))] = uint16(0xD800 + rng.IntN(0x800))
		}
		got, err = ScanUTF16(u, &Options{MaxFindings: -1})
		if err != nil {
			t.Fatal(err)
		}
		ref, ext = scanref.FromUTF16(u)
		if d := diffReference(referenceJSON(t, ref, ext), withoutHeuristics(got)); d != "" {
			t.Fatalf("ScanUTF16(%x) differs from the reference (-ref +got):\n%s", u, d)
		}
	}
}

// withoutHeuristics returns a copy of res without its §5 findings, their
// count and their status: what a scan of the other classes alone gives.
func withoutHeuristics(res *Result) *Result {
	c := *res
	c.Findings = slices.DeleteFunc(slices.Clone(res.Findings), func(f Finding) bool { return f.Heuristic })
	c.HeuristicCount = 0
	if c.Status == Noted {
		c.Status = Clean
	}
	return &c
}
