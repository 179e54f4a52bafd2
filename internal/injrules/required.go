package injrules

import (
	"regexp/syntax"
	"sync"
	"unicode/utf8"
)

// A check whose expression is too large for the regexp package's
// backtracker (more than maxBacktrackInst instructions) runs on its NFA,
// at some 100-200 ns a byte of its window; freed, multilang and
// extractml are such checks, and they open at common words ("you",
// "ignore"). For these, required gives a set of literals one of which
// every match of the expression holds, read from its syntax tree; a
// window that holds none cannot match, and the expression is not run.
// The set is exact in that sense only: it never says no to a window the
// expression matches (TestRequiredSame), so no result changes.

// maxBacktrackInst is the largest program the regexp package runs on its
// backtracker (regexp's maxBacktrackProg).
const maxBacktrackInst = 500

// minRequired is the shortest literal a useful set holds: a set with a
// shorter one passes most windows and is not kept.
const minRequired = 3

var (
	requiredOnce sync.Once
	requiredSets map[string]*litSet
)

// requiredTable returns the required literals of every check that runs on
// the NFA and has a useful set, made on the first Find (as tailTable).
func requiredTable() map[string]*litSet {
	requiredOnce.Do(func() {
		requiredSets = map[string]*litSet{}
		for name, ch := range checks {
			if lits := requiredOf(ch.re.src); lits != nil {
				requiredSets[name] = newLitSet(lits)
			}
		}
	})
	return requiredSets
}

// requiredOf returns the required literals of the expression src when it
// runs on the NFA and has a set whose literals are all minRequired bytes
// or longer; nil otherwise.
func requiredOf(src string) []string {
	t, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	t = t.Simplify()
	prog, err := syntax.Compile(t)
	if err != nil || len(prog.Inst) <= maxBacktrackInst {
		return nil
	}
	lits, ok := required(t)
	if !ok || shortest(lits) < minRequired {
		return nil
	}
	return lits
}

// maxRequired bounds the literals of a set.
const maxRequired = 256

// required returns literals one of which every match of t holds (as a
// substring); ok is false when it finds none.
func required(t *syntax.Regexp) (lits []string, ok bool) {
	switch t.Op {
	case syntax.OpLiteral:
		s := literalRun(t)
		return []string{s}, s != ""
	case syntax.OpCapture, syntax.OpPlus:
		return required(t.Sub[0])
	case syntax.OpRepeat:
		if t.Min >= 1 {
			return required(t.Sub[0])
		}
	case syntax.OpConcat:
		// Every match holds a match of each part: the best part's set.
		for _, s := range t.Sub {
			if l, ok := required(s); ok && better(l, lits) {
				lits = l
			}
		}
		return lits, lits != nil
	case syntax.OpAlternate:
		// A match is one of the alternatives'.
		for _, s := range t.Sub {
			l, ok := required(s)
			if !ok || len(lits)+len(l) > maxRequired {
				return nil, false
			}
			lits = append(lits, l...)
		}
		return lits, true
	}
	return nil, false
}

// literalRun is the longest run of t's literal that the lowered text
// holds exactly as written: all of it for a case-sensitive literal, its
// longest run of ASCII bytes other than k and s (whose folds are
// non-ASCII: U+212A, U+017F) for a case-folded one, lowered (the text is
// lowered ASCII; other letters stay as written). A literal holding
// U+FFFD (which an invalid byte matches) gives "".
func literalRun(t *syntax.Regexp) string {
	for _, r := range t.Rune {
		if r == utf8.RuneError {
			return ""
		}
	}
	if t.Flags&syntax.FoldCase == 0 {
		return string(t.Rune)
	}
	best, cur := "", []byte{}
	for _, r := range t.Rune {
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		if r >= utf8.RuneSelf || r == 'k' || r == 's' {
			cur = cur[:0]
			continue
		}
		cur = append(cur, byte(r))
		if len(cur) > len(best) {
			best = string(cur)
		}
	}
	return best
}

// better reports whether the set a gates more windows than b: its
// shortest literal is longer, or as long and it has fewer literals.
func better(a, b []string) bool {
	if b == nil {
		return true
	}
	if sa, sb := shortest(a), shortest(b); sa != sb {
		return sa > sb
	}
	return len(a) < len(b)
}

func shortest(lits []string) int {
	n := -1
	for _, l := range lits {
		if n < 0 || len(l) < n {
			n = len(l)
		}
	}
	return n
}

// holdsRequired reports whether w may match the check name's expression:
// false only when the check has required literals and w holds none.
func holdsRequired(name, w string) bool {
	s := requiredTable()[name]
	return s == nil || s.in(w)
}
