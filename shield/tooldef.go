package shield

import (
	"strings"

	"github.com/plainsight/plainsight/shield/urllist"
)

// toolDefinition reports whether the input is an MCP tool definition (or
// a list of them, a tools/list result, a server definition holding
// tools): JSON content with an "inputSchema" member, or "input_schema" or
// "parameters" as other agent frameworks name it beside a "name" and a
// "description" (docs/judgement/tool-definitions.md). The member must sit
// where a definition's does — in the root object, in an element of a root
// array, or in an element of a "tools" list of the root (or of its
// "result", "params" or "definitions") — not anywhere: a tool's result
// that names "inputSchema" deep inside is still a result, and a word must
// not switch off the pii and ssrf readings toolDefFilter drops.
func (in *input) toolDefinition() bool {
	if in.view == nil || in.view.json == nil {
		return false
	}
	t := in.text
	other := strings.Contains(t, `"name"`) && strings.Contains(t, `"description"`)
	if !strings.Contains(t, `"inputSchema"`) && (!other || !strings.Contains(t, `"input_schema"`) && !strings.Contains(t, `"parameters"`)) {
		return false
	}
	for _, name := range []string{"inputSchema", "input_schema", "parameters"} {
		if name != "inputSchema" && !other {
			continue
		}
		key := `"` + name + `"`
		for off, n := 0, 0; n < 64; n++ {
			k := strings.Index(t[off:], key)
			if k < 0 {
				break
			}
			if definitionMember(t, off+k, len(key)) {
				return true
			}
			off += k + len(key)
		}
	}
	return false
}

// definitionMember reports whether the JSON text t holds, at offset at, a
// member name of length n (quotes included) whose object sits where a
// tool definition does: the root object, an element of a root array, or
// an element of a "tools" list of the root or of its "result", "params"
// or "definitions" member. It reads t once up to at, keeping the
// containers open there and the member each was opened for.
func definitionMember(t string, at, n int) bool {
	rest := strings.TrimLeft(t[at+n:], " \t\r\n")
	if !strings.HasPrefix(rest, ":") {
		return false // a string value, not a member name
	}
	type open struct {
		obj bool
		key string // the member whose value it is ("" for an element or the root)
	}
	var stack []open
	last, key := "", ""
	for i := 0; i < at; i++ {
		switch c := t[i]; c {
		case '"':
			j := i + 1
			for j < len(t) && t[j] != '"' {
				if t[j] == '\\' {
					j++
				}
				j++
			}
			if j >= at {
				return false // at is inside a string
			}
			last = t[i+1 : j]
			i = j
		case ':':
			key = last
		case ',':
			key = ""
		case '{', '[':
			if len(stack) == 4 {
				return false // deeper than any place a definition holds
			}
			stack = append(stack, open{c == '{', key})
			key = ""
		case '}', ']':
			if len(stack) == 0 {
				return false
			}
			stack = stack[:len(stack)-1]
			key = ""
		}
	}
	listOfTools := func(s []open) bool { // s ends with tools: [ {
		return len(s) >= 2 && !s[len(s)-2].obj && s[len(s)-2].key == "tools" && s[len(s)-1].obj
	}
	switch len(stack) {
	case 1:
		return stack[0].obj
	case 2:
		return !stack[0].obj && stack[1].obj
	case 3:
		return stack[0].obj && listOfTools(stack)
	case 4:
		k := stack[1].key
		return stack[0].obj && stack[1].obj && (k == "result" || k == "params" || k == "definitions") && listOfTools(stack)
	}
	return false
}

// toolDefFilter wraps add for a tool definition (issue 27, "Done when":
// at most 5 % of benign real-world tool definitions flagged, whatever the
// class). A tool definition is published documentation of an interface:
// the e-mail address, phone number or IBAN in it is an example of a
// format or the maintainer's support contact, not a person's data passing
// through the agent, and a localhost, private or metadata URL is an
// endpoint the tool describes or defaults to, not a request the content
// makes. So pii signals, and ssrf signals other than an obfuscated
// address or a metadata address given as a parameter's default or const
// (a value the tool requests when the model leaves it as it is), are not
// kept for it; a known_bad_url signal is kept unless its
// URL is a request-catcher service's bare root ("https://webhook.site/"
// named as a place to try a webhook), since a sink an attacker reads has
// a path or a host of its own. What the definition tells the model to do
// with those values is prompt_injection's business, and secrets are kept
// as everywhere (a live key in a default is a leaked key; documented
// example keys are negative in package internal/secret already).
func toolDefFilter(in *input, add func(hit)) func(hit) {
	text := in.text
	return func(h hit) {
		switch h.class {
		case PII:
			return
		case SSRF:
			if h.kind != "obfuscated_address" && (h.kind != "metadata_address" || !in.defaultValue(h.start)) {
				return
			}
		case KnownBadURL:
			if h.kind == urllist.KindRequestCatcher && bareRoot(text[h.start:h.end]) {
				return
			}
		}
		add(h)
	}
}

// bareRoot reports whether u is a URL or host name with no path beyond
// "/" and no query: "https://webhook.site/", "requestbin.example".
func bareRoot(u string) bool {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	i := strings.IndexAny(u, "/?#")
	if i < 0 {
		return true
	}
	return u[i:] == "/"
}

// defaultValue reports whether the content byte at offset lies in a JSON
// string that is a "default" or "const" member's value (or an element of
// one).
func (in *input) defaultValue(offset int) bool {
	jv := in.view.json
	f, ok := jv.Field(offset)
	if !ok {
		return false
	}
	p := jv.Pointer(f)
	for _, m := range []string{"/default", "/const"} {
		if i := strings.LastIndex(p, m); i >= 0 && (i+len(m) == len(p) || p[i+len(m)] == '/') {
			return true
		}
	}
	return false
}
