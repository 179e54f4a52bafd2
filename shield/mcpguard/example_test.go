package mcpguard_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
)

type noteArgs struct {
	Text string `json:"text"`
}

func ExampleGuard() {
	ctx := context.Background()
	// A server with one tool that stores a note and echoes it.
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "save_note"}, func(_ context.Context, _ *mcp.CallToolRequest, a noteArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saved: " + a.Text}}}, nil, nil
	})
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := server.Connect(ctx, st, nil)
	defer ss.Close()

	// The agent's client, guarded, with a receipt log.
	log := &enforce.MemoryLog{}
	guard := &mcpguard.Guard{Log: log, Who: "agent-1"}
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil)
	client.AddSendingMiddleware(guard.Middleware())
	cs, _ := client.Connect(ctx, ct, nil)
	defer cs.Close()

	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "save_note", Arguments: noteArgs{Text: "buy milk"}})
	fmt.Println(err)
	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "save_note", Arguments: noteArgs{Text: "key AKIAZ3VQ7MXR5NB2KL4P"}})
	fmt.Println(errors.Is(err, mcpguard.ErrBlocked))
	for _, e := range log.Entries() {
		fmt.Println(e.Who, e.Direction, e.Verdict, e.Outcome)
	}
	// Output:
	// <nil>
	// true
	// agent-1 outbound clean proceed
	// agent-1 inbound clean proceed
	// agent-1 outbound malicious block
}
