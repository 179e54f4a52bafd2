package mcpconfig

import (
	"errors"
	"fmt"
)

// stripJSONC returns data with the JSONC extensions VS Code and Zed accept
// blanked out: // line comments, /* block */ comments and a comma before a
// closing ] or }. Each removed byte becomes a space (a line break inside a
// block comment stays), so every offset into the result is the offset of
// the same byte in data, and the result is strict JSON when data was
// JSONC. String contents are left alone. hadComments reports whether data
// held a comment. The work is one pass over data: O(len(data)) time and
// one copy of it.
func stripJSONC(data []byte) (out []byte, hadComments bool, err error) {
	out = make([]byte, len(data))
	copy(out, data)
	lastComma := -1 // offset of a comma not yet followed by a value
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '"':
			lastComma = -1
			j := i + 1
			for ; j < len(out); j++ {
				if out[j] == '\\' {
					j++
					continue
				}
				if out[j] == '"' {
					break
				}
			}
			if j >= len(out) {
				return nil, hadComments, errors.New("a string is not closed")
			}
			i = j
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			hadComments = true
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			hadComments = true
			start := i
			out[i], out[i+1] = ' ', ' '
			i += 2
			for ; i+1 < len(out) && !(out[i] == '*' && out[i+1] == '/'); i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			if i+1 >= len(out) {
				return nil, hadComments, fmt.Errorf("the comment at byte %d is not closed", start)
			}
			out[i], out[i+1] = ' ', ' '
			i++
		case c == ',':
			lastComma = i
		case c == ']' || c == '}':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			lastComma = -1
		}
	}
	return out, hadComments, nil
}

// span is the bytes [start, end) of one value in a JSON text.
type span struct{ start, end int }

// member is one member of an object: its decoded name, the span of the
// name (with its quotes) and the span of its value.
type member struct {
	name       string
	key, value span
}

// maxDepth bounds the nesting the span reader follows.
const maxDepth = 64

var errSyntax = errors.New("not JSON")

// spanReader reads the spans of a strict JSON text (one stripJSONC made):
// what the rewriting of --install needs to replace one server's object and
// leave every other byte of the file as it was.
type spanReader struct{ b []byte }

func (r spanReader) ws(i int) int {
	for i < len(r.b) && (r.b[i] == ' ' || r.b[i] == '\t' || r.b[i] == '\n' || r.b[i] == '\r') {
		i++
	}
	return i
}

// value returns the end of the value starting at i (after white space).
func (r spanReader) value(i, depth int) (int, error) {
	if depth > maxDepth {
		return 0, fmt.Errorf("%w: nested deeper than %d", errSyntax, maxDepth)
	}
	i = r.ws(i)
	if i >= len(r.b) {
		return 0, errSyntax
	}
	switch r.b[i] {
	case '"':
		return r.str(i)
	case '{':
		_, end, err := r.members(i, depth)
		return end, err
	case '[':
		i = r.ws(i + 1)
		if i < len(r.b) && r.b[i] == ']' {
			return i + 1, nil
		}
		for {
			end, err := r.value(i, depth+1)
			if err != nil {
				return 0, err
			}
			i = r.ws(end)
			if i >= len(r.b) {
				return 0, errSyntax
			}
			if r.b[i] == ']' {
				return i + 1, nil
			}
			if r.b[i] != ',' {
				return 0, errSyntax
			}
			i++
		}
	default:
		j := i
		for j < len(r.b) && r.b[j] != ',' && r.b[j] != '}' && r.b[j] != ']' && r.b[j] != ' ' && r.b[j] != '\n' && r.b[j] != '\r' && r.b[j] != '\t' {
			j++
		}
		if j == i {
			return 0, errSyntax
		}
		return j, nil
	}
}

func (r spanReader) str(i int) (int, error) {
	for j := i + 1; j < len(r.b); j++ {
		if r.b[j] == '\\' {
			j++
			continue
		}
		if r.b[j] == '"' {
			return j + 1, nil
		}
	}
	return 0, errSyntax
}

// members reads the object starting at i: its members in order, and the
// end of the object.
func (r spanReader) members(i, depth int) ([]member, int, error) {
	i = r.ws(i)
	if i >= len(r.b) || r.b[i] != '{' {
		return nil, 0, fmt.Errorf("%w: not an object", errSyntax)
	}
	var ms []member
	i = r.ws(i + 1)
	if i < len(r.b) && r.b[i] == '}' {
		return nil, i + 1, nil
	}
	for {
		i = r.ws(i)
		if i >= len(r.b) || r.b[i] != '"' {
			return nil, 0, errSyntax
		}
		kend, err := r.str(i)
		if err != nil {
			return nil, 0, err
		}
		name, err := unquote(r.b[i:kend])
		if err != nil {
			return nil, 0, err
		}
		j := r.ws(kend)
		if j >= len(r.b) || r.b[j] != ':' {
			return nil, 0, errSyntax
		}
		vstart := r.ws(j + 1)
		vend, err := r.value(vstart, depth+1)
		if err != nil {
			return nil, 0, err
		}
		ms = append(ms, member{name: name, key: span{i, kend}, value: span{vstart, vend}})
		i = r.ws(vend)
		if i >= len(r.b) {
			return nil, 0, errSyntax
		}
		if r.b[i] == '}' {
			return ms, i + 1, nil
		}
		if r.b[i] != ',' {
			return nil, 0, errSyntax
		}
		i++
	}
}

// find returns the span of the value at path (member names from the top
// object down), and whether it is there.
func (r spanReader) find(path ...string) (span, bool, error) {
	s := span{r.ws(0), len(r.b)}
	for _, name := range path {
		ms, _, err := r.members(s.start, 0)
		if err != nil {
			return span{}, false, err
		}
		found := false
		for _, m := range ms { // the last of a repeated name wins, as JSON.parse reads it
			if m.name == name {
				s, found = m.value, true
			}
		}
		if !found {
			return span{}, false, nil
		}
	}
	return s, true, nil
}
