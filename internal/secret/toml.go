package secret

import (
	"fmt"
	"strconv"
	"strings"
)

// tomlTable is one table of the rules file: its header ("rules",
// "rules.allowlists", "allowlist", …) and its keys, each a string, a
// number or a list of strings.
type tomlTable struct {
	header string
	keys   map[string]any // string, float64 or []string
}

// parseTOML reads the subset of TOML that gitleaks' rules file is written
// in: comments, [table] and [[array-of-tables]] headers, and key = value
// where a value is a basic ("…"), literal ('…') or multi-line literal
// (”'…”') string, a number, or an array of such strings spread over
// lines. Anything else is an error: the file is embedded, and a test
// parses it, so an error means the file changed shape.
func parseTOML(src string) ([]tomlTable, error) {
	p := tomlParser{src: src, line: 1}
	var tables []tomlTable
	cur := tomlTable{header: "", keys: map[string]any{}}
	for {
		p.skipSpaceAndComments()
		if p.eof() {
			break
		}
		switch {
		case p.peek("[["):
			p.i += 2
			h := p.until("]]")
			if h == "" {
				return nil, p.errorf("unterminated table header")
			}
			tables = append(tables, cur)
			cur = tomlTable{header: strings.TrimSpace(h), keys: map[string]any{}}
		case p.peek("["):
			p.i++
			h := p.until("]")
			if h == "" {
				return nil, p.errorf("unterminated table header")
			}
			tables = append(tables, cur)
			cur = tomlTable{header: strings.TrimSpace(h), keys: map[string]any{}}
		default:
			key := p.key()
			if key == "" {
				return nil, p.errorf("expected a key")
			}
			p.skipBlank()
			if !p.peek("=") {
				return nil, p.errorf("expected = after %q", key)
			}
			p.i++
			p.skipBlank()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			cur.keys[key] = v
		}
	}
	return append(tables, cur), nil
}

type tomlParser struct {
	src  string
	i    int
	line int
}

func (p *tomlParser) eof() bool          { return p.i >= len(p.src) }
func (p *tomlParser) peek(s string) bool { return strings.HasPrefix(p.src[p.i:], s) }

func (p *tomlParser) errorf(format string, a ...any) error {
	return fmt.Errorf("gitleaks rules, line %d: %s", p.line, fmt.Sprintf(format, a...))
}

// skipBlank skips spaces and tabs.
func (p *tomlParser) skipBlank() {
	for !p.eof() && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

// skipSpaceAndComments skips white space, line breaks and comments.
func (p *tomlParser) skipSpaceAndComments() {
	for !p.eof() {
		switch c := p.src[p.i]; {
		case c == '\n':
			p.line++
			p.i++
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '#':
			for !p.eof() && p.src[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// until returns the text up to end and moves past it, or "" if end does
// not come before the line ends.
func (p *tomlParser) until(end string) string {
	k := strings.Index(p.src[p.i:], end)
	nl := strings.IndexByte(p.src[p.i:], '\n')
	if k < 0 || nl >= 0 && nl < k {
		return ""
	}
	s := p.src[p.i : p.i+k]
	p.i += k + len(end)
	return s
}

func (p *tomlParser) key() string {
	j := p.i
	for j < len(p.src) {
		c := p.src[j]
		if isBase62(c) || c == '_' || c == '-' || c == '.' {
			j++
			continue
		}
		break
	}
	k := p.src[p.i:j]
	p.i = j
	return k
}

func (p *tomlParser) value() (any, error) {
	if p.eof() {
		return nil, p.errorf("expected a value")
	}
	switch c := p.src[p.i]; {
	case c == '[':
		p.i++
		var list []string
		for {
			p.skipSpaceAndComments()
			if p.eof() {
				return nil, p.errorf("unterminated array")
			}
			if p.src[p.i] == ']' {
				p.i++
				return list, nil
			}
			s, err := p.str()
			if err != nil {
				return nil, err
			}
			list = append(list, s)
			p.skipSpaceAndComments()
			if p.peek(",") {
				p.i++
			}
		}
	case c == '"' || c == '\'':
		return p.str()
	default:
		j := p.i
		for j < len(p.src) && (isDigit(p.src[j]) || p.src[j] == '.' || p.src[j] == '-' || p.src[j] == '+') {
			j++
		}
		f, err := strconv.ParseFloat(p.src[p.i:j], 64)
		if err != nil {
			return nil, p.errorf("bad value %q", p.src[p.i:j])
		}
		p.i = j
		return f, nil
	}
}

// str reads one string value.
func (p *tomlParser) str() (string, error) {
	switch {
	case p.peek("'''"):
		p.i += 3
		k := strings.Index(p.src[p.i:], "'''")
		if k < 0 {
			return "", p.errorf("unterminated ''' string")
		}
		s := p.src[p.i : p.i+k]
		p.line += strings.Count(s, "\n")
		p.i += k + 3
		// TOML drops a line break right after the opening delimiter.
		s = strings.TrimPrefix(strings.TrimPrefix(s, "\r"), "\n")
		return s, nil
	case p.peek("'"):
		p.i++
		k := strings.IndexByte(p.src[p.i:], '\'')
		if nl := strings.IndexByte(p.src[p.i:], '\n'); k < 0 || nl >= 0 && nl < k {
			return "", p.errorf("unterminated ' string")
		}
		s := p.src[p.i : p.i+k]
		p.i += k + 1
		return s, nil
	case p.peek(`"`):
		p.i++
		var b strings.Builder
		for {
			if p.eof() || p.src[p.i] == '\n' {
				return "", p.errorf(`unterminated " string`)
			}
			c := p.src[p.i]
			if c == '"' {
				p.i++
				return b.String(), nil
			}
			if c != '\\' {
				b.WriteByte(c)
				p.i++
				continue
			}
			if p.i+1 >= len(p.src) {
				return "", p.errorf("bad escape")
			}
			p.i += 2
			switch e := p.src[p.i-1]; e {
			case '\\', '"':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'u', 'U':
				n := 4
				if e == 'U' {
					n = 8
				}
				if p.i+n > len(p.src) {
					return "", p.errorf("bad escape")
				}
				r, err := strconv.ParseUint(p.src[p.i:p.i+n], 16, 32)
				if err != nil {
					return "", p.errorf("bad escape")
				}
				b.WriteRune(rune(r))
				p.i += n
			default:
				return "", p.errorf("bad escape \\%c", e)
			}
		}
	}
	return "", p.errorf("expected a string")
}
