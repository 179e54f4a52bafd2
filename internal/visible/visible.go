// Package visible writes text from outside so that a reader sees every
// codepoint in it: the rendering of the excerpt rules (§1 of the
// agent-safety formats; scan's package doc, "Excerpts", step 3), shared by
// the layers that show a definition's text again — scan.Visible, the
// fingerprint diff ([fingerprint.CompareSurfaces]) and the command line.
//
// A codepoint is annotated, written ⟨U+XXXX NAME⟩, when it is a C0 control
// or U+007F, or is non-printing (General_Category C* or Z*, except U+0020
// SPACE) or Default_Ignorable_Code_Point; every codepoint of a §2 class is
// one of these. Everything else is written as itself.
package visible

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/internal/whatwg"
)

// Annotates reports whether r is written as an annotation.
func Annotates(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7F
	}
	return ucd.Lookup(r)&(ucd.NonPrinting|ucd.DefaultIgnorable) != 0
}

// Codepoint returns r as "U+" and at least four uppercase hex digits.
func Codepoint(r rune) string {
	const hex = "0123456789ABCDEF"
	var b [8]byte
	n := len(b)
	for v := uint32(r); v > 0 || n > len(b)-4; v >>= 4 {
		n--
		b[n] = hex[v&0xF]
	}
	n -= 2
	b[n], b[n+1] = 'U', '+'
	return string(b[n:])
}

// WriteRune writes r to b as it is shown: ⟨U+XXXX NAME⟩ when it annotates,
// else itself. It returns the length written, in codepoints.
func WriteRune(b *strings.Builder, r rune) int {
	if !Annotates(r) {
		b.WriteRune(r)
		return 1
	}
	cp, name := Codepoint(r), ucd.Name(r)
	b.WriteString("⟨")
	b.WriteString(cp)
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString("⟩")
	return len(cp) + len(name) + 3 // names are ASCII
}

// String returns s with every codepoint written by WriteRune. A lone
// surrogate encoded as WTF-8 (as a JSON escape decodes) is written
// ⟨U+D800 SURROGATE⟩; any other ill-formed sequence is read as the WHATWG
// decoder reads it, as U+FFFD for each maximal subpart. Line breaks are
// annotated too. The result is at most 64 times as long as s, in bytes;
// text that holds nothing to annotate is returned as it is.
func String(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size, ok := whatwg.DecodeRune(s[i:])
		if !ok && i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80 {
			r, size = rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F)|0xD000, 3
		}
		WriteRune(&b, r)
		i += size
	}
	return b.String()
}
