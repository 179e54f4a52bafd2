package scan

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/internal/whatwg"
)

// The excerpt bounds (see the package doc, "Excerpts"). All lengths count
// codepoints.
const (
	contextCodepoints = 30  // context on each side, before any cut
	contextMaxLen     = 150 // rendered context on each side
	excerptMaxLen     = 600 // the whole excerpt (§8: evidence excerpts are at most 600 characters)
)

// ellipsis marks a side where the line goes on past the context, or a
// finding cut short.
const ellipsis = "…"

// excerpt renders the passage around f: up to 30 codepoints of context on
// each side, cut at a line break, with every codepoint that annotates
// written as ⟨U+XXXX NAME⟩ (§1).
func excerpt(s string, isWTF8 bool, f *Finding) string {
	// Left context: decode forward from a boundary far enough back to hold
	// 30 codepoints (a codepoint is at most four bytes), keep the last 30,
	// and only those after the last line break.
	var left []rune
	leftStart := f.ByteStart
	{
		var starts [4*contextCodepoints + 4]int
		var runes [len(starts)]rune
		n := 0
		for i := startBefore(s, f.ByteStart, 4*contextCodepoints, isWTF8); i < f.ByteStart; {
			r, size, _ := decodeAt(s, i, isWTF8)
			if n == len(runes) { // cannot happen: 124 slots, at most 123 codepoints
				break
			}
			starts[n], runes[n] = i, r
			n++
			i += size
		}
		first := max(0, n-contextCodepoints)
		for j := n - 1; j >= first; j-- {
			if isLineBreak(runes[j]) {
				first = j + 1
				break
			}
		}
		// The longest run of context nearest the finding whose rendering
		// fits in contextMaxLen.
		length := 0
		for j := n - 1; j >= first; j-- {
			w := renderLen(runes[j])
			if length+w > contextMaxLen {
				first = j + 1
				break
			}
			length += w
		}
		left = runes[first:n]
		if first < n {
			leftStart = starts[first]
		}
	}

	// Right context: up to 30 codepoints, up to the first line break, and
	// no longer than contextMaxLen rendered.
	var right []rune
	rightEnd := f.ByteEnd
	{
		length := 0
		for i := f.ByteEnd; i < len(s) && len(right) < contextCodepoints; {
			r, size, _ := decodeAt(s, i, isWTF8)
			w := renderLen(r)
			if isLineBreak(r) || length+w > contextMaxLen {
				break
			}
			right = append(right, r)
			length += w
			i += size
			rightEnd = i
		}
	}

	var b strings.Builder
	fixed := 0
	if leftStart > 0 && !isLineBreak(rune(s[leftStart-1])) {
		b.WriteString(ellipsis)
		fixed++
	}
	for _, r := range left {
		fixed += render(&b, r)
	}
	after := 0
	for _, r := range right {
		after += renderLen(r)
	}
	cutRight := rightEnd < len(s) && !isLineBreak(rune(s[rightEnd]))
	if cutRight {
		after++
	}
	fixed += after

	// The finding itself, cut short (with an ellipsis) when the excerpt
	// would otherwise run past excerptMaxLen: then it keeps the longest
	// sequence of whole renderings that leaves room for the ellipsis.
	budget := excerptMaxLen - fixed
	var body strings.Builder
	length, fitsWithEllipsis := 0, 0
	cut := false
	for i := f.ByteStart; i < f.ByteEnd; {
		r, size, _ := decodeAt(s, i, isWTF8)
		if length+renderLen(r) > budget {
			cut = true
			break
		}
		length += render(&body, r)
		if length <= budget-1 {
			fitsWithEllipsis = body.Len()
		}
		i += size
	}
	if cut {
		b.WriteString(body.String()[:fitsWithEllipsis])
		b.WriteString(ellipsis)
	} else {
		b.WriteString(body.String())
	}
	for _, r := range right {
		render(&b, r)
	}
	if cutRight {
		b.WriteString(ellipsis)
	}
	return b.String()
}

func isLineBreak(r rune) bool { return r == '\n' || r == '\r' }

// annotates reports whether r is written ⟨U+XXXX NAME⟩ in an excerpt: every
// codepoint of a §2 class, every Default_Ignorable_Code_Point, and every
// other non-printing codepoint (General_Category C* or Z*, except U+0020).
func annotates(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7F
	}
	p := ucd.Lookup(r)
	return p&(ucd.NonPrinting|ucd.DefaultIgnorable) != 0 || classOf(r) != noClass
}

// render writes r as an excerpt shows it and returns its length in
// codepoints.
func render(b *strings.Builder, r rune) int {
	if !annotates(r) {
		b.WriteRune(r)
		return 1
	}
	cp := codepointString(r)
	name := ucd.Name(r)
	b.WriteString("⟨")
	b.WriteString(cp)
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString("⟩")
	return annotationLen(cp, name)
}

// renderLen is the length in codepoints of r as render writes it.
func renderLen(r rune) int {
	if !annotates(r) {
		return 1
	}
	digits := 4
	for v := r >> 16; v > 0; v >>= 4 {
		digits++
	}
	return len("U+") + digits + len(ucd.Name(r)) + 3
}

// annotationLen counts "⟨" + cp + " " + name + "⟩"; names are ASCII.
func annotationLen(cp, name string) int { return len(cp) + len(name) + 3 }

// startBefore returns a codepoint boundary at least back bytes before i (or
// 0), from which decoding forward stays in step with decoding from 0.
func startBefore(s string, i, back int, isWTF8 bool) int {
	if !isWTF8 {
		return whatwg.StartBefore(s, i, back)
	}
	// WTF-8 made by wtf8 is well-formed: every non-continuation byte
	// starts a codepoint.
	j := max(0, i-back)
	for j > 0 && s[j]&0xC0 == 0x80 {
		j--
	}
	return j
}
