package mcpconfig

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrTOML is a Codex config.toml this reader refuses.
var ErrTOML = errors.New("mcpconfig: not the TOML this reader reads")

// parseTOML reads a TOML document (https://toml.io/en/v1.0.0) into nested
// maps: a table is a map[string]any, an array of tables a []any of them,
// a string a string, an array a []any, a boolean a bool, and any other
// scalar (an integer, a float, a date) its text as written, a tomlScalar.
// It reads every construct of TOML 1.0's grammar that a Codex config.toml
// is written in — comments, [table] and [[array]] headers with bare,
// quoted and dotted keys, dotted keys in key/value pairs, the four kinds
// of string with their escapes, arrays over several lines, inline
// tables — and refuses, with ErrTOML, a key defined twice, a table
// header repeated, a string not closed, an escape TOML does not define,
// text that is not UTF-8, and nesting deeper than maxDepth. The scalars
// it keeps as text are not checked against TOML's number and date
// grammars: nothing the audit reads is one. The parse is one pass over
// the document, recursive only in arrays and inline tables (at most
// maxDepth deep).
func parseTOML(src string) (map[string]any, error) {
	if !utf8.ValidString(src) {
		return nil, fmt.Errorf("%w: not UTF-8", ErrTOML)
	}
	p := &tomlParser{src: src, line: 1}
	root := map[string]any{}
	cur := root
	defined := map[string]bool{} // the headers seen, as their joined keys
	for {
		p.skipSpace(true)
		if p.eof() {
			return root, nil
		}
		switch {
		case p.peek("[["):
			p.i += 2
			keys, err := p.keys("]]")
			if err != nil {
				return nil, err
			}
			parent, err := walk(root, keys[:len(keys)-1], p)
			if err != nil {
				return nil, err
			}
			last := keys[len(keys)-1]
			t := map[string]any{}
			switch v := parent[last].(type) {
			case nil:
				parent[last] = []any{t}
			case []any:
				if len(v) > 0 {
					if _, ok := v[0].(map[string]any); !ok {
						return nil, p.errorf("%q is an array, not an array of tables", last)
					}
				} else {
					return nil, p.errorf("%q is an array, not an array of tables", last)
				}
				parent[last] = append(v, t)
			default:
				return nil, p.errorf("%q is defined twice", last)
			}
			cur = t
		case p.peek("["):
			p.i++
			keys, err := p.keys("]")
			if err != nil {
				return nil, err
			}
			joined := strings.Join(keys, "\x00")
			if defined[joined] {
				return nil, p.errorf("the table [%s] is defined twice", strings.Join(keys, "."))
			}
			defined[joined] = true
			t, err := walk(root, keys, p)
			if err != nil {
				return nil, err
			}
			cur = t
		default:
			if err := p.keyValue(cur, 0); err != nil {
				return nil, err
			}
		}
		p.skipBlank()
		if p.peek("#") {
			p.skipComment()
		}
		if !p.eof() && !p.newline() {
			return nil, p.errorf("text after a value")
		}
	}
}

// tomlScalar is a TOML integer, float, date or time as written.
type tomlScalar string

// walk returns the table at keys below t, creating the tables missing;
// an array of tables on the way stands for its last table.
func walk(t map[string]any, keys []string, p *tomlParser) (map[string]any, error) {
	for _, k := range keys {
		switch v := t[k].(type) {
		case nil:
			n := map[string]any{}
			t[k] = n
			t = n
		case map[string]any:
			t = v
		case []any:
			if len(v) == 0 {
				return nil, p.errorf("%q is not a table", k)
			}
			last, ok := v[len(v)-1].(map[string]any)
			if !ok {
				return nil, p.errorf("%q is not a table", k)
			}
			t = last
		default:
			return nil, p.errorf("%q is not a table", k)
		}
	}
	return t, nil
}

type tomlParser struct {
	src  string
	i    int
	line int
}

func (p *tomlParser) eof() bool          { return p.i >= len(p.src) }
func (p *tomlParser) peek(s string) bool { return strings.HasPrefix(p.src[p.i:], s) }

func (p *tomlParser) errorf(format string, a ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrTOML, p.line, fmt.Sprintf(format, a...))
}

func (p *tomlParser) skipBlank() {
	for !p.eof() && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

func (p *tomlParser) skipComment() {
	for !p.eof() && p.src[p.i] != '\n' {
		p.i++
	}
}

// newline moves past a line break, and says whether there was one.
func (p *tomlParser) newline() bool {
	switch {
	case p.peek("\n"):
		p.i++
	case p.peek("\r\n"):
		p.i += 2
	default:
		return false
	}
	p.line++
	return true
}

// skipSpace skips blanks and comments, and line breaks when lines is set.
func (p *tomlParser) skipSpace(lines bool) {
	for !p.eof() {
		p.skipBlank()
		if p.peek("#") {
			p.skipComment()
		}
		if !lines || !p.newline() {
			return
		}
	}
}

// keys reads a dotted key up to end (a header's closing bracket).
func (p *tomlParser) keys(end string) ([]string, error) {
	keys, err := p.dotted()
	if err != nil {
		return nil, err
	}
	p.skipBlank()
	if !p.peek(end) {
		return nil, p.errorf("a table header is not closed")
	}
	p.i += len(end)
	return keys, nil
}

// dotted reads a key: simple keys joined by dots.
func (p *tomlParser) dotted() ([]string, error) {
	var keys []string
	for {
		p.skipBlank()
		k, err := p.simpleKey()
		if err != nil {
			return nil, err
		}
		keys = append(keys, k)
		if len(keys) > maxDepth {
			return nil, p.errorf("a key of more than %d parts", maxDepth)
		}
		p.skipBlank()
		if !p.peek(".") {
			return keys, nil
		}
		p.i++
	}
}

func (p *tomlParser) simpleKey() (string, error) {
	switch {
	case p.peek(`"`) && !p.peek(`"""`):
		return p.basic()
	case p.peek("'") && !p.peek("'''"):
		return p.literal()
	}
	start := p.i
	for !p.eof() {
		c := p.src[p.i]
		if c != '_' && c != '-' && !isAlnum(c) {
			break
		}
		p.i++
	}
	if p.i == start {
		return "", p.errorf("a key is missing")
	}
	return p.src[start:p.i], nil
}

// keyValue reads key = value into t.
func (p *tomlParser) keyValue(t map[string]any, depth int) error {
	keys, err := p.dotted()
	if err != nil {
		return err
	}
	p.skipBlank()
	if !p.peek("=") {
		return p.errorf("a key without = and a value")
	}
	p.i++
	p.skipBlank()
	v, err := p.value(depth)
	if err != nil {
		return err
	}
	parent, err := walk(t, keys[:len(keys)-1], p)
	if err != nil {
		return err
	}
	last := keys[len(keys)-1]
	if _, dup := parent[last]; dup {
		return p.errorf("%q is defined twice", last)
	}
	parent[last] = v
	return nil
}

func (p *tomlParser) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, p.errorf("nested deeper than %d", maxDepth)
	}
	switch {
	case p.peek(`"""`):
		return p.multiBasic()
	case p.peek("'''"):
		return p.multiLiteral()
	case p.peek(`"`):
		return p.basic()
	case p.peek("'"):
		return p.literal()
	case p.peek("["):
		p.i++
		arr := []any{}
		for {
			p.skipSpace(true)
			if p.peek("]") {
				p.i++
				return arr, nil
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			p.skipSpace(true)
			if p.peek(",") {
				p.i++
				continue
			}
			if !p.peek("]") {
				return nil, p.errorf("an array is not closed")
			}
		}
	case p.peek("{"):
		p.i++
		t := map[string]any{}
		p.skipBlank()
		if p.peek("}") {
			p.i++
			return t, nil
		}
		for {
			p.skipBlank()
			if err := p.keyValue(t, depth+1); err != nil {
				return nil, err
			}
			p.skipBlank()
			if p.peek("}") {
				p.i++
				return t, nil
			}
			if !p.peek(",") {
				return nil, p.errorf("an inline table is not closed")
			}
			p.i++
		}
	case p.peek("true"):
		p.i += 4
		return true, nil
	case p.peek("false"):
		p.i += 5
		return false, nil
	}
	start := p.i
	for !p.eof() {
		c := p.src[p.i]
		if c == ',' || c == ']' || c == '}' || c == '#' || c == '\n' || c == '\r' || c == '\t' {
			break
		}
		if c == ' ' && !(p.i+1 < len(p.src) && isDigit(p.src[p.i+1]) && p.i > start && isDigit(p.src[p.i-1])) {
			break // a space inside a value only between a date and its time
		}
		p.i++
	}
	if p.i == start {
		return nil, p.errorf("a value is missing")
	}
	return tomlScalar(p.src[start:p.i]), nil
}

func (p *tomlParser) literal() (string, error) {
	p.i++
	start := p.i
	for !p.eof() && p.src[p.i] != '\'' {
		if p.src[p.i] == '\n' {
			return "", p.errorf("a string is not closed on its line")
		}
		p.i++
	}
	if p.eof() {
		return "", p.errorf("a string is not closed")
	}
	s := p.src[start:p.i]
	p.i++
	return s, nil
}

func (p *tomlParser) multiLiteral() (string, error) {
	p.i += 3
	p.newline()
	end := strings.Index(p.src[p.i:], "'''")
	if end < 0 {
		return "", p.errorf("a string is not closed")
	}
	// Up to two quotes may end the content, right before the delimiter.
	rest := p.src[p.i:]
	for extra := 0; extra < 2 && end+3 < len(rest) && rest[end+3] == '\''; extra++ {
		end++
	}
	s := p.src[p.i : p.i+end]
	p.line += strings.Count(s, "\n")
	p.i += end + 3
	return s, nil
}

func (p *tomlParser) basic() (string, error) {
	p.i++
	var b strings.Builder
	for {
		if p.eof() || p.src[p.i] == '\n' {
			return "", p.errorf("a string is not closed on its line")
		}
		c := p.src[p.i]
		switch c {
		case '"':
			p.i++
			return b.String(), nil
		case '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

func (p *tomlParser) multiBasic() (string, error) {
	p.i += 3
	p.newline()
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errorf("a string is not closed")
		}
		if p.peek(`"""`) {
			p.i += 3
			for n := 0; n < 2 && p.peek(`"`); n++ {
				b.WriteByte('"')
				p.i++
			}
			return b.String(), nil
		}
		c := p.src[p.i]
		switch {
		case c == '\\' && p.i+1 < len(p.src) && (p.src[p.i+1] == '\n' || p.src[p.i+1] == ' ' || p.src[p.i+1] == '\t' || p.src[p.i+1] == '\r'):
			// A line-ending backslash trims the white space after it.
			p.i++
			for !p.eof() && (p.src[p.i] == ' ' || p.src[p.i] == '\t' || p.src[p.i] == '\r' || p.src[p.i] == '\n') {
				if p.src[p.i] == '\n' {
					p.line++
				}
				p.i++
			}
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		default:
			if c == '\n' {
				p.line++
			}
			b.WriteByte(c)
			p.i++
		}
	}
}

func (p *tomlParser) escape(b *strings.Builder) error {
	if p.i+1 >= len(p.src) {
		return p.errorf("an escape is not complete")
	}
	c := p.src[p.i+1]
	p.i += 2
	switch c {
	case 'b':
		b.WriteByte('\b')
	case 't':
		b.WriteByte('\t')
	case 'n':
		b.WriteByte('\n')
	case 'f':
		b.WriteByte('\f')
	case 'r':
		b.WriteByte('\r')
	case 'e':
		b.WriteByte(0x1b)
	case '"':
		b.WriteByte('"')
	case '\\':
		b.WriteByte('\\')
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if p.i+n > len(p.src) {
			return p.errorf("a \\%c escape is not complete", c)
		}
		v, err := strconv.ParseUint(p.src[p.i:p.i+n], 16, 32)
		if err != nil || !utf8.ValidRune(rune(v)) {
			return p.errorf("a \\%c escape that is not a Unicode scalar value", c)
		}
		b.WriteRune(rune(v))
		p.i += n
	default:
		return p.errorf("the escape \\%c is not TOML's", c)
	}
	return nil
}
