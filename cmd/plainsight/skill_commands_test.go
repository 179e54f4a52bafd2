package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/skills"
)

// Every plainsight command the plainsight-precall skill shows runs, in
// order, and exits 0 on clean input: the registration and the pre-call
// checks against an MCP server on
// loopback offering the skill's tool (its URL in place of the skill's
// example, and --allow-loopback where --db needs it for a loopback URL),
// the scans on files of the skill's names.
func TestSkillCommandsRun(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "search", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "search", Description: "Searches the web.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()
	dir := t.TempDir()
	writeFile(t, dir, "page.html", "<p>The forecast for Lisbon.</p>\n")
	writeFile(t, dir, "tool-result.txt", "Sunny, 21 degrees.\n")
	t.Chdir(dir)

	var cmds [][]string
	inSh := false
	for _, line := range strings.Split(skills.Precall(), "\n") {
		switch {
		case line == "```sh":
			inSh = true
		case line == "```":
			inSh = false
		case inSh && strings.HasPrefix(line, "plainsight "):
			cmds = append(cmds, strings.Fields(line)[1:])
		}
	}
	if len(cmds) != 6 {
		t.Fatalf("%d plainsight commands in the skill, want 6: %q", len(cmds), cmds)
	}
	for _, args := range cmds {
		shown := "plainsight " + strings.Join(args, " ")
		stdin := ""
		var run []string
		db := false
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case a == "<":
				b, err := os.ReadFile(args[i+1])
				if err != nil {
					t.Fatalf("%s: %v", shown, err)
				}
				stdin, i = string(b), i+1
			case a == "https://mcp.example.com/mcp":
				run = append(run, srv.URL)
			case a == "--db":
				db = true
				run = append(run, a, filepath.Join(dir, args[i+1]))
				i++
			default:
				run = append(run, a)
			}
		}
		if db {
			run = append(run, "--allow-loopback")
		}
		code, out, errOut := plainsight(t, stdin, run...)
		if code != exitClean || out == "" || errOut != "" {
			t.Errorf("%s: exit %d\n%s%s", shown, code, out, errOut)
		}
		if strings.Contains(shown, "--format json") && !json.Valid([]byte(out)) {
			t.Errorf("%s: not JSON:\n%s", shown, out)
		}
		if args[0] == "precall" && !strings.Contains(out, "search") || args[0] == "registry" && !strings.Contains(out, "registered") {
			t.Errorf("%s: the answer does not name the tool:\n%s", shown, out)
		}
	}
}
