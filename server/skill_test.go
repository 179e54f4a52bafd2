package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/skill"
	"github.com/plainsight/plainsight/skills"
	"github.com/plainsight/plainsight/store/memory"
)

// The served skill names this server's public URL, is text/markdown, and
// passes the skill checks (Strict) with no finding (issue 28, item 7).
func TestSkillServed(t *testing.T) {
	h := New(Config{PublicURL: "https://ps.example/"})
	req := httptest.NewRequest("GET", skillPath, nil)
	req.Host = "evil.example\"><script>"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/markdown; charset=utf-8" || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("GET %s: %d %v", skillPath, rec.Code, rec.Header())
	}
	text := string(body)
	for _, want := range []string{"name: plainsight-precall\n", "curl -s 'https://ps.example/v1/security/precall?url=", "https://ps.example/v2/scan",
		"`https://ps.example/servers`", "plainsight precall --tool search", `{"command": "plainsight", "args": ["mcp"]}`, "precall_check", "scan_text"} {
		if !strings.Contains(text, want) {
			t.Errorf("the served skill does not hold %q", want)
		}
	}
	if strings.Contains(text, "127.0.0.1:8080") || strings.Contains(text, "evil.example") {
		t.Errorf("the served skill names another server:\n%s", text)
	}
	dir := filepath.Join(t.TempDir(), "plainsight-precall")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := skill.Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Errors+r.Warnings != 0 || len(r.Results) != 0 {
		t.Errorf("the served skill: %d errors, %d warnings: %+v", r.Errors, r.Warnings, r.Results)
	}
	// Without a public URL: the repository's text, whatever the Host.
	rec = httptest.NewRecorder()
	h = New(Config{})
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Body.String() != skills.Precall() {
		t.Errorf("without a public URL: %d, not the repository's text", rec.Code)
	}
}

// shellWords splits a command line as sh does for the skill's commands:
// words separated by spaces, single quotes kept literally.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	in, started := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			in, started = !in, true
		case r == ' ' && !in:
			if started {
				words = append(words, w.String())
				w.Reset()
				started = false
			}
		default:
			w.WriteRune(r)
			started = true
		}
	}
	if in {
		t.Fatalf("an unclosed quote in %q", line)
	}
	if started {
		words = append(words, w.String())
	}
	return words
}

// skillCommands returns the commands of the skill's sh blocks that start
// with prefix, continuation lines joined and comments dropped.
func skillCommands(t *testing.T, text, prefix string) []string {
	t.Helper()
	var out []string
	inSh := false
	cont := ""
	for _, line := range strings.Split(text, "\n") {
		switch {
		case line == "```sh":
			inSh = true
			continue
		case line == "```":
			inSh = false
			continue
		}
		if !inSh || strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		line = cont + strings.TrimSpace(line)
		if strings.HasSuffix(line, "\\") {
			cont = strings.TrimSuffix(line, "\\")
			continue
		}
		cont = ""
		if strings.HasPrefix(line, prefix) {
			out = append(out, line)
		}
	}
	return out
}

// Every HTTP request the served skill shows answers what the skill says,
// sent to this handler as curl would send it: the pre-call check of an
// MCP server (on loopback, through the guard, under the skill's name for
// it), the scans, the feed.
func TestSkillRequestsWork(t *testing.T) {
	n := newFakeNet(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "search", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "search", Description: "Searches the web.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	origin := httptest.NewTLSServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
		&mcp.StreamableHTTPOptions{DisableLocalhostProtection: true})) // it answers a public name on loopback
	defer origin.Close()
	n.names["mcp.example.com"] = []netip.Addr{netip.MustParseAddr("93.184.215.14")}
	n.public[netip.MustParseAddrPort("93.184.215.14:443")] = origin.Listener.Addr().String()
	tlsConfig := origin.Client().Transport.(*http.Transport).TLSClientConfig
	const base = "https://ps.example"
	h := New(Config{Guard: n.guard(guard.Policy{}, tlsConfig), Store: memory.New(), PublicURL: base})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", skillPath, nil))
	curls := skillCommands(t, rec.Body.String(), "curl ")
	if len(curls) != 4 {
		t.Fatalf("%d curl commands in the skill, want 4: %q", len(curls), curls)
	}
	seen := map[string]bool{}
	for _, c := range curls {
		words := shellWords(t, c)
		method, target, body := "GET", "", ""
		var headers [][2]string
		for i := 1; i < len(words); i++ {
			switch words[i] {
			case "-s":
			case "-H":
				i++
				k, v, _ := strings.Cut(words[i], ": ")
				headers = append(headers, [2]string{k, v})
			case "-d":
				i++
				method, body = "POST", words[i]
			default:
				if !strings.HasPrefix(words[i], base+"/") {
					t.Fatalf("%q: %q is not a URL of this server", c, words[i])
				}
				target = strings.TrimPrefix(words[i], base)
			}
		}
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		for _, kv := range headers {
			req.Header.Set(kv[0], kv[1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); rec.Code != 200 || err != nil {
			t.Fatalf("%s: %d %s", c, rec.Code, rec.Body.String())
		}
		path, _, _ := strings.Cut(target, "?")
		seen[path] = true
		switch path {
		case "/v1/security/precall":
			integrity, _ := v["integrity"].(map[string]any)
			focus, _ := v["tool_focus"].(map[string]any)
			if integrity["status"] != "not_registered" || focus == nil || focus["offered"] != true {
				t.Errorf("%s: %v", c, v)
			}
		case "/v1/security/scan":
			if v["status"] != "clean" {
				t.Errorf("%s: %v", c, v)
			}
		case "/v2/scan":
			if v["verdict"] != "clean" || v["receipt"] == nil {
				t.Errorf("%s: %v", c, v)
			}
		case "/v1/security/changes":
			if _, ok := v["changes"].([]any); !ok {
				t.Errorf("%s: %v", c, v)
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("the skill's requests reach %v", seen)
	}
}

// The MCP tools the skill names are the ones NewMCP registers, and each
// example's arguments are valid input to it.
func TestSkillToolsExist(t *testing.T) {
	text := skills.Precall()
	ctx := t.Context()
	ct, st := mcp.NewInMemoryTransports()
	srv := NewMCP(Config{Guard: newFakeNet(t).guard(guard.Policy{}, nil), Store: memory.New()}, "test")
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "skill-test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]any{}
	for _, tl := range tools.Tools {
		schemas[tl.Name] = tl.InputSchema
	}
	example := regexp.MustCompile("- `([a-z_]+)` with `(\\{[^`]*\\})`")
	got := example.FindAllStringSubmatch(strings.ReplaceAll(text, "\n  ", " "), -1)
	if len(got) != 4 {
		t.Fatalf("%d tool examples in the skill, want 4", len(got))
	}
	for _, m := range got {
		raw, err := json.Marshal(schemas[m[1]])
		if schemas[m[1]] == nil || err != nil {
			t.Errorf("the skill names the tool %q, which NewMCP does not register", m[1])
			continue
		}
		var schema jsonschema.Schema
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatal(err)
		}
		rs, err := schema.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		var args any
		if err := json.Unmarshal([]byte(m[2]), &args); err != nil {
			t.Errorf("%s: the example %s is not JSON", m[1], m[2])
		} else if err := rs.Validate(args); err != nil {
			t.Errorf("%s: the example %s does not fit its input schema: %v", m[1], m[2], err)
		}
	}
}
