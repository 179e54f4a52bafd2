package canon

import (
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// plain marks the ASCII bytes JSON.stringify writes as themselves.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString appends s (WTF-8) as JSON.stringify quotes a string
// (ECMAScript QuoteJSONString): `"` and `\` and the controls \b \t \n \f \r
// with a backslash, the other controls below U+0020 and every lone surrogate
// as \u with four lowercase hex digits, everything else as itself.
func appendString(buf []byte, s string) ([]byte, error) {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\b':
				buf = append(buf, '\\', 'b')
			case '\t':
				buf = append(buf, '\\', 't')
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\f':
				buf = append(buf, '\\', 'f')
			case '\r':
				buf = append(buf, '\\', 'r')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
			// A lone surrogate. WTF-8 never holds a high one followed by a
			// low one: that is the four-byte form of their character.
			if s[i+1] < 0xB0 && i+5 < len(s) && s[i+3] == 0xED && s[i+4] >= 0xB0 && s[i+4] <= 0xBF && s[i+5]&0xC0 == 0x80 {
				return buf, ErrInvalidUTF8
			}
			u := 0xD000 | uint16(s[i+1]&0x3F)<<6 | uint16(s[i+2]&0x3F)
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', 'd', hexDigits[u>>8&0xF], hexDigits[u>>4&0xF], hexDigits[u&0xF])
			i += 3
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return buf, ErrInvalidUTF8
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"'), nil
}

// validWTF8 reports whether s is WTF-8: what appendString accepts.
func validWTF8(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			_, err := appendString(nil, s)
			return err == nil
		}
	}
	return true
}

// appendNumber appends the finite f as ECMAScript's Number::toString(f)
// writes it (ECMA-262 §6.1.6.1.20), from the shortest digits that round-trip,
// which strconv's 'e' format with precision -1 gives:
//
//   - 0 and -0 as 0, a negative number as "-" and its magnitude;
//   - with digits s (k of them) and decimal exponent n (f = 0.s × 10ⁿ):
//     k ≤ n ≤ 21: s and n−k zeros (123456789012345680000);
//     0 < n ≤ 21: s with a point after n digits (1.5);
//     −6 < n ≤ 0: "0.", −n zeros, s (0.000001);
//     otherwise the exponent form d[.ddd]e±(n−1) (1e+21, 1.5e-7).
func appendNumber(buf []byte, f float64) []byte {
	if f == 0 {
		return append(buf, '0')
	}
	// Integers below 2⁵³ are their own shortest digits.
	if f == float64(int64(f)) && f < 1<<53 && f > -1<<53 {
		return strconv.AppendInt(buf, int64(f), 10)
	}
	if f < 0 {
		buf = append(buf, '-')
		f = -f
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // d[.ddd]e±xx
	var digits [17]byte
	k := 0
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits[k] = e[i]
			k++
		}
	}
	exp := 0
	neg := e[i+1] == '-'
	for _, c := range e[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if neg {
		exp = -exp
	}
	n := exp + 1
	s := digits[:k]
	switch {
	case k <= n && n <= 21:
		buf = append(buf, s...)
		for range n - k {
			buf = append(buf, '0')
		}
	case 0 < n && n <= 21:
		buf = append(buf, s[:n]...)
		buf = append(buf, '.')
		buf = append(buf, s[n:]...)
	case -6 < n && n <= 0:
		buf = append(buf, '0', '.')
		for range -n {
			buf = append(buf, '0')
		}
		buf = append(buf, s...)
	default:
		buf = append(buf, s[0])
		if k > 1 {
			buf = append(buf, '.')
			buf = append(buf, s[1:]...)
		}
		buf = append(buf, 'e')
		if n-1 >= 0 {
			buf = append(buf, '+')
		}
		buf = strconv.AppendInt(buf, int64(n-1), 10)
	}
	return buf
}

// AppendString appends s, a WTF-8 string, to dst as a canonical JSON string
// (escaped as JSON.stringify escapes it). It fails with ErrInvalidUTF8 if s
// is not WTF-8, leaving dst as it was.
func AppendString(dst []byte, s string) ([]byte, error) {
	n := len(dst)
	out, err := appendString(dst, s)
	if err != nil {
		return dst[:n], err
	}
	return out, nil
}
