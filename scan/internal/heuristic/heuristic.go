package heuristic

import (
	"cmp"
	"slices"
)

// Class is a heuristic class of §5.
type Class uint8

// The two heuristic classes.
const (
	// InstructionLike is instruction_like: a passage matching one of the
	// ten Patterns.
	InstructionLike Class = iota + 1
	// MixedScript is mixed_script_confusable: a word mixing Latin letters
	// with Greek or Cyrillic ones.
	MixedScript
)

// String returns the class as the wire format spells it.
func (c Class) String() string {
	switch c {
	case InstructionLike:
		return "instruction_like"
	case MixedScript:
		return "mixed_script_confusable"
	}
	return "invalid"
}

// Match is one heuristic finding, with its span in bytes of the text.
type Match struct {
	Class      Class
	Start, End int
	// Pattern is the pattern of an InstructionLike match.
	Pattern Pattern
	// Scripts are the scripts of a MixedScript word.
	Scripts Scripts
}

// Find returns the heuristic matches of s, sorted by start, then end, then
// class (instruction_like first, as the wire format sorts class names),
// then pattern.
func Find(s string) []Match {
	m, _ := FindN(s, -1)
	return m
}

// FindN is Find keeping only the first max matches in that order (all of
// them when max < 0), and returns how many there are in all. It keeps
// them as it finds them, so its memory is bounded by max whatever the
// text holds.
func FindN(s string, max int) ([]Match, int) {
	k := keeper{max: max}
	m := instructions(s, nil, &k)
	m = confusables(s, m, &k)
	return k.trim(m), k.total
}

// keeper counts matches and, with max >= 0, keeps the first max of them
// (by the order of Find) as they are found: it lets them pile up to twice
// max and then drops all but the first max, which takes time n·log(max)
// for n matches in all. No two matches compare equal (matches of one
// pattern do not overlap, nor do words), so the first max are well
// defined.
type keeper struct {
	max, total int
}

func (k *keeper) add(dst []Match, m Match) []Match {
	k.total++
	dst = append(dst, m)
	if k.max >= 0 && len(dst) >= 2*k.max+256 {
		dst = k.trim(dst)
	}
	return dst
}

// trim sorts dst and cuts it to max.
func (k *keeper) trim(dst []Match) []Match {
	slices.SortFunc(dst, func(a, b Match) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End),
			cmp.Compare(a.Class, b.Class), cmp.Compare(a.Pattern, b.Pattern))
	})
	if k.max >= 0 && len(dst) > k.max {
		dst = dst[:k.max]
	}
	return dst
}
