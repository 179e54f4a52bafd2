package heuristic

import (
	"regexp/syntax"
	"slices"
	"strings"
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

// beginnings returns the literal beginnings of every match of the
// expression src (see prefixes). Its letter and number classes are costly
// to parse, and only their shape matters here, so it parses src with the
// separator written as one codepoint repeated (sepPlaceholder) and the
// class of word characters as a range of codepoints that no pattern
// names: prefixes reads both as it would read the classes.
func beginnings(src string) []string {
	src = strings.ReplaceAll(src, sep, sepPlaceholder)
	src = strings.ReplaceAll(src, wordClass, wordPlaceholder)
	if strings.Contains(src, `\p`) {
		panic("heuristic: a Unicode class other than the separator's and the words'")
	}
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		panic("heuristic: " + err.Error())
	}
	p, _ := prefixes(re)
	return p
}

const (
	wordClass       = `[\pL\pN]`
	sepPlaceholder  = `\x{10FFFF}+`
	sepRune         = 0x10FFFF
	wordPlaceholder = `[\x{10FF00}-\x{10FFFE}]`
)

// isSep reports whether re is the separator's character, as beginnings
// writes it.
func isSep(re *syntax.Regexp) bool {
	return re.Op == syntax.OpLiteral && len(re.Rune) == 1 && re.Rune[0] == sepRune && re.Flags&syntax.FoldCase == 0
}

// prefixTrie is a set of prefixes as a trie: node 0 is the root, node n's
// edges are edges[first[n]:first[n+1]] (a byte, sepByte for a separator
// run, and the node it leads to), and end[n] says whether a prefix ends at
// it. It holds no pointers, so it costs the garbage collector nothing.
type prefixTrie struct {
	first []int32
	edges []trieEdge
	end   []bool
}

type trieEdge struct {
	b  byte
	to int32
}

func newPrefixTrie(prefixes []string) *prefixTrie {
	p := slices.Clone(prefixes)
	slices.Sort(p)
	p = slices.Compact(p)
	// Breadth first, in the order of the nodes' numbers: a node's strings
	// share its path, are contiguous in p, and so are those of each of its
	// children (the strings with the same byte after the path).
	type node struct{ lo, hi, depth int }
	queue := []node{{0, len(p), 0}}
	t := &prefixTrie{}
	for n := 0; n < len(queue); n++ {
		q := queue[n]
		t.first = append(t.first, int32(len(t.edges)))
		lo := q.lo
		t.end = append(t.end, lo < q.hi && len(p[lo]) == q.depth)
		if t.end[n] {
			lo++ // sorted: the path itself comes first
		}
		for lo < q.hi {
			b := p[lo][q.depth]
			hi := lo + 1
			for hi < q.hi && p[hi][q.depth] == b {
				hi++
			}
			t.edges = append(t.edges, trieEdge{b, int32(len(queue))})
			queue = append(queue, node{lo, hi, q.depth + 1})
			lo = hi
		}
	}
	t.first = append(t.first, int32(len(t.edges)))
	return t
}

// edgeIn returns the node that the edges of a node, sorted, lead to by
// byte b, if any.
func edgeIn(edges []trieEdge, b byte) (int32, bool) {
	for _, e := range edges {
		if e.b == b {
			return e.to, true
		}
		if e.b > b {
			break
		}
	}
	return 0, false
}

// alnum reports whether the ASCII byte c is a letter or a digit.
func alnum(c byte) bool { return alnumByte[c] }

// alnumByte marks the ASCII letters and digits: one load, where a test of
// lower and one of the digits' range would be two branches.
var alnumByte = func() (t [256]bool) {
	for c := range t {
		t[c] = lower[c] != 0 || digit(byte(c))
	}
	return t
}()

// mayBegin reports whether text (lowercased, from a candidate word on) may
// begin with one of the trie's prefixes: false only when it surely does
// not. Where the answer would need a character outside ASCII to be
// classified as a letter, number or neither, it says it may.
func (t *prefixTrie) mayBegin(text []byte) bool {
	return walk(t, text, 0, 0)
}

// mayBeginFold is mayBegin on text with its ASCII letters lowercased.
func (t *prefixTrie) mayBeginFold(text string) bool {
	return walk(t, text, 0, 0)
}

// foldByte lowercases ASCII letters and keeps every other byte.
var foldByte = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = byte(c) + 'a' - 'A'
	}
	return t
}()

// walk walks the trie from node n over text[i:], its ASCII letters read
// lowercased (alnum, and the bytes outside ASCII, do not depend on case).
func walk[T string | []byte](t *prefixTrie, text T, i int, n int32) bool {
	for {
		if t.end[n] {
			return true
		}
		// The node's edges, sorted: a separator run's first (sepByte is 0).
		edges := t.edges[t.first[n]:t.first[n+1]]
		if len(edges) > 0 && edges[0].b == sepByte {
			s := edges[0].to
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
				for _, e := range t.edges[t.first[s]:t.first[s+1]] {
					if !alnum(e.b) {
						return true
					}
				}
				if walk(t, text, j, s) {
					return true
				}
			}
		}
		if i == len(text) {
			return false
		}
		m, ok := edgeIn(edges, foldByte[text[i]])
		if !ok {
			return false
		}
		i, n = i+1, m
	}
}
