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
	m := Instructions(s, nil)
	m = Confusables(s, m)
	slices.SortFunc(m, func(a, b Match) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End),
			cmp.Compare(a.Class, b.Class), cmp.Compare(a.Pattern, b.Pattern))
	})
	return m
}
