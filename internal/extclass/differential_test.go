package extclass

import (
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/ucd"
)

// charPieces are the pieces the differential tests build texts of, in
// groups from which a text draws a group, then a piece, so that the rare
// groups come up as often as the large ones.
var charPieces = func() [][]string {
	var groups [][]string
	add := func(g ...string) { groups = append(groups, g) }
	// ASCII, in runs short and long enough to cross a word of eight bytes.
	add("a", "Z", " ", "0", "-", "\n", "&", "abcdefg", "abcdefgh", "abcdefghi", "The scanner reads text. ")
	// Every byte that can begin a sequence of two or more, with every
	// continuation byte after it (whether the tables have it or not), and
	// with the bytes outside 0x80–0xBF that share a continuation byte's
	// low six bits.
	var pairs, aliases []string
	for b := 0xC0; b <= 0xFF; b++ {
		for c := 0x80; c <= 0xBF; c++ {
			pairs = append(pairs, string([]byte{byte(b), byte(c)}))
			if oldSecond[b]&(1<<(c&0x3F)) != 0 {
				for _, hi := range []byte{0x00, 0x40, 0xC0} {
					aliases = append(aliases, string([]byte{byte(b), byte(c&0x3F | int(hi))}))
				}
			}
		}
	}
	add(pairs...)
	add(aliases...)
	// The pairs the tables have, with every continuation byte third (so
	// whole three-byte codepoints, or a four-byte one's first three) and
	// with one that is none.
	var triples []string
	for b := 0xC0; b <= 0xFF; b++ {
		for c := 0x80; c <= 0xBF; c++ {
			if oldSecond[b]&(1<<(c&0x3F)) == 0 {
				continue
			}
			for d := 0x80; d <= 0xBF; d++ {
				triples = append(triples, string([]byte{byte(b), byte(c), byte(d)}))
			}
			triples = append(triples, string([]byte{byte(b), byte(c), 'a'}))
		}
	}
	add(triples...)
	// Continuation bytes alone, for the four-byte sequences' last byte and
	// for ill-formed text.
	var conts []string
	for c := 0x80; c <= 0xBF; c++ {
		conts = append(conts, string([]byte{byte(c)}))
	}
	add(conts...)
	// Ill-formed: overlong, surrogates, beyond U+10FFFF, truncated.
	add("\xC0\x80", "\xC1\xBF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF8\x88\x80\x80\x80", "\xFF", "\xFE", "\xE2\x80", "\xF3\xA0\x84", "\xEF\xB8")
	// The selectors and invisible format characters themselves, and the
	// codepoints beside them.
	var sel, inv []string
	for r := rune(0); r <= 0x10FFFF; r++ {
		switch p := ucd.Ext(r); {
		case p&ucd.VariationSelector != 0:
			sel = append(sel, string(r))
		case p&ucd.Invisible != 0:
			inv = append(inv, string(r))
			if r >= 0xE0000 && r&0xFF != 0 && r&0xFF != 0xFF {
				inv = inv[:len(inv)-1] // the plane's long ranges: their ends suffice
			}
		}
	}
	add(sel...)
	add(inv...)
	add("\uFE0F", "\uFE0E", "\uFE00", "\U000E0100", "\U000E01EF", "\u180B", "\u180F") // runs of selectors
	add("\u00AD", "\u034F", "\u061C", "\u200E", "\u200F", "\u115F", "\u1160", "\u180E", "\U00013430", "\u2062", "\u3164")
	// Neighbours of the allow-rules: letters, marks, bases of variation
	// sequences, Han, Mongolian, jamo, Egyptian, right-to-left letters.
	add("e", "é", "α", "ж", "\u0301", "\u0308", "一", "字", "\u1820", "\u1821", "\u1100", "\u1161", "\uD7B0", "\uA960",
		"\U00013000", "\U00013431", "א", "ب", "\u263A", "\u2764", "0", "\U0001F600", "\u4E00")
	// What multilingual text and markup hold: codepoints whose first bytes
	// the tables have, or whose first byte alone they have.
	add("’", "—", "“", "”", "…", "•", "€", "✅", "🙂", "。", "，", "ア", "ي", "ك", "\u0600", "\u06DD", "\u2028", "\u202E", "\u2060", "\u2066", "\u200B", "\u200D", "\uFEFF", "\uFFA0", "\uFFFB", "\uFFFD", "\U0001BCA0", "\U0001D173", "\U0001D17A", "\U0001D17B")
	return groups
}()

// randomText returns a text of n pieces of groups: a group at random, then
// a piece of it at random.
func randomText(rng *rand.Rand, groups [][]string, n int) string {
	var b strings.Builder
	for range n {
		g := groups[rng.IntN(len(groups))]
		b.WriteString(g[rng.IntN(len(g))])
	}
	return b.String()
}

// collectChars returns the spans that scan emits for s.
func collectChars(scan func(string, bool, func(Span)), s string, codepoints bool) []Span {
	var out []Span
	scan(s, codepoints, func(sp Span) { out = append(out, sp) })
	return out
}

// checkChars fails t unless scanChars, in both its modes, emits for s
// exactly the spans oldScanChars does, and Chars keeps the first of them.
func checkChars(t *testing.T, s string) {
	t.Helper()
	for _, codepoints := range []bool{true, false} {
		want, got := collectChars(oldScanChars, s, codepoints), collectChars(scanChars, s, codepoints)
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("scanChars(%+q, %v): -old +new:\n%s", s, codepoints, cmp.Diff(want, got))
		}
		if codepoints {
			kept, n := Chars(s, 1)
			if n != len(want) || len(want) > 0 && !reflect.DeepEqual(kept, want[:1]) {
				t.Fatalf("Chars(%+q, 1): %d spans of %d, want the first of %d", s, len(kept), n, len(want))
			}
		}
	}
}

// TestCharsDifferential checks scanChars against oldScanChars on random
// texts of charPieces, at every offset and length of each.
func TestCharsDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := 400
	if !testkit.Exhaustive(t) {
		texts = 40
	}
	for range texts {
		s := randomText(rng, charPieces, 1+rng.IntN(24))
		for i := 0; i <= len(s); i++ {
			for j := i; j <= len(s); j++ {
				checkChars(t, s[i:j])
			}
		}
	}
	// Long texts, mostly ASCII or mostly of other scripts, read whole.
	for range texts {
		var b strings.Builder
		for b.Len() < 4096 {
			if rng.IntN(4) == 0 {
				b.WriteString(randomText(rng, charPieces, 1+rng.IntN(4)))
			} else {
				b.WriteString([]string{"plain ASCII words ", "σαρωτής ", "扫描器读取", "يقرأ الماسح ", "qu’un — é "}[rng.IntN(5)])
			}
		}
		checkChars(t, b.String())
	}
}

// FuzzCharsDifferential checks scanChars against oldScanChars on any text,
// and on each of its first suffixes (the words of eight bytes fall
// elsewhere in each).
func FuzzCharsDifferential(f *testing.F) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 32 {
		f.Add(randomText(rng, charPieces, 1+rng.IntN(16)))
	}
	for _, s := range []string{"", "a\uFE0Fb", "x" + glassworm("hi"), "a\u00AD\u00ADb", "qu’un — \u200E", "abcdefg\u2062",
		"abcdefgh\xE2\x80", "\u263A\uFE0F\uFE0F", "שלום\u200E", "\u1100\u1160", "\xC2\x2D\xC2\xAD"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s) && i < 8; i++ {
			checkChars(t, s[i:])
		}
	})
}

// refPieces are the pieces of the texts of the references' differential
// tests, in groups as charPieces.
var refPieces = func() [][]string {
	var groups [][]string
	add := func(g ...string) { groups = append(groups, g) }
	add("&", "&#", "&#x", "&#X", ";", "#", "x", "\\", "\\\\", "\\u", "\\U", "\\u{", "{", "}", "u", "U")
	add("0", "9", "a", "f", "F", "g", "200b", "200B", "FE0F", "fe0f", "00AD", "0041", "000a", "001b", "D83D", "DE00", "DB40", "DD00",
		"E0041", "E0100", "10FFFF", "110000", "8203", "173", "65039", "10", "99999999", "0000000000")
	var names []string
	for _, name := range slices.Sorted(maps.Keys(oldNamedInvisible)) {
		names = append(names, name, name+";", name[:len(name)-1]+";", strings.ToUpper(name)+";", "&"+name+";")
	}
	add(names...)
	add("amp;", "lt;", "gt;", "mdash;", "nbsp;", "quot;", "&amp;", "&lt;", "&mdash;", "&nbsp;", "&#x200b;", "&#8203;", "&#xFE0F;", "&#173;",
		"&#10;", "&#1;", "&#x7F;", "&zwnj;", "&zwj;", "&shy;", "&ZeroWidthSpace;", "\\u200b", "\\u{E0041}", "\\U000E0100", "\\uDB40\\uDD00",
		"&NegativeVeryThinSpaceX;", "&abcdefghijklmnopqrstuvwxyz;")
	add("<", ">", " ", "\t", "\n", "a", "Z", "é", "א", "ب", "\u2764", "\u263A", "\u0301", "\u200B", "\u200D", "\uFE0F", "\u00AD", "\U0001F600", "ก", "\xff", "\xe2\x80")
	return groups
}()

// checkReferences fails t unless References and ControlReferences find in
// s what oldReferences and oldControlReferences do.
func checkReferences(t *testing.T, s string) {
	t.Helper()
	for _, max := range []int{-1, 1} {
		want, wantN := oldReferences(s, max)
		got, gotN := References(s, max)
		if !reflect.DeepEqual(want, got) || wantN != gotN {
			t.Fatalf("References(%+q, %d): %d spans, want %d; -old +new:\n%s", s, max, gotN, wantN, cmp.Diff(want, got))
		}
	}
	if want, got := oldControlReferences(s), ControlReferences(s); want != got {
		t.Fatalf("ControlReferences(%+q) = %d, want %d", s, got, want)
	}
}

// TestReferencesDifferential checks References and ControlReferences
// against the search as it stood on random texts of refPieces, at every
// offset and length of each.
func TestReferencesDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	texts := 400
	if !testkit.Exhaustive(t) {
		texts = 40
	}
	for range texts {
		s := randomText(rng, refPieces, 1+rng.IntN(16))
		for i := 0; i <= len(s); i++ {
			for j := i; j <= len(s); j++ {
				checkReferences(t, s[i:j])
			}
		}
	}
}

// FuzzReferencesDifferential checks References and ControlReferences
// against the search as it stood on any text and its first suffixes.
func FuzzReferencesDifferential(f *testing.F) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 32 {
		f.Add(randomText(rng, refPieces, 1+rng.IntN(12)))
	}
	for _, s := range []string{"", "&#x200b;&zwnj;", `\u{E0041}\uDB40\uDD00`, "a&shy;b", "<td>&zwj;</td>", "&amp;&lt;&mdash;", "\\\\u200b", "&#8203", "&NegativeVeryThinSpace;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s) && i < 8; i++ {
			checkReferences(t, s[i:])
		}
	})
}
