package extclass

// The pass of Chars as it stood before its search for the next candidate
// byte was rebuilt, kept to check that the spans found are the same
// (TestCharsDifferential, FuzzCharsDifferential). Nothing in it may
// change but renames.

import (
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// oldSecond[b], for a byte b that begins the UTF-8 encoding of a selector or
// an invisible format character, has bit c&0x3F set for every second byte c
// such an encoding can have: U+00AD (C2 AD), U+034F (CD 8F), U+061C
// (D8 9C), U+115F–U+1160 (E1 85), U+17B4–U+17B5 (E1 9E), U+180B–U+180F
// (E1 A0), U+200E–U+206F (E2 80, E2 81), U+3164 (E3 85), U+FE00–U+FE0F
// (EF B8), U+FFA0 (EF BE), U+FFF9–U+FFFB (EF BF), U+13430–U+1343F (F0 93),
// U+1BCA0–U+1BCA3 (F0 9B), U+1D173–U+1D17A (F0 9D), U+E0100–U+E01EF
// (F3 A0). Every other codepoint is passed over undecoded.
var oldSecond = func() (t [256]uint64) {
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

// oldLead marks the bytes that oldSecond has entries for.
var oldLead = func() (t [256]bool) {
	for b, m := range oldSecond {
		t[b] = m != 0
	}
	return t
}()

// oldScanChars is scanChars as it stood.
func oldScanChars(s string, codepoints bool, emit func(Span)) {
	var rtl rtlCache
	var pending Span // a run of invisible format characters not yet emitted
	flush := func() {
		if pending.Class != 0 {
			emit(pending)
			pending = Span{}
		}
	}
	for i := 0; i < len(s); {
		// To the next byte that can begin a selector or an invisible format
		// character: eight bytes a turn while they are ASCII, then four a
		// turn, a table lookup a byte, no decoding.
		for i+8 <= len(s) {
			t := s[i : i+8] // one bounds check, one load
			w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
				uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
			if w&0x8080808080808080 != 0 {
				break
			}
			i += 8
		}
		for i+4 <= len(s) && !oldLead[s[i]] && !oldLead[s[i+1]] && !oldLead[s[i+2]] && !oldLead[s[i+3]] {
			i += 4
		}
		for i < len(s) && !oldLead[s[i]] {
			i++
		}
		if i+1 >= len(s) {
			break
		}
		if oldSecond[s[i]]&(1<<(s[i+1]&0x3F)) == 0 || s[i+1]&0xC0 != 0x80 {
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
