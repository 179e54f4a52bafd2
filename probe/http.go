package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/plainsight/plainsight/fingerprint"
)

// HTTP probes a server over MCP's Streamable HTTP transport.
type HTTP struct {
	// URL is the server's MCP endpoint.
	URL string
	// Client sends the requests; nil means a client that follows no
	// redirects (a probe reports what the address it was given serves)
	// and reads response headers of at most MaxHeader bytes.
	Client *http.Client
	// MaxBody caps the bytes of one response, and of the tools/list
	// results of all pages together; 0 means DefaultMaxBody.
	MaxBody int64
	// Header is added to every request (an Authorization header, say).
	Header http.Header
}

// MaxHeader caps the bytes of a response's header that the default client
// reads (net/http's own default is 10 MiB).
const MaxHeader = 64 << 10

var noRedirects = &http.Client{
	Transport: func() http.RoundTripper {
		tr, ok := http.DefaultTransport.(*http.Transport)
		if !ok {
			return &http.Transport{Proxy: http.ProxyFromEnvironment, MaxResponseHeaderBytes: MaxHeader}
		}
		tr = tr.Clone()
		tr.MaxResponseHeaderBytes = MaxHeader
		return tr
	}(),
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// Probe runs the §7 probe against h.URL.
func (h *HTTP) Probe(ctx context.Context) (*fingerprint.Definitions, error) {
	return overHTTP(ctx, h, handshake)
}

// overHTTP runs a handshake over Streamable HTTP and, if the server
// refuses that transport's initialize, over HTTP+SSE.
func overHTTP[T any](ctx context.Context, h *HTTP, run func(context.Context, rpc, int64) (T, error)) (T, error) {
	t := &httpRPC{h: h, client: h.Client}
	if t.client == nil {
		t.client = noRedirects
	}
	t.maxBody = h.MaxBody
	if t.maxBody <= 0 {
		t.maxBody = DefaultMaxBody
	}
	d, err := run(ctx, t, t.maxBody)
	t.close(ctx)
	if err == nil || !fallsBack(err) {
		return d, err
	}
	// A server of the older HTTP+SSE transport refuses the POST: open its
	// event stream instead, as MCP clients do.
	s := &sseRPC{h: h, client: t.client, maxBody: t.maxBody}
	defer s.close()
	if _, err := withBudget(ctx, "open the event stream", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, s.open(ctx)
	}); err != nil {
		var zero T
		return zero, fmt.Errorf("probe: %s answered Streamable HTTP with an error, and HTTP+SSE failed: %w", h.URL, err)
	}
	return run(ctx, s, s.maxBody)
}

// httpRPC is one Streamable HTTP session.
type httpRPC struct {
	h         *HTTP
	client    *http.Client
	maxBody   int64
	sessionID string
	// version is the Mcp-Protocol-Version header of the requests after
	// initialize: "" means ProtocolVersion (§7's probe); the surface probe
	// sets the version the server answered with.
	version string
}

func (t *httpRPC) setVersion(v string) { t.version = v }

func (t *httpRPC) post(ctx context.Context, msg request) (*http.Response, error) {
	body, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.h.URL, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTransport, err)
	}
	for k, v := range t.h.Header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if t.sessionID != "" {
		req.Header.Set("Mcp-Session-Id", t.sessionID)
	}
	if msg.Method != "initialize" {
		v := t.version
		if v == "" {
			v = ProtocolVersion
		}
		req.Header.Set("Mcp-Protocol-Version", v)
	}
	resp, err := t.client.Do(req)
	if err != nil {
		// The client's error stays testable: a guard's refusal is not an
		// unreachable server.
		return nil, fmt.Errorf("%w: %w", ErrTransport, err)
	}
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" && msg.Method == "initialize" {
		t.sessionID = id
	}
	return resp, nil
}

func (t *httpRPC) call(ctx context.Context, id int, method string, params any) (json.RawMessage, error) {
	resp, err := t.post(ctx, request{JSONRPC: "2.0", ID: &id, Method: method, Params: params})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: %w", ErrTransport, &statusError{resp.StatusCode})
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		data, err := newReader(resp.Body, t.maxBody).all()
		if err != nil {
			return nil, err
		}
		return answerIn(data, id)
	case "text/event-stream":
		return t.fromStream(resp.Body, id)
	}
	return nil, fmt.Errorf("%w: content type %q", ErrTransport, resp.Header.Get("Content-Type"))
}

// answerIn finds the response to id in a JSON body: one message, or a
// batch of them.
func answerIn(data []byte, id int) (json.RawMessage, error) {
	res, found, err := findAnswer(data, id)
	if err == nil && !found {
		err = fmt.Errorf("%w: no response to request %d in the body", ErrProtocol, id)
	}
	return res, err
}

// findAnswer looks for the response to id in one JSON-RPC message or
// batch: found is false when the message is something else (a
// notification, a request, another response). A batch is read one message
// at a time, so that a batch of many small messages costs one of them, not
// a slice of all; all of it must be well-formed.
func findAnswer(data []byte, id int) (res json.RawMessage, found bool, err error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '[' {
		var r response
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, false, notJSONRPC(err)
		}
		if !r.answers(id) {
			return nil, false, nil
		}
		res, err := r.answer()
		return res, true, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // [
		return nil, false, notJSONRPC(err)
	}
	var answer *response
	var r response // reused: a message of a batch costs no allocation of its own
	for dec.More() {
		r.ID, r.Method, r.Result, r.Error = r.ID[:0], "", r.Result[:0], nil
		if err := dec.Decode(&r); err != nil {
			return nil, false, notJSONRPC(err)
		}
		if answer == nil && r.answers(id) {
			a := r
			a.ID, a.Result = bytes.Clone(r.ID), bytes.Clone(r.Result)
			answer = &a
		}
	}
	if _, err := dec.Token(); err != nil { // ]
		return nil, false, notJSONRPC(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false, notJSONRPC(errors.New("data after the batch"))
	}
	if answer == nil {
		return nil, false, nil
	}
	res, err = answer.answer()
	return res, true, err
}

func notJSONRPC(err error) error {
	return fmt.Errorf("%w: a message that is not JSON-RPC: %v", ErrProtocol, err)
}

// fromStream reads server-sent events until the response to id: other
// messages (notifications, requests) are passed over. The whole stream
// counts against the size cap, and the call's budget bounds its time.
func (t *httpRPC) fromStream(body io.Reader, id int) (json.RawMessage, error) {
	r := newReader(body, t.maxBody)
	var data []byte
	hasData := false // a data field was read, even an empty one
	var read int64   // the stream's bytes so far
	for {
		line, err := r.line(read, t.maxBody, "the event stream")
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%w: the event stream ended without a response to request %d", ErrProtocol, id)
		}
		if err != nil {
			return nil, err
		}
		read += int64(len(line)) + 1
		switch {
		case len(line) == 0:
			// An event ends: its data is one JSON-RPC message (or batch).
			if len(data) > 0 {
				res, found, err := findAnswer(data, id)
				if found || err != nil {
					return res, err
				}
			}
			data, hasData = data[:0], false
		case bytes.HasPrefix(line, []byte("data:")):
			// Several data lines are one value, joined by LF.
			if hasData {
				data = append(data, '\n')
			}
			hasData = true
			data = append(data, fieldValue(line, "data:")...)
		}
		// Other fields (event, id, retry) and comments are not needed.
	}
}

// fieldValue is the value of an event stream's field line: after the name
// and its colon, one leading space dropped.
func fieldValue(line []byte, name string) []byte {
	v := line[len(name):]
	if len(v) > 0 && v[0] == ' ' {
		v = v[1:]
	}
	return v
}

func (t *httpRPC) notify(ctx context.Context, method string) error {
	resp, err := t.post(ctx, request{JSONRPC: "2.0", Method: method})
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	newReader(resp.Body, t.maxBody).discard(64 << 10)
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: HTTP %s", ErrTransport, resp.Status)
	}
	return nil
}

// close ends the session, if the server gave one (best effort, within a
// call's budget, and not at all once the caller has given up).
func (t *httpRPC) close(ctx context.Context) {
	if t.sessionID == "" || ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, callBudget)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, t.h.URL, nil)
	if err != nil {
		return
	}
	req.Header.Set("Mcp-Session-Id", t.sessionID)
	if resp, err := t.client.Do(req); err == nil {
		resp.Body.Close()
	}
}
