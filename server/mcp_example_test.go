package server_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/server"
)

// A host runs the MCP server over a transport of its choice (here the
// SDK's in-memory one; mcp.StdioTransport is what `plainsight mcp` uses)
// and a client calls its tools. A refusal is a tool error whose text is
// the HTTP routes' error object.
func ExampleNewMCP() {
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.NewMCP(server.Config{}, "1.0").Connect(ctx, st, nil)
	if err != nil {
		panic(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		panic(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "scan_text", Arguments: map[string]string{"text": "pay\u200bload"}})
	if err != nil {
		panic(err)
	}
	var answer struct {
		Status    string `json:"status"`
		Sanitized string `json:"sanitized"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &answer)
	fmt.Println(answer.Status, answer.Sanitized)

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "precall_check", Arguments: map[string]string{"url": "http://127.0.0.1:6379/"}})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// flagged payload
	// true {"error":{"code":"refused_loopback","message":"guard: refused \"http://127.0.0.1:6379/\": loopback address 127.0.0.1 (host 127.0.0.1)"}}
}
