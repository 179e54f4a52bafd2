package heuristic

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// Scripts is a set of the scripts a mixed_script_confusable word mixes.
type Scripts uint8

// The members of Scripts.
const (
	Latin Scripts = 1 << iota
	Greek
	Cyrillic
)

// Names returns the Unicode names of the scripts in s, in the order Latin,
// Greek, Cyrillic.
func (s Scripts) Names() []string {
	var out []string
	for _, x := range [...]struct {
		bit  Scripts
		name string
	}{{Latin, "Latin"}, {Greek, "Greek"}, {Cyrillic, "Cyrillic"}} {
		if s&x.bit != 0 {
			out = append(out, x.name)
		}
	}
	return out
}

var scriptBits = [...]Scripts{ucd.Latin: Latin, ucd.Greek: Greek, ucd.Cyrillic: Cyrillic}

// Confusables appends to dst the mixed_script_confusable words of s (§5): a
// word is a maximal run of letters, marks, numbers, "_" and "-" from its
// first letter or number on; it is a finding when it holds at least three
// letters and mixes Latin letters with Greek or Cyrillic ones, by the
// Script property of Unicode 17.0. Marks continue a word without counting
// as letters. Spans are in bytes of s, in order.
//
// Only a Greek or Cyrillic letter can make a word a finding, so the search
// skips to each non-ASCII codepoint and looks at its word only when it is
// one; each byte is read at most three times.
func Confusables(s string, dst []Match) []Match {
	return confusables(s, dst, &keeper{max: -1})
}

func confusables(s string, dst []Match, k *keeper) []Match {
	floor := 0 // the end of the last word examined: no word starts before it
	var prefix *[256]uint64
	var two *[0x800]uint8
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// Skip ASCII, a word at a time, and four at a time once a
			// word is ASCII: prose is ASCII for hundreds of bytes on end,
			// while text in other scripts has a few bytes of it between
			// its codepoints, and none between most.
			i++
			for i+8 <= len(s) && load64(s[i:])&high == 0 {
				i += 8
				for i+32 <= len(s) {
					t := s[i : i+32]
					if (load64(t)|load64(t[8:])|load64(t[16:])|load64(t[24:]))&high != 0 {
						break
					}
					i += 32
				}
			}
			continue
		}
		if prefix == nil {
			prefix, two = greekCyrillicPrefix(), twoByteProps()
		}
		if c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			// Two bytes, the encoding of U+0080–U+07FF: its properties
			// are in a table.
			if p := two[rune(c&0x1F)<<6|rune(s[i+1]&0x3F)]; p&lmnBits != uint8(ucd.Letter) || p&greekCyrillic == 0 {
				i += 2
				continue
			}
		} else {
			// Most codepoints cannot be a Greek or Cyrillic letter by
			// their first two bytes. A byte that begins no encoding (a
			// continuation byte) has no bits: the bytes after a lead byte
			// are passed over with it, as they would be if the codepoint
			// were decoded.
			if i+1 < len(s) && prefix[c]&(1<<(s[i+1]&0x3F)) == 0 {
				for i++; i < len(s) && s[i]&0xC0 == 0x80; i++ {
				}
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if ucd.LetterMarkNumber(r) != ucd.Letter {
				i += size
				continue
			}
			if sc := ucd.Lookup(r).Script(); sc != ucd.Greek && sc != ucd.Cyrillic {
				i += size
				continue
			}
		}
		start := runStart(s, i, floor, two)
		m, end := word(s, start, two)
		if m.Scripts&Latin != 0 && m.Scripts != Latin && m.End > m.Start {
			dst = k.add(dst, m)
		}
		floor, i = end, end
	}
	return dst
}

// The properties of the codepoints U+0080–U+07FF, by codepoint: their LMN
// (lmnBits) and their Scripts (shifted by scriptsShift).
const (
	lmnBits       = 3
	scriptsShift  = 2
	greekCyrillic = uint8(Greek|Cyrillic) << scriptsShift
)

var twoByteProps = sync.OnceValue(func() *[0x800]uint8 {
	var t [0x800]uint8
	for r := rune(0x80); r < 0x800; r++ {
		p := uint8(ucd.LetterMarkNumber(r))
		if sc := ucd.Lookup(r).Script(); sc != ucd.ScriptOther {
			p |= uint8(scriptBits[sc]) << scriptsShift
		}
		t[r] = p
	}
	return &t
})

// decodeTwo decodes the codepoint at s[i:] if it is encoded in two bytes,
// returning its properties from two; else ok is false.
func decodeTwo(s string, i int, two *[0x800]uint8) (p uint8, ok bool) {
	if c := s[i]; c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
		return two[rune(c&0x1F)<<6|rune(s[i+1]&0x3F)], true
	}
	return 0, false
}

// runStart returns the start of the run of word characters that holds
// the codepoint at i, looking no further back than floor.
func runStart(s string, i, floor int, two *[0x800]uint8) int {
	for i > floor {
		if c := s[i-1]; c < utf8.RuneSelf {
			if !asciiWordChar[c] {
				break
			}
			i--
			continue
		}
		if i-2 >= floor {
			if p, ok := decodeTwo(s, i-2, two); ok {
				if p&lmnBits == uint8(ucd.NotLMN) {
					break
				}
				i -= 2
				continue
			}
		}
		r, size := utf8.DecodeLastRuneInString(s[floor:i])
		if !wordChar(r) {
			break
		}
		i -= size
	}
	return i
}

// asciiWordChar marks the ASCII word characters: letters, digits, "_" and
// "-".
var asciiWordChar = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = wordChar(rune(c))
	}
	return t
}()

// word reads the run of word characters at start: it returns the word in
// it (from its first letter or number) as a match whose Scripts are those
// of its letters — or an empty match when the run has fewer than three
// letters — and the end of the run.
func word(s string, start int, two *[0x800]uint8) (Match, int) {
	m := Match{Class: MixedScript, Start: -1}
	letters := 0
	i := start
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				letters++
				m.Scripts |= Latin
				if m.Start < 0 {
					m.Start = i
				}
			case '0' <= c && c <= '9':
				if m.Start < 0 {
					m.Start = i
				}
			case c == '_' || c == '-':
			default:
				goto done
			}
			i++
			continue
		}
		var lmn ucd.LMN
		var scripts Scripts
		size := 2
		if p, ok := decodeTwo(s, i, two); ok {
			lmn, scripts = ucd.LMN(p&lmnBits), Scripts(p>>scriptsShift)
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			lmn = ucd.LetterMarkNumber(r)
			if lmn == ucd.Letter {
				if sc := ucd.Lookup(r).Script(); sc != ucd.ScriptOther {
					scripts = scriptBits[sc]
				}
			}
		}
		switch lmn {
		case ucd.Letter:
			letters++
			m.Scripts |= scripts
			if m.Start < 0 {
				m.Start = i
			}
		case ucd.Number:
			if m.Start < 0 {
				m.Start = i
			}
		case ucd.Mark:
		default:
			goto done
		}
		i += size
	}
done:
	if letters < 3 || m.Start < 0 {
		return Match{}, i
	}
	m.End = i
	return m, i
}

// wordChar reports whether r may be part of a word: a letter, mark or
// number, "_" or "-".
func wordChar(r rune) bool {
	return r == '_' || r == '-' || ucd.IsLetterMarkNumber(r)
}

// load64 reads 8 bytes of s as a little-endian word.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// SWAR constants: a byte of ones, the high bit of every byte.
const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// greekCyrillicPrefix returns the table that has, for each lead byte, bit b
// set when some letter of Script Greek or Cyrillic is encoded as that byte
// and then a byte whose low six bits are b. It is made when a text first
// holds a byte outside ASCII: making it reads every codepoint's
// properties, some twenty million instructions that a process scanning
// ASCII need not pay.
var greekCyrillicPrefix = sync.OnceValue(func() *[256]uint64 {
	var t [256]uint64
	var b [utf8.UTFMax]byte
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if ucd.LetterMarkNumber(r) != ucd.Letter {
			continue
		}
		if sc := ucd.Lookup(r).Script(); sc != ucd.Greek && sc != ucd.Cyrillic {
			continue
		}
		utf8.EncodeRune(b[:], r)
		t[b[0]] |= 1 << (b[1] & 0x3F)
	}
	return &t
})
