package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
)

// Stdio probes a server it starts as a child process, speaking MCP's stdio
// transport: one JSON-RPC message per line on the child's standard input
// and output. The child runs as the leader of a process group of its own
// (on Unix); when the probe ends, however it ends, the whole group is
// killed and the child reaped, so that a server started through a shell or
// a wrapper, or one that forks, leaves nothing running. Since the group is
// not the terminal's, a Ctrl-C reaches only the calling program: a program
// that may be interrupted cancels the probe's context on the signal
// (signal.NotifyContext), and the probe ends the group.
type Stdio struct {
	// Command is the program and its arguments.
	Command []string
	// Env is the child's environment; nil means the probe's own.
	Env []string
	// Dir is the child's working directory; "" means the probe's own.
	Dir string
	// MaxBody caps the bytes of one message, and of the tools/list
	// results of all pages together; 0 means DefaultMaxBody.
	MaxBody int64
	// Stderr receives the first MaxBody bytes of the child's standard
	// error (the rest is read and dropped); nil discards it all.
	Stderr io.Writer
}

// Probe starts the command and runs the §7 probe over its standard input
// and output.
func (s *Stdio) Probe(ctx context.Context) (*fingerprint.Definitions, error) {
	return overStdio(ctx, s, handshake)
}

// overStdio starts the command and runs a handshake over its standard
// input and output.
func overStdio[T any](ctx context.Context, s *Stdio, run func(context.Context, rpc, int64) (T, error)) (T, error) {
	var zero T
	if len(s.Command) == 0 {
		return zero, fmt.Errorf("probe: %w: no command", ErrTransport)
	}
	if err := ctx.Err(); err != nil {
		return zero, fmt.Errorf("probe: %w", err)
	}
	max := s.MaxBody
	if max <= 0 {
		max = DefaultMaxBody
	}
	cmd := exec.Command(s.Command[0], s.Command[1:]...)
	cmd.Env, cmd.Dir = s.Env, s.Dir
	if s.Stderr != nil {
		cmd.Stderr = &headWriter{w: s.Stderr, n: max}
	}
	cmd.WaitDelay = time.Second // the child's pipes are not ours to wait for
	inGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return zero, fmt.Errorf("probe: %w: %v", ErrTransport, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return zero, fmt.Errorf("probe: %w: %v", ErrTransport, err)
	}
	if err := cmd.Start(); err != nil {
		return zero, fmt.Errorf("probe: %w: %v", ErrTransport, err)
	}
	// However the probe ends (an answer, an error, a budget, the caller's
	// context), the child's whole process group is killed, then the child
	// is reaped: nothing the probe started outlives it.
	defer func() {
		in.Close()
		_ = endGroup(cmd)
		_ = cmd.Wait()
	}()
	t := &stdioRPC{in: in, lines: make(chan lineOrErr, 1), done: make(chan struct{})}
	go t.read(out, max)
	defer close(t.done)
	return run(ctx, t, max)
}

type lineOrErr struct {
	line []byte
	err  error
}

// stdioRPC is the stdio transport of one probe.
type stdioRPC struct {
	mu    sync.Mutex
	in    io.Writer
	lines chan lineOrErr
	done  chan struct{} // closed when the probe no longer reads lines
}

// read passes the child's output, a message per line, to t.lines until it
// ends, a line is over max bytes, or nobody reads.
func (t *stdioRPC) read(out io.Reader, max int64) {
	r := newReader(out, max)
	for {
		line, err := r.line(0, max, "a message")
		if errors.Is(err, io.EOF) {
			err = fmt.Errorf("%w: the server's output ended", ErrTransport)
		}
		select {
		case t.lines <- lineOrErr{line, err}:
		case <-t.done:
			return
		}
		if err != nil {
			close(t.lines)
			return
		}
	}
}

func (t *stdioRPC) send(msg request) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.in.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%w: %v", ErrTransport, err)
	}
	return nil
}

func (t *stdioRPC) call(ctx context.Context, id int, method string, params any) (json.RawMessage, error) {
	if err := t.send(request{JSONRPC: "2.0", ID: &id, Method: method, Params: params}); err != nil {
		return nil, err
	}
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case l, ok := <-t.lines:
			if !ok {
				return nil, fmt.Errorf("%w: the server's output ended", ErrTransport)
			}
			if l.err != nil {
				return nil, l.err
			}
			if len(l.line) == 0 {
				continue
			}
			res, found, err := findAnswer(l.line, id)
			if errors.Is(err, ErrProtocol) && !found {
				// A line that is not JSON-RPC: a server that logs to its
				// standard output. Passed over.
				continue
			}
			if found || err != nil {
				return res, err
			}
		}
	}
}

func (t *stdioRPC) notify(_ context.Context, method string) error {
	return t.send(request{JSONRPC: "2.0", Method: method})
}

// headWriter passes the first n bytes written to w and drops the rest,
// never failing: the child's standard error is read to its end (a child
// blocked on a full pipe would only wait out the budget), but a caller
// that keeps it holds at most n bytes.
type headWriter struct {
	w io.Writer
	n int64
}

func (h *headWriter) Write(p []byte) (int, error) {
	if h.n > 0 {
		q := p[:min(int64(len(p)), h.n)]
		h.n -= int64(len(q))
		if _, err := h.w.Write(q); err != nil {
			h.n = 0 // a writer that fails gets nothing more
		}
	}
	return len(p), nil
}
