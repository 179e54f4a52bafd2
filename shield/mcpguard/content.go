package mcpguard

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
)

// readResult judges what a prompts/get or resources/read result gives the
// model, before the model reads it (issue 27, note27's left item: a
// prompt's messages and a resource's text reach the model as a tool's
// result does, so they are Level 1 content): inbound from tool_output,
// decided as a read. A result the policy blocks is not returned: the
// request fails with a *BlockedError naming the prompt or the resource.
// A flagged result carries the verdict in its _meta. Other results, and
// methods without content, pass unchanged.
func (g *Guard) readResult(ctx context.Context, method string, req mcp.Request, res mcp.Result) (mcp.Result, error) {
	var text, name string
	var meta *mcp.Meta
	switch r := res.(type) {
	case *mcp.GetPromptResult:
		if r == nil {
			return res, nil
		}
		if p, ok := req.GetParams().(*mcp.GetPromptParams); ok && p != nil {
			name = p.Name
		}
		text, meta = promptText(r), &r.Meta
	case *mcp.ReadResourceResult:
		if r == nil {
			return res, nil
		}
		if p, ok := req.GetParams().(*mcp.ReadResourceParams); ok && p != nil {
			name = p.URI
		}
		text, meta = resourceText(r), &r.Meta
	default:
		return res, nil
	}
	in := shield.Request{Content: text,
		Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}}
	if method == "prompts/get" {
		in.Context.Tool = name
	}
	d, resp := g.check(ctx, in, enforce.Action{Kind: enforce.Read, Direction: shield.Inbound})
	if d.Outcome == enforce.Block {
		e := &BlockedError{Tool: name, Decision: d}
		if resp != nil {
			e.ScanID = resp.Receipt.ScanID
		}
		return nil, e
	}
	if d.Outcome == enforce.Flag {
		m := map[string]any{"outcome": string(d.Outcome), "reason": d.Reason}
		if resp != nil {
			m["verdict"] = string(resp.Verdict)
			m["scan_id"] = resp.Receipt.ScanID
			m["content_hash"] = resp.Receipt.ContentHash
		}
		if *meta == nil {
			*meta = mcp.Meta{}
		}
		(*meta)[MetaKey] = m
	}
	return res, nil
}

// promptText is the text a model reads from a prompt: its description and
// each message's text (embedded resources' URI and text, resource links'
// URI and description), a line each.
func promptText(r *mcp.GetPromptResult) string {
	var sb strings.Builder
	if r.Description != "" {
		sb.WriteString(r.Description)
		sb.WriteByte('\n')
	}
	for _, m := range r.Messages {
		if m == nil {
			continue
		}
		contentText(&sb, m.Content)
	}
	return sb.String()
}

// resourceText is the text of a resource's contents: each one's URI and
// text (blobs are not scanned), a line each.
func resourceText(r *mcp.ReadResourceResult) string {
	var sb strings.Builder
	for _, c := range r.Contents {
		if c == nil {
			continue
		}
		sb.WriteString(c.URI)
		sb.WriteByte('\n')
		if c.Text != "" {
			sb.WriteString(c.Text)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// contentText writes the text of one content item, as resultText reads a
// tool result's.
func contentText(sb *strings.Builder, c mcp.Content) {
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
	default:
		return
	}
	sb.WriteByte('\n')
}
