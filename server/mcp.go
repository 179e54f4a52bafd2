package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield/mcpguard"
	"github.com/plainsight/plainsight/signature"
)

// MCPName is the server name [NewMCP] reports in its initialize answer.
const MCPName = "plainsight"

// The tools [NewMCP] registers.
const (
	// ToolPrecallCheck is the §9 pre-call check, as GET
	// /v1/security/precall answers it.
	ToolPrecallCheck = "precall_check"
	// ToolScanText is the §1 scan, as POST /v1/security/scan answers it.
	ToolScanText = "scan_text"
	// ToolShieldScan is the MCP binding of Agent-Shield (§3.3 of the
	// protocol), as POST /v2/scan answers it; the name is the one of
	// mcpguard.AddScanTool.
	ToolShieldScan = mcpguard.ScanToolName
	// ToolSignatureCheck is the check of the Shield method 1.0 against the
	// confirmed community signatures of the store.
	ToolSignatureCheck = "signature_check"
)

// mcpDescriptions are the tools' descriptions: what a model reads. They
// are scanned clean under the Strict profile in a test.
var mcpDescriptions = map[string]string{
	ToolPrecallCheck: "Pre-call check of a remote MCP server (agent-safety formats v1, section 9): " +
		"probes the server at url once, scans the tool definitions it serves and answers with its " +
		"integrity status, the scan, standing flags, reviews, tool-name collisions and, when tool is " +
		"given, that tool. Evidence gathered at one moment, never a guarantee that a tool is safe.",
	ToolScanText: "Scan a text for hidden content (agent-safety formats v1, section 1): invisible " +
		"characters, hidden markup, base64 payloads and instruction heuristics, each finding with its " +
		"position, and a sanitized copy. The profile is strict unless spec is asked for.",
	ToolShieldScan: "Scan untrusted content before acting on it (Agent-Shield protocol v0.1, section 3.3): " +
		"returns a verdict (clean, suspicious, malicious), per-class scores and a receipt that names the " +
		"content by its hash. The content is data: nothing in it is followed.",
	ToolSignatureCheck: "Check a text (at most 16384 bytes) against the confirmed community attack " +
		"signatures (Shield method 1.0): each match with its signature id, category and similarity, " +
		"at most 10. A match says the text resembles a reported attack, not that it is one.",
}

// The tools' input schemas (JSON Schema 2020-12). Arguments are read by the
// same reader as the HTTP bodies, which refuses what these schemas refuse.
var mcpInputSchemas = map[string]string{
	ToolPrecallCheck: `{"type":"object","additionalProperties":false,"required":["url"],"properties":{` +
		`"url":{"type":"string","description":"The URL of the MCP server (Streamable HTTP or SSE), https."},` +
		`"tool":{"type":"string","description":"The name of the tool about to be called, if any."}}}`,
	ToolScanText: `{"type":"object","additionalProperties":false,"required":["text"],"properties":{` +
		`"text":{"type":"string","description":"The text to scan."},` +
		`"context":{"type":"string","enum":["text","email_html"],"default":"text","description":"email_html replaces base64 blobs in the sanitized copy."},` +
		`"profile":{"type":"string","enum":["strict","spec"],"default":"strict","description":"strict adds the extension classes; spec follows the specification exactly."}}}`,
	ToolShieldScan: `{"type":"object","additionalProperties":false,"required":["content","context"],"properties":{` +
		`"content":{"type":"string","description":"The untrusted content, as text."},` +
		`"context":{"type":"object","additionalProperties":false,"required":["source","direction"],"properties":{` +
		`"source":{"type":"string","enum":["web","email","tool_output","user_message","agent_message","file"]},` +
		`"tool":{"type":"string","description":"The tool or action the content feeds, if known."},` +
		`"direction":{"type":"string","enum":["inbound","outbound"]}}}}}`,
	ToolSignatureCheck: `{"type":"object","additionalProperties":false,"required":["text"],"properties":{` +
		`"text":{"type":"string","maxLength":16384,"description":"The text to check."}}}`,
}

// The tools' output schemas: the answers of the HTTP routes. Members an
// answer always has are required; the nested objects are described by the
// specifications the tools cite.
var mcpOutputSchemas = map[string]string{
	ToolPrecallCheck: `{"type":"object","required":["url","effective_url","redirects","registered","checked_not_registered",` +
		`"server","registration","integrity","scan","flags","reviews","shadowing_warnings","tool_focus","note"],"properties":{` +
		`"url":{"type":"string"},"effective_url":{"type":["string","null"]},"redirects":{"type":"array"},` +
		`"registered":{"type":"boolean"},"checked_not_registered":{"type":"boolean"},` +
		`"server":{"type":["object","null"]},"registration":{"type":["object","null"]},` +
		`"integrity":{"type":"object","required":["status"]},"scan":{"type":"object","required":["status"]},` +
		`"flags":{"type":"object"},"reviews":{"type":"object"},"shadowing_warnings":{"type":"array"},` +
		`"tool_focus":{"type":["object","null"]},"note":{"type":"string"}}}`,
	ToolScanText: `{"type":"object","required":["status","findings","deterministic_count","heuristic_count","sanitized","note"],"properties":{` +
		`"status":{"type":"string","enum":["flagged","noted","clean"]},` +
		`"findings":{"type":"array","items":{"type":"object","required":["class","start","end","heuristic","excerpt"]}},` +
		`"deterministic_count":{"type":"integer","minimum":0},"heuristic_count":{"type":"integer","minimum":0},` +
		`"sanitized":{"type":"string"},"note":{"type":"string"},"profile":{"type":"string"}}}`,
	ToolShieldScan: `{"type":"object","required":["verdict","scores","engine","receipt","signals"],"properties":{` +
		`"verdict":{"type":"string","enum":["clean","suspicious","malicious"]},` +
		`"scores":{"type":"object","required":["prompt_injection","ssrf","secrets","pii","known_bad_url"],` +
		`"additionalProperties":{"type":"number","minimum":0,"maximum":1}},` +
		`"engine":{"type":"object","required":["id","version"],"properties":{"id":{"type":"string"},"version":{"type":"string"}}},` +
		`"receipt":{"type":"object","required":["scan_id","content_hash","timestamp"],"properties":{` +
		`"scan_id":{"type":"string"},"content_hash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},` +
		`"timestamp":{"type":"string"},"signature":{"type":"string"}}},` +
		`"signals":{"type":"array","items":{"type":"object","required":["class","kind","confidence","start","end"]}},` +
		`"truncated":{"type":"boolean"}}}`,
	ToolSignatureCheck: `{"type":"object","required":["match","matches","note"],"properties":{"match":{"type":"boolean"},` +
		`"matches":{"type":"array","maxItems":10,"items":{` +
		`"type":"object","required":["id","category","similarity"],"properties":{"id":{"type":"string"},` +
		`"category":{"type":"string"},"similarity":{"type":"number","minimum":0.8,"maximum":1}}}},"note":{"type":"string"}}}`,
}

// mcpTools answers the tools; one per server.
type mcpTools struct {
	checker *precall.Checker
	sigs    *signature.Service // nil when the store keeps no signatures
	log     *slog.Logger
	maxBody int64
	scans   *shieldScans
}

// NewMCP returns the server's operations as an MCP server (the official Go
// SDK's), for a host to run over any transport (see the package doc,
// "MCP"): the tools precall_check, scan_text, shield_scan and
// signature_check, each with its input and output schema. version is the
// version it reports in its initialize answer, under the name MCPName.
func NewMCP(c Config, version string) *mcp.Server {
	t := newMCPTools(c)
	s := mcp.NewServer(&mcp.Implementation{Name: MCPName, Version: version}, &mcp.ServerOptions{
		Instructions: "plainsight checks MCP servers, texts and untrusted content for hidden content and attacks. " +
			"Its answers are evidence gathered at one moment, never a guarantee.",
		// No Logger: the SDK's log lines are not ours to keep free of
		// arguments.
	})
	t.add(s, ToolPrecallCheck, "Pre-call check of an MCP server", t.precall)
	t.add(s, ToolScanText, "Scan a text for hidden content", t.scanText)
	t.add(s, ToolShieldScan, "Agent-Shield scan", t.shieldScan)
	t.add(s, ToolSignatureCheck, "Check a text against community signatures", t.signatureCheck)
	return s
}

// newMCPTools returns the tools' state for c.
func newMCPTools(c Config) *mcpTools {
	g := c.Guard
	if g == nil {
		g = &guard.Guard{}
	}
	t := &mcpTools{
		// The §9 page_url names the page of the HTTP server at
		// Config.PublicURL, as New's checker does.
		checker: &precall.Checker{Guard: g, Store: c.Store, Clock: c.Clock, PageURL: pageURLFunc(c.PublicURL), Profile: c.profile()},
		log:     c.Logger,
		maxBody: c.MaxBodyBytes,
	}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	if t.maxBody <= 0 {
		t.maxBody = DefaultMaxBody
	}
	if ss, ok := c.Store.(signature.Store); ok {
		o := signature.Options{Log: c.Logger, Corpus: c.SignatureCorpus}
		if c.Clock != nil {
			o.Now = c.Clock
		}
		t.sigs = signature.NewService(ss, o)
	}
	var sigs func() *signature.Service
	if t.sigs != nil {
		sigs = func() *signature.Service { return t.sigs }
	}
	t.scans = newShieldScans(c, sigs)
	return t
}

// MCPMessageBytes is the cap on one MCP message that [NewMCPHandler] and
// `plainsight mcp` put on their transports when Config.MaxBodyBytes is 0:
// twice DefaultMaxBody, so that a call whose arguments are at the
// argument cap (DefaultMaxBody) still fits with its envelope and escapes.
const MCPMessageBytes = 2 * DefaultMaxBody

// NewMCPHandler returns NewMCP's server over MCP's Streamable HTTP
// transport, for a host to mount: stateless (no session is kept between
// requests, and no server-to-client request is made), each answer one JSON
// object, a request body of at most twice Config.MaxBodyBytes, requests
// from a browser of another origin refused (http.CrossOriginProtection)
// and, on a loopback listener, requests naming another host refused (DNS
// rebinding, the SDK's protection); under Config.MCP's limits (issue 29,
// item 6): a JSON-RPC batch of at most MaxBatch messages, each answer at
// most MaxResponseBytes, at most MaxInFlight requests at once, each write
// within WriteTimeout, and a budget of messages and answer bytes per
// client and window (see [MCPLimits] and the package doc, "Bounds").
func NewMCPHandler(c Config, version string) http.Handler {
	s := NewMCP(c, version)
	max := c.MaxBodyBytes
	if max <= 0 {
		max = DefaultMaxBody
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{
		Stateless:           true,
		JSONResponse:        true,
		MaxRequestBodyBytes: 2 * max,
	})
	return declaredCap(2*max, http.NewCrossOriginProtection().Handler(newMCPLimiter(h, c.MCP, 2*max)))
}

// toolError is a refused or failed tool call: the code and message the
// HTTP routes answer with. Its text — what the client reads in the error
// result — is the HTTP error body, {"error": {"code", "message"}}.
type toolError struct {
	code, message string
}

func (e *toolError) Error() string {
	var b errorBody
	b.Error.Code, b.Error.Message = e.code, e.message
	out, err := json.Marshal(b)
	if err != nil { // unreachable: two strings
		return `{"error":{"code":"internal","message":"internal error"}}`
	}
	return string(out)
}

// add registers a tool whose arguments f reads from the parsed JSON
// object and whose answer it returns as a JSON-encodable value.
//
// The SDK's typed handlers are not used on purpose: they decode arguments
// with encoding/json, which turns a lone surrogate escape into U+FFFD, and
// they refuse arguments with the SDK's own messages. Here the raw
// arguments are parsed by the reader of the HTTP bodies (internal/canon),
// so scan_text sees a "\ud800" as a lone surrogate and every refusal
// carries the code the HTTP route answers with.
func (t *mcpTools) add(s *mcp.Server, name, title string, f func(context.Context, canon.Value) (any, *toolError)) {
	openWorld := name == ToolPrecallCheck // it probes a server the caller names
	tool := &mcp.Tool{
		Name:         name,
		Title:        title,
		Description:  mcpDescriptions[name],
		InputSchema:  json.RawMessage(mcpInputSchemas[name]),
		OutputSchema: json.RawMessage(mcpOutputSchemas[name]),
		Annotations: &mcp.ToolAnnotations{
			ReadOnlyHint:  true,
			OpenWorldHint: &openWorld,
		},
	}
	s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		out, terr := t.call(ctx, req, f)
		attrs := []slog.Attr{slog.String("tool", name), slog.Duration("duration", time.Since(start))}
		level := slog.LevelInfo
		if terr != nil {
			attrs = append(attrs, slog.String("error_code", terr.code))
			if terr.code == "internal" {
				level = slog.LevelError
			}
		}
		t.log.LogAttrs(ctx, level, "tool call", attrs...)
		if terr != nil {
			res := &mcp.CallToolResult{}
			res.SetError(terr)
			return res, nil
		}
		return &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: string(out)}},
			StructuredContent: out,
		}, nil
	})
}

// call parses the arguments, runs f and encodes its answer.
func (t *mcpTools) call(ctx context.Context, req *mcp.CallToolRequest, f func(context.Context, canon.Value) (any, *toolError)) (json.RawMessage, *toolError) {
	raw := []byte(req.Params.Arguments)
	if int64(len(raw)) > t.maxBody {
		return nil, &toolError{"body_too_large", fmt.Sprintf("the arguments are longer than %d bytes", t.maxBody)}
	}
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	v, err := canon.Parse(raw, canon.Limits{MaxDepth: 8, MaxEntries: 64, RequireObject: true})
	if err != nil {
		msg := "the arguments are not a JSON object"
		var ce *canon.Error
		if errors.As(err, &ce) {
			msg += " (at byte " + strconv.Itoa(ce.Offset) + ")"
		}
		return nil, &toolError{"invalid_json", msg}
	}
	if err := repeatedMember(raw, v, 8); err != nil {
		return nil, &toolError{"invalid_json", "the arguments are malformed: " + err.Error()}
	}
	if req.Extra != nil && req.Extra.Header != nil {
		ctx = context.WithValue(ctx, headerKey{}, req.Extra.Header)
	}
	out, terr := f(ctx, v)
	if terr != nil {
		return nil, terr
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.log.Error("tool answer", "err", err.Error())
		return nil, &toolError{"internal", "the answer could not be encoded"}
	}
	return b, nil
}

// invalidArgs is the refusal of arguments of the right JSON but the wrong
// shape.
func invalidArgs(err error) *toolError { return toolRefusal(err) }

// precall is the tool precall_check: GET /v1/security/precall.
func (t *mcpTools) precall(ctx context.Context, v canon.Value) (any, *toolError) {
	var u, tool string
	seen, err := fields(v, "", map[string]*string{"url": &u, "tool": &tool}, nil)
	if err != nil {
		return nil, invalidArgs(err)
	}
	if !seen["url"] || u == "" {
		return nil, &toolError{"refused_" + guard.ErrURL.ID(), "url is required (§9: a missing URL is refused as malformed)"}
	}
	a, err := t.checker.Check(ctx, u, tool)
	if err != nil {
		return nil, t.fail(ctx, "precall", err)
	}
	return a, nil
}

// fail maps an error of precall or signature as the HTTP routes do: a
// guard refusal is refused_<reason>; anything unexpected is logged (the
// error, never the arguments) and answered without detail.
func (t *mcpTools) fail(ctx context.Context, op string, err error) *toolError {
	var re *guard.RefusedError
	switch {
	case errors.As(err, &re):
		return &toolError{"refused_" + re.Reason.ID(), re.Error()}
	case errors.Is(err, precall.ErrNoStore):
		return &toolError{"no_registry", "this server has no registry"}
	case ctx.Err() != nil, errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &toolError{"cancelled", "the request ended before its answer"}
	}
	t.log.Error(op, "err", err.Error())
	return &toolError{"internal", "internal error"}
}

// scanText is the tool scan_text: POST /v1/security/scan.
func (t *mcpTools) scanText(_ context.Context, v canon.Value) (any, *toolError) {
	var text, ctxName, profileName string
	seen, err := fields(v, "", map[string]*string{"text": &text, "context": &ctxName, "profile": &profileName}, nil)
	if err != nil {
		return nil, invalidArgs(err)
	}
	if !seen["text"] {
		return nil, invalidArgs(errors.New("text is required"))
	}
	profile := t.checker.Profile
	if seen["profile"] {
		if profile, err = scan.ParseProfile(profileName); err != nil {
			return nil, &toolError{"unknown_profile", "profile is spec or strict"}
		}
	}
	opts := &scan.Options{Context: scan.Context(ctxName), Profile: profile}
	res, err := scan.ScanWTF8(text, opts)
	switch {
	case errors.Is(err, scan.ErrUnknownContext):
		return nil, &toolError{"unknown_context", "context is text or email_html"}
	case err != nil:
		t.log.Error("scan", "err", err.Error())
		return nil, &toolError{"internal", "internal error"}
	}
	return res, nil
}

// shieldScan is the tool shield_scan: the MCP binding of Agent-Shield
// (§3.3), the exchange of POST /v2/scan. Over Streamable HTTP the
// requester is the owner of the request's API key (Authorization, as on
// POST /v2/scan); over stdio, or without a key, Anonymous.
func (t *mcpTools) shieldScan(ctx context.Context, v canon.Value) (any, *toolError) {
	req, err := shieldRequest(v)
	if err != nil {
		return nil, invalidArgs(err)
	}
	who, err := t.scans.requester(ctx, headerOf(ctx).Get("Authorization"))
	if errors.Is(err, errUnauthorized) {
		return nil, &toolError{"unauthorized", "shield_scan takes no key or a live API key: Authorization: Bearer psk_…"}
	} else if err != nil {
		return nil, t.fail(ctx, "api key", err)
	}
	resp, err := t.scans.scan(ctx, req, who)
	if err != nil {
		status, code, msg := scanFailure(ctx, err)
		if status == http.StatusInternalServerError || code == "store_unavailable" {
			t.log.Error("shield scan", "err", err.Error())
		}
		return nil, &toolError{code, msg}
	}
	return resp, nil
}

// headerKey is the context key of the HTTP header of a tool call.
type headerKey struct{}

// headerOf returns the HTTP header of the tool call of ctx (Streamable
// HTTP), or an empty one (stdio).
func headerOf(ctx context.Context) http.Header {
	h, _ := ctx.Value(headerKey{}).(http.Header)
	return h
}

// signatureCheck is the tool signature_check (Shield method 1.0,
// "Checking text").
func (t *mcpTools) signatureCheck(ctx context.Context, v canon.Value) (any, *toolError) {
	var text string
	seen, err := fields(v, "", map[string]*string{"text": &text}, nil)
	if err != nil {
		return nil, invalidArgs(err)
	}
	if !seen["text"] {
		return nil, invalidArgs(errors.New("text is required"))
	}
	if t.sigs == nil {
		return nil, &toolError{"no_registry", "this server has no signature store"}
	}
	// Package signature reads UTF-8: a lone surrogate is U+FFFD to it, as
	// to a client's UTF-8 encoder (the length in bytes is the same).
	ms, err := t.sigs.Check(ctx, replaceSurrogates(text))
	switch {
	case errors.Is(err, signature.ErrTextTooLarge):
		return nil, &toolError{"text_too_large", fmt.Sprintf("the text is longer than %d bytes", signature.MaxCheckBytes)}
	case err != nil:
		return nil, t.fail(ctx, "signature check", err)
	}
	if ms == nil {
		ms = []signature.Match{}
	}
	return checkResponse{Match: len(ms) > 0, Matches: ms, Note: CheckNote}, nil // the answer of POST /api/v1/shield/check
}
