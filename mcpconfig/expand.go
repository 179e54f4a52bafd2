package mcpconfig

import (
	"encoding/json"
	"strings"
)

func unquote(b []byte) (string, error) {
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}

// syntax is which variable references a client's configuration expands.
type syntax uint8

const (
	// refBrace: ${VAR} and ${VAR:-default} (Claude Code's .mcp.json).
	refBrace syntax = 1 << iota
	// refEnvColon: ${env:VAR} (VS Code, Cursor, Windsurf).
	refEnvColon
	// refDollar: $VAR and ${VAR} (Gemini CLI).
	refDollar
	// refEditor: ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename},
	// ${pathSeparator} and ${input:ID} (VS Code, Cursor).
	refEditor
)

// expander resolves references against an environment.
type expander struct {
	syn  syntax
	env  func(string) string
	home string
	cwd  string
	// unresolved collects the references left as they were written.
	unresolved []string
}

// maxExpanded bounds the length of one expanded value: a reference is
// never expanded recursively, so a value grows by at most the values
// of the variables it names; past this bound the value is kept as
// written and marked unresolved.
const maxExpanded = 1 << 20

// expand returns s with the references of e's syntax replaced. A
// reference it cannot resolve (an unset variable without a default, an
// ${input:…} that only the editor can ask for, a name it does not know) is
// left as written and noted in e.unresolved, so that a probe never sends a
// half-resolved secret and the audit can say which server needs input.
func (e *expander) expand(s string) string {
	if e.syn == 0 || !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '$' {
			b.WriteByte(s[i])
			i++
			continue
		}
		val, n, ok := e.ref(s[i:])
		if n == 0 {
			b.WriteByte('$')
			i++
			continue
		}
		if !ok {
			e.note(s[i : i+n])
			b.WriteString(s[i : i+n])
		} else {
			b.WriteString(val)
		}
		i += n
		if b.Len() > maxExpanded {
			e.note(s)
			return s
		}
	}
	return b.String()
}

func (e *expander) note(ref string) {
	for _, r := range e.unresolved {
		if r == ref {
			return
		}
	}
	if len(e.unresolved) < 64 {
		e.unresolved = append(e.unresolved, ref)
	}
}

// ref reads the reference at the start of s ("$…"): its value, its length
// in s (0 when s holds no reference of e's syntax), and whether it
// resolved.
func (e *expander) ref(s string) (string, int, bool) {
	if strings.HasPrefix(s, "${") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return "", 0, false
		}
		body, n := s[2:end], end+1
		switch {
		case e.syn&refEnvColon != 0 && strings.HasPrefix(body, "env:"):
			return e.lookup(body[len("env:"):], n)
		case e.syn&refEditor != 0 && strings.HasPrefix(body, "input:"):
			return "", n, false
		case e.syn&refEditor != 0 && body == "userHome" && e.home != "":
			return e.home, n, true
		case e.syn&refEditor != 0 && body == "workspaceFolder" && e.cwd != "":
			return e.cwd, n, true
		case e.syn&refEditor != 0 && body == "workspaceFolderBasename" && e.cwd != "":
			return baseName(e.cwd), n, true
		case e.syn&refEditor != 0 && body == "pathSeparator":
			return "/", n, true
		case e.syn&refBrace != 0 && validName(strings.SplitN(body, ":-", 2)[0]):
			name, def, hasDef := strings.Cut(body, ":-")
			if v := e.env(name); v != "" {
				return v, n, true
			}
			if hasDef {
				return def, n, true
			}
			return "", n, false
		case e.syn&refDollar != 0 && validName(body):
			return e.lookup(body, n)
		case e.syn&(refEnvColon|refEditor) != 0:
			// A ${…} the editor resolves that this reader does not know.
			return "", n, false
		}
		return "", 0, false
	}
	if e.syn&refDollar != 0 {
		j := 1
		for j < len(s) && (s[j] == '_' || isAlnum(s[j])) {
			j++
		}
		if j > 1 && !isDigit(s[1]) {
			return e.lookup(s[1:j], j)
		}
	}
	return "", 0, false
}

func (e *expander) lookup(name string, n int) (string, int, bool) {
	if !validName(name) {
		return "", n, false
	}
	v := e.env(name)
	return v, n, v != ""
}

func validName(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '_' && !isAlnum(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func baseName(p string) string {
	p = strings.TrimRight(p, `/\`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
