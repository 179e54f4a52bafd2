package extclass

// The search of References (and ControlReferences) as it stood before its
// scanner and its readers of references were rebuilt, kept to check that
// the spans found are the same (TestReferencesDifferential,
// FuzzReferencesDifferential). Nothing in it may change but renames.

import (
	"strings"
	"unicode/utf8"
)

// oldNamedInvisible are the HTML named character references (WHATWG HTML,
// "Named character references") of the invisible codepoints, each written
// with its semicolon.
var oldNamedInvisible = map[string]rune{
	"shy":                   0x00AD,
	"zwnj":                  0x200C,
	"zwj":                   0x200D,
	"lrm":                   0x200E,
	"rlm":                   0x200F,
	"ZeroWidthSpace":        0x200B,
	"NegativeVeryThinSpace": 0x200B,
	"NegativeThinSpace":     0x200B,
	"NegativeMediumSpace":   0x200B,
	"NegativeThickSpace":    0x200B,
	"NoBreak":               0x2060,
	"af":                    0x2061,
	"ApplyFunction":         0x2061,
	"it":                    0x2062,
	"InvisibleTimes":        0x2062,
	"ic":                    0x2063,
	"InvisibleComma":        0x2063,
}

// oldMaxNameLen is the length of the longest name in oldNamedInvisible.
const oldMaxNameLen = len("NegativeVeryThinSpace")

// oldRefScanner finds the places where a reference may start: each '&' and
// each '\\'. It remembers the next of each, so that the text is searched
// once for each byte (strings.IndexByte, vectorized), however the two
// interleave.
type oldRefScanner struct {
	s       string
	amp, bs int // the next '&' and '\\' at or after the last position asked; -1: none left
}

func oldNewRefScanner(s string) *oldRefScanner {
	return &oldRefScanner{s: s, amp: oldIndexFrom(s, 0, '&'), bs: oldIndexFrom(s, 0, '\\')}
}

func oldIndexFrom(s string, i int, c byte) int {
	if i >= len(s) {
		return -1
	}
	if j := strings.IndexByte(s[i:], c); j >= 0 {
		return i + j
	}
	return -1
}

// at returns the first '&' or '\\' at or after i, or -1.
func (r *oldRefScanner) at(i int) int {
	if r.amp >= 0 && r.amp < i {
		r.amp = oldIndexFrom(r.s, i, '&')
	}
	if r.bs >= 0 && r.bs < i {
		r.bs = oldIndexFrom(r.s, i, '\\')
	}
	switch {
	case r.amp < 0:
		return r.bs
	case r.bs < 0:
		return r.amp
	}
	return min(r.amp, r.bs)
}

// oldParseAt reads the reference that starts at s[i], if one does.
func oldParseAt(s string, i int) (ref, bool) {
	if i >= len(s) {
		return ref{}, false
	}
	switch s[i] {
	case '&':
		return oldHtmlRef(s, i)
	case '\\':
		return oldEscape(s, i)
	}
	return ref{}, false
}

// next returns the first reference at or after byte i, or ok false.
func (r *oldRefScanner) next(i int) (ref, bool) {
	for {
		j := r.at(i)
		if j < 0 {
			return ref{}, false
		}
		if rf, ok := oldParseAt(r.s, j); ok {
			return rf, true
		}
		i = j + 1
	}
}

// oldHtmlRef reads an HTML character reference at s[i] == '&'.
func oldHtmlRef(s string, i int) (ref, bool) {
	j := i + 1
	if j < len(s) && s[j] == '#' {
		j++
		v, digits := 0, 0
		if j < len(s) && (s[j] == 'x' || s[j] == 'X') {
			j++
			for ; j < len(s) && hexVal(s[j]) >= 0 && digits < 7; j++ {
				v = v<<4 | hexVal(s[j])
				digits++
			}
		} else {
			for ; j < len(s) && '0' <= s[j] && s[j] <= '9' && digits < 8; j++ {
				v = v*10 + int(s[j]-'0')
				digits++
			}
		}
		if digits == 0 || v > 0x10FFFF {
			return ref{}, false
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
		return ref{i, j, rune(v)}, true
	}
	k := j
	for k < len(s) && k-j <= oldMaxNameLen && ('a' <= s[k] && s[k] <= 'z' || 'A' <= s[k] && s[k] <= 'Z') {
		k++
	}
	if k < len(s) && s[k] == ';' {
		if r, ok := oldNamedInvisible[s[j:k]]; ok {
			return ref{i, k + 1, r}, true
		}
	}
	return ref{}, false
}

// oldEscape reads an escape \uXXXX (with a following low-surrogate escape, a
// pair), \u{X…} or \UXXXXXXXX at s[i] == '\\' that is not itself escaped
// (an even number of backslashes before it).
func oldEscape(s string, i int) (ref, bool) {
	if i+1 >= len(s) || (s[i+1] != 'u' && s[i+1] != 'U') {
		return ref{}, false
	}
	n := 0
	for k := i - 1; k >= 0 && s[k] == '\\'; k-- {
		n++
	}
	if n%2 == 1 {
		return ref{}, false
	}
	fixed := func(at, digits int) (int, bool) {
		if at+digits > len(s) {
			return 0, false
		}
		v := 0
		for _, c := range []byte(s[at : at+digits]) {
			h := hexVal(c)
			if h < 0 {
				return 0, false
			}
			v = v<<4 | h
		}
		return v, true
	}
	if s[i+1] == 'U' {
		v, ok := fixed(i+2, 8)
		if !ok || v > 0x10FFFF {
			return ref{}, false
		}
		return ref{i, i + 10, rune(v)}, true
	}
	if i+2 < len(s) && s[i+2] == '{' {
		j, v, digits := i+3, 0, 0
		for ; j < len(s) && hexVal(s[j]) >= 0 && digits < 6; j++ {
			v = v<<4 | hexVal(s[j])
			digits++
		}
		if digits == 0 || j >= len(s) || s[j] != '}' || v > 0x10FFFF {
			return ref{}, false
		}
		return ref{i, j + 1, rune(v)}, true
	}
	v, ok := fixed(i+2, 4)
	if !ok {
		return ref{}, false
	}
	if 0xD800 <= v && v <= 0xDBFF && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
		if lo, ok := fixed(i+8, 4); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			return ref{i, i + 12, rune(0x10000 + (v-0xD800)<<10 + lo - 0xDC00)}, true
		}
	}
	return ref{i, i + 6, rune(v)}, true
}

// oldReferences returns the invisible_reference spans of s, in order: runs of
// adjacent references that decode to invisible codepoints, each reference
// judged in the decoded text around it (a reference to U+FE0F right after
// a reference to U+2764 is an emoji variation sequence, and &shy; between
// two letters a soft hyphen where it belongs). It keeps at most max spans
// (max < 0: all) and returns how many there are in all.
func oldReferences(s string, max int) ([]Span, int) {
	sc := oldNewRefScanner(s)
	if sc.amp < 0 && sc.bs < 0 {
		return nil, 0
	}
	total, lastEnd := 0, -1
	var out []Span
	var rtl rtlCache
	prevEnd, prevRune := -1, rune(0) // the last reference, decoded
	for i := 0; ; {
		rf, ok := sc.next(i)
		if !ok {
			break
		}
		i = rf.end
		// The decoded codepoints on each side: an adjacent reference's, or
		// the text's own.
		prev, prevIsRef := prevRune, prevEnd == rf.start
		if !prevIsRef {
			prev = lastRune(s[:rf.start])
		}
		prevEnd, prevRune = rf.end, rf.r
		if !invisible(rf.r) {
			continue
		}
		next, hasNext, nextIsRef := rune(0), rf.end < len(s), false
		if nr, ok := oldParseAt(s, rf.end); ok {
			next, nextIsRef = nr.r, true
		} else if hasNext {
			next, _ = utf8.DecodeRuneInString(s[rf.end:])
		}
		if allowedDecoded(prev, rf.r, next, hasNext, func() bool { return rtl.in(s) }) {
			continue
		}
		if !nextIsRef && !prevIsRef && zeroWidthOrShy(rf.r) && besideTag(s, rf) {
			continue
		}
		if total > 0 && lastEnd == rf.start {
			lastEnd = rf.end
			if n := len(out); n > 0 && out[n-1].End == rf.start {
				out[n-1].End = rf.end
				out[n-1].add(rf.r)
			}
			continue
		}
		total++
		lastEnd = rf.end
		if max < 0 || len(out) < max {
			sp := Span{Class: InvisibleReference, Start: rf.start, End: rf.end}
			sp.add(rf.r)
			out = append(out, sp)
		}
	}
	return out, total
}

// oldControlReferences counts the references and escapes in s that decode to
// a control character (C0 but tab, line feed and carriage return; DEL; C1):
// what References leaves out as ordinary source code and markup. For
// measuring that rule.
func oldControlReferences(s string) int {
	n := 0
	sc := oldNewRefScanner(s)
	for i := 0; ; {
		rf, ok := sc.next(i)
		if !ok {
			return n
		}
		i = rf.end
		if r := rf.r; r < 0x20 && r != '\t' && r != '\n' && r != '\r' || 0x7F <= r && r <= 0x9F {
			n++
		}
	}
}
