package mcpconfig

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func fakeEnv(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// line is what the test compares of a server.
func line(s Server) string {
	target := s.Command + " " + strings.Join(s.Args, " ")
	if s.Transport != Stdio {
		target = s.URL
	}
	off := ""
	if s.Disabled {
		off = " disabled"
	}
	return fmt.Sprintf("%s %s %s %s: %s%s", s.Client, s.Scope, s.Name, s.Transport, strings.TrimSpace(target), off)
}

// TestDiscover reads a home and a project holding each client's
// configuration as its documentation writes it (the files in testdata,
// each from the source its reader cites).
func TestDiscover(t *testing.T) {
	home, _ := filepath.Abs("testdata/home")
	project, _ := filepath.Abs("testdata/project")
	env := fakeEnv(map[string]string{
		"NOTION_TOKEN": "n-secret", "CURSOR_API_KEY": "c-secret", "DB_CONNECTION_STRING": "postgres://db",
		"FIGMA_OAUTH_TOKEN": "f-secret", "API_KEY": "k",
	})
	servers, skipped, err := Discover(home, env, project)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range servers {
		got = append(got, line(s))
	}
	want := []string{
		"claude-desktop user filesystem stdio: npx -y @modelcontextprotocol/server-filesystem /Users/you/projects",
		"claude-desktop user github stdio: npx -y @yourname/mcp-github",
		"claude-code user notion http: https://mcp.notion.com/mcp",
		"claude-code user shell stdio: npx -y mcp-server-shell",
		"claude-code local chrome-devtools stdio: npx chrome-devtools-mcp@latest",
		"claude-code project api-server http: https://api.example.com/mcp",
		"cursor user remote http: https://mcp.example.com/mcp",
		"cursor user server-name stdio: npx -y mcp-server",
		"cursor project proj stdio: node " + project + "/build/index.js",
		"vscode user Perplexity stdio: npx -y server-perplexity-ask",
		"vscode user github http: https://api.githubcopilot.com/mcp/",
		"vscode user fetch stdio: uvx mcp-server-fetch",
		"vscode project workspace-tool stdio: node " + project + "/server.js",
		"windsurf user git stdio: py -m mcp_server_git disabled",
		"windsurf user github stdio: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server",
		"windsurf user zapier http: https://actions.zapier.com/mcp/YOUR_MCP_KEY/sse",
		"zed user local-mcp-server stdio: some-command arg-1 arg-2",
		"zed user older-form stdio: uv run main.py",
		"zed user remote-mcp-server http: https://example.com/mcp",
		"gemini user httpServer http: http://localhost:3000/mcp",
		"gemini user pythonTools stdio: python -m my_mcp_server --port 8080",
		"gemini user sseServer sse: https://api.example.com/sse",
		"gemini project projtool stdio: node tool.js",
		"codex user docs stdio: npx -y mcp-server",
		"codex user figma http: https://mcp.figma.com/mcp",
		`codex user off server stdio: C:\tools\server.exe --verbose multi` + "\nline disabled",
		"codex project projcodex stdio: node codex.js",
	}
	if !slices.Equal(got, want) {
		t.Errorf("servers:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	if len(skipped) != 1 || skipped[0].Client != Zed || skipped[0].Name != "mcp-server-github" || !errors.Is(skipped[0].Err, errManaged) {
		t.Errorf("skipped: got %+v, want Zed's extension server mcp-server-github", skipped)
	}
	by := map[string]Server{}
	for _, s := range servers {
		by[s.Client+"/"+s.Name] = s
	}
	for _, c := range []struct {
		key, what, got, want string
	}{
		{"claude-code/notion", "header", by["claude-code/notion"].Headers["Authorization"], "Bearer n-secret"},
		{"claude-code/chrome-devtools", "project", by["claude-code/chrome-devtools"].Project, "/path/to/your/project"},
		{"claude-code/api-server", "header", by["claude-code/api-server"].Headers["Authorization"], "Bearer k"},
		{"cursor/server-name", "env", by["cursor/server-name"].Env["API_KEY"], "c-secret"},
		{"cursor/remote", "header (REMOTE_TOKEN unset)", by["cursor/remote"].Headers["Authorization"], "Bearer ${env:REMOTE_TOKEN}"},
		{"cursor/remote", "unresolved", strings.Join(by["cursor/remote"].Unresolved, ","), "${env:REMOTE_TOKEN}"},
		{"vscode/Perplexity", "env", by["vscode/Perplexity"].Env["PERPLEXITY_API_KEY"], "${input:perplexity-key}"},
		{"vscode/Perplexity", "unresolved", strings.Join(by["vscode/Perplexity"].Unresolved, ","), "${input:perplexity-key}"},
		{"gemini/pythonTools", "env $VAR", by["gemini/pythonTools"].Env["DATABASE_URL"], "postgres://db"},
		{"gemini/pythonTools", "unresolved", strings.Join(by["gemini/pythonTools"].Unresolved, ","), "${EXTERNAL_API_KEY}"},
		{"gemini/pythonTools", "cwd", by["gemini/pythonTools"].Cwd, "./mcp-servers/python"},
		{"codex/figma", "bearer", by["codex/figma"].Headers["Authorization"], "Bearer f-secret"},
		{"codex/figma", "header", by["codex/figma"].Headers["X-Figma-Region"], "us-east-1"},
		{"codex/docs", "env", by["codex/docs"].Env["API_KEY"], "value"},
		{"codex/projcodex", "unresolved", strings.Join(by["codex/projcodex"].Unresolved, ","), "env_vars HOME_TOKEN"},
		{"claude-desktop/github", "env as written", by["claude-desktop/github"].Env["GITHUB_TOKEN"], "ghp_your_token"},
	} {
		if c.got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.key, c.what, c.got, c.want)
		}
	}
	if s := by["claude-code/notion"].String(); strings.Contains(s, "n-secret") {
		t.Errorf("String shows a header value: %s", s)
	}
}

func TestDiscoverNoProject(t *testing.T) {
	home, _ := filepath.Abs("testdata/home")
	servers, _, err := Discover(home, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range servers {
		if s.Scope == ScopeProject {
			t.Errorf("without a project: %s", line(s))
		}
	}
	if _, _, err := Discover("", nil, ""); err == nil {
		t.Error("Discover without a home: no error")
	}
}

// TestDiscoverPlatforms finds Claude Desktop's and VS Code's files where
// Windows and Linux keep them (APPDATA, XDG_CONFIG_HOME).
func TestDiscoverPlatforms(t *testing.T) {
	home := t.TempDir()
	appData := filepath.Join(home, "AppData", "Roaming")
	xdg := filepath.Join(home, "xdg")
	write(t, filepath.Join(appData, "Claude", "claude_desktop_config.json"), `{"mcpServers":{"win":{"command":"a.exe"}}}`)
	write(t, filepath.Join(xdg, "Claude", "claude_desktop_config.json"), `{"mcpServers":{"lin":{"command":"a"}}}`)
	write(t, filepath.Join(appData, "Code", "User", "mcp.json"), `{"servers":{"winvs":{"command":"b"}}}`)
	write(t, filepath.Join(xdg, "zed", "settings.json"), `{"context_servers":{"z":{"command":"c"}}}`)
	servers, _, err := Discover(home, fakeEnv(map[string]string{"APPDATA": appData, "XDG_CONFIG_HOME": xdg}), "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range servers {
		got = append(got, s.Client+"/"+s.Name)
	}
	want := []string{"claude-desktop/win", "claude-desktop/lin", "vscode/winvs", "zed/z"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRefused: a file over the cap, a file that is not JSON, a server of
// the wrong types.
func TestRefused(t *testing.T) {
	home := t.TempDir()
	big := filepath.Join(home, ".cursor", "mcp.json")
	write(t, big, `{"mcpServers":{}}`+strings.Repeat(" ", MaxFileSize))
	write(t, filepath.Join(home, ".gemini", "settings.json"), `{"mcpServers": {`)
	write(t, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), `{"mcpServers":{"bad":{"command":["x"]},"none":{},"good":{"command":"g"}}}`)
	write(t, filepath.Join(home, ".codex", "config.toml"), "[mcp_servers.a]\ncommand = \"x\"\ncommand = \"y\"\n")
	servers, skipped, err := Discover(home, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(servers) != 1 || servers[0].Name != "good" {
		t.Errorf("servers: got %v, want windsurf's good", servers)
	}
	var got []string
	for _, s := range skipped {
		kind := "other"
		switch {
		case errors.Is(s.Err, ErrTooLarge):
			kind = "too large"
		case errors.Is(s.Err, ErrTOML):
			kind = "toml"
		case errors.Is(s.Err, ErrFormat):
			kind = "format"
		}
		got = append(got, s.Client+"/"+s.Name+": "+kind)
	}
	want := []string{"cursor/: too large", "windsurf/bad: format", "windsurf/none: format", "gemini/: format", "codex/: toml"}
	if !slices.Equal(got, want) {
		t.Errorf("skipped: got %v, want %v", got, want)
	}
	if _, err := ReadFile(big); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile of a big file: got %v, want ErrTooLarge", err)
	}
}

// TestReadFileDetect reads each testdata file through ReadFile, which
// must tell the client from the name and the content.
func TestReadFileDetect(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, content, client, server string }{
		{"claude_desktop_config.json", `{"mcpServers":{"a":{"command":"x"}}}`, ClaudeDesktop, "a"},
		{"any.json", `{"mcpServers":{"a":{"command":"x"}}}`, Other, "a"},
		{"mcp.json", `{"servers":{"v":{"type":"stdio","command":"x"}}}`, VSCode, "v"},
		{"settings.json", "{\"mcp\":{\"servers\":{\"s\":{\"command\":\"x\"}}}, // c\n}", VSCode, "s"},
		{"zedish.json", `{"context_servers":{"z":{"command":"x"}}}`, Zed, "z"},
		{"codex.toml", "[mcp_servers.t]\ncommand = \"x\"\n", Codex, "t"},
		{".mcp.json", `{"mcpServers":{"p":{"command":"x"}}}`, ClaudeCode, "p"},
		{"mcp_config.json", `{"mcpServers":{"w":{"serverUrl":"https://w.example/mcp"}}}`, Windsurf, "w"},
	} {
		p := filepath.Join(dir, c.name)
		write(t, p, c.content)
		s, err := ReadFile(p)
		if err != nil || len(s) != 1 || s[0].Client != c.client || s[0].Name != c.server {
			t.Errorf("%s: got %v, %v; want %s %s", c.name, s, err, c.client, c.server)
		}
		os.Remove(p)
	}
}

func TestSkillDirs(t *testing.T) {
	home, _ := filepath.Abs("testdata/home")
	project, _ := filepath.Abs("testdata/project")
	ds := SkillDirs(home, nil, project)
	var got []string
	for _, d := range ds {
		got = append(got, d.Client+" "+d.Scope+" "+strings.Join(d.Skills, ","))
	}
	want := []string{"claude-code user tidy", "claude-code project review"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://u:p@example.com/mcp?key=s#f": "https://example.com/mcp?…",
		"https://example.com/mcp":             "https://example.com/mcp",
	} {
		if got := RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLargeClaudeState: ~/.claude.json also holds Claude Code's history of
// projects and is reported at tens of megabytes; a file of 6 MiB (over
// the 4 MiB cap this package first had) is read, its servers found.
func TestLargeClaudeState(t *testing.T) {
	home := t.TempDir()
	history := `{"display":"` + strings.Repeat("refactor the parser ", 50) + `"}`
	var b strings.Builder
	b.WriteString(`{"mcpServers":{"memory":{"command":"npx","args":["-y","@modelcontextprotocol/server-memory"]}},"projects":{`)
	for i := 0; b.Len() < 6<<20; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"/home/u/p%d":{"history":[%s,%s,%s],"mcpServers":{}}`, i, history, history, history)
	}
	b.WriteString(`}}`)
	write(t, filepath.Join(home, ".claude.json"), b.String())
	servers, skipped, err := Discover(home, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(servers) != 1 || servers[0].Name != "memory" || servers[0].Client != ClaudeCode || len(skipped) != 0 {
		t.Errorf("servers %v, skipped %v", servers, skipped)
	}
}

// TestReadFileNamesThePath: a --config file that cannot be read is named
// in the error, so a user with several knows which one.
func TestReadFileNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	write(t, path, `{"mcpServers": [`)
	_, err := ReadFile(path)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), path) {
		t.Errorf("ReadFile: %v, want ErrFormat naming %s", err, path)
	}
}
