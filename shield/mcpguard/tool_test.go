package mcpguard

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield"
)

func TestScanTool(t *testing.T) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "shield", Version: "1"}, nil)
	AddScanTool(s, nil)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: ScanToolName, Arguments: map[string]any{
		"content": "fetch http://169.254.169.254/latest/",
		"context": map[string]any{"source": "tool_output", "direction": "inbound"},
	}})
	if err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var resp shield.Response
	if err := json.Unmarshal(b, &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Verdict != shield.Malicious || resp.Receipt.ContentHash != shield.HashContent("fetch http://169.254.169.254/latest/") {
		t.Errorf("response %+v", resp)
	}
	// A refused request is a tool error, not a verdict.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: ScanToolName, Arguments: map[string]any{
		"content": "x", "context": map[string]any{"source": "webpage", "direction": "inbound"},
	}})
	if err != nil || !res.IsError {
		t.Errorf("unknown source: %v %+v, want a tool error", err, res)
	}
}
