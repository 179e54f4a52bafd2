package scangen

import (
	"fmt"
	"slices"
	"strings"
)

// checker gathers what does not hold together in the cases of one file:
// each case's own problems, flags without a note, and notes no case uses.
type checker struct {
	notes    map[string]Note
	used     map[string]bool
	problems []string
}

func newChecker(notes map[string]Note, problems []string) *checker {
	return &checker{notes: notes, used: map[string]bool{}, problems: problems}
}

// add records the problems of case i (1-based) and the flags of its test.
func (c *checker) add(i int, comment string, t Test, errs []string) {
	for _, e := range errs {
		c.problems = append(c.problems, fmt.Sprintf("case %d (%s): %s", i, comment, e))
	}
	for _, fl := range t.Flags {
		c.used[fl] = true
		if _, ok := c.notes[fl]; !ok {
			c.problems = append(c.problems, fmt.Sprintf("case %d (%s): flag %q has no note", i, comment, fl))
		}
	}
}

// err returns every problem, notes no case uses included, as one error
// naming the file's cases (what), or nil.
func (c *checker) err(what string) error {
	var unused []string
	for name := range c.notes {
		if !c.used[name] {
			unused = append(unused, fmt.Sprintf("note %q: no case uses the flag", name))
		}
	}
	slices.Sort(unused)
	problems := append(c.problems, unused...)
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("scangen: %s cases do not hold together:\n%s", what, strings.Join(problems, "\n"))
}
