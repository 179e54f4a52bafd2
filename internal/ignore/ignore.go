// Package ignore reads an ignore file of gitignore-style path patterns (the
// pattern format of git's gitignore documentation) and tells which paths it
// names.
//
// A line is a pattern; blank lines and lines starting with "#" are none
// ("\#" and "\!" start a pattern with those characters). Trailing spaces are
// dropped unless escaped with "\". "!" negates: a path a later "!" pattern
// names is not ignored. A trailing "/" matches folders only. A pattern with
// a "/" at its start or middle is anchored to the folder of the ignore file;
// one without matches a name at any depth. "*" matches within a path
// segment, "?" one character, "[…]" a class; "**" as a whole segment matches
// any number of segments ("**/x", "a/**/b", "a/**").
//
// Matching is of one path at a time: a caller that walks a tree does not
// enter an ignored folder (as git does, a file inside one cannot be
// re-included by "!").
//
// # Bounds
//
// A file of at most MaxPatterns patterns; each pattern's match is
// linear-time in the path's segments for patterns without "**", and at most
// quadratic with it.
//
// # What it does not claim
//
// Only one ignore file, at one folder: no nested ignore files, no global
// excludes, no case folding.
package ignore

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// MaxPatterns bounds the patterns of one file.
const MaxPatterns = 10000

// ErrPattern is a pattern that cannot be read (a malformed "[" class), or
// a file with more than MaxPatterns patterns.
var ErrPattern = errors.New("invalid pattern")

// Error is an ErrPattern with its line.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("ignore: line %d: %v", e.Line, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

type pattern struct {
	segments []string // split at "/"
	negate   bool
	dirOnly  bool
	anchored bool
}

// Matcher holds the patterns of one ignore file.
type Matcher struct {
	patterns []pattern
}

// Parse reads an ignore file's contents.
func Parse(data []byte) (*Matcher, error) {
	m := &Matcher{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		line = trimTrailingSpaces(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var p pattern
		switch {
		case strings.HasPrefix(line, "!"):
			p.negate, line = true, line[1:]
		case strings.HasPrefix(line, `\!`), strings.HasPrefix(line, `\#`):
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			p.dirOnly, line = true, strings.TrimRight(line, "/")
		}
		if strings.Contains(line, "/") {
			p.anchored = true
			line = strings.TrimPrefix(line, "/")
		}
		if line == "" {
			continue
		}
		p.segments = strings.Split(line, "/")
		for _, s := range p.segments {
			if s == "**" {
				continue
			}
			if _, err := path.Match(s, ""); err != nil {
				return nil, &Error{Line: i + 1, Err: fmt.Errorf("%w: %q", ErrPattern, s)}
			}
		}
		if len(m.patterns) == MaxPatterns {
			return nil, &Error{Line: i + 1, Err: fmt.Errorf("%w: more than %d patterns", ErrPattern, MaxPatterns)}
		}
		m.patterns = append(m.patterns, p)
	}
	return m, nil
}

// trimTrailingSpaces drops trailing spaces that are not escaped.
func trimTrailingSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	if strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-2] + " "
	}
	return s
}

// Match reports whether rel, a path relative to the ignore file's folder
// with forward slashes, is ignored; dir reports a folder. The last pattern
// that names the path decides.
func (m *Matcher) Match(rel string, dir bool) bool {
	if m == nil {
		return false
	}
	segs := strings.Split(strings.Trim(rel, "/"), "/")
	ignored := false
	for i := range m.patterns {
		p := &m.patterns[i]
		if p.dirOnly && !dir {
			continue
		}
		var ok bool
		if p.anchored {
			ok = matchSegments(p.segments, segs)
		} else {
			ok = matchSegment(p.segments[0], segs[len(segs)-1])
		}
		if ok {
			ignored = !p.negate
		}
	}
	return ignored
}

func matchSegment(pat, name string) bool {
	ok, _ := path.Match(pat, name)
	return ok
}

// matchSegments matches pattern segments against path segments, "**"
// standing for any number of path segments.
func matchSegments(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			if len(rest) == 0 {
				return len(segs) > 0
			}
			for k := 0; k <= len(segs); k++ {
				if matchSegments(rest, segs[k:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 || !matchSegment(pat[0], segs[0]) {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
