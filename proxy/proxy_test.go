package proxy_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/proxy"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// syncBuffer is the upstream command's standard error, read by the tests.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// stdioUpstream is the test binary playing mode, as a command.
func stdioUpstream(t *testing.T, mode string) (proxy.Upstream, *syncBuffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	return proxy.Upstream{Command: exe, Args: []string{"upstream"},
		Env: append(os.Environ(), upstreamEnv+"="+mode), Stderr: stderr}, stderr
}

// client is the test's MCP client, with what the proxy sent it unasked.
type client struct {
	*mcp.ClientSession
	mu          sync.Mutex
	listChanged int
	progress    []string
	logs        []string
}

func (c *client) changed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.listChanged
}

// connect connects a client to p over an in-memory transport pair.
func connect(t *testing.T, p *proxy.Proxy) *client {
	t.Helper()
	ctx := context.Background()
	c := &client{}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := p.Server().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	mc := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			c.mu.Lock()
			c.listChanged++
			c.mu.Unlock()
		},
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			c.mu.Lock()
			c.progress = append(c.progress, r.Params.Message)
			c.mu.Unlock()
		},
		//lint:ignore SA1019 the proxy forwards logging of protocol 2025-11-25
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			c.mu.Lock()
			c.logs = append(c.logs, fmt.Sprint(r.Params.Data))
			c.mu.Unlock()
		},
	})
	cs, err := mc.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	c.ClientSession = cs
	return c
}

func newProxy(t *testing.T, cfg proxy.Config) *proxy.Proxy {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := proxy.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func toolNames(t *testing.T, c *client) []string {
	t.Helper()
	r, err := c.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range r.Tools {
		names = append(names, x.Name)
	}
	return names
}

func text(r *mcp.CallToolResult) string {
	var sb strings.Builder
	for _, c := range r.Content {
		if x, ok := c.(*mcp.TextContent); ok {
			sb.WriteString(x.Text)
		}
	}
	return sb.String()
}

func call(t *testing.T, c *client, name string, args any) *mcp.CallToolResult {
	t.Helper()
	r, err := c.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return r
}

// receiptLog is a receipt log in a store, as the command keeps it, with
// the scanner signing each receipt.
func receiptLog(t *testing.T) (*mcpguard.Guard, *receiptstore.Log) {
	t.Helper()
	ring, err := receipt.NewKeyRing()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := shield.New(shield.Options{Signer: ring})
	if err != nil {
		t.Fatal(err)
	}
	log := receiptstore.New(memory.New())
	return &mcpguard.Guard{Scanner: sc, Log: log}, log
}

func entries(t *testing.T, log *receiptstore.Log) []receiptstore.Record {
	t.Helper()
	recs, err := log.List(context.Background(), store.ReceiptQuery{Limit: store.MaxListLimit})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestForward: through the proxy the client lists and calls the
// upstream's tools, prompts and resources as it would directly; the
// poisoned tool is filtered out of tools/list (issue 30, item 3).
func TestForward(t *testing.T) {
	up, stderr := stdioUpstream(t, "normal")
	p := newProxy(t, proxy.Config{Upstream: up})
	c := connect(t, p)
	if got := c.InitializeResult().ServerInfo.Name; got != "test-upstream" {
		t.Errorf("server name %q, want the upstream's", got)
	}
	names := toolNames(t, c)
	for _, want := range []string{"echo", "weather", "slow", "big", "crash", "add_tool"} {
		if !slices.Contains(names, want) {
			t.Errorf("tools/list %v lacks %s", names, want)
		}
	}
	for _, poisoned := range []string{"add", "notes_zw", "notes_html"} {
		if slices.Contains(names, poisoned) {
			t.Errorf("tools/list %v shows the poisoned tool %s", names, poisoned)
		}
	}
	for _, name := range []string{"notes_zw", "notes_html"} {
		r := call(t, c, name, map[string]any{"text": "x"})
		if !r.IsError || !strings.Contains(text(r), "Strict scan") {
			t.Errorf("a call to %s: isError %v, %q", name, r.IsError, text(r))
		}
	}
	if r := call(t, c, "echo", map[string]any{"text": "hi"}); r.IsError || text(r) != "echo: hi" {
		t.Errorf("echo: %v %q", r.IsError, text(r))
	}
	waitFor(t, "the upstream to log the call", func() bool { return strings.Contains(stderr.String(), "called echo") })
	r := call(t, c, "add", map[string]any{"text": "1+2"})
	if !r.IsError || !strings.Contains(text(r), "withheld") {
		t.Errorf("call to the poisoned tool: isError %v, %q; want refused", r.IsError, text(r))
	}
	ctx := context.Background()
	pr, err := c.ListPrompts(ctx, nil)
	if err != nil || len(pr.Prompts) != 1 || pr.Prompts[0].Name != "greet" {
		t.Fatalf("prompts/list: %v %+v", err, pr)
	}
	g, err := c.GetPrompt(ctx, &mcp.GetPromptParams{Name: "greet"})
	if err != nil || len(g.Messages) != 1 {
		t.Fatalf("prompts/get: %v %+v", err, g)
	}
	rr, err := c.ListResources(ctx, nil)
	if err != nil || len(rr.Resources) != 1 {
		t.Fatalf("resources/list: %v %+v", err, rr)
	}
	rd, err := c.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///readme.txt"})
	if err != nil || len(rd.Contents) != 1 || rd.Contents[0].Text != "Read me." {
		t.Fatalf("resources/read: %v %+v", err, rd)
	}
}

// TestSecretBlocked: an outgoing call whose arguments carry an AWS access
// key is not sent; the client gets an error result that says why, and
// the decision is a signed receipt in the log (Levels 2 and 3).
func TestSecretBlocked(t *testing.T) {
	up, stderr := stdioUpstream(t, "normal")
	g, log := receiptLog(t)
	p := newProxy(t, proxy.Config{Upstream: up, Guard: g})
	c := connect(t, p)
	r := call(t, c, "echo", map[string]any{"text": "my key is AKIAZ3VQ7MXR5NB2KL4P"})
	if !r.IsError || !strings.Contains(text(r), "blocked") || !strings.Contains(text(r), "secrets") {
		t.Fatalf("isError %v, %q: want an error result naming the secrets class", r.IsError, text(r))
	}
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(stderr.String(), "called echo") {
		t.Error("the upstream received the call carrying the key")
	}
	var found bool
	for _, rec := range entries(t, log) {
		e := rec.Entry
		if e.Direction == shield.Outbound && e.Tool == "echo" && e.Outcome == enforce.Block {
			found = true
			if e.Receipt.Signature == "" || e.Receipt.ScanID == "" {
				t.Errorf("the block's receipt is unsigned: %+v", e.Receipt)
			}
			if e.Who == "" {
				t.Error("the entry names no one")
			}
		}
	}
	if !found {
		t.Error("no receipt of the blocked call")
	}
}

// TestHiddenInstructionsResult: a result carrying hidden instructions (a
// hidden HTML element, zero-width spaces) never reaches the client
// unflagged: withheld with an error result, or flagged in its _meta.
func TestHiddenInstructionsResult(t *testing.T) {
	up, _ := stdioUpstream(t, "normal")
	g, log := receiptLog(t)
	p := newProxy(t, proxy.Config{Upstream: up, Guard: g})
	c := connect(t, p)
	r := call(t, c, "weather", map[string]any{"text": "Paris"})
	meta, _ := r.Meta[mcpguard.MetaKey].(map[string]any)
	switch {
	case r.IsError && strings.Contains(text(r), "withheld"):
		if strings.Contains(text(r), "id_rsa") {
			t.Errorf("the withheld result leaks its content: %q", text(r))
		}
	case meta != nil && meta["outcome"] == "flag":
	default:
		t.Fatalf("the result reached the client unflagged: isError %v, meta %v, %q", r.IsError, r.Meta, text(r))
	}
	var inbound bool
	for _, rec := range entries(t, log) {
		if rec.Entry.Direction == shield.Inbound && rec.Entry.Tool == "weather" && rec.Entry.Outcome != enforce.Proceed {
			inbound = true
		}
	}
	if !inbound {
		t.Error("no receipt of the result's decision")
	}
}

// TestListChangedAndProgress: the upstream's tools/list_changed reaches
// the client, and the new tool is listed; progress notifications of a
// call reach the client that asked; the client's logging level reaches
// the upstream, and its log messages the client.
func TestListChangedAndProgress(t *testing.T) {
	up, _ := stdioUpstream(t, "normal")
	p := newProxy(t, proxy.Config{Upstream: up})
	c := connect(t, p)
	toolNames(t, c)
	call(t, c, "add_tool", map[string]any{})
	waitFor(t, "tools/list_changed", func() bool { return c.changed() > 0 })
	if names := toolNames(t, c); !slices.Contains(names, "added") {
		t.Errorf("after list_changed, tools/list %v lacks the new tool", names)
	}
	params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"text": "progress"}}
	params.SetProgressToken("tok-1")
	if _, err := c.CallTool(context.Background(), params); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a progress notification", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return slices.Contains(c.progress, "half")
	})
	//lint:ignore SA1019 the proxy forwards logging of protocol 2025-11-25
	if err := c.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	call(t, c, "log", map[string]any{"text": "hello"})
	waitFor(t, "the upstream's log message", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return slices.Contains(c.logs, "logged: hello")
	})
}

// TestCancellation: a call the client cancels is cancelled upstream.
func TestCancellation(t *testing.T) {
	up, stderr := stdioUpstream(t, "normal")
	p := newProxy(t, proxy.Config{Upstream: up})
	c := connect(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"text": "wait"}})
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the client's call: %v, want cancelled", err)
	}
	waitFor(t, "the upstream to see the cancellation", func() bool { return strings.Contains(stderr.String(), "slow cancelled") })
	// The proxy goes on serving.
	if r := call(t, c, "echo", map[string]any{"text": "after"}); r.IsError {
		t.Errorf("after the cancellation: %q", text(r))
	}
}

// TestHTTP: the upstream on Streamable HTTP, reached through package
// guard's client with the configured header; the client on Streamable
// HTTP through the proxy's handler on loopback.
func TestHTTP(t *testing.T) {
	url := httpUpstream(t, "Bearer s3cret")
	p := newProxy(t, proxy.Config{Upstream: proxy.Upstream{URL: url + "/mcp", Header: http.Header{"Authorization": {"Bearer s3cret"}}}})
	if got := p.Key(); got != "url:"+url+"/mcp" {
		t.Errorf("key %q", got)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(p.Handler())
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	ctx := context.Background()
	mc := mcp.NewClient(&mcp.Implementation{Name: "http-client", Version: "1"}, nil)
	cs, err := mc.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "over http"}})
	if err != nil || r.IsError || text(r) != "echo: over http" {
		t.Fatalf("echo over HTTP: %v %+v", err, r)
	}
	// A web page's cross-origin request is refused before it reaches a
	// tool; the same request without a browser's headers is served.
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"page","version":"1"}}}`
	for _, c := range []struct {
		name   string
		header http.Header
		want   int
	}{
		{"cross-site fetch", http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}, http.StatusForbidden},
		{"cross-origin, no Sec-Fetch-Site", http.Header{"Origin": {"https://evil.example"}}, http.StatusForbidden},
		{"not a browser", http.Header{}, http.StatusOK},
	} {
		req, err := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header = c.header
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: HTTP %d, want %d", c.name, resp.StatusCode, c.want)
		}
	}
	// Without the header the upstream refuses: the proxy cannot start.
	_, err = proxy.New(ctx, proxy.Config{Upstream: proxy.Upstream{URL: url + "/mcp"}, ConnectTimeout: 5 * time.Second})
	if err == nil {
		t.Error("connected without the Authorization header")
	}
}

// TestKeys: the pin keys of package pin (API30.md): a command and its
// arguments, or the URL without credentials and fragment.
func TestKeys(t *testing.T) {
	if got, want := proxy.UpstreamKey(proxy.Upstream{Command: "npx", Args: []string{"-y", "server"}, Env: []string{"TOKEN=x"}}), `stdio:["npx","-y","server"]`; got != want {
		t.Errorf("stdio key %s, want %s", got, want)
	}
	if got, want := proxy.UpstreamKey(proxy.Upstream{URL: "https://user:pw@example.com/mcp#x", Header: http.Header{"Authorization": {"b"}}}), "url:https://example.com/mcp"; got != want {
		t.Errorf("url key %s, want %s", got, want)
	}
}
