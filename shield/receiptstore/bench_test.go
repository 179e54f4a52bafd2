package receiptstore_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/store/sqlite"
)

// BenchmarkGuardedCall measures one guarded tool call over in-memory MCP
// transports (two scans and two log entries), by where the log is kept.
func BenchmarkGuardedCall(b *testing.B) {
	for _, tc := range []struct {
		name string
		log  func(b *testing.B) enforce.ReceiptLog
	}{
		{"log=none", func(*testing.B) enforce.ReceiptLog { return nil }},
		{"log=memory", func(*testing.B) enforce.ReceiptLog { return &enforce.MemoryLog{} }},
		{"log=sqlite", func(b *testing.B) enforce.ReceiptLog {
			s, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return receiptstore.New(s)
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			g := &mcpguard.Guard{Who: "agent-1", Kind: func(string) enforce.ActionKind { return enforce.Read }}
			if l := tc.log(b); l != nil {
				g.Log = l
			}
			server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
			mcp.AddTool(server, &mcp.Tool{Name: "save_note"}, func(_ context.Context, _ *mcp.CallToolRequest, a noteArgs) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saved: " + a.Text}}}, nil, nil
			})
			st, ct := mcp.NewInMemoryTransports()
			ss, err := server.Connect(ctx, st, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer ss.Close()
			client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil)
			client.AddSendingMiddleware(g.Middleware())
			cs, err := client.Connect(ctx, ct, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer cs.Close()
			p := &mcp.CallToolParams{Name: "save_note", Arguments: noteArgs{Text: "buy milk, and call the plumber about the kitchen tap"}}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := cs.CallTool(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
