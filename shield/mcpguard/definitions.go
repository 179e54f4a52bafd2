package mcpguard

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
)

// definitions judges what a server says about itself before the model
// reads it: each tool of a tools/list result, each prompt of prompts/list,
// each resource and resource template of resources/list and
// resources/templates/list, and the instructions of initialize (or
// server/discover). Each
// definition is scanned whole, as its JSON (shield reads JSON content as
// one text: docs/judgement/tool-definitions.md), inbound from
// tool_output, and decided as a read. A definition the policy blocks is
// withheld: dropped from the list (the list's _meta names it and why), or
// for the instructions, emptied; a flagged one carries the guard's
// verdict in its own _meta. A tool withheld from a list is refused when
// called, until a later list shows it clean.
func (g *Guard) definitions(ctx context.Context, res mcp.Result) {
	switch r := res.(type) {
	case *mcp.ListToolsResult:
		var w []any
		r.Tools, w = judgeAll(ctx, g, r.Tools, func(t *mcp.Tool) (string, *mcp.Meta) { return t.Name, &t.Meta })
		withhold(&r.Meta, w)
	case *mcp.ListPromptsResult:
		var w []any
		r.Prompts, w = judgeAll(ctx, g, r.Prompts, func(p *mcp.Prompt) (string, *mcp.Meta) { return p.Name, &p.Meta })
		withhold(&r.Meta, w)
	case *mcp.ListResourcesResult:
		var w []any
		r.Resources, w = judgeAll(ctx, g, r.Resources, func(p *mcp.Resource) (string, *mcp.Meta) { return p.URI, &p.Meta })
		withhold(&r.Meta, w)
	case *mcp.ListResourceTemplatesResult:
		var w []any
		r.ResourceTemplates, w = judgeAll(ctx, g, r.ResourceTemplates, func(p *mcp.ResourceTemplate) (string, *mcp.Meta) { return p.URITemplate, &p.Meta })
		withhold(&r.Meta, w)
	case *mcp.InitializeResult:
		name := ""
		if r.ServerInfo != nil {
			name = r.ServerInfo.Name
		}
		g.instructions(ctx, name, &r.Instructions, &r.Meta)
	case *mcp.DiscoverResult:
		g.instructions(ctx, "", &r.Instructions, &r.Meta)
	}
}

// instructions judges a server's instructions (of initialize, or of
// server/discover, whose _meta the SDK does not pass on: there a flag is
// in the log only).
func (g *Guard) instructions(ctx context.Context, server string, text *string, m *mcp.Meta) {
	if *text == "" {
		return
	}
	d, meta := g.judge(ctx, server, map[string]string{"instructions": *text})
	switch d.Outcome {
	case enforce.Block:
		*text = ""
		setMeta(m, meta)
	case enforce.Flag:
		setMeta(m, meta)
	}
}

// judgeAll judges each definition of a list, and returns those kept and
// the _meta entries of those withheld.
func judgeAll[T any](ctx context.Context, g *Guard, items []*T, id func(*T) (string, *mcp.Meta)) ([]*T, []any) {
	kept := items[:0]
	var withheld []any
	for _, it := range items {
		if it == nil {
			continue
		}
		name, m := id(it)
		d, meta := g.judge(ctx, name, it)
		_, isTool := any(it).(*mcp.Tool)
		switch d.Outcome {
		case enforce.Block:
			meta["name"] = name
			withheld = append(withheld, meta)
			if isTool {
				g.setWithheld(name, d.Reason)
			}
			continue
		case enforce.Flag:
			setMeta(m, meta)
		}
		if isTool {
			g.setWithheld(name, "")
		}
		kept = append(kept, it)
	}
	clear(items[len(kept):])
	return kept, withheld
}

// toolOrder is a tool in the order MCP's specification lists its members
// (name, title, description, the schemas, annotations, _meta, icons), so
// that the text reads as a tool is read: what it is, then what it takes.
type toolOrder struct {
	Name         string               `json:"name"`
	Title        string               `json:"title,omitempty"`
	Description  string               `json:"description,omitempty"`
	InputSchema  any                  `json:"inputSchema"`
	OutputSchema any                  `json:"outputSchema,omitempty"`
	Annotations  *mcp.ToolAnnotations `json:"annotations,omitempty"`
	Meta         mcp.Meta             `json:"_meta,omitempty"`
	Icons        []mcp.Icon           `json:"icons,omitempty"`
}

// judge scans one definition and decides; meta is the guard's verdict in
// the form results carry it.
func (g *Guard) judge(ctx context.Context, name string, def any) (enforce.Decision, map[string]any) {
	if t, ok := def.(*mcp.Tool); ok {
		def = toolOrder{t.Name, t.Title, t.Description, t.InputSchema, t.OutputSchema, t.Annotations, t.Meta, t.Icons}
	}
	r := shield.Request{Content: definitionText(def),
		Context: shield.Context{Source: shield.SourceToolOutput, Tool: name, Direction: shield.Inbound}}
	d, resp := g.check(ctx, r, enforce.Action{Kind: enforce.Read, Direction: shield.Inbound})
	meta := map[string]any{"outcome": string(d.Outcome), "reason": d.Reason}
	if resp != nil {
		meta["verdict"] = string(resp.Verdict)
		meta["scan_id"] = resp.Receipt.ScanID
		meta["content_hash"] = resp.Receipt.ContentHash
	}
	return d, meta
}

// definitionText is a definition's JSON as encoding/json writes it (a
// tool's members in toolOrder, another definition's in the SDK's struct
// order, maps' members sorted), without HTML escaping: the text a verifier
// holding the definition rebuilds for the receipt's hash.
func definitionText(def any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(def); err != nil {
		return ""
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func setMeta(m *mcp.Meta, v map[string]any) {
	if *m == nil {
		*m = mcp.Meta{}
	}
	(*m)[MetaKey] = v
}

// withhold names the withheld definitions in a list's _meta.
func withhold(m *mcp.Meta, withheld []any) {
	if len(withheld) > 0 {
		setMeta(m, map[string]any{"withheld": withheld})
	}
}

// maxWithheld bounds the withheld tools a Guard remembers: past it, a
// blocked tool is still withheld from its list, and a call to it is
// judged by its arguments alone.
const maxWithheld = 4096

// setWithheld records (reason not empty) or clears a withheld tool.
func (g *Guard) setWithheld(tool, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if reason == "" {
		delete(g.withheld, tool)
		return
	}
	if g.withheld == nil {
		g.withheld = map[string]string{}
	}
	if len(g.withheld) < maxWithheld {
		g.withheld[tool] = reason
	}
}

// withheldReason is why a tool's definition was withheld, or "".
func (g *Guard) withheldReason(tool string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r, ok := g.withheld[tool]; ok {
		return fmt.Sprintf("the definition of %q was withheld: %s", tool, r)
	}
	return ""
}
