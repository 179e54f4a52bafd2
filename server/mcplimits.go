package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// The MCP transport's limits (issue 29, item 6) when the fields of
// [MCPLimits] are zero. See the package doc, "Bounds".
const (
	// DefaultMCPMaxBatch is the most messages a JSON-RPC batch may hold.
	// JSON-RPC 2.0 §6 sets no bound and MCP 2025-03-26 allowed batches;
	// MCP 2025-06-18 removed them, so a client that still sends them is
	// an old one, and 64 is far more than any client batches.
	DefaultMCPMaxBatch = 64
	// DefaultMCPResponseBytes caps one answer, a batch's whole array
	// included: four times MCPMessageBytes, so that a scan of arguments at
	// their cap (whose answer is about one and a half times the text)
	// fits.
	DefaultMCPResponseBytes = 4 * MCPMessageBytes
	// DefaultMCPMaxInFlight is the most MCP requests served at once.
	DefaultMCPMaxInFlight = 16
	// DefaultMCPWriteTimeout bounds each write of an answer to the
	// client: a client that reads nothing for that long is dropped.
	DefaultMCPWriteTimeout = 10 * time.Second
	// DefaultMCPWindow is the time window of the per-client budget.
	DefaultMCPWindow = time.Minute
	// DefaultMCPWindowMessages is how many JSON-RPC messages a client may
	// send in a window (100 a second on average).
	DefaultMCPWindowMessages = 6000
	// DefaultMCPWindowBytes is how many answer bytes a client may be sent
	// in a window.
	DefaultMCPWindowBytes = 256 << 20
)

// MCPLimits bounds [NewMCPHandler]'s transport (issue 29, item 6). A zero
// field means its default (the DefaultMCP constants); the zero value is
// the defaults, never "no limit".
//
// A client is the connection's remote IP address, an IPv6 one by its /64,
// as for Config.RateLimit, but loopback clients are counted too: the
// handler runs stateless (no Mcp-Session-Id is issued), so the
// per-session budget is this per-client one, and `plainsight mcp --http`
// listens on loopback by default.
type MCPLimits struct {
	// MaxBatch is the most messages of one JSON-RPC batch; a longer batch
	// is refused whole, before the SDK reads it (413, and on stdio a
	// JSON-RPC error), its calls never run.
	MaxBatch int
	// MaxResponseBytes caps an answer. A batch's answer is written one
	// response at a time; a response that would take it over the cap is
	// replaced by a JSON-RPC error, and so is every call after it (not
	// run). A single answer over the cap is such an error too.
	MaxResponseBytes int64
	// MaxInFlight is the most requests served at once; one more is 503
	// with Retry-After before its body is read.
	MaxInFlight int
	// WriteTimeout bounds each write of an answer; a client that has not
	// taken it by then is dropped (http.ResponseController's write
	// deadline). No write's deadline is later than WriteTimeout past the
	// end of the request's context ([Serve]: RequestTimeout), so the
	// server's own bound on a whole answer still holds.
	WriteTimeout time.Duration
	// Window is the period of the per-client budget; WindowMessages and
	// WindowBytes are the messages a client may send and the answer bytes
	// it may be sent in one. Past either, a request is 429 with
	// Retry-After until the window ends.
	Window         time.Duration
	WindowMessages int
	WindowBytes    int64
}

// withDefaults fills the zero fields.
func (l MCPLimits) withDefaults() MCPLimits {
	if l.MaxBatch <= 0 {
		l.MaxBatch = DefaultMCPMaxBatch
	}
	if l.MaxResponseBytes <= 0 {
		l.MaxResponseBytes = DefaultMCPResponseBytes
	}
	if l.MaxInFlight <= 0 {
		l.MaxInFlight = DefaultMCPMaxInFlight
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = DefaultMCPWriteTimeout
	}
	if l.Window <= 0 {
		l.Window = DefaultMCPWindow
	}
	if l.WindowMessages <= 0 {
		l.WindowMessages = DefaultMCPWindowMessages
	}
	if l.WindowBytes <= 0 {
		l.WindowBytes = DefaultMCPWindowBytes
	}
	return l
}

// The JSON-RPC error codes of the limits' refusals (JSON-RPC 2.0 §5.1):
// a batch over MaxBatch is an Invalid Request (-32600), the code §6 gives
// a batch refused whole; the others are implementation-defined server
// errors (-32000).
const (
	mcpCodeInvalidRequest = -32600
	mcpCodeServerLimit    = -32000
)

// The reasons of the refusals: the "reason" of the error's data.
const (
	mcpReasonBatch    = "batch_too_large"
	mcpReasonBody     = "body_too_large"
	mcpReasonResponse = "response_too_large"
	mcpReasonBudget   = "budget_spent"
	mcpReasonBusy     = "busy"
	mcpReasonCanceled = "cancelled"
)

// mcpError is a JSON-RPC response object carrying an error. ID is the
// request's id as sent; nil is JSON-RPC's null (an id that could not be
// read, §5).
func mcpError(id json.RawMessage, code int, reason, message string, limit int64) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	type data struct {
		Reason string `json:"reason"`
		Limit  int64  `json:"limit,omitempty"`
	}
	type errObj struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    data   `json:"data"`
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   errObj          `json:"error"`
	}{"2.0", id, errObj{code, message, data{reason, limit}}})
	if err != nil { // unreachable: an id read as JSON, strings and numbers
		return []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error"}}`)
	}
	return b
}

// splitBatch reads data as a JSON-RPC batch: a JSON array of at most max
// values (§6). batch is false when data is not an array; n is the number
// of its values, counted up to max+1 (the elements are not kept past
// max); bad is true when it is an array that is not well-formed JSON
// (the SDK then answers it as malformed).
func splitBatch(data []byte, max int) (elems []json.RawMessage, n int, batch, bad bool) {
	data = bytes.TrimLeft(data, " \t\r\n")
	if len(data) == 0 || data[0] != '[' {
		return nil, 0, false, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, 0, true, true
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, n, true, true
		}
		if n++; n > max {
			return nil, n, true, false
		}
		elems = append(elems, raw)
	}
	if _, err := dec.Token(); err != nil {
		return nil, n, true, true
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, n, true, true
	}
	return elems, n, true, false
}

// MCPBatchRefusal is the transports' one rule for batches (JSON-RPC 2.0
// §6, which bounds nothing; MCP 2025-06-18 removed batches): a message
// that is a JSON array of more than max values is refused whole, before
// the SDK reads it, and answer is the refusal — one JSON-RPC response
// object, id null, code -32600 (Invalid Request), data {"reason":
// "batch_too_large", "limit": max}. ok is false for anything else (one
// message, a batch within max, or no JSON at all), which the SDK reads
// and answers as before. max ≤ 0 means DefaultMCPMaxBatch. `plainsight
// mcp` applies it to each line of standard input; [NewMCPHandler] to each
// request body, answered 413.
func MCPBatchRefusal(data []byte, max int) (answer []byte, ok bool) {
	if max <= 0 {
		max = DefaultMCPMaxBatch
	}
	if _, n, batch, _ := splitBatch(data, max); !batch || n <= max {
		return nil, false
	}
	return batchRefusal(max), true
}

func batchRefusal(max int) []byte {
	return mcpError(nil, mcpCodeInvalidRequest, mcpReasonBatch,
		fmt.Sprintf("a batch holds at most %d messages (MCP 2025-06-18 has no batches)", max), int64(max))
}

// mcpLimiter is the layer around the SDK's handler that keeps
// MCPLimits.
type mcpLimiter struct {
	next    http.Handler // the SDK's handler
	lim     MCPLimits
	maxBody int64
	slots   chan struct{}
	budget  *mcpBudget
	now     func() time.Time
}

func newMCPLimiter(next http.Handler, lim MCPLimits, maxBody int64) *mcpLimiter {
	lim = lim.withDefaults()
	return &mcpLimiter{
		next:    next,
		lim:     lim,
		maxBody: maxBody,
		slots:   make(chan struct{}, lim.MaxInFlight),
		budget:  &mcpBudget{lim: lim, clients: map[netip.Prefix]*mcpSpend{}},
		now:     time.Now,
	}
}

// refuse writes a refusal of the whole request.
func refuse(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func (m *mcpLimiter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost { // stateless: the SDK's 405
		m.next.ServeHTTP(w, r)
		return
	}
	select {
	case m.slots <- struct{}{}:
		defer func() { <-m.slots }()
	default:
		w.Header().Set("Retry-After", "1")
		refuse(w, http.StatusServiceUnavailable, mcpError(nil, mcpCodeServerLimit, mcpReasonBusy,
			fmt.Sprintf("the server is answering %d requests already", m.lim.MaxInFlight), int64(m.lim.MaxInFlight)))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, m.maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			refuse(w, http.StatusRequestEntityTooLarge, mcpError(nil, mcpCodeInvalidRequest, mcpReasonBody,
				fmt.Sprintf("request body exceeds %d bytes", m.maxBody), m.maxBody))
			return
		}
		http.Error(w, "failed to read body", http.StatusBadRequest)
		return
	}
	elems, n, batch, bad := splitBatch(body, m.lim.MaxBatch)
	if batch && n > m.lim.MaxBatch {
		// 413: the content is more than the server is willing to process
		// (RFC 9110 §15.5.14), as for a body over its cap; the body is the
		// JSON-RPC error a client reads (MCP 2025-03-26, Streamable HTTP:
		// an HTTP error status, the body a JSON-RPC error without id).
		refuse(w, http.StatusRequestEntityTooLarge, batchRefusal(m.lim.MaxBatch))
		return
	}
	msgs := max(n, 1)
	now := m.now()
	if wait, ok := m.budget.admit(r.RemoteAddr, msgs, now); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(wait))
		refuse(w, http.StatusTooManyRequests, mcpError(nil, mcpCodeServerLimit, mcpReasonBudget,
			fmt.Sprintf("this client's budget is spent (%d messages and %d answer bytes in %v); retry after %d s",
				m.lim.WindowMessages, m.lim.WindowBytes, m.lim.Window, wait), 0))
		return
	}
	cw := &cappedWriter{w: w, rc: http.NewResponseController(w), left: m.lim.MaxResponseBytes, timeout: m.lim.WriteTimeout, now: m.now, ctx: r.Context()}
	defer func() {
		cw.finish()
		m.budget.charge(r.RemoteAddr, cw.written, now)
	}()
	if !batch || bad || len(elems) == 0 || r.Header.Get("Mcp-Protocol-Version") >= "2025-06-18" {
		// One message, something the SDK refuses as malformed, or a batch
		// under a protocol version that has none (the SDK refuses it).
		var m1 struct {
			ID json.RawMessage `json:"id"`
		}
		if !batch {
			json.Unmarshal(body, &m1)
		}
		cw.single, cw.id = !batch, m1.ID
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		m.next.ServeHTTP(cw, r)
		return
	}
	m.serveBatch(cw, r, elems)
}

// serveBatch answers a batch within MaxBatch a message at a time: each
// is given to the SDK as a request of its own, and its response is
// written as the next element of the answer's array, so that no more
// than one response is held. The calls run one after another (§6: "in
// any order and with any width of parallelism").
func (m *mcpLimiter) serveBatch(cw *cappedWriter, r *http.Request, elems []json.RawMessage) {
	wrote, cut := 0, false
	emit := func(elem []byte) bool {
		sep := byte(',')
		if wrote == 0 {
			sep = '['
			cw.Header().Set("Content-Type", "application/json")
			cw.Header().Set("Cache-Control", "no-cache, no-transform")
		}
		wrote++
		return cw.writeRaw(append([]byte{sep}, elem...)) == nil
	}
	for _, raw := range elems {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method *string         `json:"method"`
		}
		json.Unmarshal(raw, &msg)
		call := len(msg.ID) > 0 && string(msg.ID) != "null" && msg.Method != nil
		if cut || r.Context().Err() != nil {
			if !call {
				continue
			}
			var e []byte
			if cut {
				e = mcpError(msg.ID, mcpCodeServerLimit, mcpReasonResponse,
					fmt.Sprintf("the batch's answer reached its cap of %d bytes; this call was not run", m.lim.MaxResponseBytes), m.lim.MaxResponseBytes)
			} else {
				e = mcpError(msg.ID, mcpCodeServerLimit, mcpReasonCanceled, "the request ended before this call's answer", 0)
			}
			if !emit(e) {
				return
			}
			continue
		}
		sub := r.Clone(r.Context())
		sub.Body, sub.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
		rec := &subRecorder{header: http.Header{}, max: max(cw.left-2, 0)}
		m.next.ServeHTTP(rec, sub)
		status := rec.code
		if status == 0 {
			status = http.StatusOK
		}
		switch {
		case status == http.StatusAccepted: // a notification or a response: no answer
			continue
		case status != http.StatusOK && wrote == 0:
			// A refusal of the request as a whole (its Host, its headers,
			// its protocol version), as the SDK answers the batch.
			for k, v := range rec.header {
				cw.Header()[k] = v
			}
			cw.WriteHeader(status)
			cw.writeRaw(rec.body.Bytes())
			return
		case rec.over:
			cut = true
			if call && !emit(mcpError(msg.ID, mcpCodeServerLimit, mcpReasonResponse,
				fmt.Sprintf("this call's answer would take the batch's answer over its cap of %d bytes", m.lim.MaxResponseBytes), m.lim.MaxResponseBytes)) {
				return
			}
		case status == http.StatusOK && json.Valid(rec.body.Bytes()) && bytes.HasPrefix(bytes.TrimSpace(rec.body.Bytes()), []byte("{")):
			if !emit(bytes.TrimSpace(rec.body.Bytes())) {
				return
			}
		case call:
			if !emit(mcpError(msg.ID, mcpCodeInvalidRequest, "refused",
				fmt.Sprintf("this message was refused (HTTP %d)", status), 0)) {
				return
			}
		}
	}
	if wrote == 0 { // notifications and responses only (MCP: 202, no body)
		cw.WriteHeader(http.StatusAccepted)
		return
	}
	cw.writeRaw([]byte("]"))
}

// subRecorder takes the SDK's answer to one message of a batch, at most
// max bytes of it.
type subRecorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
	max    int64
	over   bool
}

func (s *subRecorder) Header() http.Header { return s.header }

func (s *subRecorder) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
}

func (s *subRecorder) Write(p []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	if s.over || int64(s.body.Len())+int64(len(p)) > s.max {
		s.over, s.body = true, bytes.Buffer{}
		return 0, errResponseCap
	}
	return s.body.Write(p)
}

// errResponseCap is what a write over MaxResponseBytes returns to the SDK.
var errResponseCap = errors.New("server: the answer is over its cap")

// cappedWriter is the client's http.ResponseWriter under MaxResponseBytes
// and WriteTimeout: every write has its own deadline, and the status is
// held until the first write, so that a single answer over the cap can
// still be replaced by a JSON-RPC error.
type cappedWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	left    int64
	timeout time.Duration
	now     func() time.Time
	ctx     context.Context // the request's

	single  bool            // one message, passed to the SDK whole
	id      json.RawMessage // its id
	code    int
	started bool // the status is sent
	written int64
	failed  bool
}

func (c *cappedWriter) Header() http.Header { return c.w.Header() }

func (c *cappedWriter) WriteHeader(code int) {
	if !c.started && c.code == 0 {
		c.code = code
	}
}

func (c *cappedWriter) start() {
	if c.started {
		return
	}
	c.started = true
	if c.code == 0 {
		c.code = http.StatusOK
	}
	c.w.WriteHeader(c.code)
}

// Write is the SDK's write of a single answer (or of an event stream).
func (c *cappedWriter) Write(p []byte) (int, error) {
	if c.failed {
		return 0, errResponseCap
	}
	if int64(len(p)) > c.left {
		if c.single && !c.started && len(c.id) > 0 {
			// Nothing sent yet: the answer is this call's error instead.
			c.code = http.StatusOK
			c.writeRaw(mcpError(c.id, mcpCodeServerLimit, mcpReasonResponse,
				fmt.Sprintf("the answer would be longer than its cap of %d bytes", c.left), c.left))
		}
		c.failed = true
		return 0, errResponseCap
	}
	if err := c.writeRaw(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// writeRaw writes p under the write deadline, counting it against the
// cap.
func (c *cappedWriter) writeRaw(p []byte) error {
	c.start()
	c.rc.SetWriteDeadline(c.deadline()) // ErrNotSupported: a host's writer; Serve's WriteTimeout holds
	n, err := c.w.Write(p)
	c.written += int64(n)
	c.left -= int64(n)
	if err == nil {
		err = c.rc.Flush()
		if errors.Is(err, http.ErrNotSupported) {
			err = nil
		}
	}
	if err != nil {
		c.failed = true
	}
	return err
}

// deadline is the next write's: WriteTimeout from now, and never more
// than WriteTimeout past the end of the request's context, so that the
// deadline of each write does not lift the bound on the whole answer
// that [Serve] keeps (its WriteTimeout is RequestTimeout and 10 s).
func (c *cappedWriter) deadline() time.Time {
	d := c.now().Add(c.timeout)
	if end, ok := c.ctx.Deadline(); ok && end.Add(c.timeout).Before(d) {
		d = end.Add(c.timeout)
	}
	return d
}

// Flush sends what is written (the SDK flushes event streams).
func (c *cappedWriter) Flush() {
	c.start()
	c.rc.SetWriteDeadline(c.deadline())
	c.rc.Flush()
}

// finish ends the answer: the status if nothing was written, and the
// connection's write deadline lifted for its next request (net/http
// resets it only when the server has a WriteTimeout).
func (c *cappedWriter) finish() {
	if !c.started && c.code != 0 {
		c.start()
	}
	if !c.failed {
		c.rc.SetWriteDeadline(time.Time{})
	}
}

// mcpBudget is the per-client budget: messages and answer bytes in a
// fixed window.
type mcpBudget struct {
	lim     MCPLimits
	mu      sync.Mutex
	clients map[netip.Prefix]*mcpSpend
	swept   time.Time
}

type mcpSpend struct {
	start time.Time
	msgs  int
	bytes int64
}

// spend is the client's current window, reset when it has ended; the
// caller holds b.mu.
func (b *mcpBudget) spend(remote string, now time.Time) *mcpSpend {
	p, _, ok := clientOf(remote)
	if !ok {
		p = netip.Prefix{} // not IP:port (a Unix socket): one client
	}
	s := b.clients[p]
	if s == nil && len(b.clients) >= MaxClients && now.Sub(b.swept) > 10*time.Second {
		b.swept = now
		for k, v := range b.clients {
			if now.Sub(v.start) >= b.lim.Window {
				delete(b.clients, k)
			}
		}
	}
	if s == nil && len(b.clients) >= MaxClients {
		p = netip.Prefix{} // past the table's bound: new clients share one budget
		s = b.clients[p]
	}
	if s == nil {
		s = &mcpSpend{start: now}
		b.clients[p] = s
	}
	if now.Sub(s.start) >= b.lim.Window {
		*s = mcpSpend{start: now}
	}
	return s
}

// admit takes n messages from the client's budget, or says how many
// seconds until its window ends (at least 1).
func (b *mcpBudget) admit(remote string, n int, now time.Time) (int, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.spend(remote, now)
	if s.msgs+n > b.lim.WindowMessages || s.bytes >= b.lim.WindowBytes {
		return max(1, int(math.Ceil(s.start.Add(b.lim.Window).Sub(now).Seconds()))), false
	}
	s.msgs += n
	return 0, true
}

// charge counts an answer's bytes against the client's budget.
func (b *mcpBudget) charge(remote string, n int64, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.spend(remote, now).bytes += n
}
