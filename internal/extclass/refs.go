package extclass

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// namedInvisible returns the codepoint of name, when it is one of the HTML
// named character references (WHATWG HTML, "Named character references")
// of the invisible codepoints, each written with its semicolon. A switch
// rather than a map: most names in markup (amp, lt, mdash) are told apart
// by their length and a byte or two, with no hash.
func namedInvisible(name string) (rune, bool) {
	switch name {
	case "shy":
		return 0x00AD, true
	case "zwnj":
		return 0x200C, true
	case "zwj":
		return 0x200D, true
	case "lrm":
		return 0x200E, true
	case "rlm":
		return 0x200F, true
	case "ZeroWidthSpace", "NegativeVeryThinSpace", "NegativeThinSpace", "NegativeMediumSpace", "NegativeThickSpace":
		return 0x200B, true
	case "NoBreak":
		return 0x2060, true
	case "af", "ApplyFunction":
		return 0x2061, true
	case "it", "InvisibleTimes":
		return 0x2062, true
	case "ic", "InvisibleComma":
		return 0x2063, true
	}
	return 0, false
}

// maxNameLen is the length of the longest name namedInvisible knows.
const maxNameLen = len("NegativeVeryThinSpace")

// ref is one reference: its span, and the codepoint it decodes to.
type ref struct {
	start, end int
	r          rune
}

// refScanner finds the places where a reference may start: each '&' and
// each '\\'. It remembers the next of each, so that the text is searched
// once for each byte (strings.IndexByte, vectorized), however the two
// interleave.
type refScanner struct {
	s        string
	amp, bs  int  // the next '&' and '\\' at or after the last position asked; len(s): none left
	htmlOnly bool // no escapes: bs stays len(s)
}

func newRefScanner(s string) *refScanner {
	return &refScanner{s: s, amp: indexFrom(s, 0, '&'), bs: indexFrom(s, 0, '\\')}
}

// indexFrom returns the first c in s at or after i (at most len(s)), or
// len(s) when there is none.
func indexFrom(s string, i int, c byte) int {
	if j := strings.IndexByte(s[i:], c); j >= 0 {
		return i + j
	}
	return len(s)
}

// parseAt reads the reference that starts at s[i], if one does.
func parseAt(s string, i int) (ref, bool) {
	if i >= len(s) {
		return ref{}, false
	}
	switch s[i] {
	case '&':
		return htmlRef(s, i)
	case '\\':
		return escape(s, i)
	}
	return ref{}, false
}

// next returns the first reference at or after byte i (at most len(s)),
// or ok false.
func (r *refScanner) next(i int) (ref, bool) {
	for {
		if r.amp < i {
			r.amp = indexFrom(r.s, i, '&')
		}
		if r.bs < i {
			r.bs = indexFrom(r.s, i, '\\')
		}
		j := min(r.amp, r.bs)
		if j == len(r.s) {
			return ref{}, false
		}
		if rf, ok := parseAt(r.s, j); ok {
			return rf, true
		}
		i = j + 1
	}
}

func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// htmlRef reads an HTML character reference at s[i] == '&'.
func htmlRef(s string, i int) (ref, bool) {
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
	k, end := j, min(len(s), j+maxNameLen)
	for k < end && 'a' <= s[k]|0x20 && s[k]|0x20 <= 'z' { // a letter, either case
		k++
	}
	if k < len(s) && s[k] == ';' {
		if r, ok := namedInvisible(s[j:k]); ok {
			return ref{i, k + 1, r}, true
		}
	}
	return ref{}, false
}

// escape reads an escape \uXXXX (with a following low-surrogate escape, a
// pair), \u{X…} or \UXXXXXXXX at s[i] == '\\' that is not itself escaped
// (an even number of backslashes before it).
func escape(s string, i int) (ref, bool) {
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

// invisible reports whether r is a codepoint that a reference must not
// hide: one of a §2 class other than control_char (zero_width,
// bidi_control, unicode_tag, private_use, unassigned_codepoint with lone
// surrogates), a variation selector, or an invisible format character.
func invisible(r rune) bool {
	switch {
	case r < 0xA0:
		return false // ASCII and the controls
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0xFEFF, r == 0x2060,
		0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069,
		0xE0000 <= r && r <= 0xE007F, 0xD800 <= r && r <= 0xDFFF:
		return true
	}
	if ucd.Lookup(r)&(ucd.PrivateUse|ucd.Unassigned) != 0 {
		return true
	}
	return ucd.Ext(r)&(ucd.Invisible|ucd.VariationSelector) != 0
}

// References returns the invisible_reference spans of s, in order: runs of
// adjacent references that decode to invisible codepoints, each reference
// judged in the decoded text around it (a reference to U+FE0F right after
// a reference to U+2764 is an emoji variation sequence, and &shy; between
// two letters a soft hyphen where it belongs). It keeps at most max spans
// (max < 0: all) and returns how many there are in all.
func References(s string, max int) ([]Span, int) {
	return references(newRefScanner(s), max)
}

// HTMLReferences is References without the \u escapes: only HTML
// character references are read, for the source code of a language in
// which an escape is visible text (package scan, "Profiles"). An escape
// next to a reference is read as the text it is.
func HTMLReferences(s string, max int) ([]Span, int) {
	return references(&refScanner{s: s, amp: indexFrom(s, 0, '&'), bs: len(s), htmlOnly: true}, max)
}

func references(sc *refScanner, max int) ([]Span, int) {
	s := sc.s
	if sc.amp == len(s) && sc.bs == len(s) {
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
		if nr, ok := parseAt(s, rf.end); ok && !(sc.htmlOnly && s[rf.end] == '\\') {
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

// allowedDecoded applies the rules of Chars and AllowedZeroWidth to one
// decoded codepoint r between prev and next.
func allowedDecoded(prev, r, next rune, hasNext bool, rtl func() bool) bool {
	p := ucd.Ext(r)
	switch {
	case p&ucd.VariationSelector != 0:
		return selectorAllowed(prev, r) && (!hasNext || ucd.Ext(next)&ucd.VariationSelector == 0)
	case p&ucd.Invisible != 0:
		return formatAllowed(prev, r, next, hasNext, rtl)
	case r == 0x200B || r == 0x200C || r == 0x200D:
		return zeroWidthAllowed(prev, r, next, func() rune { return 0 })
	}
	return false
}

// zeroWidthOrShy reports whether r is a zero-width character of §2 or a
// soft hyphen.
func zeroWidthOrShy(r rune) bool {
	return r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF || r == 0x00AD
}

// besideTag reports whether the reference rf stands directly (spaces and
// tabs aside) after a '>' or before a '<': the place where e-mail
// templates put a single &zwj; or &zwnj; between tables and cells.
func besideTag(s string, rf ref) bool {
	i := rf.start
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	if i > 0 && s[i-1] == '>' {
		return true
	}
	j := rf.end
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j < len(s) && s[j] == '<'
}

// ControlReferences counts the references and escapes in s that decode to
// a control character (C0 but tab, line feed and carriage return; DEL; C1):
// what References leaves out as ordinary source code and markup. For
// measuring that rule.
func ControlReferences(s string) int {
	n := 0
	sc := newRefScanner(s)
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
