package shield

import (
	"strings"

	"github.com/plainsight/plainsight/shield/urllist"
)

// toolDefinition reports whether the input is an MCP tool definition (or
// a list of them, a tools/list result, a server definition holding
// tools): JSON content read through its view with an "inputSchema"
// member, or "input_schema" and "parameters" as other agent frameworks
// name it beside a "name" and a "description" (docs/judgement/tool-definitions.md).
func (in *input) toolDefinition() bool {
	if in.view == nil || in.view.json == nil {
		return false
	}
	t := in.text
	return strings.Contains(t, `"inputSchema"`) ||
		(strings.Contains(t, `"input_schema"`) || strings.Contains(t, `"parameters"`)) &&
			strings.Contains(t, `"name"`) && strings.Contains(t, `"description"`)
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
