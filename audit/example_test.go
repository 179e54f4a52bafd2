package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/audit"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/mcpconfig"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/store/memory"
)

// The audit of one configured server, twice: pinned on first sight, then
// unchanged. A real caller gets the servers from mcpconfig.Discover and
// pins in the one database (plainsight audit does both).
func ExampleAudit() {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "1.0.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "get_weather", Description: "Gets the weather for a city.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()

	servers := []mcpconfig.Server{{Client: mcpconfig.Cursor, Name: "weather", Transport: mcpconfig.HTTP, URL: srv.URL + "/mcp"}}
	opts := audit.Options{
		Guard:  &guard.Guard{Policy: guard.Policy{AllowLoopback: true}}, // the server is on this machine
		Keeper: &pin.Keeper{Store: memory.New()},
	}
	for range 2 {
		for _, r := range audit.Audit(context.Background(), servers, opts) {
			fmt.Println(r.Server.Name, r.Status, r.Tools, len(r.Findings), "findings")
		}
	}
	// Output:
	// weather pinned [get_weather] 0 findings
	// weather unchanged [get_weather] 0 findings
}
