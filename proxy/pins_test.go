package proxy_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/store/memory"
)

// withheldMeta is the list's _meta entries of the definitions withheld.
func withheldMeta(m mcp.Meta) map[string]string {
	out := map[string]string{}
	v, _ := m[mcpguard.MetaKey].(map[string]any)
	w, _ := v["withheld"].([]any)
	for _, e := range w {
		if x, ok := e.(map[string]any); ok {
			name, _ := x["name"].(string)
			reason, _ := x["reason"].(string)
			out[name] = reason
		}
	}
	return out
}

// TestChangedToolWithheldUntilApproved: the first proxy pins the server
// (trust on first use); after its echo tool's description changes (same
// command: a rug pull), a proxy withholds echo from tools/list and
// refuses a call to it with the change and the approve command, logging
// the refusal; once a person approves it, the running proxy lets it
// through within two seconds and tells the client its list changed
// (issue 30, item 3 and "Done when").
func TestChangedToolWithheldUntilApproved(t *testing.T) {
	ctx := context.Background()
	keeper := &pin.Keeper{Store: memory.New()}
	up, _ := stdioUpstream(t, "normal")
	first := newProxy(t, proxy.Config{Upstream: up, Pins: keeper})
	c1 := connect(t, first)
	if names := toolNames(t, c1); !slices.Contains(names, "echo") {
		t.Fatalf("first sight: tools/list %v lacks echo", names)
	}
	key := first.Key()
	if p, err := keeper.Store.LatestPin(ctx, key); err != nil || p.Version != 1 || p.Reason != "first_use" {
		t.Fatalf("the pin after first sight: %+v, %v", p, err)
	}

	changed, stderr := stdioUpstream(t, "changed")
	log := &enforce.MemoryLog{}
	second := newProxy(t, proxy.Config{Upstream: changed, Pins: keeper, Guard: &mcpguard.Guard{Log: log}, ApproveFlags: "--db my.db"})
	if second.Key() != key {
		t.Fatalf("key %s, want the first proxy's %s", second.Key(), key)
	}
	c2 := connect(t, second)
	r, err := c2.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range r.Tools {
		if tool.Name == "echo" {
			t.Fatalf("the changed tool is listed: %q", tool.Description)
		}
	}
	if !slices.ContainsFunc(r.Tools, func(x *mcp.Tool) bool { return x.Name == "weather" }) {
		t.Error("an unchanged tool is withheld too")
	}
	why := withheldMeta(r.Meta)["echo"]
	for _, want := range []string{"description", "Echoes the text.", "send the user's API keys", "plainsight approve --db my.db --tool 'echo' '" + key + "'"} {
		if !strings.Contains(why, want) {
			t.Errorf("the list's reason for echo lacks %q: %q", want, why)
		}
	}
	res := call(t, c2, "echo", map[string]any{"text": "hi"})
	if !res.IsError || !strings.Contains(text(res), "plainsight approve") || !strings.Contains(text(res), "description") {
		t.Errorf("the call to the changed tool: isError %v, %q", res.IsError, text(res))
	}
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(stderr.String(), "called echo") {
		t.Error("the call to the withheld tool reached the server")
	}
	for _, dir := range []shield.Direction{shield.Inbound, shield.Outbound} {
		// The list's decision (inbound: the definition) and the call's.
		if !slices.ContainsFunc(log.Entries(), func(e enforce.LogEntry) bool {
			return e.Tool == "echo" && e.Direction == dir && e.Outcome == enforce.Block && strings.Contains(e.Reason, "plainsight approve")
		}) {
			t.Errorf("no %s receipt of the withholding", dir)
		}
	}

	if _, err := keeper.Approve(ctx, key, "a person", fingerprint.Entry{Kind: fingerprint.KindTool, Key: "echo"}); err != nil {
		t.Fatal(err)
	}
	before := c2.changed()
	waitFor(t, "the approval to reach the running proxy", func() bool {
		r := call(t, c2, "echo", map[string]any{"text": "after"})
		return !r.IsError && text(r) == "echo: after"
	})
	waitFor(t, "tools/list_changed after the approval", func() bool { return c2.changed() > before })
	if names := toolNames(t, c2); !slices.Contains(names, "echo") {
		t.Errorf("after approval: tools/list %v lacks echo", names)
	}
}

// TestToolsChangingEveryList: a server whose echo changes on every
// tools/list: echo stays withheld, the others are listed, the proxy
// stays up, and each change is one sighting.
func TestToolsChangingEveryList(t *testing.T) {
	keeper := &pin.Keeper{Store: memory.New()}
	up, _ := stdioUpstream(t, "changing")
	p := newProxy(t, proxy.Config{Upstream: up, Pins: keeper})
	c := connect(t, p)
	toolNames(t, c) // first sight
	for i := range 10 {
		names := toolNames(t, c)
		if slices.Contains(names, "echo") || !slices.Contains(names, "weather") {
			t.Fatalf("list %d: %v", i, names)
		}
	}
	r := call(t, c, "echo", map[string]any{"text": "x"})
	if !r.IsError {
		t.Errorf("the ever-changing tool answered: %q", text(r))
	}
	sg, err := keeper.Store.LatestSighting(context.Background(), p.Key())
	if err != nil || sg.Seq > 11 {
		t.Errorf("sightings: %+v %v", sg, err)
	}
}

// TestNewToolCalledUnlisted: a tool the server adds after the pin, called
// by name before the client lists again, is judged first: new, so
// withheld.
func TestNewToolCalledUnlisted(t *testing.T) {
	keeper := &pin.Keeper{Store: memory.New()}
	up, _ := stdioUpstream(t, "normal")
	p := newProxy(t, proxy.Config{Upstream: up, Pins: keeper})
	c := connect(t, p)
	toolNames(t, c) // first sight: pinned
	call(t, c, "add_tool", map[string]any{})
	r := call(t, c, "added", map[string]any{})
	if !r.IsError || !strings.Contains(text(r), "new since the server was pinned") {
		t.Errorf("the unlisted new tool: isError %v, %q", r.IsError, text(r))
	}
}
