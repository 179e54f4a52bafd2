// Package whatwg decodes UTF-8 the way the WHATWG Encoding Standard's UTF-8
// decoder does in replacement mode: each maximal subpart of an ill-formed
// sequence (Unicode §3.9, "U+FFFD Substitution of Maximal Subparts") becomes
// exactly one U+FFFD. This is what a JavaScript peer's TextDecoder produces,
// so codepoint offsets computed over its output agree with such a peer.
//
// The standard library's utf8.DecodeRuneInString differs on truncated
// sequences: it reports each byte of "\xE2\x82" as its own error, where the
// WHATWG decoder reports one.
package whatwg

import "unicode/utf8"

// DecodeRune decodes the first codepoint of s. For a well-formed sequence it
// returns the codepoint and its length in bytes, and ok is true. For an
// ill-formed one it returns utf8.RuneError, the length of the maximal subpart
// (1 to 3 bytes), and ok false. An empty s returns (utf8.RuneError, 0, false).
//
// A U+FFFD written as such in the input is well-formed: ok is true.
func DecodeRune(s string) (r rune, size int, ok bool) {
	if len(s) == 0 {
		return utf8.RuneError, 0, false
	}
	b := s[0]
	if b < utf8.RuneSelf {
		return rune(b), 1, true
	}
	r, size = utf8.DecodeRuneInString(s)
	if r != utf8.RuneError || size > 1 {
		return r, size, true
	}
	return utf8.RuneError, MaximalSubpart(s), false
}

// MaximalSubpart returns the length of the maximal subpart at the start of s,
// which must begin with an ill-formed sequence: the lead byte plus the
// continuation bytes that still fit the lead byte's pattern (Unicode Table
// 3-7) before the sequence broke off. A byte that cannot start a sequence
// (0x80–0xC1, 0xF5–0xFF) is a subpart of its own.
func MaximalSubpart(s string) int {
	if len(s) == 0 {
		return 0
	}
	lo, hi := byte(0x80), byte(0xBF) // range of the first continuation byte
	var need int                     // continuation bytes the lead byte asks for
	switch b := s[0]; {
	case b >= 0xC2 && b <= 0xDF:
		need = 1
	case b == 0xE0:
		need, lo = 2, 0xA0
	case b == 0xED:
		need, hi = 2, 0x9F
	case b >= 0xE1 && b <= 0xEF:
		need = 2
	case b == 0xF0:
		need, lo = 3, 0x90
	case b == 0xF4:
		need, hi = 3, 0x8F
	case b >= 0xF1 && b <= 0xF3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		c := s[n]
		if c < lo || c > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// IsBoundary reports whether a decoder that started at the beginning of s
// would start a new codepoint (or a new ill-formed subpart) at byte offset i.
// It looks at no more than the three bytes before i, which lets a caller
// begin decoding in the middle of a long text and stay in step with a decoder
// that ran from the start: every byte that is not a continuation byte
// (0x80–0xBF) is a boundary, and so is a continuation byte that no lead byte
// within the three bytes before it can claim.
func IsBoundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	if !isContinuation(s[i]) {
		return true
	}
	// The nearest non-continuation byte within three bytes back is a
	// boundary; i is one too unless the sequence starting there covers it.
	// Beyond three bytes no sequence can reach i, and continuation bytes that
	// no sequence claims are subparts of their own.
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if !isContinuation(s[j]) {
			_, size, _ := DecodeRune(s[j:])
			return j+size <= i
		}
	}
	return true
}

func isContinuation(b byte) bool { return b&0xC0 == 0x80 }

// StartBefore returns the greatest boundary at or before byte offset i that
// is at least back bytes before i (or 0). Decoding forward from it visits the
// same codepoints as decoding from the start of s.
func StartBefore(s string, i, back int) int {
	j := i - back
	if j <= 0 {
		return 0
	}
	for j > 0 && !IsBoundary(s, j) {
		j--
	}
	return j
}
