// Package mcpguard puts the Agent-Shield check (package shield) around an
// MCP client, as the conformance levels of the protocol's §5 describe:
//
//   - Level 1: every tool result is scanned before the model sees it
//     (source tool_output, inbound); a result the policy blocks is replaced
//     by an error result that says why, and never reaches the model.
//     A prompts/get result (the prompt's description and messages) and a
//     resources/read result (each content's URI and text; blobs are not
//     scanned) are judged the same way; one the policy blocks is not
//     returned, the request fails with a *BlockedError naming the prompt
//     or the resource's URI, and a flagged one carries the verdict in its
//     _meta.
//   - Level 2: every outgoing tool call's arguments are scanned (source
//     agent_message, outbound); a call the policy blocks is not sent.
//   - Level 3: each decision is appended to a receipt log: who, the
//     content's hash, when, the engine, the verdict, and what was done.
//
// Before any of these, what a server says about itself is judged before
// the model reads it (issue 27): each tool of a tools/list result, each
// prompt, resource and resource template of the list results, and the
// server's instructions, each scanned whole as its JSON (shield reads a
// JSON definition as one text, so an attack split across a description
// and a parameter's description is one text; see
// docs/judgement/tool-definitions.md), inbound from tool_output and
// decided as a read. A definition the policy blocks is withheld: dropped
// from its list, named with the reason in the list's _meta, and a later
// call to a withheld tool is refused without being sent (and logged); the blocked
// instructions are emptied. A flagged definition carries the verdict in
// its own _meta.
//
// The guard is sending middleware of the official Go SDK's client
// ([mcp.Client.AddSendingMiddleware]), so it covers every session of that
// client.
//
// [AddScanTool] is the other side: the protocol's MCP binding (§3.3), the
// scan as a tool that an MCP-native agent calls in its own tool loop.
//
// # Bounds
//
// The text scanned from a call is the string values (and object keys) of
// its arguments; from a definition, its JSON as encoding/json writes it,
// without HTML escaping (a tool's members in the order of MCP's
// specification: name, title, description, the schemas, annotations,
// _meta, icons); from a result, its text and embedded text resources, the
// URIs of its resource links and the keys and strings of its structured
// content; at most shield's content bound (longer text is refused by the
// scanner, and the unreachable rule decides). JSON is walked to a depth of 64. The receipt's
// content_hash is the hash of that text (each key and string on a line of
// its own, object keys sorted), which a verifier holding the call can
// rebuild.
//
// # What it does not claim
//
// Images and audio are not scanned. A flagged result reaches the model
// with the guard's verdict in its _meta; what the host does with the flag
// is its own policy. The tools withheld are remembered by name for the
// Guard's lifetime, across its sessions (one name on two servers is one
// tool to it), until a list shows the name with a definition that passes,
// and at most 4096 of them; a tool called without having been listed, or
// past that bound, is judged by its call alone.
package mcpguard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
)

// ErrBlocked is returned (wrapped in a *BlockedError) for a tool call the
// policy blocks before it is sent, and for a prompts/get or resources/read
// result it blocks before the model reads it.
var ErrBlocked = errors.New("mcpguard: tool call blocked")

// BlockedError reports a blocked tool call, prompt or resource.
type BlockedError struct {
	Tool     string // the tool's or the prompt's name, or the resource's URI
	Decision enforce.Decision
	ScanID   string // empty when the scanner could not be reached
}

// Error says what was refused and why.
func (e *BlockedError) Error() string {
	return fmt.Sprintf("%v: %q: %s", ErrBlocked, e.Tool, e.Decision.Reason)
}

// Unwrap returns ErrBlocked.
func (e *BlockedError) Unwrap() error { return ErrBlocked }

// MetaKey is the _meta key under which a result carries the guard's
// verdict.
const MetaKey = "plainsight.dev/shield"

// Guard scans tool calls and results, and the definitions a server lists.
// Its zero value works: the default scanner, the default policy, no log.
// A Guard must not be copied after first use (it remembers the tools it
// withheld).
type Guard struct {
	// Scanner scans; nil means shield's default scanner.
	Scanner *shield.Scanner
	// Policy decides; nil means enforce.DefaultPolicy().
	Policy *enforce.Policy
	// Log receives a LogEntry per decision (Level 3); nil keeps none.
	Log enforce.ReceiptLog
	// Who names the requester in the log.
	Who string
	// Kind says what calling a tool does, for the scanner-unreachable rule
	// and the log; nil means enforce.Send for every tool (the cautious
	// answer: a call whose kind is unknown may send).
	Kind func(tool string) enforce.ActionKind

	mu       sync.Mutex
	withheld map[string]string // tools withheld from a list, and why
}

// kind is what calling tool does, by g.Kind (Send when nil).
func kind(g *Guard, tool string) enforce.ActionKind {
	if g.Kind != nil {
		return g.Kind(tool)
	}
	return enforce.Send
}

func (g *Guard) policy() enforce.Policy {
	if g.Policy != nil {
		return *g.Policy
	}
	return enforce.DefaultPolicy()
}

func (g *Guard) scan(ctx context.Context, r shield.Request) (*shield.Response, error) {
	var resp shield.Response
	var err error
	if g.Scanner != nil {
		resp, err = g.Scanner.Scan(ctx, r)
	} else {
		resp, err = shield.Scan(ctx, r)
	}
	if err != nil {
		return nil, err
	}
	return &resp, nil
}

// check scans content and decides; an unstorable log entry counts as an
// unreachable scanner.
func (g *Guard) check(ctx context.Context, r shield.Request, a enforce.Action) (enforce.Decision, *shield.Response) {
	resp, err := g.scan(ctx, r)
	if err != nil {
		resp = nil
	}
	d := enforce.Decide(g.policy(), resp, a)
	if g.Log != nil {
		if err := g.Log.Append(ctx, enforce.NewLogEntry(g.Who, r, resp, a, d)); err != nil {
			d = enforce.Decide(g.policy(), nil, a)
			d.Reason = "the receipt log failed; " + d.Reason
		}
	}
	return d, resp
}

// Middleware returns the client sending middleware; install it with
// client.AddSendingMiddleware(g.Middleware()).
func (g *Guard) Middleware() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			switch method {
			case "tools/list", "prompts/list", "resources/list", "resources/templates/list", "initialize", "server/discover":
				// The server's definitions, before the model reads them.
				res, err := next(ctx, method, req)
				if err == nil {
					g.definitions(ctx, res)
				}
				return res, err
			case "prompts/get", "resources/read":
				// A prompt's messages and a resource's text, before the
				// model reads them.
				res, err := next(ctx, method, req)
				if err != nil {
					return res, err
				}
				return g.readResult(ctx, method, req, res)
			}
			params, ok := req.GetParams().(*mcp.CallToolParams)
			if method != "tools/call" || !ok || params == nil {
				return next(ctx, method, req)
			}
			if why := g.withheldReason(params.Name); why != "" {
				// Refused unsent and unscanned; the log still has it.
				d := enforce.Decision{Outcome: enforce.Block, Reason: why}
				if g.Log != nil {
					r := shield.Request{Content: argumentText(params.Arguments),
						Context: shield.Context{Source: shield.SourceAgentMessage, Tool: params.Name, Direction: shield.Outbound}}
					_ = g.Log.Append(ctx, enforce.NewLogEntry(g.Who, r, nil, enforce.Action{Kind: kind(g, params.Name), Direction: shield.Outbound}, d))
				}
				return nil, &BlockedError{Tool: params.Name, Decision: d}
			}
			kind := kind(g, params.Name)
			// Level 2: the arguments, before they leave.
			out := shield.Request{Content: argumentText(params.Arguments),
				Context: shield.Context{Source: shield.SourceAgentMessage, Tool: params.Name, Direction: shield.Outbound}}
			d, resp := g.check(ctx, out, enforce.Action{Kind: kind, Direction: shield.Outbound})
			if d.Outcome == enforce.Block {
				e := &BlockedError{Tool: params.Name, Decision: d}
				if resp != nil {
					e.ScanID = resp.Receipt.ScanID
				}
				return nil, e
			}
			res, err := next(ctx, method, req)
			if err != nil {
				return res, err
			}
			result, ok := res.(*mcp.CallToolResult)
			if !ok || result == nil {
				return res, nil
			}
			// Level 1: the result, before the model sees it.
			in := shield.Request{Content: resultText(result),
				Context: shield.Context{Source: shield.SourceToolOutput, Tool: params.Name, Direction: shield.Inbound}}
			d, resp = g.check(ctx, in, enforce.Action{Kind: enforce.Read, Direction: shield.Inbound})
			meta := map[string]any{"outcome": string(d.Outcome), "reason": d.Reason}
			if resp != nil {
				meta["verdict"] = string(resp.Verdict)
				meta["scan_id"] = resp.Receipt.ScanID
				meta["content_hash"] = resp.Receipt.ContentHash
			}
			if d.Outcome == enforce.Block {
				withheld := &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
					Text: fmt.Sprintf("The result of %s was withheld by the safety check: %s.", params.Name, d.Reason)}}}
				withheld.Meta = mcp.Meta{MetaKey: meta}
				return withheld, nil
			}
			if d.Outcome == enforce.Flag {
				if result.Meta == nil {
					result.Meta = mcp.Meta{}
				}
				result.Meta[MetaKey] = meta
			}
			return result, nil
		}
	}
}

// argumentText is the text of a call's arguments: every object key and
// string value, a line each, in a stable order.
func argumentText(args any) string {
	b, err := json.Marshal(args)
	if err != nil {
		return ""
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return ""
	}
	var sb strings.Builder
	walk(&sb, v, 0)
	return sb.String()
}

func walk(sb *strings.Builder, v any, depth int) {
	if depth > 64 {
		return
	}
	switch x := v.(type) {
	case string:
		sb.WriteString(x)
		sb.WriteByte('\n')
	case []any:
		for _, e := range x {
			walk(sb, e, depth+1)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			sb.WriteString(k)
			sb.WriteByte('\n')
			walk(sb, x[k], depth+1)
		}
	}
}

// resultText is the text a model would read from a result.
func resultText(r *mcp.CallToolResult) string {
	var sb strings.Builder
	for _, c := range r.Content {
		switch x := c.(type) {
		case *mcp.TextContent:
			sb.WriteString(x.Text)
		case *mcp.EmbeddedResource:
			if x.Resource != nil {
				sb.WriteString(x.Resource.URI)
				sb.WriteByte('\n')
				sb.WriteString(x.Resource.Text)
			}
		case *mcp.ResourceLink:
			sb.WriteString(x.URI)
			sb.WriteByte('\n')
			sb.WriteString(x.Description)
		}
		sb.WriteByte('\n')
	}
	if r.StructuredContent != nil {
		sb.WriteString(argumentText(r.StructuredContent))
	}
	return sb.String()
}
