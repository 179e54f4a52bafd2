package mcpconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Proxy says how Install routes a server through `plainsight proxy`: a
// stdio server becomes Command with the arguments
// `proxy [--db DB] -- COMMAND ARGS…`, an HTTP one
// `proxy [--db DB] [--sse] --upstream URL [--header 'NAME: VALUE']…`, the
// command lines `plainsight proxy --help` documents (docs/proxy.md).
type Proxy struct {
	// Command is the plainsight executable, an absolute path best (a
	// client starts servers with a reduced PATH).
	Command string
	// DB is the proxy's --db; "" for its default.
	DB string
}

// The actions of a Rewrite.
const (
	// Routed: the server now runs through the proxy (Install), or runs
	// as it did before (Uninstall).
	Routed = "routed"
	// Unrouted: Uninstall restored the server.
	Unrouted = "unrouted"
	// Already: nothing to do (routed before Install, not routed before
	// Uninstall).
	Already = "already"
	// Left: the server is left as it is, for Reason.
	Left = "left"
)

// Rewrite is what Install or Uninstall did to one server.
type Rewrite struct {
	// Name is the server's name; Project, for Claude Code's local scope,
	// the project it is under.
	Name, Project string
	// Action is Routed, Unrouted, Already or Left.
	Action string
	Reason string
}

// ErrComments is a server whose object holds a comment: rewriting it
// would drop the comment, so Install and Uninstall refuse the file unless
// told to force.
var ErrComments = errors.New("mcpconfig: a server to rewrite holds comments")

// Install rewrites the configuration data (the file at path, whose name
// and members say its format, as ReadFile detects it) to route each
// server through the proxy p. Only the servers' objects change; every
// other byte of the file — its other members, its formatting, its
// comments — is kept, and so is every member of a server object but the
// ones routing replaces (command and args; for an HTTP server url,
// serverUrl, httpUrl and headers, and "type", which becomes "stdio"):
// env, cwd, disabled and whatever else the client or its user put there
// stay. An SSE server (type "sse", Gemini CLI's url) is routed with
// --sse. A server already routed is left (Already), so Install is
// idempotent. Left as they are, with the reason: Zed's servers in the
// older command-object form or started by an extension. A server whose object
// holds a comment is refused with ErrComments unless force, which drops
// the comments inside the objects rewritten. In Codex's config.toml, a
// stdio server in a [mcp_servers.NAME] table of its own has its command
// and args lines replaced, every other line kept; its HTTP servers are
// left (their token is an environment variable the proxy's command line
// cannot name).
//
// The returned data is nil when nothing changed. Writing the file, and
// keeping a backup, is the caller's.
func Install(path string, data []byte, p Proxy, force bool) ([]byte, []Rewrite, error) {
	if p.Command == "" {
		return nil, nil, errors.New("mcpconfig: no proxy command")
	}
	return rewrite(path, data, force, true, p, func(f file, m []member, b []byte) ([]member, []newMember, string, string, error) {
		return route(f, m, b, p)
	})
}

// Uninstall undoes Install from the routed form itself, not from a
// backup, so that what was changed in the file since (another server, an
// env value) is kept: each routed server gets back its command and
// arguments (those after `--`), or its URL and headers (--upstream and
// --header, under the member name the client uses: url, serverUrl for
// Windsurf, httpUrl for Gemini CLI or url for its SSE, with "type":
// "http" or "sse" where a "type" member is), and the proxy's flags are
// dropped. A server not routed is
// left (Already).
func Uninstall(path string, data []byte, force bool) ([]byte, []Rewrite, error) {
	return rewrite(path, data, force, false, Proxy{}, unroute)
}

// newMember is a member a rewrite writes: its name and its JSON value.
type newMember struct {
	name  string
	value []byte
}

// A rewriter decides for one server: the members to keep (from m), those
// to write after them, and the action and reason; an action "" leaves the
// server unchanged.
type rewriter func(f file, m []member, b []byte) (keep []member, add []newMember, action, reason string, err error)

func rewrite(path string, data []byte, force, install bool, p Proxy, decide rewriter) ([]byte, []Rewrite, error) {
	f := detect(path, data)
	if f.format == fmtCodex {
		out, done, err := rewriteCodex(data, install, p)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return out, done, nil
	}
	b, _, err := stripJSONC(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w: %v", path, ErrFormat, err)
	}
	r := spanReader{b}
	if _, err := r.value(0, 0); err != nil || !json.Valid(b) {
		return nil, nil, fmt.Errorf("%s: %w: not JSON", path, ErrFormat)
	}
	type container struct {
		project string
		path    []string
	}
	var cs []container
	switch f.format {
	case fmtMCPServers, fmtWindsurf, fmtGemini:
		cs = append(cs, container{"", []string{"mcpServers"}})
	case fmtClaudeUser:
		cs = append(cs, container{"", []string{"mcpServers"}})
		if sp, ok, err := r.find("projects"); err == nil && ok {
			ps, _, err := r.members(sp.start, 1)
			if err == nil {
				for _, p := range ps {
					cs = append(cs, container{p.name, []string{"projects", p.name, "mcpServers"}})
				}
			}
		}
	case fmtVSCode:
		cs = append(cs, container{"", []string{"servers"}})
	case fmtVSCodeSettings:
		cs = append(cs, container{"", []string{"mcp.servers"}}, container{"", []string{"mcp", "servers"}})
	case fmtZed:
		cs = append(cs, container{"", []string{"context_servers"}})
	}
	type edit struct {
		at   span
		text []byte
	}
	var edits []edit
	var done []Rewrite
	for _, c := range cs {
		sp, ok, err := r.find(c.path...)
		if err != nil || !ok || b[sp.start] != '{' {
			continue
		}
		servers, _, err := r.members(sp.start, 1)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w: %v", path, ErrFormat, err)
		}
		sort.SliceStable(servers, func(i, j int) bool { return servers[i].name < servers[j].name })
		for _, s := range servers {
			rw := Rewrite{Name: s.name, Project: c.project}
			if b[s.value.start] != '{' {
				rw.Action, rw.Reason = Left, "not an object"
				done = append(done, rw)
				continue
			}
			ms, _, err := r.members(s.value.start, 2)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w: %v", path, ErrFormat, err)
			}
			keep, add, action, reason, err := decide(f, ms, b)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: server %q: %w", path, s.name, err)
			}
			rw.Action, rw.Reason = action, reason
			done = append(done, rw)
			if action != Routed && action != Unrouted {
				continue
			}
			if hasComment(data[s.value.start:s.value.end], b[s.value.start:s.value.end]) && !force {
				return nil, nil, fmt.Errorf("%s: server %q: %w (pass --force to drop them)", path, s.name, ErrComments)
			}
			edits = append(edits, edit{s.value, object(keep, add, b, indentAt(data, s.key.start))})
		}
	}
	if len(edits) == 0 {
		return nil, done, nil
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].at.start > edits[j].at.start })
	out := append([]byte(nil), data...)
	for _, e := range edits {
		out = append(out[:e.at.start], append(append([]byte(nil), e.text...), out[e.at.end:]...)...)
	}
	return out, done, nil
}

// hasComment says whether orig holds a comment that stripped blanked
// (a blanked comma is not one).
func hasComment(orig, stripped []byte) bool {
	for i := range orig {
		if orig[i] != stripped[i] && orig[i] != ',' {
			return true
		}
	}
	return false
}

// indentAt is the white space that starts the line holding offset i.
func indentAt(data []byte, i int) string {
	start := bytes.LastIndexByte(data[:i], '\n') + 1
	j := start
	for j < i && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	return string(data[start:j])
}

// object writes a server object: the members kept, as they were (without
// comments), then those added, indented one level below the server's
// name.
func object(keep []member, add []newMember, b []byte, indent string) []byte {
	var c bytes.Buffer
	c.WriteByte('{')
	n := 0
	for _, m := range keep {
		if n > 0 {
			c.WriteByte(',')
		}
		n++
		c.Write(b[m.key.start:m.key.end])
		c.WriteByte(':')
		c.Write(b[m.value.start:m.value.end])
	}
	for _, m := range add {
		if n > 0 {
			c.WriteByte(',')
		}
		n++
		name, _ := marshal(m.name)
		c.Write(name)
		c.WriteByte(':')
		c.Write(m.value)
	}
	c.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, c.Bytes(), indent, "  "); err != nil {
		return c.Bytes()
	}
	return out.Bytes()
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// fields decodes the members route and unroute read.
type fields struct {
	typ, command, url, urlKey string
	args                      []string
	headers                   map[string]string
	commandObject             bool
	source                    string
}

func readFields(ms []member, b []byte) (fields, error) {
	var fl fields
	for _, m := range ms {
		raw := b[m.value.start:m.value.end]
		var err error
		switch m.name {
		case "type":
			err = json.Unmarshal(raw, &fl.typ)
		case "command":
			if len(raw) > 0 && raw[0] == '{' {
				fl.commandObject = true
				continue
			}
			err = json.Unmarshal(raw, &fl.command)
		case "args":
			err = json.Unmarshal(raw, &fl.args)
		case "url", "serverUrl", "httpUrl":
			err = json.Unmarshal(raw, &fl.url)
			fl.urlKey = m.name
		case "headers":
			err = json.Unmarshal(raw, &fl.headers)
		case "source":
			err = json.Unmarshal(raw, &fl.source)
		}
		if err != nil {
			return fl, fmt.Errorf("%w: %q: %v", ErrFormat, m.name, err)
		}
	}
	return fl, nil
}

// IsRouted says whether a server's command and arguments run it through
// `plainsight proxy`.
func IsRouted(command string, args []string) bool {
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(command, `\`, "/")))
	return (base == "plainsight" || base == "plainsight.exe") && len(args) > 0 && args[0] == "proxy"
}

func route(f file, ms []member, b []byte, p Proxy) ([]member, []newMember, string, string, error) {
	fl, err := readFields(ms, b)
	if err != nil {
		return nil, nil, "", "", err
	}
	switch {
	case IsRouted(fl.command, fl.args):
		return nil, nil, Already, "", nil
	case fl.commandObject:
		return nil, nil, Left, "Zed's command object form is not rewritten", nil
	case f.format == fmtZed && fl.command == "" && fl.url == "":
		return nil, nil, Left, "started by a Zed extension", nil
	case fl.command == "" && fl.url == "":
		return nil, nil, Left, "neither a command nor a URL", nil
	}
	sse := fl.command == "" && (strings.EqualFold(fl.typ, "sse") || f.format == fmtGemini && fl.urlKey == "url")
	args := []string{"proxy"}
	if p.DB != "" {
		args = append(args, "--db", p.DB)
	}
	drop := map[string]bool{"command": true, "args": true}
	if fl.command != "" {
		args = append(append(append(args, "--"), fl.command), fl.args...)
	} else {
		if sse {
			args = append(args, "--sse")
		}
		args = append(args, "--upstream", fl.url)
		for _, k := range sortedKeys(fl.headers) {
			args = append(args, "--header", k+": "+fl.headers[k])
		}
		for _, k := range []string{"url", "serverUrl", "httpUrl", "headers"} {
			drop[k] = true
		}
	}
	var keep []member
	hasType := false
	for _, m := range ms {
		if drop[m.name] {
			continue
		}
		if m.name == "type" {
			hasType = true
			continue
		}
		keep = append(keep, m)
	}
	var add []newMember
	if hasType {
		add = append(add, newMember{"type", []byte(`"stdio"`)})
	}
	cmd, _ := marshal(p.Command)
	av, _ := marshal(args)
	add = append(add, newMember{"command", cmd}, newMember{"args", av})
	return keep, add, Routed, "", nil
}

func unroute(f file, ms []member, b []byte) ([]member, []newMember, string, string, error) {
	fl, err := readFields(ms, b)
	if err != nil {
		return nil, nil, "", "", err
	}
	if !IsRouted(fl.command, fl.args) {
		return nil, nil, Already, "", nil
	}
	pa, ok := ProxiedArgs(fl.args)
	if !ok {
		return nil, nil, Left, "proxy arguments this version does not know", nil
	}
	command, rest, upstream, headers := pa.Command, pa.Args, pa.Upstream, pa.Headers
	stdio := command != ""
	var keep []member
	hasType := false
	for _, m := range ms {
		switch m.name {
		case "command", "args":
			continue
		case "type":
			hasType = true
			continue
		}
		keep = append(keep, m)
	}
	var add []newMember
	if stdio {
		if hasType {
			add = append(add, newMember{"type", []byte(`"stdio"`)})
		}
		cmd, _ := marshal(command)
		add = append(add, newMember{"command", cmd})
		if rest == nil {
			rest = []string{}
		}
		av, _ := marshal(rest)
		add = append(add, newMember{"args", av})
		return keep, add, Unrouted, "", nil
	}
	key := "url"
	switch {
	case f.format == fmtWindsurf:
		key = "serverUrl"
	case f.format == fmtGemini && !pa.SSE:
		key = "httpUrl" // Gemini CLI's url is an SSE endpoint
	}
	switch {
	case hasType && pa.SSE:
		add = append(add, newMember{"type", []byte(`"sse"`)})
	case hasType:
		add = append(add, newMember{"type", []byte(`"http"`)})
	}
	u, _ := marshal(upstream)
	add = append(add, newMember{key, u})
	if len(headers) > 0 {
		h, _ := marshal(headers)
		add = append(add, newMember{"headers", h})
	}
	return keep, add, Unrouted, "", nil
}

// Proxied is what the command line of a routed server says.
type Proxied struct {
	// Command and Args are the stdio server's (after `--`).
	Command string
	Args    []string
	// Upstream, Headers and SSE are the HTTP server's (--upstream,
	// --header, --sse).
	Upstream string
	Headers  map[string]string
	SSE      bool
	// DB is the proxy's --db.
	DB string
}

// proxyValueFlags are the proxy's flags that take a value and that
// ProxiedArgs passes over (docs/proxy.md).
var proxyValueFlags = map[string]bool{"--listen": true, "--policy": true, "--keys": true, "--timeout": true, "--max-message": true}

// ProxiedArgs reads the arguments of `plainsight proxy` (args[0] is
// "proxy"): the upstream's command and arguments (after `--`) or its URL
// (--upstream), headers (--header, "NAME: VALUE") and transport (--sse),
// and the --db; the proxy's other flags are passed over. ok is false for
// arguments that are not the proxy's.
func ProxiedArgs(args []string) (Proxied, bool) {
	var p Proxied
	if len(args) == 0 || args[0] != "proxy" {
		return p, false
	}
	a := args[1:]
	for i := 0; i < len(a); i++ {
		name, value, hasValue := strings.Cut(a[i], "=")
		if !strings.HasPrefix(name, "--") || name == "--" {
			hasValue = false
			name = a[i]
		}
		next := func() (string, bool) {
			if hasValue {
				return value, true
			}
			if i+1 < len(a) {
				i++
				return a[i], true
			}
			return "", false
		}
		switch {
		case a[i] == "--":
			if i+1 >= len(a) {
				return Proxied{}, false
			}
			p.Command, p.Args = a[i+1], append([]string{}, a[i+2:]...)
			return p, p.Upstream == ""
		case name == "--upstream":
			v, ok := next()
			if !ok {
				return Proxied{}, false
			}
			p.Upstream = v
		case name == "--header":
			v, ok := next()
			k, hv, found := strings.Cut(v, ":")
			if !ok || !found || strings.TrimSpace(k) == "" {
				return Proxied{}, false
			}
			if p.Headers == nil {
				p.Headers = map[string]string{}
			}
			p.Headers[strings.TrimSpace(k)] = strings.TrimLeft(hv, " ")
		case name == "--db":
			v, ok := next()
			if !ok {
				return Proxied{}, false
			}
			p.DB = v
		case name == "--sse" && !hasValue:
			p.SSE = true
		case name == "--no-receipts" && !hasValue:
		case proxyValueFlags[name]:
			if _, ok := next(); !ok {
				return Proxied{}, false
			}
		default:
			return Proxied{}, false
		}
	}
	return p, p.Upstream != ""
}

// Upstream returns, for a server Install routed through the proxy, the
// server the proxy runs: its command and arguments, or its URL and
// headers, the rest of s kept (env, cwd, …); ok is false, and s is
// returned as it is, for a server that is not routed.
func Upstream(s Server) (Server, bool) {
	if s.Transport != Stdio || !IsRouted(s.Command, s.Args) {
		return s, false
	}
	p, ok := ProxiedArgs(s.Args)
	if !ok {
		return s, false
	}
	u := s
	if p.Command != "" {
		u.Command, u.Args = p.Command, p.Args
		return u, true
	}
	u.Transport, u.Command, u.Args, u.URL, u.Headers = HTTP, "", nil, p.Upstream, p.Headers
	if p.SSE {
		u.Transport = SSE
	}
	return u, true
}
