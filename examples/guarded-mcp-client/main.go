// Command guarded-mcp-client is the wiring an agent framework copies to put
// plainsight between an MCP server and a model, with the official MCP Go
// SDK as the client:
//
//   - at first use the server's tools are pinned (the §7 fingerprint of
//     the tools this session serves), unless a tool's name, description
//     or input schema or the server's instructions hide text (the fields
//     plainsight's commands scan, precall.ScannedFields, in the Strict
//     profile);
//   - on every later connection they are checked against the pin, and a
//     change (a tool added, removed or redefined: a "rug pull") refuses the
//     session with the §7 diff until a person approves it;
//   - every tool result is scanned before it reaches the model: hidden
//     text is removed and the model told so, text that reads like
//     instructions is labelled as data.
//
// Usage:
//
//	guarded-mcp-client -url URL -tool NAME [-args JSON]
//
// It connects, calls the tool, prints what the model would be given, then
// reconnects and checks the pin again, as a host does on its next session.
// The pins live in memory here; a host keeps each fingerprint.Record
// (which holds the definitions a later diff needs) across runs.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command: exit 0 when the tool ran and the pin held, 1
// when the pin refused the server, 2 on a usage or connection error.
func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("guarded-mcp-client", flag.ContinueOnError)
	fset.SetOutput(stderr)
	url := fset.String("url", "", "the server's MCP endpoint (Streamable HTTP)")
	tool := fset.String("tool", "", "the tool to call")
	argsJSON := fset.String("args", "{}", "the tool's arguments, a JSON object")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	var toolArgs map[string]any
	if *url == "" || *tool == "" || json.Unmarshal([]byte(*argsJSON), &toolArgs) != nil {
		fmt.Fprintln(stderr, "guarded-mcp-client: want -url, -tool and -args as a JSON object")
		return 2
	}
	ctx := context.Background()
	g := &Guard{
		Client: mcp.NewClient(&mcp.Implementation{Name: "guarded-mcp-client", Version: "v1"}, nil),
		Pins:   &MemoryPins{},
	}
	transport := func() mcp.Transport { return &mcp.StreamableClientTransport{Endpoint: *url} }

	for _, step := range []string{"first connection", "reconnection"} {
		s, err := g.Connect(ctx, *url, transport())
		switch {
		case errors.Is(err, ErrChanged), errors.Is(err, ErrHiddenText):
			fmt.Fprintf(stdout, "%s: refused: %v\n", step, err)
			return 1
		case err != nil:
			fmt.Fprintf(stderr, "guarded-mcp-client: %s: %v\n", step, err)
			return 2
		}
		if s.FirstUse {
			fmt.Fprintf(stdout, "%s: pinned %s\n", step, s.Fingerprint)
		} else {
			fmt.Fprintf(stdout, "%s: unchanged %s\n", step, s.Fingerprint)
		}
		out, err := s.CallTool(ctx, *tool, toolArgs)
		s.Close()
		if err != nil {
			fmt.Fprintf(stderr, "guarded-mcp-client: %s: %v\n", *tool, err)
			return 2
		}
		fmt.Fprintf(stdout, "to the model:\n%s", out.Text)
	}
	return 0
}
