package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/plainsight/plainsight/fingerprint"
)

// HTTP probes a server over MCP's Streamable HTTP transport.
type HTTP struct {
	// URL is the server's MCP endpoint.
	URL string
	// Client sends the requests; nil means a client that follows no
	// redirects (a probe reports what the address it was given serves).
	Client *http.Client
	// MaxBody caps the bytes of one response; 0 means DefaultMaxBody.
	MaxBody int64
	// Header is added to every request (an Authorization header, say).
	Header http.Header
}

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// Probe runs the §7 probe against h.URL.
func (h *HTTP) Probe(ctx context.Context) (*fingerprint.Definitions, error) {
	t := &httpRPC{h: h, client: h.Client}
	if t.client == nil {
		t.client = noRedirects
	}
	t.maxBody = h.MaxBody
	if t.maxBody <= 0 {
		t.maxBody = DefaultMaxBody
	}
	d, err := handshake(ctx, t)
	t.close()
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
		return nil, fmt.Errorf("probe: %s answered Streamable HTTP with an error, and HTTP+SSE failed: %w", h.URL, err)
	}
	return handshake(ctx, s)
}

// httpRPC is one Streamable HTTP session.
type httpRPC struct {
	h         *HTTP
	client    *http.Client
	maxBody   int64
	sessionID string
}

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
		req.Header.Set("Mcp-Protocol-Version", ProtocolVersion)
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
		data, err := readCapped(resp.Body, t.maxBody)
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
// notification, a request, another response).
func findAnswer(data []byte, id int) (res json.RawMessage, found bool, err error) {
	data = bytes.TrimSpace(data)
	var msgs []response
	if len(data) > 0 && data[0] == '[' {
		err = json.Unmarshal(data, &msgs)
	} else {
		var r response
		err = json.Unmarshal(data, &r)
		msgs = []response{r}
	}
	if err != nil {
		return nil, false, fmt.Errorf("%w: a message that is not JSON-RPC: %v", ErrProtocol, err)
	}
	for i := range msgs {
		if msgs[i].answers(id) {
			res, err := msgs[i].answer()
			return res, true, err
		}
	}
	return nil, false, nil
}

// fromStream reads server-sent events until the response to id: other
// messages (notifications, requests) are passed over. The stream's bytes
// count against the size cap, and the call's budget bounds its time.
func (t *httpRPC) fromStream(body io.Reader, id int) (json.RawMessage, error) {
	lr := &io.LimitedReader{R: body, N: t.maxBody + 1}
	br := bufio.NewReaderSize(lr, 64<<10)
	var data strings.Builder
	for {
		line, err := br.ReadString('\n')
		if lr.N <= 0 {
			return nil, fmt.Errorf("%w: the event stream passed %d bytes", ErrTooLarge, t.maxBody)
		}
		if err != nil && line == "" {
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("%w: the event stream ended without a response to request %d", ErrProtocol, id)
			}
			return nil, fmt.Errorf("%w: %v", ErrTransport, err)
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			// An event ends: its data is one JSON-RPC message (or batch).
			if data.Len() > 0 {
				res, found, err := findAnswer([]byte(data.String()), id)
				if found || err != nil {
					return res, err
				}
				data.Reset()
			}
		case strings.HasPrefix(line, "data:"):
			if data.Len() > 0 {
				data.WriteByte('\n')
			}
			data.WriteString(strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
		}
		// Other fields (event, id, retry) and comments are not needed.
	}
}

func (t *httpRPC) notify(ctx context.Context, method string) error {
	resp, err := t.post(ctx, request{JSONRPC: "2.0", Method: method})
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: HTTP %s", ErrTransport, resp.Status)
	}
	return nil
}

// close ends the session, if the server gave one (best effort).
func (t *httpRPC) close() {
	if t.sessionID == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), CallBudget)
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

// readCapped reads r to its end, or fails with ErrTooLarge past max bytes.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTransport, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, max)
	}
	return data, nil
}
