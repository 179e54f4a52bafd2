package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
)

// flood is how much a hostile server below sends without a line break:
// 64 times the cap the probes are given.
const (
	floodCap = 1 << 20
	flood    = 64 * floodCap
	// allocBound is what a probe may allocate against such a server: the
	// message, the copies of its buffer as it grew, the race detector's
	// own; a quarter of the flood.
	allocBound = 16 * floodCap
)

// writeFlood writes prefix, then n bytes of 'A' with no line break, or
// until the client hangs up.
func writeFlood(w io.Writer, prefix string, n int) {
	if _, err := io.WriteString(w, prefix); err != nil {
		return
	}
	chunk := bytes.Repeat([]byte("A"), 64<<10)
	for sent := 0; sent < n; sent += len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
}

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc),
// which bounds what f ever held.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// peakHeap returns the most heap memory in use (live objects and garbage
// not yet swept) while f ran, above what was in use before, sampled every
// 100 µs: a bound for what f held, where what it allocated in all says
// little (a walk that allocates a little per member allocates much, but
// holds little).
func peakHeap(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := read()
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	f()
	close(done)
	<-sampled
	return max(peak.Load(), base) - base
}

// TestBoundedReads: every way a server can send bytes without end — a line
// with no break in the HTTP+SSE endpoint event, in a message event, in an
// event stream answering the POST, in a JSON body, on a child's standard
// output — ends the probe with ErrTooLarge having held about the cap, not
// what the server sent.
func TestBoundedReads(t *testing.T) {
	sseEndpoint := func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		writeFlood(w, "event: endpoint\ndata: ", flood)
	}
	sseMessage := func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: endpoint\ndata: /messages\n\n")
			writeFlood(w, "event: message\ndata: ", flood)
		case http.MethodPost:
			if r.URL.Path != "/messages" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(http.StatusAccepted)
		}
	}
	streamAnswer := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		writeFlood(w, "data: ", flood)
	}
	// A batch of messages of two bytes each, none the answer: decoded
	// whole, it would be a slice of a hundred bytes a message.
	batch := "[" + strings.Repeat("{},", floodCap/3-1) + "{}]"
	jsonBatch := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, batch)
	}
	jsonBody := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		writeFlood(w, `{"jsonrpc":"2.0","id":1,"result":{"pad":"`, flood)
	}
	for _, tt := range []struct {
		name    string
		handler http.HandlerFunc
		bound   uint64
		want    error
	}{
		// The endpoint event names a URL: its cap is 64 KiB.
		{"SSE endpoint event", sseEndpoint, floodCap, ErrTooLarge},
		{"SSE message event", sseMessage, allocBound, ErrTooLarge},
		{"event stream answer", streamAnswer, allocBound, ErrTooLarge},
		{"JSON body", jsonBody, allocBound, ErrTooLarge},
		// Within the cap, but no answer in it.
		{"JSON-RPC batch", jsonBatch, allocBound, ErrProtocol},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			t.Cleanup(srv.Close)
			var err error
			n := allocated(func() {
				_, err = (&HTTP{URL: srv.URL, MaxBody: floodCap}).Probe(context.Background())
			})
			if !errors.Is(err, tt.want) {
				t.Errorf("Probe: %v, want %v", err, tt.want)
			}
			if n > tt.bound {
				t.Errorf("the probe allocated %d bytes, over %d (the server sent up to %d)", n, tt.bound, flood)
			}
		})
	}
	t.Run("stdio line", func(t *testing.T) {
		s := selfCommand(t, "flood")
		s.MaxBody = floodCap
		var err error
		n := allocated(func() { _, err = s.Probe(context.Background()) })
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("Probe: %v, want ErrTooLarge", err)
		}
		if n > allocBound {
			t.Errorf("the probe allocated %d bytes against a cap of %d (the child sent up to %d)", n, floodCap, flood)
		}
	})
}

// TestToolPagesCapped: tools/list pages each under the cap, but over it
// together, end the probe with ErrTooLarge: five pages would otherwise hold
// five times the cap of tools in memory.
func TestToolPagesCapped(t *testing.T) {
	page := func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < floodCap*6/10; i++ {
			fmt.Fprintf(&b, `{"name":"p%d_t%d"},`, n, i)
		}
		return "[" + strings.TrimSuffix(b.String(), ",") + "]"
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     int    `json:"id"`
			Method string `json:"method"`
		}
		json.NewDecoder(r.Body).Decode(&m)
		w.Header().Set("Content-Type", "application/json")
		switch m.Method {
		case "initialize":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"serverInfo":{"name":"s"}}}`, m.ID)
		case "tools/list":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"tools":%s,"nextCursor":"c"}}`, m.ID, page(m.ID))
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	if d, err := (&HTTP{URL: srv.URL, MaxBody: floodCap}).Probe(context.Background()); !errors.Is(err, ErrTooLarge) || d != nil {
		t.Errorf("Probe = %v tools, %v; want ErrTooLarge", d, err)
	}
	// Under the cap in all, the same pages are read.
	d, err := (&HTTP{URL: srv.URL, MaxBody: 4 * floodCap}).Probe(context.Background())
	if err != nil || len(d.Tools) == 0 {
		t.Fatalf("Probe with room for the pages: %v", err)
	}
}

// TestStdioStderrCapped: a caller that keeps the child's standard error
// gets its first MaxBody bytes, not everything a child logs.
func TestStdioStderrCapped(t *testing.T) {
	s := selfCommand(t, "stderr-flood")
	s.MaxBody = floodCap
	var stderr bytes.Buffer
	s.Stderr = &stderr
	if _, err := s.Probe(context.Background()); !errors.Is(err, ErrTransport) {
		t.Errorf("Probe: %v, want ErrTransport (the child exits)", err)
	}
	if stderr.Len() != floodCap {
		t.Errorf("the caller got %d bytes of the child's standard error, want the first %d", stderr.Len(), floodCap)
	}
}

// TestInitializeManyMembers: an initialize result of many small members,
// under the cap, is walked a member at a time, not parsed whole.
func TestInitializeManyMembers(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"serverInfo":{"name":"s"}`)
	for i := 0; b.Len() < floodCap*9/10; i++ {
		fmt.Fprintf(&b, `,"m%d":0`, i)
	}
	b.WriteString(`,"instructions":"read"}`)
	result := b.String()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     int    `json:"id"`
			Method string `json:"method"`
		}
		json.NewDecoder(r.Body).Decode(&m)
		w.Header().Set("Content-Type", "application/json")
		switch m.Method {
		case "initialize":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":%s}`, m.ID, result)
		case "tools/list":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"tools":[{"name":"t"}]}}`, m.ID)
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(srv.Close)
	var d *fingerprint.Definitions
	var err error
	n := peakHeap(func() { d, err = (&HTTP{URL: srv.URL, MaxBody: floodCap}).Probe(context.Background()) })
	if err != nil || d.Server.Name != "s" || d.Instructions != "read" || len(d.Tools) != 1 {
		t.Fatalf("Probe = %+v, %v", d, err)
	}
	// The body, a few copies and the collector's slack (4 to 7 times the
	// result here); parsed whole, the result took 45 times it.
	if bound := uint64(16 * len(result)); n > bound {
		t.Errorf("the probe held up to %d bytes for a result of %d, over %d", n, len(result), bound)
	}
	t.Logf("peak heap %d for a result of %d bytes", n, len(result))
}
