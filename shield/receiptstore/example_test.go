package receiptstore_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

type noteArgs struct {
	Text string `json:"text"`
}

func ExampleLog() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "plainsight")
	defer os.RemoveAll(dir)
	db, err := sqlite.Open(ctx, filepath.Join(dir, "plainsight.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()

	// A server with one tool that stores a note and echoes it.
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "save_note"}, func(_ context.Context, _ *mcp.CallToolRequest, a noteArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saved: " + a.Text}}}, nil, nil
	})
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := server.Connect(ctx, st, nil)
	defer ss.Close()

	// The agent's client, guarded, its receipts kept in the database.
	log := receiptstore.New(db)
	guard := &mcpguard.Guard{Log: log, Who: "agent-1"}
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil)
	client.AddSendingMiddleware(guard.Middleware())
	cs, _ := client.Connect(ctx, ct, nil)
	defer cs.Close()

	cs.CallTool(ctx, &mcp.CallToolParams{Name: "save_note", Arguments: noteArgs{Text: "buy milk"}})
	cs.CallTool(ctx, &mcp.CallToolParams{Name: "save_note", Arguments: noteArgs{Text: "key AKIAZ3VQ7MXR5NB2KL4P"}})

	recs, err := log.List(ctx, store.ReceiptQuery{Who: "agent-1"})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The hashes are of the scanned text, a line per key and string:
	// "text\nbuy milk\n", "saved: buy milk\n", "text\nkey AKIA…\n".
	for _, r := range recs {
		e := r.Entry
		fmt.Println(r.Seq, e.Who, e.Tool, e.Direction, e.Verdict, e.Outcome, e.Receipt.ContentHash[:15])
	}
	// Every entry of one content hash, whoever had it scanned.
	same, _ := log.List(ctx, store.ReceiptQuery{ContentHash: recs[2].Entry.Receipt.ContentHash})
	fmt.Println(len(same), same[0].Entry.Outcome == enforce.Block)
	// Output:
	// 1 agent-1 save_note outbound clean proceed sha256:0bdc265b
	// 2 agent-1 save_note inbound clean proceed sha256:686f6a14
	// 3 agent-1 save_note outbound malicious block sha256:a0a33fe1
	// 1 true
}
