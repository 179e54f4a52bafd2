package proxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
)

// Upstream is the one server a Proxy wraps: a command spoken to over its
// standard input and output (Command set), or an HTTP endpoint (URL set),
// Streamable HTTP unless SSE says it is the older HTTP+SSE transport.
type Upstream struct {
	// Command and Args start a stdio server; Env is its environment
	// (nil: the proxy's own), Dir its working directory.
	Command string
	Args    []string
	Env     []string
	Dir     string
	// Stderr receives the command's standard error (nil: discarded).
	Stderr io.Writer

	// URL is a Streamable HTTP (or, with SSE, an HTTP+SSE) endpoint.
	URL string
	SSE bool
	// Header is sent with every request to URL (an Authorization header).
	Header http.Header
	// Guard makes the requests (package guard's client: the URL and every
	// address checked, redirects checked, no proxy); nil means a Guard
	// that allows loopback, as the command line does. Its Timeout and
	// MaxBody are replaced: the proxy's CallTimeout bounds the wait for
	// headers, and the message cap bounds each JSON body and each event.
	Guard *guard.Guard
}

// transport returns the SDK transport for u with the message cap max.
func (u Upstream) transport(max int, callTimeout time.Duration) (mcp.Transport, error) {
	switch {
	case u.Command != "" && u.URL != "":
		return nil, errors.New("proxy: the upstream is a command or a URL, not both")
	case u.Command != "":
		return &commandTransport{u: u, max: max}, nil
	case u.URL != "":
		g := guard.Guard{Policy: guard.Policy{AllowLoopback: true}}
		if u.Guard != nil {
			g = *u.Guard
		}
		g.Timeout = callTimeout
		// The guard's cap is on a whole body; an event stream carries
		// many messages over a session, each bounded by MaxEventSize, so
		// the whole-body cap is lifted here and capTransport caps each
		// JSON body at the message cap instead.
		g.MaxBody = 1 << 62
		c := g.Client()
		c.Transport = &capTransport{base: c.Transport, header: u.Header, max: int64(max)}
		if u.SSE {
			return &mcp.SSEClientTransport{Endpoint: u.URL, HTTPClient: c, MaxEventSize: max}, nil
		}
		return &mcp.StreamableClientTransport{Endpoint: u.URL, HTTPClient: c, MaxEventSize: max, MaxRetries: 2}, nil
	}
	return nil, errors.New("proxy: no upstream: give a command or a URL")
}

// commandTransport starts the command and speaks newline-delimited JSON
// over its pipes, each message capped at max bytes (the SDK's
// CommandTransport has no cap of its own to set).
type commandTransport struct {
	u   Upstream
	max int
}

func (t *commandTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	cmd := exec.Command(t.u.Command, t.u.Args...)
	cmd.Env, cmd.Dir, cmd.Stderr = t.u.Env, t.u.Dir, t.u.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("proxy: starting %s: %w", t.u.Command, err)
	}
	w := &processWriter{WriteCloser: stdin, cmd: cmd}
	return (&mcp.IOTransport{Reader: io.NopCloser(stdout), Writer: w, MaxLineLength: t.max}).Connect(ctx)
}

// processWriter is the command's standard input; closing it ends the
// command: stdin closed, two seconds to exit, then killed.
type processWriter struct {
	io.WriteCloser
	cmd  *exec.Cmd
	once sync.Once
}

func (w *processWriter) Close() error {
	err := w.WriteCloser.Close()
	w.once.Do(func() {
		done := make(chan struct{})
		go func() { w.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			w.cmd.Process.Kill()
			<-done
		}
	})
	return err
}

// capTransport adds the upstream's headers to each request and caps each
// response body that is not an event stream at max bytes: past it, the
// read fails with ErrTooLarge and the SDK answers the call with an error.
type capTransport struct {
	base   http.RoundTripper
	header http.Header
	max    int64
}

func (t *capTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(t.header) > 0 {
		r = r.Clone(r.Context())
		for k, v := range t.header {
			r.Header[http.CanonicalHeaderKey(k)] = v
		}
	}
	resp, err := t.base.RoundTrip(r)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	if !strings.HasPrefix(strings.ToLower(resp.Header.Get("Content-Type")), "text/event-stream") {
		resp.Body = &capBody{ReadCloser: resp.Body, left: t.max}
	}
	return resp, nil
}

// capBody fails a read once more than left bytes have come.
type capBody struct {
	io.ReadCloser
	left int64
}

func (b *capBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return 0, ErrTooLarge
	}
	return n, err
}

// ErrTooLarge: a message from the upstream is over the message cap.
var ErrTooLarge = errors.New("proxy: a message from the upstream is over the message cap")

// listMember is the member of each list result that holds the list.
var listMember = map[string]string{
	"tools/list": "tools", "prompts/list": "prompts",
	"resources/list": "resources", "resources/templates/list": "resourceTemplates",
}

// rawTransport wraps the connection of a transport whose connection the
// SDK asks nothing else of (stdio, HTTP+SSE) in a rawConn.
type rawTransport struct {
	t mcp.Transport
	p *Proxy
}

func (t rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.t.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &rawConn{Connection: c, p: t.p, pending: map[jsonrpc.ID]string{}}, nil
}

// rawConn keeps the raw JSON of each list page the upstream sends, as it
// sent it, for the pins: the SDK decodes a list into its structs and
// writes them back without what they do not model and without members
// whose value is their zero (a prompt argument's "required": false), so
// that the re-encoded list would not be the list plainsight audit pins.
type rawConn struct {
	mcp.Connection
	p       *Proxy
	mu      sync.Mutex
	pending map[jsonrpc.ID]string // list requests sent, by id
}

// maxPending bounds the list requests awaiting an answer that rawConn
// remembers (a request cancelled unanswered is never answered).
const maxPending = 1024

func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if r, ok := msg.(*jsonrpc.Request); ok && r.IsCall() && listMember[r.Method] != "" {
		c.mu.Lock()
		if len(c.pending) >= maxPending {
			clear(c.pending)
		}
		c.pending[r.ID] = r.Method
		c.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if r, ok := msg.(*jsonrpc.Response); ok && err == nil {
		c.mu.Lock()
		method, found := c.pending[r.ID]
		delete(c.pending, r.ID)
		c.mu.Unlock()
		if found && r.Error == nil {
			c.p.keepRaw(method, r.Result)
		}
	}
	return msg, err
}
