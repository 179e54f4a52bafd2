package injrules

import (
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// literalSet answers MatchString for a regular expression that is a set
// of literal strings, each perhaps ending in \b (sensitive is one), with
// substring searches instead of the regexp engine, which tries an
// unanchored expression of many alternatives at every byte of its input.
// An expression of any other shape is answered by the expression
// (TestLiteralSetSame compares the two on random and real text).
type literalSet struct {
	re *lazyRegexp
	// ok is true when plain and bounded hold the expression.
	ok bool
	// plain are the literals; bounded, the literals that must end at a
	// word boundary (ASCII, as \b is in Go's regexp).
	plain, bounded []string
}

// sensitiveSet is sensitiveRe as a literal set.
var sensitiveSet = literalsOf(sensitiveRe)

// maxLiterals bounds the strings an expression expands to.
const maxLiterals = 1024

// literalsOf reads re as a literal set where its shape allows.
func literalsOf(re *lazyRegexp) *literalSet {
	l := &literalSet{re: re}
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return l
	}
	alts, ok := expand(t)
	if !ok {
		return l
	}
	for _, a := range alts {
		if a.bounded && a.s == "" {
			return l // \b alone depends on the byte before
		}
		if a.bounded {
			l.bounded = append(l.bounded, a.s)
		} else {
			l.plain = append(l.plain, a.s)
		}
	}
	l.ok = true
	return l
}

// alt is one string an expression matches; bounded, followed by \b.
type alt struct {
	s       string
	bounded bool
}

// expand lists the strings t matches, when t is made of literals (case
// sensitive), small character classes, concatenations, alternations,
// groups and a final \b, at most maxLiterals of them.
func expand(t *syntax.Regexp) ([]alt, bool) {
	switch t.Op {
	case syntax.OpEmptyMatch:
		return []alt{{}}, true
	case syntax.OpLiteral:
		if t.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []alt{{s: string(t.Rune)}}, true
	case syntax.OpCharClass:
		var out []alt
		for i := 0; i+1 < len(t.Rune); i += 2 {
			for r := t.Rune[i]; r <= t.Rune[i+1]; r++ {
				if len(out) == 16 {
					return nil, false
				}
				out = append(out, alt{s: string(r)})
			}
		}
		return out, len(out) > 0
	case syntax.OpWordBoundary:
		return []alt{{bounded: true}}, true
	case syntax.OpCapture:
		return expand(t.Sub[0])
	case syntax.OpAlternate:
		var out []alt
		for _, sub := range t.Sub {
			a, ok := expand(sub)
			if !ok || len(out)+len(a) > maxLiterals {
				return nil, false
			}
			out = append(out, a...)
		}
		return out, true
	case syntax.OpConcat:
		out := []alt{{}}
		for _, sub := range t.Sub {
			a, ok := expand(sub)
			if !ok || len(out)*len(a) > maxLiterals {
				return nil, false
			}
			next := make([]alt, 0, len(out)*len(a))
			for _, x := range out {
				for _, y := range a {
					if x.bounded && y != (alt{bounded: true}) && y.s != "" {
						return nil, false // \b inside a literal
					}
					next = append(next, alt{s: x.s + y.s, bounded: x.bounded || y.bounded})
				}
			}
			out = next
		}
		return out, true
	}
	return nil, false
}

// MatchString reports whether s holds a match of the expression.
func (l *literalSet) MatchString(s string) bool {
	if !l.ok {
		return l.re.MatchString(s)
	}
	for _, p := range l.plain {
		if strings.Contains(s, p) {
			return true
		}
	}
	for _, p := range l.bounded {
		before := false // whether the literal ends in a word character
		if r, _ := utf8.DecodeLastRuneInString(p); r < utf8.RuneSelf {
			before = syntax.IsWordChar(r)
		}
		for i := 0; ; {
			j := strings.Index(s[i:], p)
			if j < 0 {
				break
			}
			end := i + j + len(p)
			after := end < len(s) && s[end] < utf8.RuneSelf && syntax.IsWordChar(rune(s[end]))
			if before != after {
				return true
			}
			i += j + 1
		}
	}
	return false
}

// anyTail is a check's expression that ends in a repetition of any
// character (`[\s\S]{0,400}`, `[\s\S]+`), or of a class of characters
// at least 0 times after an expression (`[^\n]{0,220}`, `[^.\n]{0,120}`),
// matched as the expression before it and then the repetition counted
// out, without the regexp engine running a counted repetition over
// hundreds of bytes (a class repeated 220 times is 220 instructions: it
// put persona's expression past the backtracker's 500, onto the NFA; issue
// 33, item 2). A repetition that may match nothing leaves the head's
// preferred match the whole's, and a greedy one takes as many
// characters as it may.
type anyTail struct {
	// head is the expression before the repetition; nil when there is
	// none.
	head *lazyRegexp
	// max is the repetition's most characters, -1 for no bound; min is
	// 0, or 1 when there is no head.
	min, max int
	// class, when not nil, is the repeated class (pairs of the first
	// and last character of its ranges, as syntax.Regexp.Rune holds
	// them); nil means every character.
	class []rune
}

// anyTails holds, by check name, the checks whose expressions are of
// anyTail's shape. It is made on the first Find (tailTable), after
// package init has merged every file's checks into the table
// (jailbreak.go's mergeJail and the like, whichever file they are in).
var (
	anyTails     map[string]*anyTail
	anyTailsOnce sync.Once
)

// tailTable returns anyTails, made once.
func tailTable() map[string]*anyTail {
	anyTailsOnce.Do(func() {
		anyTails = map[string]*anyTail{}
		for name, ch := range checks {
			if t := anyTailOf(ch.re); t != nil {
				anyTails[name] = t
			}
		}
	})
	return anyTails
}

// anyTailOf reads re as an anyTail where its shape allows: a
// concatenation whose last part repeats a class of every character, at
// least 0 times (or at least once with nothing before it), or another
// class at least 0 times after a head, and holds no group; nil
// otherwise.
func anyTailOf(x *lazyRegexp) *anyTail {
	t, err := syntax.Parse(x.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	var head []*syntax.Regexp
	last := t
	if t.Op == syntax.OpConcat {
		head, last = t.Sub[:len(t.Sub)-1], t.Sub[len(t.Sub)-1]
	}
	var a anyTail
	switch last.Op {
	case syntax.OpStar:
		a.min, a.max = 0, -1
	case syntax.OpPlus:
		a.min, a.max = 1, -1
	case syntax.OpRepeat:
		a.min, a.max = last.Min, last.Max
	default:
		return nil
	}
	if last.Flags&syntax.NonGreedy != 0 || a.min > 1 || a.min == 1 && len(head) > 0 {
		return nil
	}
	if !anyChar(last.Sub[0]) {
		// Another class: only after a head and from zero, so that the
		// repetition always matches.
		c := last.Sub[0]
		switch {
		case len(head) == 0 || a.min != 0:
			return nil
		case c.Op == syntax.OpCharClass:
			a.class = slices.Clone(c.Rune)
		case c.Op == syntax.OpAnyCharNotNL:
			a.class = []rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}
		default:
			return nil
		}
	}
	if len(head) > 0 {
		h := &syntax.Regexp{Op: syntax.OpConcat, Flags: t.Flags, Sub: head}
		// The head's groups must be the whole's (regexp's NumSubexp is
		// the parsed expression's MaxCap), so that a match's indexes
		// are the same; the head is compiled on first use, as the rules
		// are.
		hs := h.String()
		ht, err := syntax.Parse(hs, syntax.Perl)
		if err != nil || ht.MaxCap() != t.MaxCap() {
			return nil
		}
		a.head = re(hs)
	}
	return &a
}

// inClass reports whether r is in the ranges of class.
func inClass(class []rune, r rune) bool {
	for i := 0; i+1 < len(class); i += 2 {
		if class[i] <= r && r <= class[i+1] {
			return true
		}
	}
	return false
}

// anyChar reports whether t matches every character (and an invalid
// byte, which reads as U+FFFD).
func anyChar(t *syntax.Regexp) bool {
	switch t.Op {
	case syntax.OpAnyChar:
		return true
	case syntax.OpCharClass:
		return len(t.Rune) == 2 && t.Rune[0] == 0 && t.Rune[1] == utf8.MaxRune
	}
	return false
}

// submatch is re.FindStringSubmatchIndex(w) for the check name.
func submatch(name string, re *lazyRegexp, w string) []int {
	t := tailTable()[name]
	if t == nil {
		return re.FindStringSubmatchIndex(w)
	}
	var m []int
	if t.head == nil {
		if len(w) < t.min {
			return nil
		}
		m = []int{0, 0}
	} else if m = t.head.FindStringSubmatchIndex(w); m == nil {
		return nil
	}
	// The repetition is greedy: as many characters as it may take (an
	// invalid byte reads as U+FFFD, one byte, as the regexp package
	// reads it).
	e := m[1]
	for n := 0; e < len(w) && n != t.max; n++ {
		r, size := utf8.DecodeRuneInString(w[e:])
		if t.class != nil && !inClass(t.class, r) {
			break
		}
		e += size
	}
	m[1] = e
	return m
}
