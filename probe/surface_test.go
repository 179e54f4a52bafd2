package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
)

// surfaceServer is a real MCP server, built with the official Go SDK, that
// shows every kind of definition: three tools (one with a title,
// annotations, an output schema and _meta), three prompts, three resources
// and two resource templates, two of each a page.
func surfaceServer(destructive bool, instructions string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "surface-test", Version: "0.2.0"},
		&mcp.ServerOptions{PageSize: 2, Instructions: instructions})
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{
		Name: "delete_file", Title: "Delete a file", Description: "Deletes the file at path.",
		InputSchema:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"deleted":{"type":"boolean"}}}`),
		Annotations:  &mcp.ToolAnnotations{DestructiveHint: &destructive, ReadOnlyHint: false},
		Meta:         mcp.Meta{"openai/widgetDescription": "Shows the deleted file.", "count": 2},
	}, noop)
	for _, n := range []string{"list_files", "read_file"} {
		s.AddTool(&mcp.Tool{Name: n, Description: "Tool " + n + ".", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	}
	prompt := func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	}
	s.AddPrompt(&mcp.Prompt{Name: "review", Title: "Code review", Description: "Review the code.",
		Arguments: []*mcp.PromptArgument{{Name: "file", Description: "The file.", Required: true}}}, prompt)
	s.AddPrompt(&mcp.Prompt{Name: "explain"}, prompt)
	s.AddPrompt(&mcp.Prompt{Name: "summarize", Description: "Summarize."}, prompt)
	res := func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	}
	s.AddResource(&mcp.Resource{URI: "file:///notes/a.md", Name: "a", Title: "Note A", MIMEType: "text/markdown", Size: 120}, res)
	s.AddResource(&mcp.Resource{URI: "file:///notes/b.md", Name: "b"}, res)
	s.AddResource(&mcp.Resource{URI: "file:///notes/c.md", Name: "c", Description: "Note C."}, res)
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "file:///notes/{name}.md", Name: "note", MIMEType: "text/markdown"}, res)
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "file:///logs/{day}", Name: "log", Description: "A day's log."}, res)
	return s
}

// checkSurface checks a probed surface against surfaceServer's definitions,
// as the SDK writes them on the wire (written by hand from the SDK's JSON
// tags: omitempty strings, idempotentHint and readOnlyHint always written).
func checkSurface(t *testing.T, s *fingerprint.Surface, instructions string) {
	t.Helper()
	if s.Server.Name != "surface-test" || s.Server.Version == nil || *s.Server.Version != "0.2.0" || s.Instructions != instructions {
		t.Errorf("identity %+v, instructions %q", s.Server, s.Instructions)
	}
	if s.ProtocolVersion != SurfaceProtocolVersion {
		t.Errorf("protocol version %q, want %q", s.ProtocolVersion, SurfaceProtocolVersion)
	}
	keys := func(es []fingerprint.Entry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Key)
		}
		return out
	}
	got := [][]string{keys(s.Tools), keys(s.Prompts), keys(s.Resources), keys(s.ResourceTemplates)}
	want := [][]string{{"delete_file", "list_files", "read_file"}, {"explain", "review", "summarize"},
		{"file:///notes/a.md", "file:///notes/b.md", "file:///notes/c.md"}, {"file:///logs/{day}", "file:///notes/{name}.md"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
	defs := map[fingerprint.Kind]map[string]string{
		fingerprint.KindTool: {"delete_file": `{"_meta":{"openai/widgetDescription":"Shows the deleted file."},` +
			`"annotations":{"destructiveHint":true,"idempotentHint":false,"readOnlyHint":false},"description":"Deletes the file at path.",` +
			`"inputSchema":{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"},"name":"delete_file",` +
			`"outputSchema":{"properties":{"deleted":{"type":"boolean"}},"type":"object"},"title":"Delete a file"}`},
		fingerprint.KindPrompt: {"review": `{"arguments":[{"description":"The file.","name":"file","required":true}],"description":"Review the code.","name":"review","title":"Code review"}`,
			"explain": `{"name":"explain"}`},
		fingerprint.KindResource:         {"file:///notes/a.md": `{"mimeType":"text/markdown","name":"a","title":"Note A","uri":"file:///notes/a.md"}`},
		fingerprint.KindResourceTemplate: {"file:///logs/{day}": `{"description":"A day's log.","name":"log","uriTemplate":"file:///logs/{day}"}`},
	}
	for kind, m := range defs {
		for key, want := range m {
			e, ok := s.Entry(kind, key)
			if !ok || string(e.Def) != want {
				t.Errorf("%s %s:\n got %s\nwant %s", kind, key, e.Def, want)
			}
		}
	}
}

func TestHTTPProbeSurface(t *testing.T) {
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("json=%v", jsonResponse), func(t *testing.T) {
			url := serveSDK(t, surfaceServer(true, "Be careful."), jsonResponse)
			s, err := HTTP{URL: url}.ProbeSurface(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			checkSurface(t, s, "Be careful.")
		})
	}
	t.Run("HTTP+SSE", func(t *testing.T) {
		srv := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return surfaceServer(true, "Old transport.") }, nil))
		t.Cleanup(srv.Close)
		s, err := HTTP{URL: srv.URL}.ProbeSurface(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		checkSurface(t, s, "Old transport.")
	})
}

// TestStdioProbeSurface runs the test binary as the SDK server, its
// instructions taken from the environment Stdio.Env gives it.
func TestStdioProbeSurface(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	st := Stdio{Command: []string{exe}, Env: append(os.Environ(), "PLAINSIGHT_STDIO_SERVER=surface", "SURFACE_INSTRUCTIONS=From the env.")}
	s, err := st.ProbeSurface(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checkSurface(t, s, "From the env.")
	var _ SurfaceProber = st
	var _ SurfaceProber = HTTP{}
}

// TestProbeSurfaceRugPull: a flipped destructiveHint, which §7 does not
// see, is a change the surface names with its old and new values.
func TestProbeSurfaceRugPull(t *testing.T) {
	var destructive atomic.Bool
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		return surfaceServer(destructive.Load(), "Be careful.")
	}, nil))
	t.Cleanup(srv.Close)
	p := HTTP{URL: srv.URL}
	before, err := p.ProbeSurface(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	d1, _ := (&p).Probe(context.Background())
	destructive.Store(true)
	after, err := p.ProbeSurface(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := (&p).Probe(context.Background())
	changes, err := fingerprint.CompareSurfaces(before, after)
	if err != nil {
		t.Fatal(err)
	}
	want := []fingerprint.Change{{Kind: fingerprint.KindTool, Key: "delete_file", Field: "/annotations/destructiveHint", Op: fingerprint.OpChanged, Old: "false", New: "true"}}
	if diff := cmp.Diff(want, changes); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
	f1, _ := before.Fingerprint()
	f2, _ := after.Fingerprint()
	s1, _ := fingerprint.Fingerprint(d1)
	s2, _ := fingerprint.Fingerprint(d2)
	if f1 == f2 || s1 != s2 {
		t.Errorf("extended %s → %s (want a change); §7 %s → %s (want none)", f1, f2, s1, s2)
	}
}

// listServer is a hand-written Streamable HTTP server: its initialize
// result advertises caps, and answer gives each other method's result (or
// error) as JSON.
func listServer(t *testing.T, caps string, answer func(method, cursor string) string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     *int   `json:"id"`
			Method string `json:"method"`
			Params struct {
				Cursor string `json:"cursor"`
			} `json:"params"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &m)
		if m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		var out string
		if m.Method == "initialize" {
			out = `"result":{"protocolVersion":"2025-06-18","capabilities":` + caps + `,"serverInfo":{"name":"hand","version":"1"}}`
		} else {
			out = answer(m.Method, m.Params.Cursor)
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,%s}`, *m.ID, out)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestProbeSurfaceOptionalLists: the lists read follow the capabilities;
// an advertised list the server has no method for (-32601) is no list;
// any other error on it ends the probe.
func TestProbeSurfaceOptionalLists(t *testing.T) {
	var asked []string
	answer := func(method, cursor string) string {
		asked = append(asked, method)
		switch method {
		case "tools/list":
			return `"result":{"tools":[{"name":"t"}]}`
		case "prompts/list":
			return `"error":{"code":-32601,"message":"Method not found"}`
		case "resources/list":
			return `"result":{"resources":[{"uri":"a:1","name":"one"}]}`
		}
		return `"error":{"code":-32603,"message":"boom"}`
	}
	// prompts advertised but not there; resources not advertised.
	s, err := HTTP{URL: listServer(t, `{"tools":{},"prompts":{"listChanged":true}}`, answer)}.ProbeSurface(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 1 || s.Prompts != nil || s.Resources != nil || !cmp.Equal(asked, []string{"tools/list", "prompts/list"}) {
		t.Errorf("surface %+v, asked %v", s, asked)
	}
	// resources advertised: resources/list and resources/templates/list;
	// the templates list fails with another error.
	asked = nil
	_, err = HTTP{URL: listServer(t, `{"tools":{},"resources":{}}`, answer)}.ProbeSurface(context.Background())
	if !errors.Is(err, ErrRPC) || !strings.Contains(err.Error(), "resources/templates/list") || !strings.Contains(err.Error(), "-32603: boom") {
		t.Errorf("a failing advertised list: %v", err)
	}
	if !cmp.Equal(asked, []string{"tools/list", "resources/list", "resources/templates/list"}) {
		t.Errorf("asked %v", asked)
	}
	// No capabilities at all: tools/list only, as §7 asks it; a server
	// without it has an empty surface.
	asked = nil
	s, err = HTTP{URL: listServer(t, `null`, func(m, c string) string {
		asked = append(asked, m)
		return `"error":{"code":-32601,"message":"Method not found"}`
	})}.ProbeSurface(context.Background())
	if err != nil || s.Tools != nil || !cmp.Equal(asked, []string{"tools/list"}) {
		t.Errorf("no capabilities: %+v, %v, asked %v", s, err, asked)
	}
}

// TestProbeSurfaceBounds: each list is followed for MaxPages pages; the
// results of all lists together are capped at MaxBody; two prompts of one
// name across pages are refused.
func TestProbeSurfaceBounds(t *testing.T) {
	pages := map[string]int{}
	endless := func(method, cursor string) string {
		pages[method]++
		switch method {
		case "tools/list":
			return fmt.Sprintf(`"result":{"tools":[{"name":"t%d"}],"nextCursor":"c%d"}`, pages[method], pages[method])
		case "prompts/list":
			return fmt.Sprintf(`"result":{"prompts":[{"name":"p%d"}],"nextCursor":"c"}`, pages[method])
		}
		return `"result":{"resources":[],"resourceTemplates":[]}`
	}
	s, err := HTTP{URL: listServer(t, `{"tools":{},"prompts":{},"resources":{}}`, endless)}.ProbeSurface(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != MaxPages || len(s.Prompts) != MaxPages || pages["tools/list"] != MaxPages || pages["prompts/list"] != MaxPages {
		t.Errorf("%d tools, %d prompts, pages %v", len(s.Tools), len(s.Prompts), pages)
	}
	// Each list under the cap, all of them over it.
	big := strings.Repeat("x", 600)
	fat := func(method, cursor string) string {
		switch method {
		case "tools/list":
			return `"result":{"tools":[{"name":"t","description":"` + big + `"}]}`
		case "prompts/list":
			return `"result":{"prompts":[{"name":"p","description":"` + big + `"}]}`
		}
		return `"result":{"resources":[],"resourceTemplates":[]}`
	}
	_, err = HTTP{URL: listServer(t, `{"tools":{},"prompts":{}}`, fat), MaxBody: 1000}.ProbeSurface(context.Background())
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "prompts/list") {
		t.Errorf("lists over the cap together: %v", err)
	}
	dup := func(method, cursor string) string {
		if method == "prompts/list" && cursor == "" {
			return `"result":{"prompts":[{"name":"p"}],"nextCursor":"2"}`
		}
		if method == "prompts/list" {
			return `"result":{"prompts":[{"name":"p"}]}`
		}
		return `"result":{"tools":[]}`
	}
	if _, err := (HTTP{URL: listServer(t, `{"prompts":{}}`, dup)}).ProbeSurface(context.Background()); !errors.Is(err, ErrProtocol) || !errors.Is(err, fingerprint.ErrDuplicateKey) {
		t.Errorf("a prompt twice across pages: %v", err)
	}
	bad := func(method, cursor string) string { return `"result":{"tools":{"name":"t"}}` }
	if _, err := (HTTP{URL: listServer(t, `{}`, bad)}).ProbeSurface(context.Background()); !errors.Is(err, ErrProtocol) {
		t.Errorf("tools not an array: %v", err)
	}
}
