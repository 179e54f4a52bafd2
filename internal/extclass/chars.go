package extclass

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// Class is an extension class.
type Class uint8

// The extension classes of characters and references.
const (
	// VariationSelector is a run of variation selectors that modify
	// nothing.
	VariationSelector Class = iota + 1
	// InvisibleFormat is a run of invisible format characters outside §2.
	InvisibleFormat
	// InvisibleReference is a run of references (HTML character
	// references, \u escapes) to invisible codepoints.
	InvisibleReference
)

var classNames = [...]string{
	VariationSelector:  "variation_selector",
	InvisibleFormat:    "invisible_format",
	InvisibleReference: "invisible_reference",
}

// String returns the class as the wire format spells it.
func (c Class) String() string {
	if int(c) < len(classNames) && classNames[c] != "" {
		return classNames[c]
	}
	return "unknown"
}

// MaxCodepoints is the number of distinct codepoints a Span lists, as §2
// lists them for a run.
const MaxCodepoints = 12

// Span is one finding of an extension class, in bytes of the text.
type Span struct {
	Class      Class
	Start, End int
	// Codepoints are up to MaxCodepoints distinct codepoints of the run
	// (for a reference, the codepoints it decodes to), in order of first
	// appearance.
	Codepoints []rune
	// Carried, for a VariationSelector run of two or more selectors all in
	// U+FE00–U+FE0F and U+E0100–U+E01EF, is the bytes the run carries; nil
	// otherwise.
	Carried []byte
}

func (sp *Span) add(r rune) {
	if len(sp.Codepoints) == MaxCodepoints {
		return
	}
	for _, c := range sp.Codepoints {
		if c == r {
			return
		}
	}
	sp.Codepoints = append(sp.Codepoints, r)
}

// second[b], for a byte b that begins the UTF-8 encoding of a selector or
// an invisible format character, has bit c&0x3F set for every second byte c
// such an encoding can have: U+00AD (C2 AD), U+034F (CD 8F), U+061C
// (D8 9C), U+115F–U+1160 (E1 85), U+17B4–U+17B5 (E1 9E), U+180B–U+180F
// (E1 A0), U+200E–U+206F (E2 80, E2 81), U+3164 (E3 85), U+FE00–U+FE0F
// (EF B8), U+FFA0 (EF BE), U+FFF9–U+FFFB (EF BF), U+13430–U+1343F (F0 93),
// U+1BCA0–U+1BCA3 (F0 9B), U+1D173–U+1D17A (F0 9D), U+E0100–U+E01EF
// (F3 A0). Every other codepoint is passed over undecoded.
var second = func() (t [256]uint64) {
	for _, p := range [][2]byte{
		{0xC2, 0xAD}, {0xCD, 0x8F}, {0xD8, 0x9C},
		{0xE1, 0x85}, {0xE1, 0x9E}, {0xE1, 0xA0},
		{0xE2, 0x80}, {0xE2, 0x81}, {0xE3, 0x85},
		{0xEF, 0xB8}, {0xEF, 0xBE}, {0xEF, 0xBF},
		{0xF0, 0x93}, {0xF0, 0x9B}, {0xF0, 0x9D}, {0xF3, 0xA0},
	} {
		t[p[0]] |= 1 << (p[1] & 0x3F)
	}
	return t
}()

// nextCandidate returns the first index at or after i where s holds a
// byte that second has an entry for followed by a second byte it lists: a
// selector or an invisible format character may begin there. It returns
// len(s) when there is none. It reads eight bytes a turn (and the one
// after them) and looks up only the bytes 0xC0–0xFF, the ones that begin a
// codepoint of two bytes or more, each with the byte after it: the others,
// ASCII and continuation bytes, have no entry. In text of other scripts
// the lead bytes of the tables come often (0xD8 for Arabic letters, 0xE2
// for ’ and —, 0xF0 for emoji) but their second bytes rarely match, so the
// search stops only where decoding can find something.
func nextCandidate(s string, i int) int {
	t := s[i:]
	for len(t) > 8 {
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		// The high bit of each byte whose two high bits are set.
		for leads := w & (w << 1) & 0x8080808080808080; leads != 0; leads &= leads - 1 {
			k := bits.TrailingZeros64(leads) >> 3
			if second[t[k]]&(1<<(t[k+1]&0x3F)) != 0 {
				return len(s) - len(t) + k
			}
		}
		t = t[8:]
	}
	i = len(s) - len(t)
	for ; i+1 < len(s); i++ {
		if second[s[i]]&(1<<(s[i+1]&0x3F)) != 0 {
			return i
		}
	}
	return len(s)
}

// third[c&0x3F] has bit d&0x3F set for every third byte d of a selector or
// an invisible format character of three bytes whose second byte is c,
// whatever its first: after a lead byte 0xE0–0xEF and a second byte that
// second lists, any other third byte decodes to neither. It keeps the
// commonest punctuation from being decoded: ’, “, ” and — begin with E2 80
// as U+200E and U+200F do.
var third = func() (t [64]uint64) {
	for b := 0xE0; b <= 0xEF; b++ {
		for c := 0x80; c <= 0xBF; c++ {
			if second[b]&(1<<(c&0x3F)) == 0 {
				continue
			}
			for d := 0x80; d <= 0xBF; d++ {
				r := rune(b&0x0F)<<12 | rune(c&0x3F)<<6 | rune(d&0x3F)
				if ucd.Ext(r)&(ucd.VariationSelector|ucd.Invisible) != 0 {
					t[c&0x3F] |= 1 << (d & 0x3F)
				}
			}
		}
	}
	return t
}()

// thirdMay reports whether s, which begins with a byte and a second byte
// that second lists, may begin a selector or an invisible format
// character by its third byte: always but for a lead byte of three bytes.
func thirdMay(s string) bool {
	if s[0] < 0xE0 || s[0] > 0xEF || len(s) < 3 {
		return true
	}
	return third[s[1]&0x3F]&(1<<(s[2]&0x3F)) != 0
}

// Chars returns the variation_selector and invisible_format spans of s, in
// order, at most max of them (max < 0: all), and how many there are in
// all. Ill-formed UTF-8 is skipped byte by byte.
func Chars(s string, max int) ([]Span, int) {
	var out []Span
	total := 0
	scanChars(s, true, func(sp Span) {
		total++
		if max < 0 || len(out) < max {
			out = append(out, sp)
		}
	})
	return out, total
}

// scanChars calls emit with each span of Chars, in order; with
// codepoints false, the spans carry no Codepoints and no Carried bytes.
func scanChars(s string, codepoints bool, emit func(Span)) {
	var rtl rtlCache
	var pending Span // a run of invisible format characters not yet emitted
	flush := func() {
		if pending.Class != 0 {
			emit(pending)
			pending = Span{}
		}
	}
	for i := 0; i < len(s); {
		i = nextCandidate(s, i)
		if i+1 >= len(s) {
			break
		}
		if s[i+1]&0xC0 != 0x80 || !thirdMay(s[i:]) {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		p := ucd.Ext(r)
		switch {
		case p&ucd.VariationSelector != 0:
			flush()
			sp := Span{Class: VariationSelector, Start: i}
			var carried []byte
			decodable := true
			n := 0
			j := i
			for j < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[j:])
				if ucd.Ext(r2)&ucd.VariationSelector == 0 {
					break
				}
				n++
				switch {
				case !codepoints:
				case 0xFE00 <= r2 && r2 <= 0xFE0F:
					carried = append(carried, byte(r2-0xFE00))
				case 0xE0100 <= r2 && r2 <= 0xE01EF:
					carried = append(carried, byte(r2-0xE0100+16))
				default:
					decodable = false
				}
				if codepoints {
					sp.add(r2)
				}
				j += sz
			}
			sp.End = j
			if n == 1 {
				if selectorAllowed(lastRune(s[:i]), r) {
					i = j
					continue
				}
			} else if decodable && codepoints {
				sp.Carried = carried
			}
			emit(sp)
			i = j
		case p&ucd.Invisible != 0:
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			if formatAllowed(lastRune(s[:i]), r, next, i+size < len(s), func() bool { return rtl.in(s) }) {
				i += size
				continue
			}
			if pending.Class == 0 || pending.End != i {
				flush()
				pending = Span{Class: InvisibleFormat, Start: i}
			}
			pending.End = i + size
			if codepoints {
				pending.add(r)
			}
			i += size
		default:
			i += size
		}
	}
	flush()
}

// Strip returns s without its variation_selector and invisible_format
// spans and its LaTeX hiding constructs (in that order: the constructs
// are looked for in the text without the characters), and whether it
// removed anything. It holds no list of spans.
func Strip(s string) (string, bool) {
	var b strings.Builder
	last := 0
	scanChars(s, false, func(sp Span) {
		if last == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:sp.Start])
		last = sp.End
	})
	removed := last > 0
	if removed {
		b.WriteString(s[last:])
		s = b.String()
	}
	var c strings.Builder
	last = 0
	scanLaTeX(s, func(h Hidden) {
		if last == 0 {
			c.Grow(len(s))
		}
		c.WriteString(s[last:h.Start])
		last = h.End
	})
	if last > 0 {
		c.WriteString(s[last:])
		return c.String(), true
	}
	return s, removed
}

// lastRune returns the last codepoint of s, or 0 when s is empty: no
// codepoint, which no rule takes for a letter, a mark or a base.
func lastRune(s string) rune {
	if s == "" {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// selectorAllowed reports whether the selector vs directly after base
// (itself no selector) is a variation sequence: a standardized or emoji
// one, or an ideographic one after a Han ideograph.
func selectorAllowed(base, vs rune) bool {
	if ucd.Ext(base)&ucd.VariationSelector != 0 {
		return false
	}
	if 0xE0100 <= vs && vs <= 0xE01EF {
		return ucd.Ext(base)&ucd.HanIdeograph != 0
	}
	return ucd.VariationSequence(base, vs)
}

// formatAllowed applies the allow-rules of the invisible format characters
// (see the package doc) to r between prev and next (hasNext false: r ends
// the text). rtl reports whether the text holds a right-to-left letter.
func formatAllowed(prev, r, next rune, hasNext bool, rtl func() bool) bool {
	letterOrMark := func(x rune) bool {
		k := ucd.LetterMarkNumber(x)
		return k == ucd.Letter || k == ucd.Mark
	}
	switch {
	case r == 0x00AD:
		return hasNext && letterOrMark(prev) && ucd.LetterMarkNumber(next) == ucd.Letter
	case r == 0x034F:
		return hasNext && letterOrMark(prev) && ucd.LetterMarkNumber(next) == ucd.Mark
	case r == 0x061C, r == 0x200E, r == 0x200F:
		return rtl()
	case r == 0x115F:
		return hasNext && (0x1160 <= next && next <= 0x11A7 || 0xD7B0 <= next && next <= 0xD7C6)
	case r == 0x1160:
		return 0x1100 <= prev && prev <= 0x115F || 0xA960 <= prev && prev <= 0xA97C
	case r == 0x180E:
		return hasNext && ucd.Ext(prev)&ucd.Mongolian != 0 && ucd.Ext(next)&ucd.Mongolian != 0
	case 0x13430 <= r && r <= 0x1343F:
		egyptian := func(x rune) bool { return ucd.Ext(x)&ucd.Egyptian != 0 }
		return hasNext && egyptian(prev) && egyptian(next)
	}
	return false
}

// rtlCache remembers whether the text holds a right-to-left letter, so
// that the text is read for one once however many marks it holds.
type rtlCache struct{ has, valid bool }

func (c *rtlCache) in(s string) bool {
	if !c.valid {
		c.valid = true
		for _, r := range s {
			if r >= 0x0590 && ucd.Ext(r)&ucd.RightToLeft != 0 && ucd.IsLetterMarkNumber(r) {
				c.has = true
				break
			}
		}
	}
	return c.has
}

// AllowedZeroWidth reports whether s[start:end], a zero_width run of §2,
// is a single codepoint that is ordinary typography (see the package doc):
// U+200C or U+200D next to a letter or mark of a script other than Latin,
// Greek and Cyrillic, or U+200D between two Extended_Pictographic emoji, or
// U+200B next to a letter or mark of a script written without spaces
// (Thai, Lao, Tibetan, Myanmar, Khmer, Tai Tham, New Tai Lue, Balinese,
// Javanese), where it marks word boundaries. A neighbour that is itself a
// zero-width character does not count.
func AllowedZeroWidth(s string, start, end int) bool {
	r, size := utf8.DecodeRuneInString(s[start:end])
	if start+size != end || start == 0 && end == len(s) {
		return false
	}
	prev, next := rune(0), rune(0)
	if start > 0 {
		prev, _ = utf8.DecodeLastRuneInString(s[:start])
	}
	if end < len(s) {
		next, _ = utf8.DecodeRuneInString(s[end:])
	}
	return zeroWidthAllowed(prev, r, next, func() rune {
		before, _ := utf8.DecodeLastRuneInString(s[:start-utf8.RuneLen(prev)])
		return before
	})
}

// zeroWidthAllowed is AllowedZeroWidth on decoded codepoints (0 for none);
// beforePrev returns the codepoint before prev, looked at only when prev is
// U+FE0F or a skin tone modifier.
func zeroWidthAllowed(prev, r, next rune, beforePrev func() rune) bool {
	letterOrMark := func(x rune) bool {
		k := ucd.LetterMarkNumber(x)
		return k == ucd.Letter || k == ucd.Mark
	}
	switch r {
	case 0x200B:
		return unspaced(prev) && letterOrMark(prev) || unspaced(next) && letterOrMark(next)
	case 0x200C, 0x200D:
	default:
		return false
	}
	script := func(x rune) bool {
		// Below U+0370: ASCII, Latin-1, Latin Extended, IPA, and the
		// combining marks Latin uses.
		return x >= 0x0370 && letterOrMark(x) && ucd.Lookup(x).Script() == ucd.ScriptOther
	}
	if script(prev) || script(next) {
		return true
	}
	if r != 0x200D || ucd.Ext(next)&ucd.Pictographic == 0 {
		return false
	}
	if prev == 0xFE0F || 0x1F3FB <= prev && prev <= 0x1F3FF {
		prev = beforePrev()
	}
	return ucd.Ext(prev)&ucd.Pictographic != 0
}

// unspaced reports whether r is in a block of a script written without
// spaces between words.
func unspaced(r rune) bool {
	switch {
	case 0x0E00 <= r && r <= 0x0FFF: // Thai, Lao, Tibetan
	case 0x1000 <= r && r <= 0x109F: // Myanmar
	case 0x1780 <= r && r <= 0x17FF, 0x19E0 <= r && r <= 0x19FF: // Khmer, Khmer Symbols
	case 0x1980 <= r && r <= 0x19DF, 0x1A20 <= r && r <= 0x1AAF: // New Tai Lue, Tai Tham
	case 0x1B00 <= r && r <= 0x1B7F, 0xA980 <= r && r <= 0xA9FF: // Balinese, Javanese, Myanmar Extended-B
	case 0xAA60 <= r && r <= 0xAA7F: // Myanmar Extended-A
	default:
		return false
	}
	return true
}
