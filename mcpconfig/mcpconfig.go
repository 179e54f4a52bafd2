package mcpconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The clients whose configurations are read, as Server.Client names them.
const (
	ClaudeDesktop = "claude-desktop"
	ClaudeCode    = "claude-code"
	Cursor        = "cursor"
	VSCode        = "vscode"
	Windsurf      = "windsurf"
	Zed           = "zed"
	Gemini        = "gemini"
	Codex         = "codex"
	// Other names a file given to ReadFile whose client is not known by
	// its name: any JSON file with an "mcpServers" object.
	Other = "config"
)

// The transports of Server.Transport.
const (
	Stdio = "stdio"
	HTTP  = "http"
	SSE   = "sse"
)

// The scopes of Server.Scope.
const (
	// ScopeUser: a file in the home directory, for every project.
	ScopeUser = "user"
	// ScopeProject: a file in the project (the cwd given to Discover),
	// usually committed with it, so written by whoever wrote the project.
	ScopeProject = "project"
	// ScopeLocal: Claude Code's servers for one project, kept in the
	// user's ~/.claude.json under the project's path.
	ScopeLocal = "local"
)

// MaxFileSize is the largest configuration file read (128 MiB); a larger
// one is refused with ErrTooLarge. A client's configuration is a few
// kilobytes, but ~/.claude.json also holds Claude Code's history of
// projects, and users report it at 65 to 101 MB
// (https://github.com/anthropics/claude-code/issues/6394,
// https://github.com/anthropics/claude-code/issues/2593): a cap below
// that would refuse the file of the users who run the most servers.
// Reading one holds about four and a half times its size (a 100 MB
// ~/.claude.json: 457 MB resident, 5.8 s).
const MaxFileSize = 128 << 20

// Errors a file is refused with, for errors.Is.
var (
	// ErrTooLarge: the file is larger than MaxFileSize.
	ErrTooLarge = errors.New("mcpconfig: the file is larger than the cap")
	// ErrFormat: the file is not a configuration this package reads (not
	// JSON or JSONC, not TOML, or its servers not where the client keeps
	// them, or of the wrong types).
	ErrFormat = errors.New("mcpconfig: not a configuration this package reads")
)

// Server is one MCP server a client is configured to start or connect to.
//
// Its values are resolved (see the package doc, "References"): Env and
// Headers may hold secrets, read from the configuration or the
// environment. Print their names, never their values.
type Server struct {
	// Client names the client (ClaudeDesktop, Cursor, …).
	Client string
	// ConfigPath is the file the server is configured in.
	ConfigPath string
	// Name is the server's name in that file.
	Name string
	// Scope is ScopeUser, ScopeProject or ScopeLocal.
	Scope string
	// Project is, for ScopeLocal, the project's path (a key of
	// ~/.claude.json's "projects").
	Project string
	// Transport is Stdio, HTTP or SSE.
	Transport string
	// Command and Args start a stdio server.
	Command string
	Args    []string
	// Env is what the configuration adds to a stdio server's
	// environment.
	Env map[string]string
	// Cwd is a stdio server's working directory, "" when not given.
	Cwd string
	// URL is an HTTP or SSE server's endpoint.
	URL string
	// Headers are sent with each request to an HTTP or SSE server.
	Headers map[string]string
	// Disabled reports a server the client is told not to start.
	Disabled bool
	// Unresolved lists the references the values hold that were left as
	// written: ${input:ID} (the editor asks for it), a variable that is
	// not set, a name this package does not know.
	Unresolved []string
}

// Skipped is a file, or a server in a file, that was found and not read.
type Skipped struct {
	Client string
	Path   string
	// Name is the server's name, "" for a whole file.
	Name string
	// Err says why, wrapping ErrTooLarge, ErrFormat or ErrTOML, or the
	// error reading the file.
	Err error
}

// file is one configuration file a client reads, and how.
type file struct {
	client  string
	path    string
	scope   string
	format  format
	syntax  syntax
	home    string
	cwd     string
	env     func(string) string
	project string // ScopeLocal's project, set per entry
}

// format is where a file keeps its servers and what its members mean.
type format uint8

const (
	// fmtMCPServers: {"mcpServers": {NAME: {command, args, env, url,
	// headers, type}}} (Claude Desktop, Claude Code's .mcp.json, Cursor).
	fmtMCPServers format = iota
	// fmtClaudeUser: ~/.claude.json: "mcpServers" and
	// "projects"[PATH]["mcpServers"].
	fmtClaudeUser
	// fmtVSCode: mcp.json: {"servers": {...}, "inputs": [...]}.
	fmtVSCode
	// fmtVSCodeSettings: settings.json: {"mcp": {"servers": {...}}} or
	// {"mcp.servers": {...}}.
	fmtVSCodeSettings
	// fmtWindsurf: mcpServers with serverUrl.
	fmtWindsurf
	// fmtZed: {"context_servers": {...}}.
	fmtZed
	// fmtGemini: mcpServers with httpUrl (Streamable HTTP) and url (SSE).
	fmtGemini
	// fmtCodex: config.toml, [mcp_servers.NAME].
	fmtCodex
)

// Discover finds the MCP servers configured for every client this package
// reads, in the home directory home and the project directory cwd (""
// for none), with env the environment (os.Getenv) for the paths that
// depend on it (APPDATA, XDG_CONFIG_HOME, CODEX_HOME) and for the
// references the configurations make. A file that is not there is not
// an error; a file that is there and cannot be read, or a server in it
// that cannot, is in the Skipped list, and so is a Zed server that an
// extension manages. The error is for a home that is not given.
//
// Servers come in the order of the clients above, each file's servers
// sorted by name; ~/.claude.json's project servers after its user ones,
// sorted by project.
func Discover(home string, env func(string) string, cwd string) ([]Server, []Skipped, error) {
	if home == "" {
		return nil, nil, errors.New("mcpconfig: no home directory")
	}
	if env == nil {
		env = func(string) string { return "" }
	}
	var servers []Server
	var skipped []Skipped
	seen := map[string]bool{}
	for _, f := range files(home, env, cwd) {
		clean := filepath.Clean(f.path)
		if seen[clean] {
			continue
		}
		seen[clean] = true
		data, err := readCapped(f.path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			skipped = append(skipped, Skipped{Client: f.client, Path: f.path, Err: err})
			continue
		}
		f.home, f.cwd, f.env = home, cwd, env
		s, sk, err := f.read(data)
		if err != nil {
			skipped = append(skipped, Skipped{Client: f.client, Path: f.path, Err: err})
			continue
		}
		servers = append(servers, s...)
		skipped = append(skipped, sk...)
	}
	return servers, skipped, nil
}

// ReadFile reads the MCP servers configured in one file (--config FILE),
// of any client's format, detected from its name and then its members
// (see the package doc); references are resolved against the process's environment,
// home and working directory. A server in the file that cannot be read
// is an error (Read lists it instead).
func ReadFile(path string) ([]Server, error) {
	home, _ := os.UserHomeDir()
	cwd, _ := os.Getwd()
	s, sk, err := Read(path, home, os.Getenv, cwd)
	if err == nil && len(sk) > 0 {
		err = fmt.Errorf("%s: server %q: %w", path, sk[0].Name, sk[0].Err)
	}
	return s, err
}

// Read is ReadFile with the home, environment and project directory
// given, and the servers that cannot be read listed rather than an
// error.
func Read(path, home string, env func(string) string, cwd string) ([]Server, []Skipped, error) {
	data, err := readCapped(path)
	if err != nil {
		return nil, nil, err
	}
	f := detect(path, data)
	f.home, f.cwd, f.env = home, cwd, env
	if f.env == nil {
		f.env = func(string) string { return "" }
	}
	servers, skipped, err := f.read(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return servers, skipped, nil
}

// detect says which client's format a file is in: from its name first
// (claude_desktop_config.json, .claude.json, .mcp.json, mcp_config.json,
// config.toml, a settings.json under zed, .gemini or Code), then from its
// members ("context_servers": Zed; "servers": VS Code's mcp.json; "mcp"
// or "mcp.servers": VS Code's settings; "mcpServers": the common form).
func detect(path string, data []byte) file {
	base := filepath.Base(path)
	dir := filepath.Base(filepath.Dir(path))
	f := file{path: path, scope: ScopeUser, client: Other, format: fmtMCPServers}
	switch {
	case strings.HasSuffix(base, ".toml"):
		f.client, f.format = Codex, fmtCodex
	case base == "claude_desktop_config.json":
		f.client = ClaudeDesktop
	case base == ".claude.json":
		f.client, f.format, f.syntax = ClaudeCode, fmtClaudeUser, refBrace
	case base == ".mcp.json":
		f.client, f.syntax, f.scope = ClaudeCode, refBrace, ScopeProject
	case base == "mcp_config.json":
		f.client, f.format, f.syntax = Windsurf, fmtWindsurf, refEnvColon
	case base == "mcp.json" && dir == ".cursor":
		f.client, f.syntax = Cursor, refEnvColon|refEditor
	case base == "settings.json" && strings.EqualFold(dir, "zed"):
		f.client, f.format = Zed, fmtZed
	case base == "settings.json" && dir == ".gemini":
		f.client, f.format, f.syntax = Gemini, fmtGemini, refDollar
	default:
		top := topMembers(data)
		switch {
		case top["context_servers"]:
			f.client, f.format = Zed, fmtZed
		case top["servers"]:
			f.client, f.format, f.syntax = VSCode, fmtVSCode, refEnvColon|refEditor
		case top["mcp"] || top["mcp.servers"]:
			f.client, f.format, f.syntax = VSCode, fmtVSCodeSettings, refEnvColon|refEditor
		}
	}
	return f
}

// topMembers names the members of data's top object (nil for a file that
// is not a JSON or JSONC object).
func topMembers(data []byte) map[string]bool {
	b, _, err := stripJSONC(data)
	if err != nil {
		return nil
	}
	ms, _, err := spanReader{b}.members(0, 0)
	if err != nil {
		return nil
	}
	top := map[string]bool{}
	for _, m := range ms {
		top[m.name] = true
	}
	return top
}

// readCapped reads a file of at most MaxFileSize bytes.
func readCapped(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s: %w: a directory", path, ErrFormat)
	}
	data, err := io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: %w (%d MiB)", path, ErrTooLarge, MaxFileSize>>20)
	}
	return data, nil
}

// decodeJSONC decodes a JSON or JSONC object into a map of raw members.
func decodeJSONC(data []byte) (map[string]json.RawMessage, error) {
	b, _, err := stripJSONC(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return map[string]json.RawMessage{}, nil // an empty file: no servers
	}
	if _, err := (spanReader{b}).value(0, 0); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	return top, nil
}

// read reads the servers of one file.
func (f file) read(data []byte) ([]Server, []Skipped, error) {
	if f.format == fmtCodex {
		return f.readCodex(data)
	}
	top, err := decodeJSONC(data)
	if err != nil {
		return nil, nil, err
	}
	var servers []Server
	var skipped []Skipped
	add := func(g file, raw json.RawMessage) error {
		if len(raw) == 0 || string(raw) == "null" {
			return nil
		}
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			return fmt.Errorf("%w: the servers are not an object", ErrFormat)
		}
		for _, name := range sortedKeys(entries) {
			s, err := g.entry(name, entries[name])
			if errors.Is(err, errManaged) {
				skipped = append(skipped, Skipped{Client: g.client, Path: g.path, Name: name, Err: err})
				continue
			}
			if err != nil {
				skipped = append(skipped, Skipped{Client: g.client, Path: g.path, Name: name, Err: fmt.Errorf("%w: %v", ErrFormat, err)})
				continue
			}
			servers = append(servers, s)
		}
		return nil
	}
	switch f.format {
	case fmtMCPServers, fmtWindsurf, fmtGemini:
		err = add(f, top["mcpServers"])
	case fmtClaudeUser:
		if err = add(f, top["mcpServers"]); err != nil {
			break
		}
		var projects map[string]struct {
			MCPServers json.RawMessage `json:"mcpServers"`
		}
		if raw, ok := top["projects"]; ok {
			if err = json.Unmarshal(raw, &projects); err != nil {
				err = fmt.Errorf("%w: \"projects\" is not an object of projects", ErrFormat)
				break
			}
		}
		for _, p := range sortedKeys(projects) {
			g := f
			g.scope, g.project, g.cwd = ScopeLocal, p, p
			if err = add(g, projects[p].MCPServers); err != nil {
				break
			}
		}
	case fmtVSCode:
		err = add(f, top["servers"])
	case fmtVSCodeSettings:
		if raw, ok := top["mcp.servers"]; ok {
			err = add(f, raw)
		}
		if raw, ok := top["mcp"]; ok && err == nil {
			var mcp struct {
				Servers json.RawMessage `json:"servers"`
			}
			if err = json.Unmarshal(raw, &mcp); err != nil {
				err = fmt.Errorf("%w: \"mcp\" is not an object", ErrFormat)
				break
			}
			err = add(f, mcp.Servers)
		}
	case fmtZed:
		err = add(f, top["context_servers"])
	}
	if err != nil {
		return nil, nil, err
	}
	return servers, skipped, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// errManaged is a Zed server that an extension starts: its command is the
// extension's, not in the file.
var errManaged = errors.New("mcpconfig: started by a Zed extension, not configured in the file")

// rawEntry is one server's members, as every JSON client spells them.
type rawEntry struct {
	Type      string            `json:"type"`
	Command   json.RawMessage   `json:"command"`
	Args      []string          `json:"args"`
	Env       map[string]string `json:"env"`
	Cwd       string            `json:"cwd"`
	URL       string            `json:"url"`
	ServerURL string            `json:"serverUrl"`
	HTTPURL   string            `json:"httpUrl"`
	Headers   map[string]string `json:"headers"`
	Disabled  *bool             `json:"disabled"`
	Enabled   *bool             `json:"enabled"`
	Source    string            `json:"source"`
}

// zedCommand is Zed's older form of "command": {path, args, env}.
type zedCommand struct {
	Path string            `json:"path"`
	Args []string          `json:"args"`
	Env  map[string]string `json:"env"`
}

// entry reads one server of a JSON file.
func (f file) entry(name string, raw json.RawMessage) (Server, error) {
	var e rawEntry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Server{}, err
	}
	s := Server{Client: f.client, ConfigPath: f.path, Name: name, Scope: f.scope, Project: f.project,
		Args: e.Args, Env: e.Env, Cwd: e.Cwd, Headers: e.Headers}
	if len(e.Command) > 0 && string(e.Command) != "null" {
		if err := json.Unmarshal(e.Command, &s.Command); err != nil {
			var zc zedCommand
			if f.format != fmtZed || json.Unmarshal(e.Command, &zc) != nil {
				return Server{}, errors.New(`"command" is not a string`)
			}
			s.Command, s.Args, s.Env = zc.Path, zc.Args, zc.Env
		}
	}
	s.Disabled = e.Disabled != nil && *e.Disabled || e.Enabled != nil && !*e.Enabled
	typ := strings.ToLower(e.Type)
	switch {
	case s.Command != "":
		s.Transport = Stdio
	case f.format == fmtZed && e.URL == "" && (e.Source == "extension" || len(e.Command) == 0):
		return Server{}, errManaged
	case typ == "sse":
		s.Transport, s.URL = SSE, firstOf(e.URL, e.ServerURL, e.HTTPURL)
	case f.format == fmtGemini && e.HTTPURL != "":
		s.Transport, s.URL = HTTP, e.HTTPURL
	case f.format == fmtGemini && e.URL != "":
		s.Transport, s.URL = SSE, e.URL // Gemini CLI: url is an SSE endpoint
	default:
		s.Transport, s.URL = HTTP, firstOf(e.URL, e.ServerURL, e.HTTPURL)
	}
	if s.Transport != Stdio && s.URL == "" {
		return Server{}, errors.New("neither a command nor a URL")
	}
	f.resolve(&s)
	return s, nil
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// resolve expands the references of f's syntax in every value of s.
func (f file) resolve(s *Server) {
	e := &expander{syn: f.syntax, env: f.env, home: f.home, cwd: f.cwd}
	s.Command = e.expand(s.Command)
	s.URL = e.expand(s.URL)
	s.Cwd = e.expand(s.Cwd)
	if s.Args != nil {
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = e.expand(a)
		}
		s.Args = args
	}
	s.Env = expandMap(e, s.Env)
	s.Headers = expandMap(e, s.Headers)
	s.Unresolved = append(s.Unresolved, e.unresolved...)
}

func expandMap(e *expander, m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = e.expand(v)
	}
	return out
}

// String names the server for people: its client, name, transport and
// command or URL, never the values of its environment or headers (a URL's
// user information and query are left out too).
func (s Server) String() string {
	target := s.Command
	if s.Transport != Stdio {
		target = RedactURL(s.URL)
	}
	return fmt.Sprintf("%s %s (%s %s)", s.Client, s.Name, s.Transport, target)
}

// RedactURL returns rawURL without its user information, query and
// fragment, which may carry credentials ("…?key=…"); a URL that does not
// parse is cut at its first '?' or '#'.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		if i := strings.IndexAny(rawURL, "?#@"); i >= 0 {
			return rawURL[:i] + "…"
		}
		return rawURL
	}
	redacted := u.RawQuery != "" || u.User != nil
	u.User, u.RawQuery, u.Fragment, u.RawFragment, u.ForceQuery = nil, "", "", "", false
	if redacted {
		return u.String() + "?…"
	}
	return u.String()
}
