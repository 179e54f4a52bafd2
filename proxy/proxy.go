package proxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/mcpguard"
)

// The bounds of the package doc, as defaults.
const (
	// DefaultMaxMessageBytes caps one JSON-RPC message from either peer.
	DefaultMaxMessageBytes = 16 << 20
	// DefaultCallTimeout bounds one forwarded request.
	DefaultCallTimeout = 2 * time.Minute
	// DefaultConnectTimeout bounds starting and initializing the upstream.
	DefaultConnectTimeout = time.Minute
	// DefaultMaxListItems caps the definitions of one list, all pages
	// together.
	DefaultMaxListItems = 5000
	// maxListPages caps the pages of one list.
	maxListPages = 100
	// pinCache is how long a pin decision is reused before the pin is
	// read again (issue 30, item 3: an approval is seen within it).
	pinCache = 2 * time.Second
	// protocolVersion is what the proxy speaks on both sides.
	protocolVersion = "2025-11-25"
)

// Config configures a Proxy. Only Upstream is required.
type Config struct {
	Upstream Upstream
	// Guard is the shield between the client and the upstream (Levels
	// 1–3 of the Agent-Shield protocol's §5, with its Policy, Scanner and
	// receipt Log); nil means a zero Guard: the default scanner and §4's
	// default policy, no log. Its Who, when empty, is set to the pin key.
	Guard *mcpguard.Guard
	// Pins decides which definitions the client may see (trust on first
	// use: the surface pinned on first sight, a definition that changed
	// or is new withheld until approved); nil withholds none for having
	// changed.
	Pins *pin.Keeper
	// Key names the upstream to the pins and in the log; empty means
	// pin.StdioKey or pin.URLKey of the Upstream.
	Key string
	// ApproveFlags are the flags the approve command needs besides the
	// key ("--db DB" for a database not the default), for the message
	// that says how to release a withheld definition.
	ApproveFlags string

	// MaxMessageBytes caps one message from either side (0: the default).
	MaxMessageBytes int
	// CallTimeout bounds one forwarded request (0: the default).
	CallTimeout time.Duration
	// ConnectTimeout bounds the upstream's start and initialize.
	ConnectTimeout time.Duration
	// MaxListItems caps one list, all pages together (0: the default).
	MaxListItems int
	// Logger logs what the proxy does (never content); nil: nothing.
	Logger *slog.Logger

	// noGuard forwards without the guard (the benchmark's baseline).
	noGuard bool
}

// Proxy is an MCP server that forwards to one upstream server through the
// guard and the pins. Make one with New; Close it when done.
type Proxy struct {
	cfg    Config
	guard  *mcpguard.Guard
	key    string
	log    *slog.Logger
	server atomic.Pointer[mcp.Server] // set once New has made it
	up     *upstream

	pins      pinner
	obsMu     sync.Mutex                   // one pin decision at a time
	fetchMu   sync.Mutex                   // one list fetched at a time
	rawPages  map[string][]json.RawMessage // the last raw page of each list method
	mu        sync.Mutex
	progress  map[any]*mcp.ServerSession           // progress token → the session that asked
	lists     map[fingerprint.Kind]json.RawMessage // the newest raw list of each kind
	rawInit   mcp.InitializeResult                 // the upstream's initialize result as sent
	poisoned  map[string]string                    // tools the Strict scan withholds, and why
	toolsSeen bool                                 // tools/list has been fetched once
	gate      *gateState
}

// New starts (or reaches) the upstream, initializes it, and builds the
// server the client will speak to, with the upstream's name, version,
// instructions (as the guard left them) and capabilities.
func New(ctx context.Context, cfg Config) (*Proxy, error) {
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = DefaultCallTimeout
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	if cfg.MaxListItems <= 0 {
		cfg.MaxListItems = DefaultMaxListItems
	}
	p := &Proxy{cfg: cfg, guard: cfg.Guard, key: cfg.Key, log: cfg.Logger,
		progress: map[any]*mcp.ServerSession{}, lists: map[fingerprint.Kind]json.RawMessage{}, rawPages: map[string][]json.RawMessage{}}
	if p.key == "" {
		p.key = UpstreamKey(cfg.Upstream)
	}
	if p.guard == nil {
		p.guard = &mcpguard.Guard{}
	}
	if cfg.Pins != nil {
		p.pins = keeperPins{k: cfg.Pins, approve: cfg.ApproveFlags}
	}
	if p.guard.Who == "" {
		p.guard.Who = "plainsight proxy " + p.key
	}
	if p.log == nil {
		p.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if _, err := cfg.Upstream.transport(cfg.MaxMessageBytes, cfg.CallTimeout); err != nil {
		return nil, err
	}
	p.up = &upstream{p: p}
	cs, err := p.up.session(ctx)
	if err != nil {
		return nil, err
	}
	init := cs.InitializeResult()
	impl := &mcp.Implementation{Name: "plainsight-proxy"}
	var caps mcp.ServerCapabilities
	instructions := ""
	if init != nil {
		if init.ServerInfo != nil {
			c := *init.ServerInfo
			impl = &c
		}
		if init.Capabilities != nil {
			caps = *init.Capabilities
		}
		instructions = init.Instructions
	}
	p.mu.Lock()
	raw := p.rawInit.Instructions
	p.mu.Unlock()
	if why := strictInstructions(raw); why != "" && instructions != "" {
		p.record(ctx, shield.Request{Content: raw, Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}}, enforce.Read,
			"the server's instructions were withheld: "+why)
		instructions = ""
	}
	// The proxy changes what a list shows when a definition is approved:
	// it says so to the client whenever the upstream has the list.
	if caps.Tools != nil {
		caps.Tools = &mcp.ToolCapabilities{ListChanged: true}
	}
	if caps.Prompts != nil {
		caps.Prompts = &mcp.PromptCapabilities{ListChanged: true}
	}
	if caps.Resources != nil {
		r := *caps.Resources
		r.ListChanged = true
		caps.Resources = &r
	}
	opts := &mcp.ServerOptions{
		Instructions:              instructions,
		Capabilities:              &caps,
		Logger:                    cfg.Logger,
		SupportedProtocolVersions: []string{protocolVersion, "2025-06-18", "2025-03-26", "2024-11-05"},
		ProgressNotificationHandler: func(ctx context.Context, r *mcp.ProgressNotificationServerRequest) {
			if cs, err := p.up.current(); err == nil {
				cs.NotifyProgress(ctx, r.Params)
			}
		},
	}
	if caps.Resources != nil && caps.Resources.Subscribe {
		opts.SubscribeHandler = func(ctx context.Context, r *mcp.SubscribeRequest) error {
			cs, err := p.up.session(ctx)
			if err != nil {
				return err
			}
			return cs.Subscribe(ctx, r.Params)
		}
		opts.UnsubscribeHandler = func(ctx context.Context, r *mcp.UnsubscribeRequest) error {
			cs, err := p.up.session(ctx)
			if err != nil {
				return err
			}
			return cs.Unsubscribe(ctx, r.Params)
		}
	}
	if caps.Completions != nil {
		opts.CompletionHandler = func(ctx context.Context, r *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			ctx, cancel := context.WithTimeout(ctx, p.cfg.CallTimeout)
			defer cancel()
			cs, err := p.up.session(ctx)
			if err != nil {
				return nil, err
			}
			return cs.Complete(ctx, r.Params)
		}
	}
	srv := mcp.NewServer(impl, opts)
	srv.AddReceivingMiddleware(p.forward)
	p.server.Store(srv)
	return p, nil
}

// Key is the upstream's pin key.
func (p *Proxy) Key() string { return p.key }

// Server is the MCP server the client speaks to: run it on any SDK
// transport (Serve does, for one).
func (p *Proxy) Server() *mcp.Server { return p.server.Load() }

// Serve serves one client on standard input and output (r and w), each
// message capped at the message cap, until the client leaves or ctx ends.
func (p *Proxy) Serve(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	return p.server.Load().Run(ctx, &mcp.IOTransport{Reader: r, Writer: w, MaxLineLength: p.cfg.MaxMessageBytes})
}

// Handler serves Streamable HTTP (each request body capped at the message
// cap; the SDK refuses a Host that is not loopback on a loopback address,
// against DNS rebinding; and a browser's cross-origin request is refused
// with 403 (net/http's CrossOriginProtection: Sec-Fetch-Site, else
// Origin against Host), so a web page the user visits cannot call the
// tools behind the proxy. Clients that are not browsers send neither
// header and pass. Mount it on a loopback listener only.
func (p *Proxy) Handler() http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return p.server.Load() },
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: int64(p.cfg.MaxMessageBytes), Logger: p.cfg.Logger})
	return http.NewCrossOriginProtection().Handler(h)
}

// Close ends the upstream session (and its command).
func (p *Proxy) Close() error { return p.up.close() }

// forward is the server's receiving middleware: every request the
// client sends that the upstream answers is sent on, through the guard.
func (p *Proxy) forward(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "tools/list":
			return p.list(ctx, fingerprint.KindTool, req.GetParams())
		case "prompts/list":
			return p.list(ctx, fingerprint.KindPrompt, req.GetParams())
		case "resources/list":
			return p.list(ctx, fingerprint.KindResource, req.GetParams())
		case "resources/templates/list":
			return p.list(ctx, fingerprint.KindResourceTemplate, req.GetParams())
		case "tools/call":
			r, ok := req.(*mcp.CallToolRequest)
			if !ok || r.Params == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tools/call without params"}
			}
			return p.callTool(ctx, r)
		case "prompts/get":
			r, ok := req.(*mcp.GetPromptRequest)
			if !ok || r.Params == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "prompts/get without params"}
			}
			return p.read(ctx, fingerprint.KindPrompt, r.Params.Name, r.Session, r.Params, func(ctx context.Context, cs *mcp.ClientSession) (mcp.Result, error) {
				return cs.GetPrompt(ctx, r.Params)
			})
		case "resources/read":
			r, ok := req.(*mcp.ReadResourceRequest)
			if !ok || r.Params == nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "resources/read without params"}
			}
			return p.read(ctx, fingerprint.KindResource, r.Params.URI, r.Session, r.Params, func(ctx context.Context, cs *mcp.ClientSession) (mcp.Result, error) {
				return cs.ReadResource(ctx, r.Params)
			})
		case "logging/setLevel":
			//lint:ignore SA1019 logging is deprecated only from protocol 2026-07-28; the proxy speaks 2025-11-25 and forwards it
			if lp, ok := req.GetParams().(*mcp.SetLoggingLevelParams); ok && lp != nil {
				if cs, err := p.up.session(ctx); err == nil {
					//lint:ignore SA1019 logging is deprecated only from protocol 2026-07-28; the proxy speaks 2025-11-25 and forwards it
					cs.SetLoggingLevel(ctx, lp)
				}
			}
		}
		return next(ctx, method, req)
	}
}

// callTool forwards a tool call: refused, with an error result that says
// why, when the tool's definition is withheld (changed since it was
// pinned, or new); else sent through the guard (arguments scanned before
// they leave, the result before it comes back), within the call timeout.
func (p *Proxy) callTool(ctx context.Context, r *mcp.CallToolRequest) (mcp.Result, error) {
	name := r.Params.Name
	if why, err := p.withheld(ctx, fingerprint.KindTool, name); err != nil || why != "" {
		if err != nil {
			why = "the pins could not be read: " + err.Error()
		}
		args, _ := json.Marshal(r.Params.Arguments)
		p.record(ctx, shield.Request{Content: string(args), Context: shield.Context{
			Source: shield.SourceAgentMessage, Tool: name, Direction: shield.Outbound}}, enforce.Send, why)
		return errorResult(fmt.Sprintf("plainsight proxy refused %s: %s", name, why)), nil
	}
	if why, err := p.poisonedReason(ctx, name); err != nil || why != "" {
		if err != nil {
			return errorResult(fmt.Sprintf("plainsight proxy: the tools could not be listed, so %s is not called: %s", name, p.describe(ctx, err))), nil
		}
		args, _ := json.Marshal(r.Params.Arguments)
		p.record(ctx, shield.Request{Content: string(args), Context: shield.Context{
			Source: shield.SourceAgentMessage, Tool: name, Direction: shield.Outbound}}, enforce.Send, why)
		return errorResult(fmt.Sprintf("plainsight proxy blocked the call to %s: %s", name, why)), nil
	}
	params := &mcp.CallToolParams{Meta: r.Params.Meta, Name: name, Arguments: r.Params.Arguments}
	if len(r.Params.Arguments) == 0 {
		params.Arguments = map[string]any{}
	}
	res, err := p.send(ctx, r.Session, r.Params, func(ctx context.Context, cs *mcp.ClientSession) (mcp.Result, error) {
		return cs.CallTool(ctx, params)
	})
	if err != nil {
		var be *mcpguard.BlockedError
		if errors.As(err, &be) {
			return errorResult(fmt.Sprintf("plainsight proxy blocked the call to %s: %s", name, be.Decision.Reason)), nil
		}
		var je *jsonrpc.Error
		if errors.As(err, &je) {
			return nil, je
		}
		return errorResult(fmt.Sprintf("plainsight proxy: the call to %s failed: %s", name, p.describe(ctx, err))), nil
	}
	return res, nil
}

// read forwards prompts/get and resources/read: refused when the prompt
// or resource is withheld; the guard judges the result.
func (p *Proxy) read(ctx context.Context, kind fingerprint.Kind, key string, ss *mcp.ServerSession, params mcp.Params, call func(context.Context, *mcp.ClientSession) (mcp.Result, error)) (mcp.Result, error) {
	if why, err := p.withheld(ctx, kind, key); err != nil || why != "" {
		if err != nil {
			why = "the pins could not be read: " + err.Error()
		}
		p.record(ctx, shield.Request{Content: key, Context: shield.Context{
			Source: shield.SourceAgentMessage, Tool: key, Direction: shield.Outbound}}, enforce.Read, why)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("plainsight proxy refused %s %q: %s", kind, key, why)}
	}
	res, err := p.send(ctx, ss, params, call)
	if err != nil {
		var je *jsonrpc.Error
		if errors.As(err, &je) {
			return nil, je
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "plainsight proxy: " + p.describe(ctx, err)}
	}
	return res, nil
}

// send runs call on the upstream session within the call timeout, with
// the request's progress token routed back to ss.
func (p *Proxy) send(ctx context.Context, ss *mcp.ServerSession, params mcp.Params, call func(context.Context, *mcp.ClientSession) (mcp.Result, error)) (mcp.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.CallTimeout)
	defer cancel()
	cs, err := p.up.session(ctx)
	if err != nil {
		return nil, err
	}
	if rp, ok := params.(mcp.RequestParams); ok && ss != nil {
		if tok := rp.GetProgressToken(); tok != nil {
			p.mu.Lock()
			p.progress[tok] = ss
			p.mu.Unlock()
			// Kept a moment after the answer: the SDK may hand the
			// answer over before a progress notification sent just
			// before it.
			defer time.AfterFunc(time.Second, func() {
				p.mu.Lock()
				if p.progress[tok] == ss {
					delete(p.progress, tok)
				}
				p.mu.Unlock()
			})
		}
	}
	res, err := call(ctx, cs)
	if err != nil && ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("no answer within %s", p.cfg.CallTimeout)
	}
	return res, err
}

// describe says what went wrong with the upstream, for the client.
func (p *Proxy) describe(ctx context.Context, err error) string {
	if ctx.Err() != nil {
		return "cancelled"
	}
	// The SDK's errors for a message over its cap are unexported: matched
	// by their text (go-sdk v1.8.0).
	if msg := err.Error(); errors.Is(err, ErrTooLarge) || strings.Contains(msg, "exceeded the configured maximum line length") || strings.Contains(msg, "SSE event exceeded") {
		return fmt.Sprintf("the upstream sent a message over the proxy's cap of %d bytes; it was refused and not passed on", p.cfg.MaxMessageBytes)
	}
	if errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Sprintf("the upstream closed the connection (it exited, or sent a message over the %d-byte cap); it is restarted on the next request", p.cfg.MaxMessageBytes)
	}
	return err.Error()
}

// record logs a decision the proxy itself made (a call to a withheld
// definition refused) as a Level 3 receipt: the content is scanned, so
// that the receipt is signed when the scanner signs, and the entry says
// the proxy blocked it and why.
func (p *Proxy) record(ctx context.Context, r shield.Request, kind enforce.ActionKind, why string) {
	if p.guard.Log == nil {
		return
	}
	var resp *shield.Response
	var err error
	var got shield.Response
	if p.guard.Scanner != nil {
		got, err = p.guard.Scanner.Scan(ctx, r)
	} else {
		got, err = shield.Scan(ctx, r)
	}
	if err == nil {
		resp = &got
	}
	d := enforce.Decision{Outcome: enforce.Block, Reason: why}
	a := enforce.Action{Kind: kind, Direction: r.Context.Direction}
	if err := p.guard.Log.Append(ctx, enforce.NewLogEntry(p.guard.Who, r, resp, a, d)); err != nil {
		p.log.Warn("receipt log append failed", "err", err)
	}
}

func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// notifyListChanged tells every client session that a list changed: the
// SDK sends list_changed when the server's own features change, so a
// placeholder is added and removed (never listed: the proxy answers the
// lists itself); the SDK's 10 ms debounce makes it one notification.
func (p *Proxy) notifyListChanged(kind fingerprint.Kind) {
	srv := p.server.Load()
	if srv == nil {
		return // the upstream spoke before the proxy's server was made
	}
	switch kind {
	case fingerprint.KindTool:
		srv.AddTool(&mcp.Tool{Name: placeholder, InputSchema: &jsonschema.Schema{Type: "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return errorResult("no such tool"), nil
			})
		srv.RemoveTools(placeholder)
	case fingerprint.KindPrompt:
		srv.AddPrompt(&mcp.Prompt{Name: placeholder},
			func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return nil, errors.New("no such prompt")
			})
		srv.RemovePrompts(placeholder)
	case fingerprint.KindResource, fingerprint.KindResourceTemplate:
		srv.AddResource(&mcp.Resource{Name: placeholder, URI: "urn:plainsight-proxy:" + placeholder},
			func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return nil, errors.New("no such resource")
			})
		srv.RemoveResources("urn:plainsight-proxy:" + placeholder)
	}
}

const placeholder = "plainsight-proxy-list-changed"

// clientOptions are the options of the proxy's client of the upstream:
// what the upstream sends unasked is passed to the client.
func (p *Proxy) clientOptions() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		Logger:                     p.cfg.Logger,
		Capabilities:               &mcp.ClientCapabilities{},
		ToolListChangedHandler:     func(context.Context, *mcp.ToolListChangedRequest) { p.notifyListChanged(fingerprint.KindTool) },
		PromptListChangedHandler:   func(context.Context, *mcp.PromptListChangedRequest) { p.notifyListChanged(fingerprint.KindPrompt) },
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { p.notifyListChanged(fingerprint.KindResource) },
		ResourceUpdatedHandler: func(ctx context.Context, r *mcp.ResourceUpdatedNotificationRequest) {
			if srv := p.server.Load(); srv != nil && r.Params != nil {
				srv.ResourceUpdated(ctx, r.Params)
			}
		},
		//lint:ignore SA1019 logging is deprecated only from protocol 2026-07-28; the proxy speaks 2025-11-25 and forwards it
		LoggingMessageHandler: func(ctx context.Context, r *mcp.LoggingMessageRequest) {
			srv := p.server.Load()
			if srv == nil || r.Params == nil {
				return
			}
			for ss := range srv.Sessions() {
				//lint:ignore SA1019 logging is deprecated only from protocol 2026-07-28; the proxy speaks 2025-11-25 and forwards it
				ss.Log(ctx, r.Params)
			}
		},
		ProgressNotificationHandler: func(ctx context.Context, r *mcp.ProgressNotificationClientRequest) {
			if r.Params == nil {
				return
			}
			p.mu.Lock()
			ss := p.progress[r.Params.ProgressToken]
			p.mu.Unlock()
			if ss != nil {
				ss.NotifyProgress(ctx, r.Params)
			}
		},
	}
}

// upstream holds the session with the upstream server, reconnected on
// the next request after it ends (a crash, a message over the cap), at
// most once a second.
type upstream struct {
	p     *Proxy
	mu    sync.Mutex
	cs    *mcp.ClientSession
	last  time.Time
	first time.Time // the first connection
	err   error
	shut  bool
}

// errClosed: the proxy was closed.
var errClosed = errors.New("proxy: closed")

func (u *upstream) current() (*mcp.ClientSession, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.cs == nil {
		return nil, errors.New("proxy: no upstream session")
	}
	return u.cs, nil
}

func (u *upstream) session(ctx context.Context) (*mcp.ClientSession, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.shut {
		return nil, errClosed
	}
	if u.cs != nil {
		return u.cs, nil
	}
	if !u.last.IsZero() && time.Since(u.last) < time.Second {
		if u.err != nil {
			return nil, u.err
		}
		return nil, errors.New("proxy: the upstream is restarting")
	}
	u.last = time.Now()
	t, err := u.p.cfg.Upstream.transport(u.p.cfg.MaxMessageBytes, u.p.cfg.CallTimeout)
	if err != nil {
		return nil, err
	}
	if _, streamable := t.(*mcp.StreamableClientTransport); !streamable {
		// The SDK asks a Streamable HTTP connection more than a
		// Connection's methods (an unexported one): it is not wrapped.
		t = rawTransport{t: t, p: u.p}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "plainsight-proxy", Version: "1"}, u.p.clientOptions())
	// The guard is outermost: it sees what capture saw, after capture has
	// kept the raw lists the pins fingerprint.
	if u.p.cfg.noGuard {
		c.AddSendingMiddleware(u.p.capture)
	} else {
		c.AddSendingMiddleware(u.p.guard.Middleware(), u.p.capture)
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), u.p.cfg.ConnectTimeout)
	defer cancel()
	cs, err := c.Connect(cctx, t, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	if err != nil {
		u.err = fmt.Errorf("proxy: connecting to the upstream: %w", err)
		return nil, u.err
	}
	restarted := !u.first.IsZero()
	if !restarted {
		u.first = time.Now()
	}
	u.cs, u.err = cs, nil
	if restarted {
		// A server started again may list other definitions: the next
		// call lists and judges them afresh, and the client is told.
		u.p.mu.Lock()
		u.p.gate, u.p.toolsSeen = nil, false
		u.p.mu.Unlock()
		for _, k := range []fingerprint.Kind{fingerprint.KindTool, fingerprint.KindPrompt, fingerprint.KindResource} {
			u.p.notifyListChanged(k)
		}
	}
	go func() {
		cs.Wait()
		u.mu.Lock()
		if u.cs == cs {
			u.cs = nil
		}
		shut := u.shut
		u.mu.Unlock()
		if !shut {
			u.p.log.Warn("the upstream session ended; it is started again on the next request")
		}
	}()
	return cs, nil
}

func (u *upstream) close() error {
	u.mu.Lock()
	cs := u.cs
	u.cs, u.shut = nil, true
	u.mu.Unlock()
	if cs != nil {
		return cs.Close()
	}
	return nil
}
