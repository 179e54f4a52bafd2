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
	"net/url"
	"strings"
)

// statusError is an HTTP status a server answered a request with.
type statusError struct{ code int }

func (e *statusError) Error() string {
	return fmt.Sprintf("HTTP %d %s", e.code, http.StatusText(e.code))
}

// fallsBack reports whether err, from a Streamable HTTP initialize, is the
// answer of a server that speaks only the older HTTP+SSE transport: MCP
// clients take 400, 404 and 405 as that sign.
func fallsBack(err error) bool {
	var se *statusError
	return errors.As(err, &se) && (se.code == http.StatusBadRequest || se.code == http.StatusNotFound || se.code == http.StatusMethodNotAllowed)
}

// sseRPC is a session of the older HTTP+SSE transport (MCP 2024-11-05): a
// GET opens an event stream whose first event names the endpoint to POST
// messages to; the answers come on the stream.
type sseRPC struct {
	h        *HTTP
	client   *http.Client
	maxBody  int64
	endpoint string
	events   chan sseEvent
	cancel   context.CancelFunc
}

type sseEvent struct {
	name, data string
	err        error
}

// open starts the stream and waits, within the budget, for the endpoint.
func (t *sseRPC) open(ctx context.Context) error {
	streamCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	t.cancel = cancel
	req, err := http.NewRequestWithContext(streamCtx, http.MethodGet, t.h.URL, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrTransport, err)
	}
	for k, v := range t.h.Header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "text/event-stream")
	type opened struct {
		resp *http.Response
		err  error
	}
	done := make(chan opened, 1)
	go func() {
		resp, err := t.client.Do(req)
		done <- opened{resp, err}
	}()
	var resp *http.Response
	select {
	case <-ctx.Done():
		cancel()
		return ctx.Err()
	case o := <-done:
		if o.err != nil {
			return fmt.Errorf("%w: %w", ErrTransport, o.err)
		}
		resp = o.resp
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return fmt.Errorf("%w: %w", ErrTransport, &statusError{resp.StatusCode})
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/event-stream" {
		resp.Body.Close()
		return fmt.Errorf("%w: content type %q", ErrTransport, resp.Header.Get("Content-Type"))
	}
	t.events = make(chan sseEvent)
	go t.read(streamCtx, resp.Body)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case ev, ok := <-t.events:
		if !ok {
			return fmt.Errorf("%w: the event stream ended before naming an endpoint", ErrTransport)
		}
		if ev.err != nil {
			return fmt.Errorf("before naming an endpoint: %w", ev.err)
		}
		if ev.name != "endpoint" {
			return fmt.Errorf("%w: the first event is %q, not endpoint", ErrProtocol, ev.name)
		}
		// The stream came from where the request landed: the effective
		// URL after any redirects the client followed, not the asked one.
		// The endpoint is resolved against it and must be on its origin.
		var base *url.URL
		if resp.Request != nil && resp.Request.URL != nil {
			base = resp.Request.URL
		} else if base, err = url.Parse(t.h.URL); err != nil {
			return fmt.Errorf("%w: %v", ErrTransport, err)
		}
		ep, err := base.Parse(strings.TrimSpace(ev.data))
		if err != nil {
			return fmt.Errorf("%w: endpoint %q: %v", ErrProtocol, ev.data, err)
		}
		// Messages go to the server that gave the stream, never elsewhere
		// (not even back to the asked URL's origin when it redirected).
		if ep.Scheme != base.Scheme || ep.Host != base.Host {
			return fmt.Errorf("%w: the endpoint %q is on another origin", ErrProtocol, ev.data)
		}
		t.endpoint = ep.String()
	}
	return nil
}

// maxEndpointEvent caps the first event of an HTTP+SSE stream, the one that
// names the endpoint.
const maxEndpointEvent = 64 << 10

// read passes the stream's events to t.events until it ends or the probe
// does. Each event (its field lines and its data) is capped as it is read:
// the first, the endpoint, at maxEndpointEvent, the others at maxBody.
func (t *sseRPC) read(ctx context.Context, body io.ReadCloser) {
	defer body.Close()
	defer close(t.events)
	r := newReader(body, t.maxBody)
	var name string
	var data []byte
	hasData := false // a data field was read, even an empty one
	send := func(ev sseEvent) bool {
		select {
		case t.events <- ev:
			return true
		case <-ctx.Done():
			return false
		}
	}
	// The first event names the endpoint: a URL, which needs far less than
	// a message.
	limit, what := int64(maxEndpointEvent), "the endpoint event"
	for {
		line, err := r.line(int64(len(data)), limit, what)
		if errors.Is(err, io.EOF) {
			send(sseEvent{err: fmt.Errorf("%w: the event stream ended", ErrTransport)})
			return
		}
		if err != nil {
			send(sseEvent{err: err})
			return
		}
		switch {
		case len(line) == 0:
			if hasData || name != "" {
				if !send(sseEvent{name: name, data: string(data)}) {
					return
				}
				limit, what = t.maxBody, "an event"
			}
			name, data, hasData = "", data[:0], false
		case bytes.HasPrefix(line, []byte("event:")):
			name = string(bytes.TrimSpace(line[len("event:"):]))
		case bytes.HasPrefix(line, []byte("data:")):
			// Several data lines are one value, joined by LF.
			if hasData {
				data = append(data, '\n')
			}
			hasData = true
			data = append(data, fieldValue(line, "data:")...)
		}
	}
}

func (t *sseRPC) post(ctx context.Context, msg request) error {
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.endpoint, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrTransport, err)
	}
	for k, v := range t.h.Header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrTransport, err)
	}
	defer resp.Body.Close()
	newReader(resp.Body, t.maxBody).discard(64 << 10)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%w: %w", ErrTransport, &statusError{resp.StatusCode})
	}
	return nil
}

func (t *sseRPC) call(ctx context.Context, id int, method string, params any) (json.RawMessage, error) {
	if err := t.post(ctx, request{JSONRPC: "2.0", ID: &id, Method: method, Params: params}); err != nil {
		return nil, err
	}
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case ev, ok := <-t.events:
			if !ok {
				return nil, fmt.Errorf("%w: the event stream ended", ErrTransport)
			}
			if ev.err != nil {
				return nil, ev.err
			}
			if ev.name != "" && ev.name != "message" {
				continue
			}
			res, found, err := findAnswer([]byte(ev.data), id)
			if found || err != nil {
				return res, err
			}
		}
	}
}

func (t *sseRPC) notify(ctx context.Context, method string) error {
	return t.post(ctx, request{JSONRPC: "2.0", Method: method})
}

func (t *sseRPC) close() {
	if t.cancel != nil {
		t.cancel()
	}
}
