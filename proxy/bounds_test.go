package proxy_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/proxy"
)

// The hostile upstreams of issue 30, item 5: each leaves the proxy and
// its client alive, with memory bounded by the message cap.

// peakHeap samples the heap while f runs and returns its peak.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	return peak.Load()
}

// okAfter calls ok (or echo) until it answers, as the proxy restarts the
// upstream on the next request at most once a second.
func okAfter(t *testing.T, c *client, tool string) {
	t.Helper()
	var last string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		r, err := c.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
		if err == nil && !r.IsError {
			return
		}
		if err != nil {
			last = err.Error()
		} else {
			last = text(r)
		}
	}
	t.Fatalf("the proxy does not answer %s after the hostile call: %s", tool, last)
}

// TestGigabyteResult: a result of a gigabyte on one line is cut at the
// message cap; the client gets an error result, the proxy's heap stays
// within a few caps, and the next call (the upstream restarted) works.
func TestGigabyteResult(t *testing.T) {
	up, _ := stdioUpstream(t, "raw")
	const cap = 4 << 20
	p := newProxy(t, proxy.Config{Upstream: up, MaxMessageBytes: cap})
	c := connect(t, p)
	var r *mcp.CallToolResult
	peak := peakHeap(func() { r = call(t, c, "flood", map[string]any{}) })
	if !r.IsError || !strings.Contains(text(r), "cap") {
		t.Errorf("isError %v, %q: want an error result naming the cap", r.IsError, text(r))
	}
	if len(text(r)) > 1000 {
		t.Errorf("the error result carries %d bytes", len(text(r)))
	}
	t.Logf("peak heap during the call: %d MiB", peak>>20)
	if peak > 64<<20 {
		t.Errorf("peak heap %d MiB, want under 64 MiB for a %d MiB cap", peak>>20, cap>>20)
	}
	okAfter(t, c, "ok")
}

// TestNeverAnswers: a call the upstream never answers is answered with an
// error after the call timeout, and cancelled upstream.
func TestNeverAnswers(t *testing.T) {
	up, _ := stdioUpstream(t, "raw")
	p := newProxy(t, proxy.Config{Upstream: up, CallTimeout: 500 * time.Millisecond})
	c := connect(t, p)
	start := time.Now()
	r := call(t, c, "never", map[string]any{})
	if !r.IsError || !strings.Contains(text(r), "no answer within") {
		t.Errorf("isError %v, %q", r.IsError, text(r))
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("answered after %v", d)
	}
	okAfter(t, c, "ok")
}

// TestSilentUpstream: a server that never answers initialize fails New
// within the connect timeout; one whose first line never ends fails it
// at the message cap.
func TestSilentUpstream(t *testing.T) {
	for _, mode := range []string{"silent", "endless"} {
		up, _ := stdioUpstream(t, mode)
		start := time.Now()
		var err error
		peak := peakHeap(func() {
			_, err = proxy.New(context.Background(), proxy.Config{Upstream: up, ConnectTimeout: time.Second, MaxMessageBytes: 1 << 20})
		})
		if err == nil {
			t.Errorf("%s: New succeeded", mode)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: New returned after %v", mode, d)
		}
		if peak > 48<<20 {
			t.Errorf("%s: peak heap %d MiB", mode, peak>>20)
		}
	}
}

// TestCrashMidCall: a server that exits during a call: the call is
// answered with an error, and the server is started again.
func TestCrashMidCall(t *testing.T) {
	up, _ := stdioUpstream(t, "normal")
	p := newProxy(t, proxy.Config{Upstream: up})
	c := connect(t, p)
	r := call(t, c, "crash", map[string]any{})
	if !r.IsError {
		t.Errorf("the crashed call: %q", text(r))
	}
	okAfter(t, c, "echo")
}

// TestHugeList: a tools/list over the list cap is refused with an error
// the client sees; a call, whose tool cannot be judged without the list,
// is refused saying so (fail closed); other requests go on.
func TestHugeList(t *testing.T) {
	up, _ := stdioUpstream(t, "hugelist")
	p := newProxy(t, proxy.Config{Upstream: up, MaxListItems: 1000})
	c := connect(t, p)
	_, err := c.ListTools(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), "more than 1000") {
		t.Errorf("tools/list: %v, want the cap named", err)
	}
	if r := call(t, c, "echo", map[string]any{}); !r.IsError || !strings.Contains(text(r), "more than 1000") {
		t.Errorf("a call: isError %v, %q", r.IsError, text(r))
	}
	if pr, err := c.ListPrompts(context.Background(), nil); err != nil || len(pr.Prompts) != 1 {
		t.Errorf("prompts/list after the huge list: %v %+v", err, pr)
	}
}

// TestEndlessSSELine: an upstream on Streamable HTTP that answers a call
// with an event stream whose one line never ends: the event is cut at the
// message cap, the client gets an error result, and the proxy goes on.
func TestEndlessSSELine(t *testing.T) {
	s := newUpstreamServer("Echoes the text.", false, func(string, ...any) {})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if bytes.Contains(body, []byte(`"name":"flood"`)) {
				w.Header().Set("Content-Type", "text/event-stream")
				w.WriteHeader(http.StatusOK)
				w.Write([]byte("event: message\ndata: "))
				chunk := bytes.Repeat([]byte("a"), 1<<16)
				for range 1 << 12 { // 256 MiB, unless the proxy hangs up first
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	p := newProxy(t, proxy.Config{Upstream: proxy.Upstream{URL: srv.URL}, MaxMessageBytes: 1 << 20, CallTimeout: 20 * time.Second})
	c := connect(t, p)
	var r *mcp.CallToolResult
	peak := peakHeap(func() { r = call(t, c, "flood", map[string]any{}) })
	if !r.IsError {
		t.Errorf("the endless event reached the client: %d bytes", len(text(r)))
	}
	t.Logf("peak heap during the call: %d MiB; %q", peak>>20, text(r))
	if peak > 48<<20 {
		t.Errorf("peak heap %d MiB", peak>>20)
	}
	okAfter(t, c, "echo")
}
