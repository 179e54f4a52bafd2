package extclass

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// glassworm encodes b the way GlassWorm-style payloads do.
func glassworm(b string) string {
	var out []rune
	for _, c := range []byte(b) {
		if c < 16 {
			out = append(out, 0xFE00+rune(c))
		} else {
			out = append(out, 0xE0100+rune(c)-16)
		}
	}
	return string(out)
}

type got struct {
	Class      Class
	Start, End int
}

func TestChars(t *testing.T) {
	tests := []struct {
		in   string
		want []got
		why  string
	}{
		{"\u263A\uFE0F", nil, "emoji variation sequence (emoji-variation-sequences.txt)"},
		{"\u263A\uFE0E", nil, "text variation sequence"},
		{"0\uFE00", nil, "standardized variant: DIGIT ZERO short diagonal stroke form"},
		{"a\uFE0F", []got{{VariationSelector, 1, 4}}, "no sequence LATIN SMALL LETTER A + VS16"},
		{"\uFE0F", []got{{VariationSelector, 0, 3}}, "a selector after nothing"},
		{"\u263A\uFE0F\uFE0F", []got{{VariationSelector, 3, 9}}, "two selectors: a run, the first included"},
		{"\u4E00\U000E0100", nil, "IVD: after a Han ideograph"},
		{"a\U000E0100", []got{{VariationSelector, 1, 5}}, "supplementary selector after a Latin letter"},
		{"x" + glassworm("hi") + "y", []got{{VariationSelector, 1, 9}}, "a GlassWorm-style run"},
		{"\u1820\u180B", nil, "Mongolian standardized variant"},
		{"a\u00ADb", nil, "soft hyphen between letters"},
		{"a\u00AD\u00ADb", []got{{InvisibleFormat, 1, 5}}, "two soft hyphens: a run, neither allowed"},
		{"a\u00AD", []got{{InvisibleFormat, 1, 3}}, "soft hyphen at the end"},
		{"a\u2062b", []got{{InvisibleFormat, 1, 4}}, "invisible times"},
		{"abc\u200Edef", []got{{InvisibleFormat, 3, 6}}, "LRM on a line without right-to-left text"},
		{"שלום\u200E (1)", nil, "LRM on a Hebrew line"},
		{"שלום\nabc\u200F", nil, "RLM in a text that holds Hebrew, even on a line without it"},
		{"%d\u200F/%m\u200F/%Y", []got{{InvisibleFormat, 2, 5}, {InvisibleFormat, 8, 11}}, "RLM in a text without right-to-left letters"},
		{"\u1100\u1160", nil, "jungseong filler after a leading jamo"},
		{"a\u3164b", []got{{InvisibleFormat, 1, 4}}, "Hangul filler"},
		{"\u1820\u180E\u1821", nil, "Mongolian vowel separator"},
		{"a\u180Eb", []got{{InvisibleFormat, 1, 4}}, "MVS outside Mongolian"},
		{"x\U0001D173y", []got{{InvisibleFormat, 1, 5}}, "musical begin beam"},
		{"\u0600١", nil, "a prepended concatenation mark has a glyph"},
	}
	for _, tt := range tests {
		spans, n := Chars(tt.in, -1)
		var g []got
		for _, sp := range spans {
			g = append(g, got{sp.Class, sp.Start, sp.End})
		}
		if diff := cmp.Diff(tt.want, g); diff != "" || n != len(tt.want) {
			t.Errorf("Chars(%+q) (%s): count %d, -want +got:\n%s", tt.in, tt.why, n, diff)
		}
	}
}

func TestCarried(t *testing.T) {
	spans, _ := Chars("x"+glassworm("eval(atob('aGk='))")+"y", -1)
	if len(spans) != 1 || string(spans[0].Carried) != "eval(atob('aGk='))" {
		t.Fatalf("got %+v, want one span carrying the payload", spans)
	}
}

func TestCap(t *testing.T) {
	spans, n := Chars("a\u2062b\u2062c\u2062", 2)
	if len(spans) != 2 || n != 3 {
		t.Errorf("got %d spans of %d, want 2 of 3", len(spans), n)
	}
}

func TestAllowedZeroWidth(t *testing.T) {
	tests := []struct {
		in         string
		start, end int
		want       bool
	}{
		{"می\u200cخواهم", 4, 7, true},              // Persian
		{"ম্\u200cবল", 6, 9, true},                 // Bengali, after a virama
		{"he\u200cllo", 2, 5, false},               // Latin
		{"\U0001F468\u200D\U0001F4BB", 4, 7, true}, // emoji ZWJ sequence
		{"\u2764\uFE0F\u200D\U0001F525", 6, 9, true},
		{"a\u200D\U0001F4BB", 1, 4, false},
		{"می\u200c\u200cخواهم", 4, 10, false}, // a run of two
		{"সিম্\u200c-লিঙ্ক", 12, 15, true},    // after a Bengali virama, before a hyphen
		{"abc\u200c-def", 3, 6, false},
		{"ភាសា\u200bខ្មែរ", 12, 15, true}, // Khmer word boundary
		{"abc\u200bdef", 3, 6, false},
		{"日本\u200b語", 6, 9, false}, // Han is written without spaces, but not in this list
	}
	for _, tt := range tests {
		if got := AllowedZeroWidth(tt.in, tt.start, tt.end); got != tt.want {
			t.Errorf("AllowedZeroWidth(%+q, %d, %d) = %v, want %v", tt.in, tt.start, tt.end, got, tt.want)
		}
	}
}

func TestReferences(t *testing.T) {
	tests := []struct {
		in   string
		want []got
		why  string
	}{
		{"&#917576;", []got{{InvisibleReference, 0, 9}}, "a tag character, decimal"},
		{"&#x200B;&#x200b;", []got{{InvisibleReference, 0, 16}}, "adjacent references are one run"},
		{"&ZeroWidthSpace;x&zwnj;", []got{{InvisibleReference, 0, 16}, {InvisibleReference, 17, 23}}, "named; &zwnj; after a Latin letter is not allowed"},
		{"a&shy;b", nil, "soft hyphen between letters"},
		{`\u200b`, []got{{InvisibleReference, 0, 6}}, "a \\u escape"},
		{`\\u200b`, nil, "an escaped backslash"},
		{`\u{E0041}`, []got{{InvisibleReference, 0, 9}}, "a braced escape"},
		{`\uDB40\uDD00`, []got{{InvisibleReference, 0, 12}}, "a surrogate pair of escapes: U+E0100"},
		{`\u2764\uFE0F`, nil, "an emoji variation sequence written as escapes"},
		{`\u001b[0m &#10;`, nil, "control characters written as escapes"},
		{`&#x41; &amp; &nbsp;`, nil, "visible characters"},
		{`\U000E0001`, []got{{InvisibleReference, 0, 10}}, "an eight-digit escape"},
		{`</table>&zwj; <table>`, nil, "a single zero-width reference between tags (e-mail templates)"},
		{`</td>&zwnj;&zwnj;&zwnj;</td>`, []got{{InvisibleReference, 5, 23}}, "a run of them between tags"},
		{`</p>&#917576;`, []got{{InvisibleReference, 4, 13}}, "a tag character beside a tag"},
	}
	for _, tt := range tests {
		spans, _ := References(tt.in, -1)
		var g []got
		for _, sp := range spans {
			g = append(g, got{sp.Class, sp.Start, sp.End})
		}
		if diff := cmp.Diff(tt.want, g); diff != "" {
			t.Errorf("References(%q) (%s): -want +got:\n%s", tt.in, tt.why, diff)
		}
	}
}

func TestLaTeX(t *testing.T) {
	type h struct {
		Kind       LaTeXKind
		Start, End int
	}
	tests := []struct {
		in   string
		want []h
	}{
		{`\textcolor{white}{secret}`, []h{{LaTeXColor, 0, 25}}},
		{`\textcolor{red}{seen}`, nil},
		{`{\color{white} secret} seen`, []h{{LaTeXColor, 1, 21}}},
		{`\color[rgb]{1,1,1}x`, []h{{LaTeXColor, 0, 19}}},
		{`\color[HTML]{FFFFFF}x`, []h{{LaTeXColor, 0, 21}}},
		{`\pagecolor{black}\color{black}x`, []h{{LaTeXColor, 17, 31}}},
		{`\pagecolor{black}\color{white}x`, nil},
		{`{\fontsize{0pt}{0pt}\selectfont x}`, []h{{LaTeXFontSize, 1, 33}}},
		{`\fontsize{10pt}{12pt}`, nil},
		{`{\fontsize{0.1pt}{0.1pt}\selectfont x}`, []h{{LaTeXFontSize, 1, 37}}},
		{`{\fontsize{0.9em}{1em}x}`, nil},
		{`\phantom{hidden}`, []h{{LaTeXPhantom, 0, 16}}},
		{`\scalebox{0.01}{x}`, []h{{LaTeXScale, 0, 18}}},
		{`\scalebox{0.5}{x}`, nil},
		{`\resizebox{0.001\textwidth}{!}{x}`, []h{{LaTeXScale, 0, 33}}},
		{`\resizebox{\textwidth}{!}{x}`, nil},
	}
	for _, tt := range tests {
		hs, _ := LaTeX(tt.in, -1)
		var g []h
		for _, x := range hs {
			g = append(g, h(x))
		}
		if diff := cmp.Diff(tt.want, g); diff != "" {
			t.Errorf("LaTeX(%q): -want +got:\n%s", tt.in, diff)
		}
	}
}

func TestDigest(t *testing.T) {
	const sri = "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
	tests := []struct {
		s          string
		start, end int
		want       bool
	}{
		{sri, 0, len(sri), true},
		{sri, 7, len(sri), true},                       // the prefix before the span
		{sri[:len(sri)-4] + "AA==", 0, len(sri), true}, // still 64 bytes
		{"sha256-" + sri[7:], 0, len(sri), false},      // wrong length for sha256
		{"sha512-" + sri[7:len(sri)-2], 0, len(sri) - 2, false},
		{"x" + sri[7:], 1, len(sri) - 6, false},
	}
	for _, tt := range tests {
		if got := DeclaredDigest(tt.s, tt.start, tt.end); got != tt.want {
			t.Errorf("DeclaredDigest(%q, %d, %d) = %v, want %v", tt.s, tt.start, tt.end, got, tt.want)
		}
	}
	if !InURL("see https://example.com/a/QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 30) {
		t.Error("InURL: a path segment of an https URL")
	}
	if InURL("token QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 6) {
		t.Error("InURL: a bare token")
	}
}

func TestCarriesText(t *testing.T) {
	if !CarriesText("com/p/YSBwcmludGFibGUgc2VudGVuY2UgY2FycmllZCBpbiBhIGxvbmcgdXJsIHBhdGg=") {
		t.Error("a segment that is the base64 of a sentence")
	}
	if CarriesText("com/p/BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIz") {
		t.Error("a segment of bytes that are mostly controls")
	}
}

// FuzzFind checks every finder on any input: spans within the text, in
// order, not overlapping, counts at least the spans kept; Strip shorter
// than its input when it removes (and it does when Chars finds a span),
// the input itself when not.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"a\uFE0Fb", "x" + glassworm("hi"), "a\u00AD\u00ADb", "&#x200b;&zwnj;", `\u{E0041}\uDB40\uDD00`,
		`\textcolor{white}{x}`, `{\color[rgb]{1,1,1}x}`, `\scalebox{0.01}[1]{x}`, `\resizebox{0pt}{!}{x}`, "\u05D0\u200E", "\\\\u200b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		type span struct{ start, end int }
		check := func(name string, spans []span, total int) {
			if total < len(spans) {
				t.Fatalf("%s: %d spans, total %d", name, len(spans), total)
			}
			last := 0
			for _, sp := range spans {
				if sp.start < last || sp.end <= sp.start || sp.end > len(s) {
					t.Fatalf("%s: span [%d,%d) after %d in %d bytes", name, sp.start, sp.end, last, len(s))
				}
				last = sp.end
			}
		}
		chars, n := Chars(s, -1)
		var sps []span
		for _, c := range chars {
			sps = append(sps, span{c.Start, c.End})
			if len(c.Codepoints) == 0 || len(c.Codepoints) > MaxCodepoints {
				t.Fatalf("span with %d codepoints", len(c.Codepoints))
			}
		}
		check("Chars", sps, n)
		refs, n := References(s, -1)
		sps = sps[:0]
		for _, r := range refs {
			sps = append(sps, span{r.Start, r.End})
		}
		check("References", sps, n)
		hs, n := LaTeX(s, -1)
		sps = sps[:0]
		for _, h := range hs {
			sps = append(sps, span{h.Start, h.End})
		}
		check("LaTeX", sps, n)
		out, removed := Strip(s)
		if removed && len(out) >= len(s) || !removed && out != s || len(chars) > 0 && !removed {
			t.Fatalf("Strip: %d bytes from %d, removed %v, %d spans", len(out), len(s), removed, len(chars))
		}
	})
}

func TestControlReferences(t *testing.T) {
	// \u001b, &#1; and &#x7F;; &#10; is a line feed, \x01 no reference here.
	if got := ControlReferences(`\u001b[0m &#10; &#1; \x01 \u200b &#x7F;`); got != 3 {
		t.Errorf("got %d, want 3", got)
	}
}
