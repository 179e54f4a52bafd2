package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkMCPScanText is the tool scan_text of the same 4 KB text as
// BenchmarkScanRoute, through the SDK's client and the in-memory
// transport: the cost of the MCP framing next to the route's.
func BenchmarkMCPScanText(b *testing.B) {
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := NewMCP(Config{}, "bench").Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer cs.Close()
	args := json.RawMessage(`{"text": "` + benchText() + `"}`)
	b.SetBytes(int64(len(args)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: ToolScanText, Arguments: args})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}
