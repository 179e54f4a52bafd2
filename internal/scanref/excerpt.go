package scanref

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// Limits of the excerpt (vectors/README.md, "The excerpt algorithm").
const (
	contextCodepoints = 30  // codepoints of context on each side, before cutting
	contextMax        = 150 // maximum length of each rendered context
	excerptMax        = 600 // maximum length of the whole excerpt
)

// Annotated reports whether an excerpt writes r as an annotation (contract step 3): r is in a
// §2 class, or Default_Ignorable_Code_Point, or non-printing (General_Category C* or Z*, except
// U+0020 SPACE).
func Annotated(r rune) bool {
	if Class(r) != "" {
		return true
	}
	if 0xD800 <= r && r <= 0xDFFF {
		return true // a lone surrogate is General_Category Cs
	}
	p := ucd.Lookup(r)
	return p&(ucd.DefaultIgnorable|ucd.NonPrinting) != 0
}

// Render returns the excerpt form of one codepoint (contract step 3): "⟨U+XXXX NAME⟩" when it
// is annotated, else the codepoint itself.
func Render(r rune) string {
	if Annotated(r) {
		return "⟨" + U(r) + " " + ucd.Name(r) + "⟩"
	}
	return string(r)
}

// renderAll concatenates the renders of rs.
func renderAll(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(Render(r))
	}
	return b.String()
}

// length counts codepoints, the unit of every excerpt limit.
func length(s string) int { return utf8.RuneCountInString(s) }

func isLineBreak(r rune) bool { return r == '\n' || r == '\r' }

// Excerpt renders the excerpt of the finding [s, e) of the text t, following the seven steps of
// the shared contract exactly.
func Excerpt(t []rune, s, e int) string {
	n := len(t)

	// Step 1: left context T[a:s], at most 30 codepoints, cut after the last line break.
	a := max(0, s-contextCodepoints)
	for i := s - 1; i >= a; i-- {
		if isLineBreak(t[i]) {
			a = i + 1
			break
		}
	}

	// Step 2: right context T[e:b], at most 30 codepoints, cut at the first line break.
	b := min(n, e+contextCodepoints)
	for i := e; i < b; i++ {
		if isLineBreak(t[i]) {
			b = i
			break
		}
	}

	// Step 4: each rendered context is at most 150 long; drop codepoints from its far end.
	L := renderAll(t[a:s])
	for length(L) > contextMax {
		a++
		L = renderAll(t[a:s])
	}
	R := renderAll(t[e:b])
	for length(R) > contextMax {
		b--
		R = renderAll(t[e:b])
	}

	// Step 5: an ellipsis wherever the context was cut short by the 30- or 150-limit; a line
	// break (or the text's edge) ends the passage without one.
	prefix, suffix := "", ""
	if a > 0 && !isLineBreak(t[a-1]) {
		prefix = "…"
	}
	if b < n && !isLineBreak(t[b]) {
		suffix = "…"
	}

	// Step 6: the body, cut to whole renders plus "…" when the excerpt would exceed 600.
	B := renderAll(t[s:e])
	if length(prefix)+length(L)+length(B)+length(R)+length(suffix) > excerptMax {
		budget := excerptMax - length(prefix) - length(L) - length(R) - length(suffix) - 1
		var cut strings.Builder
		used := 0
		for k := s; k < e; k++ {
			piece := Render(t[k])
			if used+length(piece) > budget {
				break
			}
			cut.WriteString(piece)
			used += length(piece)
		}
		B = cut.String() + "…"
	}

	// Step 7.
	return prefix + L + B + R + suffix
}
