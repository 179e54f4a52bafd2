package proxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
)

// ref names one definition: its kind and key (a tool's or prompt's name,
// a resource's URI, a template's URI template).
type ref struct {
	kind fingerprint.Kind
	key  string
}

// surface is what the upstream shows, raw (before the guard judged it),
// for the pins: its identity, protocol version, instructions and the
// newest JSON array of each list it has (nil: none).
type surface struct {
	name, version, protocolVersion, instructions string
	lists                                        map[fingerprint.Kind]json.RawMessage
}

// pinner decides, from the whole surface, which definitions are withheld
// and why (the pins: trust on first use).
type pinner interface {
	observe(ctx context.Context, key string, s surface) (map[ref]string, error)
}

// gateState is the newest pin decision.
type gateState struct {
	s        surface
	withheld map[ref]string
	known    map[ref]bool // the tools and prompts of s
	at       time.Time
}

// captureKey carries a *captured through a list request to capture.
type captureKey struct{}

// captured collects the raw definitions of every page of one list.
type captured struct {
	items []json.RawMessage
	max   int
}

// capture is the innermost sending middleware of the upstream client: it
// keeps each list page's definitions as JSON before the guard changes
// them (the guard withholds and annotates; the pins fingerprint what the
// server sent), refuses a list longer than the cap before the guard scans
// it, and keeps the server's instructions as sent.
func (p *Proxy) capture(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil {
			return res, err
		}
		switch r := res.(type) {
		case *mcp.InitializeResult:
			if r != nil {
				p.mu.Lock()
				p.rawInit = *r
				p.mu.Unlock()
			}
		case *mcp.ListToolsResult:
			err = keep(ctx, p.takeRaw(method), r.Tools)
		case *mcp.ListPromptsResult:
			err = keep(ctx, p.takeRaw(method), r.Prompts)
		case *mcp.ListResourcesResult:
			err = keep(ctx, p.takeRaw(method), r.Resources)
		case *mcp.ListResourceTemplatesResult:
			err = keep(ctx, p.takeRaw(method), r.ResourceTemplates)
		}
		if err != nil {
			return nil, err
		}
		return res, nil
	}
}

// keep adds a page's definitions to the list being captured: as the
// upstream sent them (raw, from rawConn) when the transport keeps them,
// else as the SDK writes its structs back (Streamable HTTP: see the
// package doc).
func keep[T any](ctx context.Context, raw []json.RawMessage, items []*T) error {
	c, _ := ctx.Value(captureKey{}).(*captured)
	if c == nil {
		return nil
	}
	if len(c.items)+len(items) > c.max {
		return fmt.Errorf("%w: more than %d definitions", errListTooLong, c.max)
	}
	if raw != nil && len(raw) == len(items) {
		c.items = append(c.items, raw...)
		return nil
	}
	for _, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return err
		}
		c.items = append(c.items, b)
	}
	return nil
}

// keepRaw keeps the raw definitions of a list page rawConn read.
func (p *Proxy) keepRaw(method string, result json.RawMessage) {
	var m map[string]json.RawMessage
	var items []json.RawMessage
	if json.Unmarshal(result, &m) != nil || json.Unmarshal(m[listMember[method]], &items) != nil {
		return
	}
	p.mu.Lock()
	p.rawPages[method] = items
	p.mu.Unlock()
}

// takeRaw returns and forgets the raw page of method (nil when none).
func (p *Proxy) takeRaw(method string) []json.RawMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	items := p.rawPages[method]
	delete(p.rawPages, method)
	return items
}

var errListTooLong = errors.New("proxy: the upstream's list is over the cap")

// advertised reports whether the upstream has the list of kind.
func (p *Proxy) advertised(kind fingerprint.Kind) bool {
	p.mu.Lock()
	caps := p.rawInit.Capabilities
	p.mu.Unlock()
	if caps == nil {
		return false
	}
	switch kind {
	case fingerprint.KindTool:
		return caps.Tools != nil
	case fingerprint.KindPrompt:
		return caps.Prompts != nil
	}
	return caps.Resources != nil
}

// fetch lists every page of kind from the upstream through the guard,
// within the call timeout, the page cap and the list cap; it returns the
// definitions the guard kept, the guard's _meta entries of those it
// withheld, and the raw JSON array of all.
func (p *Proxy) fetch(ctx context.Context, kind fingerprint.Kind) (kept []any, guardWithheld []any, raw json.RawMessage, err error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.CallTimeout)
	defer cancel()
	// One list at a time: a raw page is the page just answered.
	p.fetchMu.Lock()
	defer p.fetchMu.Unlock()
	cs, err := p.up.session(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	p.mu.Lock()
	clear(p.rawPages)
	p.mu.Unlock()
	c := &captured{max: p.cfg.MaxListItems}
	ctx = context.WithValue(ctx, captureKey{}, c)
	cursor := ""
	for page := 0; ; page++ {
		if page == maxListPages {
			return nil, nil, nil, fmt.Errorf("%w: more than %d pages", errListTooLong, maxListPages)
		}
		var next string
		var meta mcp.Meta
		switch kind {
		case fingerprint.KindTool:
			r, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
			if err != nil {
				return nil, nil, nil, err
			}
			for _, t := range r.Tools {
				kept = append(kept, t)
			}
			next, meta = r.NextCursor, r.Meta
		case fingerprint.KindPrompt:
			r, err := cs.ListPrompts(ctx, &mcp.ListPromptsParams{Cursor: cursor})
			if err != nil {
				return nil, nil, nil, err
			}
			for _, t := range r.Prompts {
				kept = append(kept, t)
			}
			next, meta = r.NextCursor, r.Meta
		case fingerprint.KindResource:
			r, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
			if err != nil {
				return nil, nil, nil, err
			}
			for _, t := range r.Resources {
				kept = append(kept, t)
			}
			next, meta = r.NextCursor, r.Meta
		case fingerprint.KindResourceTemplate:
			r, err := cs.ListResourceTemplates(ctx, &mcp.ListResourceTemplatesParams{Cursor: cursor})
			if err != nil {
				return nil, nil, nil, err
			}
			for _, t := range r.ResourceTemplates {
				kept = append(kept, t)
			}
			next, meta = r.NextCursor, r.Meta
		}
		if m, ok := meta[mcpguard.MetaKey].(map[string]any); ok {
			if w, ok := m["withheld"].([]any); ok {
				guardWithheld = append(guardWithheld, w...)
			}
		}
		if next == "" || next == cursor {
			break
		}
		cursor = next
	}
	raw, err = json.Marshal(c.items)
	if c.items == nil {
		raw = json.RawMessage("[]")
	}
	if err == nil && kind == fingerprint.KindTool {
		poisoned := strictPoisoned(raw)
		p.mu.Lock()
		p.poisoned, p.toolsSeen = poisoned, true
		p.mu.Unlock()
	}
	return kept, guardWithheld, raw, err
}

// poisonedReason says why the tool name is poisoned by the Strict scan of
// the newest tools/list, or "". A call before any list lists the tools
// first.
func (p *Proxy) poisonedReason(ctx context.Context, name string) (string, error) {
	p.mu.Lock()
	seen := p.toolsSeen
	p.mu.Unlock()
	if !seen {
		if _, _, _, err := p.fetch(ctx, fingerprint.KindTool); err != nil {
			return "", err
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if why := p.poisoned[name]; why != "" {
		return fmt.Sprintf("the definition of %q was withheld: %s", name, why), nil
	}
	return "", nil
}

// keyOf is a definition's key.
func keyOf(def any) string {
	switch d := def.(type) {
	case *mcp.Tool:
		return d.Name
	case *mcp.Prompt:
		return d.Name
	case *mcp.Resource:
		return d.URI
	case *mcp.ResourceTemplate:
		return d.URITemplate
	}
	return ""
}

// list answers one of the four list requests: every page of the
// upstream's list, judged by the guard (poisoned definitions withheld),
// then by the pins (changed and new definitions withheld), in one page.
func (p *Proxy) list(ctx context.Context, kind fingerprint.Kind, params mcp.Params) (mcp.Result, error) {
	var cursor string
	switch x := params.(type) {
	case *mcp.ListToolsParams:
		if x != nil {
			cursor = x.Cursor
		}
	case *mcp.ListPromptsParams:
		if x != nil {
			cursor = x.Cursor
		}
	case *mcp.ListResourcesParams:
		if x != nil {
			cursor = x.Cursor
		}
	case *mcp.ListResourceTemplatesParams:
		if x != nil {
			cursor = x.Cursor
		}
	}
	var kept, withheldMeta []any
	if cursor == "" {
		var raw json.RawMessage
		var err error
		kept, withheldMeta, raw, err = p.fetch(ctx, kind)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("plainsight proxy: listing the upstream's %ss: %s", kind, p.describe(ctx, err))}
		}
		withheld, err := p.observe(ctx, kind, raw)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("plainsight proxy: the pins could not be read, so no %s is shown: %s", kind, err)}
		}
		shown := kept[:0]
		for _, d := range kept {
			why := withheld[ref{kind, keyOf(d)}]
			if kind == fingerprint.KindTool && why == "" {
				p.mu.Lock()
				why = p.poisoned[keyOf(d)]
				p.mu.Unlock()
			}
			if why != "" {
				// The decision, logged: the definition withheld and why.
				def, _ := json.Marshal(d)
				p.record(ctx, shield.Request{Content: string(def), Context: shield.Context{
					Source: shield.SourceToolOutput, Tool: keyOf(d), Direction: shield.Inbound}}, enforce.Read, why)
				withheldMeta = append(withheldMeta, map[string]any{"name": keyOf(d), "outcome": "block", "reason": why})
				continue
			}
			shown = append(shown, d)
		}
		kept = shown
	}
	var meta mcp.Meta
	if len(withheldMeta) > 0 {
		meta = mcp.Meta{mcpguard.MetaKey: map[string]any{"withheld": withheldMeta}}
	}
	switch kind {
	case fingerprint.KindTool:
		r := &mcp.ListToolsResult{Tools: []*mcp.Tool{}}
		for _, d := range kept {
			r.Tools = append(r.Tools, d.(*mcp.Tool))
		}
		r.Meta = meta
		return r, nil
	case fingerprint.KindPrompt:
		r := &mcp.ListPromptsResult{Prompts: []*mcp.Prompt{}}
		for _, d := range kept {
			r.Prompts = append(r.Prompts, d.(*mcp.Prompt))
		}
		r.Meta = meta
		return r, nil
	case fingerprint.KindResource:
		r := &mcp.ListResourcesResult{Resources: []*mcp.Resource{}}
		for _, d := range kept {
			r.Resources = append(r.Resources, d.(*mcp.Resource))
		}
		r.Meta = meta
		return r, nil
	default:
		r := &mcp.ListResourceTemplatesResult{ResourceTemplates: []*mcp.ResourceTemplate{}}
		for _, d := range kept {
			r.ResourceTemplates = append(r.ResourceTemplates, d.(*mcp.ResourceTemplate))
		}
		r.Meta = meta
		return r, nil
	}
}

// observe puts the fresh raw list of kind in the surface (listing the
// other lists the upstream has, the first time, so that the pin holds
// them all), asks the pins, and returns the withheld definitions.
func (p *Proxy) observe(ctx context.Context, kind fingerprint.Kind, raw json.RawMessage) (map[ref]string, error) {
	if p.pins == nil {
		return nil, nil
	}
	p.obsMu.Lock()
	defer p.obsMu.Unlock()
	p.mu.Lock()
	p.lists[kind] = raw
	p.mu.Unlock()
	for _, k := range []fingerprint.Kind{fingerprint.KindTool, fingerprint.KindPrompt, fingerprint.KindResource, fingerprint.KindResourceTemplate} {
		p.mu.Lock()
		_, have := p.lists[k]
		p.mu.Unlock()
		if have || !p.advertised(k) {
			continue
		}
		_, _, r, err := p.fetch(ctx, k)
		if err != nil {
			// A server may advertise resources without templates.
			if k == fingerprint.KindResourceTemplate {
				continue
			}
			return nil, err
		}
		p.mu.Lock()
		p.lists[k] = r
		p.mu.Unlock()
	}
	return p.decide(ctx, p.snapshot())
}

// snapshot is the surface as the proxy has seen it last.
func (p *Proxy) snapshot() surface {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := surface{protocolVersion: p.rawInit.ProtocolVersion, instructions: p.rawInit.Instructions, lists: map[fingerprint.Kind]json.RawMessage{}}
	if p.rawInit.ServerInfo != nil {
		s.name, s.version = p.rawInit.ServerInfo.Name, p.rawInit.ServerInfo.Version
	}
	for k, v := range p.lists {
		s.lists[k] = v
	}
	return s
}

// decide asks the pins about s and keeps the answer.
func (p *Proxy) decide(ctx context.Context, s surface) (map[ref]string, error) {
	w, err := p.pins.observe(ctx, p.key, s)
	if err != nil {
		return nil, err
	}
	known := map[ref]bool{}
	for _, k := range []fingerprint.Kind{fingerprint.KindTool, fingerprint.KindPrompt} {
		var items []struct {
			Name string `json:"name"`
		}
		json.Unmarshal(s.lists[k], &items)
		for _, it := range items {
			known[ref{k, it.Name}] = true
		}
	}
	p.mu.Lock()
	p.gate = &gateState{s: s, withheld: w, known: known, at: time.Now()}
	p.mu.Unlock()
	return w, nil
}

// withheld says why the definition kind/key is withheld ("" when it is
// not). A definition never listed is looked up by listing everything
// first; a decision that withholds is re-read from the pins once it is
// older than pinCache, so that an approval is seen by a running proxy.
func (p *Proxy) withheld(ctx context.Context, kind fingerprint.Kind, key string) (string, error) {
	if p.pins == nil {
		return "", nil
	}
	p.mu.Lock()
	st := p.gate
	p.mu.Unlock()
	var w map[ref]string
	var err error
	unknown := st != nil && (kind == fingerprint.KindTool || kind == fingerprint.KindPrompt) && !st.known[ref{kind, key}]
	switch {
	case st == nil || unknown:
		// Never listed, or a tool or prompt the last list did not have:
		// listed afresh, so that a definition the server added unasked
		// is judged (new: withheld) before it is used.
		k := kind
		if !p.advertised(k) {
			k = fingerprint.KindTool
		}
		if _, _, raw, ferr := p.fetch(ctx, k); ferr != nil {
			return "", ferr
		} else {
			w, err = p.observe(ctx, k, raw)
		}
	case len(st.withheld) > 0 && time.Since(st.at) > pinCache:
		p.obsMu.Lock()
		w, err = p.decide(ctx, st.s)
		p.obsMu.Unlock()
		if err == nil && len(w) < len(st.withheld) {
			// An approval: the lists the client holds are short.
			for r := range st.withheld {
				if _, still := w[r]; !still {
					p.notifyListChanged(r.kind)
				}
			}
		}
	default:
		w = st.withheld
	}
	if err != nil {
		return "", err
	}
	return w[ref{kind, key}], nil
}
