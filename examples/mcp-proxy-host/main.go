// Command mcp-proxy-host is the wiring an agent-framework author copies to
// put plainsight's proxy between the host's own MCP client and a server it
// did not write (package proxy): the server is started (or reached) by the
// proxy, and the host's client speaks to the proxy in-process, so that
//
//   - every tool result is scanned before the model sees it, and every
//     call's arguments before they leave (Agent-Shield Levels 1–2, §4's
//     policy per class); a blocked call comes back as an error result
//     that says why;
//   - a poisoned tool definition never reaches the model's tool list;
//   - every decision is in the receipt log (Level 3);
//   - with pins (proxy.Config.Pins), a definition that changed after
//     first use is withheld until a person approves it.
//
// Usage:
//
//	mcp-proxy-host -- COMMAND [ARG]...
//
// It starts the server behind the proxy, prints the tools the model would
// be offered and the log's decisions.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 || args[0] != "--" {
		fmt.Fprintln(stderr, "usage: mcp-proxy-host -- COMMAND [ARG]...")
		return 2
	}
	ctx := context.Background()
	log := &enforce.MemoryLog{}
	cs, closeAll, err := Guarded(ctx, proxy.Upstream{Command: args[1], Args: args[2:], Stderr: stderr}, log)
	if err != nil {
		fmt.Fprintln(stderr, "mcp-proxy-host:", err)
		return 2
	}
	defer closeAll()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		fmt.Fprintln(stderr, "mcp-proxy-host:", err)
		return 2
	}
	for _, t := range tools.Tools {
		fmt.Fprintln(stdout, "tool:", t.Name)
	}
	for _, e := range log.Entries() {
		fmt.Fprintln(stdout, "decision:", e.Tool, e.Direction, e.Verdict, e.Outcome)
	}
	return 0
}

// Guarded starts the upstream behind a proxy whose guard logs to log, and
// returns the host's client session of the proxy (an in-process
// connection: no port, no pipe) and a function that closes both.
func Guarded(ctx context.Context, up proxy.Upstream, log enforce.ReceiptLog) (*mcp.ClientSession, func(), error) {
	p, err := proxy.New(ctx, proxy.Config{Upstream: up, Guard: &mcpguard.Guard{Log: log, Who: "my-agent"}})
	if err != nil {
		return nil, nil, err
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := p.Server().Connect(ctx, st, nil)
	if err != nil {
		p.Close()
		return nil, nil, err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "my-agent", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		p.Close()
		return nil, nil, err
	}
	return cs, func() { cs.Close(); ss.Close(); p.Close() }, nil
}
