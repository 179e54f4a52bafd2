package mcpconfig

import (
	"fmt"
	"sort"
	"strings"
)

// rewriteCodex is Install and Uninstall for Codex's config.toml: a stdio
// server in a [mcp_servers.NAME] table of its own has its command and
// args lines replaced (the new ones right after the table's header);
// every other line of the file — other keys of the table, its env
// subtable, comments, other tables — stays as it was. A server written
// another way (dotted keys above its table, an inline table) and an HTTP
// server (its bearer token is an environment variable the proxy's
// command line cannot name) are left, with the reason.
func rewriteCodex(data []byte, install bool, p Proxy) ([]byte, []Rewrite, error) {
	src := string(data)
	doc, err := parseTOML(src)
	if err != nil {
		return nil, nil, err
	}
	tables, _ := doc["mcp_servers"].(map[string]any)
	headers, err := codexTables(src)
	if err != nil {
		return nil, nil, err
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	var done []Rewrite
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		rw := Rewrite{Name: name}
		t, _ := tables[name].(map[string]any)
		command, _ := t["command"].(string)
		var args []string
		if raw, ok := t["args"].([]any); ok {
			for _, a := range raw {
				s, isStr := a.(string)
				if !isStr {
					command = ""
					break
				}
				args = append(args, s)
			}
		}
		h, own := headers[name]
		var newArgs []string
		switch {
		case command == "" && t["url"] != nil:
			rw.Action, rw.Reason = Left, "a Codex HTTP server (route it by hand: its token is an environment variable)"
		case command == "":
			rw.Action, rw.Reason = Left, "no command that is a string with string args"
		case install && IsRouted(command, args), !install && !IsRouted(command, args):
			rw.Action = Already
		case !own:
			rw.Action, rw.Reason = Left, "not written in a [mcp_servers."+name+"] table of its own"
		case install:
			rw.Action = Routed
			newArgs = []string{"proxy"}
			if p.DB != "" {
				newArgs = append(newArgs, "--db", p.DB)
			}
			newArgs = append(append(append(newArgs, "--"), command), args...)
			command = p.Command
		default:
			pa, ok := ProxiedArgs(args)
			if !ok || pa.Command == "" {
				rw.Action, rw.Reason = Left, "proxy arguments this version does not know"
				break
			}
			rw.Action = Unrouted
			command, newArgs = pa.Command, pa.Args
		}
		done = append(done, rw)
		if rw.Action != Routed && rw.Action != Unrouted {
			continue
		}
		if h.command.start < 0 && h.args.start < 0 {
			rw.Action, rw.Reason = Left, "its command is not a line of its table"
			done[len(done)-1] = rw
			continue
		}
		for _, sp := range []span{h.command, h.args} {
			if sp.start >= 0 {
				edits = append(edits, edit{sp.start, sp.end, ""})
			}
		}
		c, _ := marshal(command)
		a, _ := marshal(newArgs)
		if newArgs == nil {
			a = []byte("[]")
		}
		edits = append(edits, edit{h.body, h.body, fmt.Sprintf("command = %s\nargs = %s\n", c, strings.ReplaceAll(string(a), `","`, `", "`))})
	}
	if len(edits) == 0 {
		return nil, done, nil
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := src
	for _, e := range edits {
		out = out[:e.start] + e.text + out[e.end:]
	}
	return []byte(out), done, nil
}

// codexTable is where a [mcp_servers.NAME] table's lines are: the offset
// after its header line, and the spans of its command and args lines
// (start -1 when absent).
type codexTable struct {
	body          int
	command, args span
}

// codexTables finds each [mcp_servers.NAME] header and, up to the next
// header, the lines that set command and args.
func codexTables(src string) (map[string]codexTable, error) {
	out := map[string]codexTable{}
	p := &tomlParser{src: src, line: 1}
	var cur *codexTable
	var curName string
	flush := func() {
		if cur != nil {
			out[curName] = *cur
		}
		cur = nil
	}
	for !p.eof() {
		lineStart := p.i
		p.skipBlank()
		switch {
		case p.peek("[["):
			flush()
		case p.peek("["):
			flush()
			p.i++
			keys, err := p.keys("]")
			if err != nil {
				return nil, err
			}
			if len(keys) == 2 && keys[0] == "mcp_servers" {
				curName = keys[1]
				cur = &codexTable{command: span{-1, -1}, args: span{-1, -1}}
				p.skipBlank()
				if p.peek("#") {
					p.skipComment()
				}
				p.newline()
				cur.body = p.i
				continue
			}
		case cur != nil && !p.peek("#") && !p.peek("\n") && !p.peek("\r"):

			keys, err := p.dotted()
			if err != nil {
				return nil, err
			}
			p.skipBlank()
			if !p.peek("=") {
				return nil, p.errorf("a key without =")
			}
			p.i++
			p.skipBlank()
			if _, err := p.value(0); err != nil {
				return nil, err
			}
			p.skipBlank()
			if p.peek("#") {
				p.skipComment()
			}
			p.newline()
			if len(keys) == 1 && (keys[0] == "command" || keys[0] == "args") {
				if keys[0] == "command" {
					cur.command = span{lineStart, p.i}
				} else {
					cur.args = span{lineStart, p.i}
				}
			}
			continue
		}
		// Any other line: past it, values over several lines included.
		p.i = lineStart
		if err := skipLine(p); err != nil {
			return nil, err
		}
	}
	flush()
	return out, nil
}

// skipLine moves past one logical line: a header, a key/value pair (its
// value may span lines), a comment or a blank line.
func skipLine(p *tomlParser) error {
	p.skipBlank()
	switch {
	case p.peek("#"):
		p.skipComment()
	case p.peek("[["):
		p.i += 2
		if _, err := p.keys("]]"); err != nil {
			return err
		}
	case p.peek("["):
		p.i++
		if _, err := p.keys("]"); err != nil {
			return err
		}
	case p.eof(), p.peek("\n"), p.peek("\r"):
	default:
		if _, err := p.dotted(); err != nil {
			return err
		}
		p.skipBlank()
		if !p.peek("=") {
			return p.errorf("a key without =")
		}
		p.i++
		p.skipBlank()
		if _, err := p.value(0); err != nil {
			return err
		}
	}
	p.skipBlank()
	if p.peek("#") {
		p.skipComment()
	}
	if !p.eof() && !p.newline() {
		return p.errorf("text after a value")
	}
	return nil
}
