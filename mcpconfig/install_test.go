package mcpconfig

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testProxy = Proxy{Command: "/usr/local/bin/plainsight", DB: "/tmp/p.db"}

// TestInstallRoundTrip routes every server of each client's file through
// the proxy, checks what the client then reads, installs again (nothing
// changes), and uninstalls: the servers read as they did before.
func TestInstallRoundTrip(t *testing.T) {
	home, _ := filepath.Abs("testdata/home")
	for _, rel := range []string{
		"Library/Application Support/Claude/claude_desktop_config.json",
		".claude.json", ".cursor/mcp.json", ".config/Code/User/mcp.json", ".config/Code/User/settings.json",
		".codeium/windsurf/mcp_config.json", ".config/zed/settings.json", ".gemini/settings.json",
		".codex/config.toml",
	} {
		t.Run(rel, func(t *testing.T) {
			path := filepath.Join(home, rel)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			before := readAll(t, path, data)
			out, rws, err := Install(path, data, testProxy, true)
			if err != nil {
				t.Fatal(err)
			}
			if out == nil {
				t.Fatal("nothing routed")
			}
			routed := readAll(t, path, out)
			left := map[string]bool{}
			for _, rw := range rws {
				if rw.Action == Left {
					left[rw.Project+"/"+rw.Name] = true
				}
			}
			for name, s := range routed {
				b := before[name]
				if left[name] {
					if s.Command != b.Command || s.URL != b.URL {
						t.Errorf("%s: left, but changed: %+v", name, s)
					}
					continue
				}
				if s.Transport != Stdio || s.Command != testProxy.Command || s.Args[0] != "proxy" || s.Args[1] != "--db" {
					t.Errorf("%s: not routed: %s %v", name, s.Command, s.Args)
				}
				if b.Transport == Stdio && (s.Args[3] != "--" || s.Args[4] != b.Command) {
					t.Errorf("%s: stdio route: %v", name, s.Args)
				}
				if b.Transport == HTTP && (s.Args[3] != "--upstream" || s.Args[4] != b.URL) {
					t.Errorf("%s: http route: %v", name, s.Args)
				}
				if len(b.Env) != len(s.Env) || s.Disabled != b.Disabled {
					t.Errorf("%s: env or disabled not kept: %v %v", name, s.Env, s.Disabled)
				}
			}
			again, rws2, err := Install(path, out, testProxy, true)
			if err != nil || again != nil {
				t.Errorf("a second install changed the file: %v", err)
			}
			for _, rw := range rws2 {
				if rw.Action == Routed {
					t.Errorf("second install routed %s again", rw.Name)
				}
			}
			back, _, err := Uninstall(path, out, true)
			if err != nil {
				t.Fatal(err)
			}
			after := readAll(t, path, back)
			if len(after) != len(before) {
				t.Fatalf("uninstall: %d servers, want %d", len(after), len(before))
			}
			for name, b := range before {
				a := after[name]
				if line(a) != line(b) || len(a.Env) != len(b.Env) || len(a.Headers) != len(b.Headers) {
					t.Errorf("%s after uninstall:\n got %s %v\nwant %s %v", name, line(a), a.Headers, line(b), b.Headers)
				}
			}
		})
	}
}

func readAll(t *testing.T, path string, data []byte) map[string]Server {
	t.Helper()
	f := detect(path, data)
	f.env = func(string) string { return "" }
	s, _, err := f.read(data)
	if err != nil {
		t.Fatalf("reading back: %v\n%s", err, data)
	}
	m := map[string]Server{}
	for _, x := range s {
		m[x.Project+"/"+x.Name] = x
	}
	return m
}

// TestInstallKeepsTheRest: unknown members, other keys and comments
// outside the servers are kept byte for byte; a comment inside a server
// is refused without force.
func TestInstallKeepsTheRest(t *testing.T) {
	in := `{
  // my settings
  "editor.fontSize": 14,
  "mcp": {
    "servers": {
      "a": {"type": "stdio", "command": "node", "args": ["a.js"], "x-note": {"keep": [1, 2]}}
    }
  },
  "z": "end" /* trailing */
}
`
	out, _, err := Install("settings.json", []byte(in), testProxy, false)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{"// my settings", `"editor.fontSize": 14,`, `"z": "end" /* trailing */`, `"x-note": {`, `"keep": [`} {
		if !strings.Contains(s, want) {
			t.Errorf("lost %q:\n%s", want, s)
		}
	}
	commented := strings.Replace(in, `"command": "node",`, `"command": "node", // why`+"\n", 1)
	if _, _, err := Install("settings.json", []byte(commented), testProxy, false); !errors.Is(err, ErrComments) {
		t.Errorf("a comment inside a server: got %v, want ErrComments", err)
	}
	if _, _, err := Install("settings.json", []byte(commented), testProxy, true); err != nil {
		t.Errorf("with force: %v", err)
	}
	if _, _, err := Install("config.toml", []byte("[mcp_servers.a]\ncommand='x'\ncommand='y'\n"), testProxy, false); !errors.Is(err, ErrTOML) {
		t.Errorf("codex, a key twice: got %v, want ErrTOML", err)
	}
}

// TestUninstallKeepsLaterEdits: a change made to a routed server after
// install (a new env value) survives uninstall.
func TestUninstallKeepsLaterEdits(t *testing.T) {
	in := `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "srv"]}}}`
	out, _, err := Install("mcp.json", []byte(in), Proxy{Command: "plainsight"}, false)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(out), `"command"`, `"env": {"NEW": "1"}, "command"`, 1)
	back, rws, err := Uninstall("mcp.json", []byte(edited), false)
	if err != nil || len(rws) != 1 || rws[0].Action != Unrouted {
		t.Fatalf("uninstall: %v %v", rws, err)
	}
	s := readAll(t, "mcp.json", back)["/a"]
	if s.Command != "npx" || strings.Join(s.Args, " ") != "-y srv" || s.Env["NEW"] != "1" {
		t.Errorf("got %+v", s)
	}
}

// TestProxiedArgs reads the proxy's command lines, its other flags passed
// over (docs/proxy.md's usage).
func TestProxiedArgs(t *testing.T) {
	p, ok := ProxiedArgs([]string{"proxy", "--db", "x.db", "--listen", ":8090", "--no-receipts", "--timeout=3m", "--", "npx", "-y", "srv"})
	if !ok || p.Command != "npx" || strings.Join(p.Args, " ") != "-y srv" || p.DB != "x.db" {
		t.Errorf("stdio: %+v %v", p, ok)
	}
	p, ok = ProxiedArgs([]string{"proxy", "--sse", "--upstream", "https://h/sse", "--header", "Authorization: Bearer t"})
	if !ok || !p.SSE || p.Upstream != "https://h/sse" || p.Headers["Authorization"] != "Bearer t" {
		t.Errorf("sse: %+v %v", p, ok)
	}
	for _, bad := range [][]string{{"proxy"}, {"proxy", "--"}, {"proxy", "--frobnicate", "--", "x"}, {"proxy", "--upstream"}, {"serve"}, {"proxy", "--upstream", "u", "--", "x"}} {
		if _, ok := ProxiedArgs(bad); ok {
			t.Errorf("%v: read as a proxy's", bad)
		}
	}
	u, ok := Upstream(Server{Transport: Stdio, Command: `C:\bin\plainsight.exe`, Args: []string{"proxy", "--sse", "--upstream", "https://h/sse"}, Name: "n"})
	if !ok || u.Transport != SSE || u.URL != "https://h/sse" || u.Name != "n" {
		t.Errorf("Upstream: %+v", u)
	}
}

// TestInstallCodex: in config.toml only the command and args lines of a
// routed table change; comments, other keys and tables stay; a server
// written as dotted keys of another table is left.
func TestInstallCodex(t *testing.T) {
	in := `# my codex config
model = "gpt-5"

[mcp_servers.docs] # the docs
command = "npx"   # runs it
args = [
  "-y", # yes
  "mcp-server",
]
startup_timeout_sec = 20

[mcp_servers.docs.env]
API_KEY = "value"

[mcp_servers]
other.command = "x"
`
	out, rws, err := Install("config.toml", []byte(in), testProxy, false)
	if err != nil {
		t.Fatal(err)
	}
	want := `# my codex config
model = "gpt-5"

[mcp_servers.docs] # the docs
command = "/usr/local/bin/plainsight"
args = ["proxy", "--db", "/tmp/p.db", "--", "npx", "-y", "mcp-server"]
startup_timeout_sec = 20

[mcp_servers.docs.env]
API_KEY = "value"

[mcp_servers]
other.command = "x"
`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if len(rws) != 2 || rws[0].Name != "docs" || rws[0].Action != Routed || rws[1].Name != "other" || rws[1].Action != Left {
		t.Errorf("rewrites: %+v", rws)
	}
	back, _, err := Uninstall("config.toml", out, false)
	if err != nil {
		t.Fatal(err)
	}
	s := readAll(t, "config.toml", back)["/docs"]
	if s.Command != "npx" || strings.Join(s.Args, " ") != "-y mcp-server" || s.Env["API_KEY"] != "value" {
		t.Errorf("after uninstall: %+v\n%s", s, back)
	}
}
