package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/server"
)

// answerWait bounds how long the end of standard input waits for the
// answers of the requests read before it: longer than a pre-call check
// (six seconds a probe) takes.
const answerWait = 2 * time.Minute

// stdioAnswers keeps `printf '...' | plainsight mcp` answering: the SDK
// cancels the requests in flight when its input ends, so the end of
// standard input is held back from it until every request read has been
// answered on standard output (or answerWait has passed). It follows the
// newline-delimited JSON-RPC messages of the stdio transport in both
// directions: a request (a method and an id) read counts one, a response
// (an id, no method) written with that id settles it. Input lines longer
// than max are not followed (the transport refuses them anyway); output
// lines, the server's own, are followed whole. A batch over the cap is
// refused before the SDK reads it (answersReader).
type stdioAnswers struct {
	max  int
	done <-chan struct{} // the command's end: stop waiting

	mu      sync.Mutex
	open    map[string]int // request id → requests read and not answered
	settled chan struct{}  // closed and replaced whenever a request settles
}

func newStdioAnswers(max int, done <-chan struct{}) *stdioAnswers {
	return &stdioAnswers{max: max, done: done, open: map[string]int{}, settled: make(chan struct{})}
}

// transport is the SDK's stdio transport over r and w, with at most
// maxBatch messages a batch (server.MCPBatchRefusal).
func (a *stdioAnswers) transport(r io.Reader, w io.Writer, maxBatch int) *mcp.IOTransport {
	aw := &answersWriter{a: a, w: w}
	ar := &answersReader{a: a, r: r, maxBatch: maxBatch, refuse: func(b []byte) { aw.Write(b) }}
	return &mcp.IOTransport{Reader: ar, Writer: aw, MaxLineLength: a.max}
}

// message is what is followed of a JSON-RPC message.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
}

// messages decodes a line: one message, or a batch of them.
func messages(line []byte) []message {
	line = bytes.TrimSpace(line)
	if len(line) > 0 && line[0] == '[' {
		var batch []message
		if json.Unmarshal(line, &batch) != nil {
			return nil
		}
		return batch
	}
	var m message
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	return []message{m}
}

// idKey normalizes a JSON-RPC id (a string or a number) for matching.
func idKey(raw json.RawMessage) (string, bool) {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return "s" + v, true
	case float64:
		return "n" + strconv.FormatFloat(v, 'g', -1, 64), true
	}
	return "", false
}

func (a *stdioAnswers) read(line []byte) {
	for _, m := range messages(line) {
		if k, ok := idKey(m.ID); ok && m.Method != nil {
			a.mu.Lock()
			a.open[k]++
			a.mu.Unlock()
		}
	}
}

func (a *stdioAnswers) wrote(line []byte) {
	for _, m := range messages(line) {
		if k, ok := idKey(m.ID); ok && m.Method == nil {
			a.mu.Lock()
			if a.open[k] > 0 {
				if a.open[k]--; a.open[k] == 0 {
					delete(a.open, k)
				}
				close(a.settled)
				a.settled = make(chan struct{})
			}
			a.mu.Unlock()
		}
	}
}

// wait returns once every request read has been answered, after
// answerWait, or at the command's end.
func (a *stdioAnswers) wait() {
	deadline := time.After(answerWait)
	for {
		a.mu.Lock()
		n, settled := len(a.open), a.settled
		a.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-settled:
		case <-deadline:
			return
		case <-a.done:
			return
		}
	}
}

// lines splits a stream into lines for a callback, keeping at most max
// bytes of an unfinished line (a longer one is skipped to its end).
type lines struct {
	max  int
	buf  []byte
	skip bool
}

func (l *lines) feed(p []byte, f func([]byte)) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if !l.skip {
			if len(l.buf)+len(chunk) > l.max {
				l.skip, l.buf = true, l.buf[:0]
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		if i < 0 {
			return
		}
		if !l.skip {
			f(l.buf)
		}
		l.buf, l.skip = l.buf[:0], false
		p = p[i+1:]
	}
}

// answersReader is standard input as the SDK reads it. A line that is a
// JSON-RPC batch of more than maxBatch messages is taken out of the
// stream and refused on standard output (server.MCPBatchRefusal, the
// rule of the HTTP transport); a line longer than max is passed on as it
// comes (the SDK's transport refuses it) and not followed.
type answersReader struct {
	a        *stdioAnswers
	r        io.Reader
	refuse   func([]byte) // writes a refusal line to standard output
	maxBatch int

	chunk []byte
	buf   []byte // the unfinished line, at most a.max bytes
	out   []byte // what the SDK reads next
	pass  bool   // inside a line longer than a.max
	err   error
}

func (r *answersReader) Read(p []byte) (int, error) {
	for len(r.out) == 0 {
		if r.err != nil {
			if r.err == io.EOF {
				r.a.wait()
			}
			return 0, r.err
		}
		if r.chunk == nil {
			r.chunk = make([]byte, 64<<10)
		}
		n, err := r.r.Read(r.chunk)
		r.feed(r.chunk[:n])
		if err != nil {
			if err == io.EOF && len(r.buf) > 0 && !r.pass { // a last line without its newline
				r.line(r.buf, false)
				r.buf = r.buf[:0]
			}
			r.err = err
		}
	}
	n := copy(p, r.out)
	r.out = r.out[n:]
	if len(r.out) == 0 {
		r.out = nil // let a long line's buffer go
	}
	return n, nil
}

// feed splits p into lines.
func (r *answersReader) feed(p []byte) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		seg := p
		if i >= 0 {
			seg = p[:i+1]
		}
		p = p[len(seg):]
		switch {
		case r.pass:
			r.out = append(r.out, seg...)
		case len(r.buf)+len(seg) > r.a.max+1: // over max, its newline aside
			r.out = append(append(r.out, r.buf...), seg...)
			r.buf, r.pass = r.buf[:0], true
		case i < 0:
			r.buf = append(r.buf, seg...)
		default:
			r.buf = append(r.buf, seg...)
			r.line(r.buf[:len(r.buf)-1], true)
			r.buf = r.buf[:0]
		}
		if i >= 0 {
			r.pass = false
		}
	}
}

// line passes on a finished line of at most max bytes, or refuses it.
func (r *answersReader) line(l []byte, newline bool) {
	if answer, ok := server.MCPBatchRefusal(l, r.maxBatch); ok {
		r.refuse(append(answer, '\n'))
		return
	}
	r.a.read(l)
	r.out = append(r.out, l...)
	if newline {
		r.out = append(r.out, '\n')
	}
}

func (r *answersReader) Close() error { return nil }

type answersWriter struct {
	a  *stdioAnswers
	w  io.Writer
	mu sync.Mutex
	l  lines
}

func (w *answersWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.w.Write(p)
	w.l.max = math.MaxInt
	w.l.feed(p[:n], w.a.wrote)
	return n, err
}

// Close leaves standard output open.
func (w *answersWriter) Close() error { return nil }
