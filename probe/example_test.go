package probe_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/probe"
)

// Probe an MCP server — here one built with the official Go SDK, served on
// a loopback address — and fingerprint its tools as §7 does.
func ExampleHTTP() {
	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "2.1.0"}, nil)
	server.AddTool(&mcp.Tool{
		Name:        "read_file",
		Description: "Read a file from disk.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Absolute path"}},"required":["path"]}`),
	}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()

	defs, err := (&probe.HTTP{URL: srv.URL}).Probe(context.Background())
	if err != nil {
		panic(err)
	}
	fp, err := fingerprint.Fingerprint(defs)
	if err != nil {
		panic(err)
	}
	fmt.Println(defs.Server.Name, *defs.Server.Version)
	for _, t := range defs.Tools {
		fmt.Printf("%s: %s %s\n", t.Name, t.Description, t.InputSchema)
	}
	fmt.Println(fp)
	// Output:
	// files 2.1.0
	// read_file: Read a file from disk. {"properties":{"path":{"description":"Absolute path","type":"string"}},"required":["path"],"type":"object"}
	// 73344fdc07e794fa2059ba2d1dd572de4d5a0a1171b16c437cfda435a4a768bb
}
