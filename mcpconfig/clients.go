package mcpconfig

import (
	"fmt"
	"path/filepath"
	"sort"
)

// files lists the configuration files of every client, in the order
// Discover reads them. Each client's locations and format are cited from
// its documentation; the paths for every platform are looked for (a
// macOS path on Linux is simply absent), so a fake home in a test finds
// what a real one would on its platform.
func files(home string, env func(string) string, cwd string) []file {
	var fs []file
	add := func(client, path, scope string, f format, syn syntax) {
		fs = append(fs, file{client: client, path: path, scope: scope, format: f, syntax: syn})
	}
	project := func(rel ...string) string {
		if cwd == "" {
			return ""
		}
		return filepath.Join(append([]string{cwd}, rel...)...)
	}
	configHome := env("XDG_CONFIG_HOME")
	if configHome == "" {
		configHome = filepath.Join(home, ".config")
	}
	macSupport := filepath.Join(home, "Library", "Application Support")
	appData := env("APPDATA")

	// Claude Desktop: claude_desktop_config.json, {"mcpServers": {NAME:
	// {command, args, env}}}, in ~/Library/Application Support/Claude on
	// macOS and %APPDATA%\Claude on Windows
	// (https://modelcontextprotocol.io/quickstart/user,
	// https://playwright.dev/mcp/clients/claude-desktop); the Linux builds
	// use $XDG_CONFIG_HOME/Claude
	// (https://app.unpkg.com/@sigyl-dev/cli@1.4.3/files/src/lib/claude-config.ts).
	// No references are expanded: the values are used as written.
	add(ClaudeDesktop, filepath.Join(macSupport, "Claude", "claude_desktop_config.json"), ScopeUser, fmtMCPServers, 0)
	if appData != "" {
		add(ClaudeDesktop, filepath.Join(appData, "Claude", "claude_desktop_config.json"), ScopeUser, fmtMCPServers, 0)
	}
	add(ClaudeDesktop, filepath.Join(configHome, "Claude", "claude_desktop_config.json"), ScopeUser, fmtMCPServers, 0)

	// Claude Code: user and local scope in ~/.claude.json ("mcpServers",
	// and "projects"[PATH]["mcpServers"] for one project), project scope
	// in .mcp.json at the project's root; {"type": "stdio"|"http"|"sse",
	// command, args, env, url, headers}; ${VAR} and ${VAR:-default}
	// expanded in command, args, env, url and headers
	// (https://code.claude.com/docs/en/mcp.md#mcp-installation-scopes,
	// https://dev.to/aicoding-guide/claude-mcp-add-scope-local-vs-project-vs-user-and-which-to-pick-4ajm).
	add(ClaudeCode, filepath.Join(home, ".claude.json"), ScopeUser, fmtClaudeUser, refBrace)
	if p := project(".mcp.json"); p != "" {
		add(ClaudeCode, p, ScopeProject, fmtMCPServers, refBrace)
	}

	// Cursor: ~/.cursor/mcp.json for every project, .cursor/mcp.json in a
	// project; {"mcpServers": {NAME: {command, args, env} | {url,
	// headers}}}; ${env:NAME}, ${userHome}, ${workspaceFolder}
	// interpolated (https://cursor.com/docs/context/mcp,
	// https://www.mcpbundles.com/guides/cursor).
	add(Cursor, filepath.Join(home, ".cursor", "mcp.json"), ScopeUser, fmtMCPServers, refEnvColon|refEditor)
	if p := project(".cursor", "mcp.json"); p != "" {
		add(Cursor, p, ScopeProject, fmtMCPServers, refEnvColon|refEditor)
	}

	// VS Code: the user profile's mcp.json ({"servers": {NAME: {type,
	// command, args, env, envFile, url, headers}}, "inputs": [...]}), the
	// workspace's .vscode/mcp.json, and the older "mcp": {"servers"} of
	// the user's settings.json; JSONC; ${env:X}, ${input:ID},
	// ${workspaceFolder}, ${userHome}
	// (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration,
	// https://github.com/docker/docs/commit/3712a398214974aa7299d69baf4309d7175c9b84).
	// The user directory is Code/User under ~/Library/Application Support
	// (macOS), %APPDATA% (Windows) or $XDG_CONFIG_HOME (Linux).
	for _, product := range []string{"Code", "Code - Insiders"} {
		for _, base := range []string{macSupport, appData, configHome} {
			if base == "" {
				continue
			}
			user := filepath.Join(base, product, "User")
			add(VSCode, filepath.Join(user, "mcp.json"), ScopeUser, fmtVSCode, refEnvColon|refEditor)
			add(VSCode, filepath.Join(user, "settings.json"), ScopeUser, fmtVSCodeSettings, refEnvColon|refEditor)
		}
	}
	if p := project(".vscode", "mcp.json"); p != "" {
		add(VSCode, p, ScopeProject, fmtVSCode, refEnvColon|refEditor)
	}

	// Windsurf: ~/.codeium/windsurf/mcp_config.json (%USERPROFILE% on
	// Windows), {"mcpServers": {NAME: {command, args, env} | {serverUrl,
	// headers}}}; ${env:VAR} interpolated
	// (https://docs.windsurf.com/windsurf/cascade/mcp,
	// https://raw.githubusercontent.com/confluentinc/mcp-confluent/master/docs/configuring-windsurf.md).
	add(Windsurf, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), ScopeUser, fmtWindsurf, refEnvColon)

	// Zed: "context_servers" of ~/.config/zed/settings.json
	// (%APPDATA%\Zed on Windows), JSONC; {command, args, env} (or the
	// older command: {path, args, env}) or {url, headers}; a server with
	// "source": "extension" is started by its extension
	// (https://zed.dev/docs/ai/mcp,
	// https://raw.githubusercontent.com/zed-industries/zed/main/docs/src/ai/mcp.md).
	add(Zed, filepath.Join(configHome, "zed", "settings.json"), ScopeUser, fmtZed, 0)
	if appData != "" {
		add(Zed, filepath.Join(appData, "Zed", "settings.json"), ScopeUser, fmtZed, 0)
	}

	// Gemini CLI: "mcpServers" of ~/.gemini/settings.json and of a
	// project's .gemini/settings.json; command/args/env/cwd for stdio,
	// httpUrl for Streamable HTTP, url for SSE, headers; $VAR and ${VAR}
	// expanded (https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md,
	// https://www.geminicli.com/docs/tools/mcp-server).
	add(Gemini, filepath.Join(home, ".gemini", "settings.json"), ScopeUser, fmtGemini, refDollar)
	if p := project(".gemini", "settings.json"); p != "" {
		add(Gemini, p, ScopeProject, fmtGemini, refDollar)
	}

	// Codex: [mcp_servers.NAME] tables of $CODEX_HOME/config.toml
	// (~/.codex/config.toml) and of a trusted project's
	// .codex/config.toml; command, args, env, env_vars, cwd for stdio;
	// url, bearer_token_env_var, http_headers, env_http_headers for
	// Streamable HTTP; enabled = false turns one off
	// (https://developers.openai.com/codex/mcp,
	// https://github.com/openai/codex/pull/6845.diff,
	// https://docs.rs/visdom-cli/1.1.1/visdom_cli/agents/codex/).
	codexHome := env("CODEX_HOME")
	if codexHome == "" {
		codexHome = filepath.Join(home, ".codex")
	}
	add(Codex, filepath.Join(codexHome, "config.toml"), ScopeUser, fmtCodex, 0)
	if p := project(".codex", "config.toml"); p != "" {
		add(Codex, p, ScopeProject, fmtCodex, 0)
	}
	return fs
}

// readCodex reads the [mcp_servers.NAME] tables of a Codex config.toml.
func (f file) readCodex(data []byte) ([]Server, []Skipped, error) {
	doc, err := parseTOML(string(data))
	if err != nil {
		return nil, nil, err
	}
	raw, ok := doc["mcp_servers"]
	if !ok {
		return nil, nil, nil
	}
	tables, ok := raw.(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%w: mcp_servers is not a table", ErrTOML)
	}
	var servers []Server
	var skipped []Skipped
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		s, err := f.codexEntry(name, tables[name])
		if err != nil {
			skipped = append(skipped, Skipped{Client: f.client, Path: f.path, Name: name, Err: fmt.Errorf("%w: %v", ErrTOML, err)})
			continue
		}
		servers = append(servers, s)
	}
	return servers, skipped, nil
}

func (f file) codexEntry(name string, raw any) (Server, error) {
	t, ok := raw.(map[string]any)
	if !ok {
		return Server{}, fmt.Errorf("not a table")
	}
	s := Server{Client: f.client, ConfigPath: f.path, Name: name, Scope: f.scope}
	var err error
	str := func(key string) string {
		v, present := t[key]
		if !present || err != nil {
			return ""
		}
		sv, ok := v.(string)
		if !ok {
			err = fmt.Errorf("%s is not a string", key)
		}
		return sv
	}
	strs := func(key string) []string {
		v, present := t[key]
		if !present || err != nil {
			return nil
		}
		arr, ok := v.([]any)
		out := make([]string, 0, len(arr))
		for _, a := range arr {
			sv, isStr := a.(string)
			ok = ok && isStr
			out = append(out, sv)
		}
		if !ok {
			err = fmt.Errorf("%s is not an array of strings", key)
		}
		return out
	}
	table := func(key string) map[string]string {
		v, present := t[key]
		if !present || err != nil {
			return nil
		}
		m, ok := v.(map[string]any)
		out := make(map[string]string, len(m))
		for k, a := range m {
			sv, isStr := a.(string)
			ok = ok && isStr
			out[k] = sv
		}
		if !ok {
			err = fmt.Errorf("%s is not a table of strings", key)
		}
		return out
	}
	s.Command, s.Args, s.Env, s.Cwd = str("command"), strs("args"), table("env"), str("cwd")
	s.URL = str("url")
	s.Headers = table("http_headers")
	envVars := strs("env_vars")
	bearer := str("bearer_token_env_var")
	envHeaders := table("env_http_headers")
	if v, present := t["enabled"]; present {
		b, ok := v.(bool)
		if !ok && err == nil {
			err = fmt.Errorf("enabled is not a boolean")
		}
		s.Disabled = ok && !b
	}
	if err != nil {
		return Server{}, err
	}
	note := func(ref string) {
		s.Unresolved = append(s.Unresolved, ref)
	}
	// env_vars forwards variables of Codex's own environment by name.
	for _, k := range envVars {
		if v := f.env(k); v != "" {
			if s.Env == nil {
				s.Env = map[string]string{}
			}
			s.Env[k] = v
		} else {
			note("env_vars " + k)
		}
	}
	if bearer != "" || len(envHeaders) > 0 {
		if s.Headers == nil {
			s.Headers = map[string]string{}
		}
	}
	if bearer != "" {
		if v := f.env(bearer); v != "" {
			s.Headers["Authorization"] = "Bearer " + v
		} else {
			note("bearer_token_env_var " + bearer)
		}
	}
	for _, h := range sortedKeys(envHeaders) {
		if v := f.env(envHeaders[h]); v != "" {
			s.Headers[h] = v
		} else {
			note("env_http_headers " + h)
		}
	}
	switch {
	case s.Command != "":
		s.Transport = Stdio
	case s.URL != "":
		s.Transport = HTTP
	default:
		return Server{}, fmt.Errorf("neither a command nor a url")
	}
	return s, nil
}

// SkillDir is a folder of agent skills (a folder per skill, each with a
// SKILL.md) that a client loads.
type SkillDir struct {
	// Client names the client that loads it ("claude-code", "codex",
	// "vscode"; "agents" for the open standard's folder every client
	// that follows it reads).
	Client string
	Path   string
	Scope  string
	// Skills are the names of the folders in it that hold a SKILL.md.
	Skills []string
}

// skillDirs lists the skill folders, as files lists configurations:
// Claude Code's ~/.claude/skills and .claude/skills
// (https://docs.claude.com/en/docs/agent-sdk/skills); the Agent Skills
// standard's ~/.agents/skills and .agents/skills, which Codex reads
// (https://docs.apify.com/cli/docs/agent-skill,
// https://dev.to/buyagentskills/how-to-install-agent-skills-in-claude-code-and-codex-4c42),
// and Codex's older $CODEX_HOME/skills; VS Code's (GitHub Copilot's)
// .github/skills and ~/.copilot/skills
// (https://github.com/potassco/skills).
func skillDirs(home string, env func(string) string, cwd string) []SkillDir {
	codexHome := env("CODEX_HOME")
	if codexHome == "" {
		codexHome = filepath.Join(home, ".codex")
	}
	ds := []SkillDir{
		{Client: ClaudeCode, Path: filepath.Join(home, ".claude", "skills"), Scope: ScopeUser},
		{Client: "agents", Path: filepath.Join(home, ".agents", "skills"), Scope: ScopeUser},
		{Client: Codex, Path: filepath.Join(codexHome, "skills"), Scope: ScopeUser},
		{Client: VSCode, Path: filepath.Join(home, ".copilot", "skills"), Scope: ScopeUser},
	}
	if cwd != "" {
		ds = append(ds,
			SkillDir{Client: ClaudeCode, Path: filepath.Join(cwd, ".claude", "skills"), Scope: ScopeProject},
			SkillDir{Client: "agents", Path: filepath.Join(cwd, ".agents", "skills"), Scope: ScopeProject},
			SkillDir{Client: VSCode, Path: filepath.Join(cwd, ".github", "skills"), Scope: ScopeProject},
		)
	}
	return ds
}

// maxSkills bounds the skills listed in one folder.
const maxSkills = 4096

// SkillDirs lists the skill folders the clients load that exist, in home
// and in the project cwd ("" for none), each with the skills in it (the
// folders holding a SKILL.md, sorted, at most 4096 a folder).
func SkillDirs(home string, env func(string) string, cwd string) []SkillDir {
	if env == nil {
		env = func(string) string { return "" }
	}
	var out []SkillDir
	for _, d := range skillDirs(home, env, cwd) {
		names, ok := listSkills(d.Path)
		if !ok {
			continue
		}
		d.Skills = names
		out = append(out, d)
	}
	return out
}
