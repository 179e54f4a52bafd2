package heuristic

import (
	"regexp/syntax"
	"slices"
	"unicode/utf8"
)

// A pattern's expression costs hundreds of nanoseconds to try at a
// candidate word even when the next word parts from it at once (the text
// says "agent did", the pattern wants "agent reading"). prefixTrie is a
// cheaper necessary condition, derived from the expression itself: the
// literal beginnings every match of it has, as a trie of bytes and
// separator runs, walked once over the text at the candidate. A match
// begins with one of its paths, so a text that follows none of them holds
// no match there, and the expression is not run.

// sepByte stands, in a prefix, for the separator (a run of characters that
// are neither letters nor numbers); no literal of the patterns holds it.
const sepByte = 0

// maxPrefixes bounds the prefixes derived from one expression: past it a
// concatenation keeps the beginnings it has (which are still beginnings
// of every match, only shorter).
const maxPrefixes = 1024

// prefixes returns strings one of which begins every match of re (sepByte
// standing for a separator run), and whether re matches exactly those
// strings (then what follows re extends them). Assertions (word
// boundaries, text ends) are read as matching the empty string: they only
// restrict matches, so the strings still begin every one.
func prefixes(re *syntax.Regexp) ([]string, bool) {
	any := []string{""} // what begins every match of anything
	if re.Flags&syntax.FoldCase != 0 {
		return any, false
	}
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}, true
	case syntax.OpEmptyMatch, syntax.OpBeginText, syntax.OpEndText, syntax.OpBeginLine, syntax.OpEndLine,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return any, true
	case syntax.OpCapture:
		return prefixes(re.Sub[0])
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1]-re.Rune[i] >= 8 || len(out) > 8 {
				return any, false
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				out = append(out, string(r))
			}
		}
		return out, true
	case syntax.OpPlus:
		if isSep(re.Sub[0]) {
			return []string{string(rune(sepByte))}, true
		}
		p, _ := prefixes(re.Sub[0])
		return p, false
	case syntax.OpRepeat:
		if re.Min < 1 {
			return any, false
		}
		p, _ := prefixes(re.Sub[0])
		return p, false
	case syntax.OpQuest:
		p, exact := prefixes(re.Sub[0])
		if slices.Contains(p, "") {
			return p, exact
		}
		return append(slices.Clip(p), ""), exact
	case syntax.OpAlternate:
		var out []string
		exact := true
		for _, sub := range re.Sub {
			p, e := prefixes(sub)
			out = append(out, p...)
			exact = exact && e
		}
		slices.Sort(out)
		return slices.Compact(out), exact
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			p, exact := prefixes(sub)
			if len(out)*len(p) > maxPrefixes {
				return out, false
			}
			next := make([]string, 0, len(out)*len(p))
			for _, a := range out {
				for _, b := range p {
					next = append(next, a+b)
				}
			}
			slices.Sort(next)
			out = slices.Compact(next)
			if !exact {
				return out, false
			}
		}
		return out, true
	}
	return any, false // OpStar, OpAnyChar, OpAnyCharNotNL, OpNoMatch
}

// sepClass is the class of the separator, [^\pL\pN], as the parser gives it.
var sepClass = func() []rune {
	re, err := syntax.Parse(sep, syntax.Perl)
	if err != nil || re.Op != syntax.OpPlus || re.Sub[0].Op != syntax.OpCharClass {
		panic("heuristic: the separator is not a class repeated")
	}
	return re.Sub[0].Rune
}()

func isSep(re *syntax.Regexp) bool {
	return re.Op == syntax.OpCharClass && slices.Equal(re.Rune, sepClass)
}

// prefixTrie is a set of prefixes as a trie: node 0 is the root; next maps
// a node and a byte (sepByte: a separator run) to a node, 0 for none.
type prefixTrie struct {
	next []map[byte]int32
	end  []bool // a prefix ends at the node
}

func newPrefixTrie(prefixes []string) *prefixTrie {
	t := &prefixTrie{next: []map[byte]int32{{}}, end: []bool{false}}
	for _, p := range prefixes {
		n := int32(0)
		for i := 0; i < len(p); i++ {
			m, ok := t.next[n][p[i]]
			if !ok {
				m = int32(len(t.next))
				t.next = append(t.next, map[byte]int32{})
				t.end = append(t.end, false)
				t.next[n][p[i]] = m
			}
			n = m
		}
		t.end[n] = true
	}
	return t
}

// alnum reports whether the ASCII byte c is a letter or a digit.
func alnum(c byte) bool { return lower[c] != 0 || digit(c) }

// mayBegin reports whether text (lowercased, from a candidate word on) may
// begin with one of the trie's prefixes: false only when it surely does
// not. Where the answer would need a character outside ASCII to be
// classified as a letter, number or neither, it says it may.
func (t *prefixTrie) mayBegin(text []byte) bool {
	return t.walk(text, 0, 0)
}

func (t *prefixTrie) walk(text []byte, i int, n int32) bool {
	for {
		if t.end[n] {
			return true
		}
		next := t.next[n]
		if s, ok := next[sepByte]; ok {
			// A separator run: at least one character that is not a
			// letter or a number, as many as there are. A byte that may
			// follow one in a prefix, or a character outside ASCII, makes
			// the run's end uncertain.
			if i < len(text) && text[i] >= utf8.RuneSelf {
				return true
			}
			if i < len(text) && !alnum(text[i]) {
				j := i
				for j < len(text) && text[j] < utf8.RuneSelf && !alnum(text[j]) {
					j++
				}
				if j < len(text) && text[j] >= utf8.RuneSelf {
					return true
				}
				for c := range t.next[s] {
					if !alnum(c) {
						return true
					}
				}
				if t.walk(text, j, s) {
					return true
				}
			}
		}
		if i == len(text) {
			return false
		}
		m, ok := next[text[i]]
		if !ok {
			return false
		}
		i, n = i+1, m
	}
}
