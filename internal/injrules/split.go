package injrules

import (
	"regexp"
	"regexp/syntax"
	"sync"
)

// splitRegexp is an expression whose top level is an alternation, kept as
// that alternation's parts in order, each small enough for the regexp
// package's backtracking matcher (at most maxSplitInst instructions):
// on a short window the backtracker is several times faster than the
// NFA that a program of more instructions gets (the brake's cue
// expressions, 580 to 950 instructions, read 120-byte windows: issue 27,
// item 7). FindStringIndex answers as the whole expression does: the
// leftmost match, and at that start the first part in order that
// matches, which is the first alternative that matches there.
type splitRegexp struct {
	whole *lazyRegexp
	once  sync.Once
	parts []*regexp.Regexp // nil: the whole expression is used
}

// maxSplitInst is the program size up to which the regexp package
// backtracks (its maxBacktrackProg), less a margin.
const maxSplitInst = 450

func split(l *lazyRegexp) *splitRegexp { return &splitRegexp{whole: l} }

func (s *splitRegexp) get() []*regexp.Regexp {
	s.once.Do(func() {
		r, err := syntax.Parse(s.whole.src, syntax.Perl)
		if err != nil || size(r) <= maxSplitInst {
			return
		}
		if r.Op == syntax.OpConcat && len(r.Sub) == 2 && r.Sub[0].Op == syntax.OpWordBoundary && r.Sub[1].Op == syntax.OpAlternate {
			// \b(?:a|b|…) is \ba|\bb|…
			alt := &syntax.Regexp{Op: syntax.OpAlternate, Flags: r.Sub[1].Flags}
			for _, sub := range r.Sub[1].Sub {
				alt.Sub = append(alt.Sub, &syntax.Regexp{Op: syntax.OpConcat, Flags: r.Flags, Sub: []*syntax.Regexp{r.Sub[0], sub}})
			}
			r = alt
		}
		if r.Op != syntax.OpAlternate {
			return
		}
		var parts []*regexp.Regexp
		var group []*syntax.Regexp
		flush := func() bool {
			if len(group) == 0 {
				return true
			}
			g := group[0]
			if len(group) > 1 {
				g = &syntax.Regexp{Op: syntax.OpAlternate, Sub: group, Flags: r.Flags}
			}
			re, err := regexp.Compile(g.String())
			if err != nil {
				return false
			}
			parts = append(parts, re)
			group = nil
			return true
		}
		for _, sub := range r.Sub {
			group = append(group, sub)
			if len(group) > 1 && size(&syntax.Regexp{Op: syntax.OpAlternate, Sub: group, Flags: r.Flags}) > maxSplitInst {
				group = group[:len(group)-1]
				if !flush() {
					return
				}
				group = []*syntax.Regexp{sub}
			}
		}
		if !flush() {
			return
		}
		s.parts = parts
	})
	return s.parts
}

// size is the number of instructions of r's program.
func size(r *syntax.Regexp) int {
	p, err := syntax.Compile(r.Simplify())
	if err != nil {
		return 1 << 30
	}
	return len(p.Inst)
}

// FindStringIndex is regexp.Regexp.FindStringIndex of the whole
// expression.
func (s *splitRegexp) FindStringIndex(x string) []int {
	parts := s.get()
	if parts == nil {
		return s.whole.FindStringIndex(x)
	}
	var best []int
	for _, p := range parts {
		if loc := p.FindStringIndex(x); loc != nil && (best == nil || loc[0] < best[0]) {
			best = loc
			if loc[0] == 0 {
				break // none starts further left, and an earlier part wins a tie
			}
		}
	}
	return best
}
