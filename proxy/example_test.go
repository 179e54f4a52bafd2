package proxy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/store/memory"
)

func ExampleNew() {
	ctx := context.Background()
	// A server on a loopback Streamable HTTP address, whose tool's
	// description will change under the client (a rug pull).
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "1"}, nil)
	tool := func(description string) {
		server.AddTool(&mcp.Tool{Name: "forecast", Description: description, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sunny"}}}, nil
			})
	}
	tool("The forecast of a city.")
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &http.Server{Handler: mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)}
	go srv.Serve(ln)
	defer srv.Close()

	// The proxy, with pins in memory (plainsight proxy keeps them in its
	// database), and a client connected to it in-process.
	keeper := &pin.Keeper{Store: memory.New()}
	p, err := proxy.New(ctx, proxy.Config{Upstream: proxy.Upstream{URL: "http://" + ln.Addr().String() + "/mcp"}, Pins: keeper})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := p.Server().Connect(ctx, st, nil)
	defer ss.Close()
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, ct, nil)
	defer cs.Close()

	list := func() {
		r, _ := cs.ListTools(ctx, nil)
		fmt.Println("tools:", len(r.Tools))
	}
	list() // first sight: pinned
	tool("The forecast of a city, in Fahrenheit.")
	list() // changed: withheld
	r, _ := cs.CallTool(ctx, &mcp.CallToolParams{Name: "forecast", Arguments: map[string]any{}})
	fmt.Println(r.IsError)
	keeper.Approve(ctx, p.Key(), "a person", fingerprint.Entry{Kind: fingerprint.KindTool, Key: "forecast"})
	list() // approved: listed again
	// Output:
	// tools: 1
	// tools: 0
	// true
	// tools: 1
}
