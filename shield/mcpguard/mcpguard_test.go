package mcpguard

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
)

type echoArgs struct {
	Text string `json:"text"`
}

func connect(t *testing.T, g *Guard) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, a echoArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: a.Text}}}, nil, nil
	})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil)
	c.AddSendingMiddleware(g.Middleware())
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

type failingLog struct{}

func (failingLog) Append(context.Context, enforce.LogEntry) error { return errors.New("disk full") }

func TestUnreachableScanner(t *testing.T) {
	// A scanner that refuses everything longer than 4 bytes stands for
	// one that cannot be reached.
	s, _ := shield.New(shield.Options{MaxContentBytes: 4})
	log := &enforce.MemoryLog{}
	g := &Guard{Scanner: s, Log: log, Kind: func(string) enforce.ActionKind { return enforce.Read }}
	cs := connect(t, g)
	// A read call: fail open (flag) for the call, and the result (also a
	// read) passes with a flag.
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: echoArgs{Text: "hello there"}})
	if err != nil {
		t.Fatalf("read with the scanner unreachable: %v", err)
	}
	if res.Meta[MetaKey] == nil {
		t.Error("result not flagged")
	}
	// A sending call: fail closed.
	g.Kind = func(string) enforce.ActionKind { return enforce.Send }
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: echoArgs{Text: "hello there"}})
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("send with the scanner unreachable: %v, want ErrBlocked", err)
	}
	entries := log.Entries()
	if len(entries) != 3 || entries[2].Outcome != enforce.Block || entries[2].Receipt.ScanID != "" {
		t.Errorf("log %+v", entries)
	}
}

func TestFailingLogFailsClosed(t *testing.T) {
	g := &Guard{Log: failingLog{}}
	cs := connect(t, g)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: echoArgs{Text: "hi"}})
	var b *BlockedError
	if !errors.As(err, &b) || !strings.Contains(b.Decision.Reason, "log") {
		t.Fatalf("error %v, want a block because the log failed", err)
	}
}

func TestArgumentText(t *testing.T) {
	got := argumentText(map[string]any{"b": []any{"x", 1.0, map[string]any{"c": "y"}}, "a": "<z>"})
	if want := "a\n<z>\nb\nx\nc\ny\n"; got != want {
		t.Errorf("argumentText = %q, want %q", got, want)
	}
}
