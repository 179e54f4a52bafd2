package injrules

import (
	"regexp"
	"sync"
)

// lazyRegexp is a rule's regular expression, compiled on its first use
// rather than at package init: compiling every rule's expression at init
// cost each program that imports package shield about 18 ms and 6 MB
// (37,700 allocations, GODEBUG=inittrace=1) before it scanned anything
// (issue 33, item 2). Its methods are those of *regexp.Regexp, with the
// same answers.
type lazyRegexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// expressions lists every lazyRegexp made by re, for the test that
// compiles them all (TestExpressionsCompile): an expression that does not
// compile must fail a test, not the first text that reaches it.
var expressions []*lazyRegexp

// re returns src as an expression compiled on first use. src must be a
// valid expression (regexp.MustCompile panics on its first use
// otherwise).
func re(src string) *lazyRegexp {
	l := &lazyRegexp{src: src}
	expressions = append(expressions, l)
	return l
}

// get returns the compiled expression, compiling it once.
func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

// String returns the expression's source text, without compiling it.
func (l *lazyRegexp) String() string { return l.src }

// MatchString is regexp.Regexp.MatchString.
func (l *lazyRegexp) MatchString(s string) bool { return l.get().MatchString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (l *lazyRegexp) FindStringIndex(s string) []int { return l.get().FindStringIndex(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (l *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l.get().FindStringSubmatchIndex(s)
}
