package heuristic

import (
	"regexp"
	"strings"
)

// alternative is one alternative of a pattern's expression, anchored at
// the start of its input and without groups, and the literal beginnings
// of its matches.
type alternative struct {
	re     *regexp.Regexp
	begins *prefixTrie
}

// compileAlts compiles the alternatives of src, a pattern's `\b(A|B|…)`.
func compileAlts(src string) []alternative {
	inner := strings.TrimSuffix(strings.TrimPrefix(src, `\b(`), `)`)
	var out []alternative
	for _, a := range splitAlternatives(inner) {
		at := `^(?:` + a + `)`
		out = append(out, alternative{regexp.MustCompile(withStandIns(at)), newPrefixTrie(beginnings(at))})
	}
	return out
}

// splitAlternatives cuts an expression at its top-level "|": those
// outside groups, classes and escapes.
func splitAlternatives(src string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++ // the escaped byte (an escape's further bytes hold no "|")
		case '[':
			// A class: up to its "]", which may come first ([]a]) and
			// may be escaped.
			j := i + 1
			if j < len(src) && src[j] == '^' {
				j++
			}
			if j < len(src) && src[j] == ']' {
				j++
			}
			for j < len(src) && src[j] != ']' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, src[from:i])
				from = i + 1
			}
		}
	}
	return append(out, src[from:])
}

// matchEnd returns where at's match on text (a passage from a candidate
// word on, lowered, with stand-ins) ends, or -1 when at does not match;
// orig is the same bytes as the passage holds them. at is `^(A|B|…)`,
// whose group 1 is the whole match, and it matches as Go's regexp does,
// leftmost first: the first alternative, in order, that matches at the
// start, with that alternative's own preferred match. So matchEnd tries
// the alternatives in order, each only where its beginnings allow
// (prefixTrie): smaller expressions than at, which most candidates fail
// at their first words, and which the regexp package runs with its
// backtracker on longer inputs than at's size allows. TestMatchEndSame
// compares it with at on random and real passages.
func (c *compiled) matchEnd(text []byte, orig string) int {
	if c.alts == nil {
		if m := c.at.FindSubmatchIndex(text); m != nil {
			return m[3]
		}
		return -1
	}
	for _, a := range c.alts {
		if !a.begins.mayBeginFold(orig) {
			continue
		}
		if loc := a.re.FindIndex(text); loc != nil {
			return loc[1]
		}
	}
	return -1
}
