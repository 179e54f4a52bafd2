package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// batchBody is a JSON-RPC batch of n calls of method, ids first, first+1, …
func batchBody(n, first int, method string) string {
	calls := make([]string, n)
	for i := range calls {
		calls[i] = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q}`, first+i, method)
	}
	return "[" + strings.Join(calls, ",") + "]"
}

// postMCP posts body to the MCP endpoint as a client without the
// Mcp-Protocol-Version header (MCP 2025-03-26, which has batches) and
// returns the status, the Retry-After header and the answer.
func postMCP(t *testing.T, url, body string, header ...string) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Retry-After"), b
}

// rpcAnswer is a JSON-RPC response as the tests read it.
type rpcAnswer struct {
	ID     json.RawMessage `json:"id"`
	Result *struct {
		Tools []json.RawMessage `json:"tools"`
	} `json:"result"`
	Error *struct {
		Code int `json:"code"`
		Data struct {
			Reason string `json:"reason"`
			Limit  int64  `json:"limit"`
		} `json:"data"`
	} `json:"error"`
}

// The batch (item 6): 40,000 tools/list calls in one 2 MB body,
// answered on main with 230 MB, are refused whole with 413 and a JSON-RPC
// error before a call runs; one message over the cap is refused the same
// way; a batch at the cap is answered, a response for each call in order;
// a batch of notifications is 202; under MCP 2025-06-18 (which has no
// batches) the SDK refuses any batch.
func TestMCPBatchCap(t *testing.T) {
	srv := httptest.NewServer(NewMCPHandler(Config{}, "test"))
	defer srv.Close()
	for _, n := range []int{40000, DefaultMCPMaxBatch + 1} {
		body := batchBody(n, 1, "tools/list")
		status, _, out := postMCP(t, srv.URL, body)
		var a rpcAnswer
		if err := json.Unmarshal(out, &a); err != nil || status != http.StatusRequestEntityTooLarge || string(a.ID) != "null" ||
			a.Error == nil || a.Error.Code != -32600 || a.Error.Data.Reason != "batch_too_large" || a.Error.Data.Limit != DefaultMCPMaxBatch {
			t.Fatalf("%d calls (%d bytes): %d %.300s", n, len(body), status, out)
		}
	}
	status, _, out := postMCP(t, srv.URL, batchBody(DefaultMCPMaxBatch, 7, "tools/list"))
	var answers []rpcAnswer
	if err := json.Unmarshal(out, &answers); err != nil || status != http.StatusOK || len(answers) != DefaultMCPMaxBatch {
		t.Fatalf("a batch at the cap: %d, %d answers (%v) %.300s", status, len(answers), err, out)
	}
	for i, a := range answers {
		if string(a.ID) != fmt.Sprint(7+i) || a.Result == nil || len(a.Result.Tools) != 4 {
			t.Errorf("answer %d: id %s, result %v, error %v", i, a.ID, a.Result, a.Error)
		}
	}
	if status, _, out := postMCP(t, srv.URL, `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`); status != http.StatusAccepted || len(out) != 0 {
		t.Errorf("notifications only: %d %q", status, out)
	}
	if status, _, out := postMCP(t, srv.URL, batchBody(2, 1, "ping"), "Mcp-Protocol-Version", "2025-06-18"); status != http.StatusBadRequest {
		t.Errorf("a batch under 2025-06-18: %d %q", status, out)
	}
}

// MaxResponseBytes: a batch's answer is written a response at a time; the
// response that would take it over the cap and every call after it are
// JSON-RPC errors (response_too_large), the answer within the cap and one
// small error a call cut. A single answer over the cap is that error, as
// the SDK's client reads it.
func TestMCPResponseCap(t *testing.T) {
	const cap = 20000 // three tools/list answers (about 5.7 KB each), not four
	srv := httptest.NewServer(NewMCPHandler(Config{MCP: MCPLimits{MaxResponseBytes: cap}}, "test"))
	defer srv.Close()
	status, _, out := postMCP(t, srv.URL, batchBody(10, 1, "tools/list"))
	var answers []rpcAnswer
	if err := json.Unmarshal(out, &answers); err != nil || status != http.StatusOK || len(answers) != 10 {
		t.Fatalf("%d, %d answers (%v) %.300s", status, len(answers), err, out)
	}
	results := 0
	for i, a := range answers {
		switch {
		case a.Result != nil && a.Error == nil && results == i:
			results++
		case a.Error != nil && a.Error.Code == -32000 && a.Error.Data.Reason == "response_too_large" && string(a.ID) == fmt.Sprint(1+i):
		default:
			t.Errorf("answer %d: %s %v %v", i, a.ID, a.Result, a.Error)
		}
	}
	if results != 3 || len(out) > cap+(10-results)*250 {
		t.Errorf("%d results, %d bytes", results, len(out))
	}

	small := httptest.NewServer(NewMCPHandler(Config{MCP: MCPLimits{MaxResponseBytes: 2000}}, "test"))
	defer small.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: small.URL, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err) // initialize's answer is under 2000 bytes
	}
	defer cs.Close()
	if _, err := cs.ListTools(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "cap of 2000 bytes") {
		t.Errorf("tools/list over the cap: %v", err)
	}
	if _, code := mcpCall(t, cs, ToolScanText, `{"text": "hi"}`); code != "" {
		t.Errorf("a small answer after: %s", code)
	}
}

// The per-client budget: once a client has sent WindowMessages messages
// in the window (a batch counts each), it is refused with 429 and
// Retry-After, the SDK's client too; the answer bytes are a budget too.
func TestMCPBudget(t *testing.T) {
	lim := MCPLimits{WindowMessages: 6, Window: time.Hour}
	srv := httptest.NewServer(NewMCPHandler(Config{MCP: lim}, "test"))
	defer srv.Close()
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for i, body := range []string{batchBody(3, 1, "ping"), ping, ping, ping} { // six messages
		if status, _, out := postMCP(t, srv.URL, body); status != http.StatusOK {
			t.Fatalf("request %d within the budget: %d %s", i, status, out)
		}
	}
	status, retry, out := postMCP(t, srv.URL, ping)
	var a rpcAnswer
	json.Unmarshal(out, &a)
	if status != http.StatusTooManyRequests || retry == "" || retry == "0" || a.Error == nil || a.Error.Data.Reason != "budget_spent" {
		t.Errorf("over the budget: %d, Retry-After %q, %s", status, retry, out)
	}

	sdkSrv := httptest.NewServer(NewMCPHandler(Config{MCP: lim}, "test"))
	defer sdkSrv.Close()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: sdkSrv.URL, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	scan := &mcp.CallToolParams{Name: ToolScanText, Arguments: json.RawMessage(`{"text": "hi"}`)}
	for i := 0; ; i++ {
		_, err := cs.CallTool(ctx, scan)
		if err != nil {
			if !strings.Contains(err.Error(), "Too Many Requests") {
				t.Errorf("call %d: %v", i, err)
			}
			break
		}
		if i == lim.WindowMessages {
			t.Fatalf("%d calls answered in a window of %d messages", i+1, lim.WindowMessages)
		}
	}

	bytesSrv := httptest.NewServer(NewMCPHandler(Config{MCP: MCPLimits{WindowBytes: 10000, Window: time.Hour}}, "test"))
	defer bytesSrv.Close()
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} { // 5.7 KB each
		if status, _, out := postMCP(t, bytesSrv.URL, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`); status != want {
			t.Errorf("tools/list %d: %d, want %d (%.200s)", i, status, want, out)
		}
	}
}

// A client that sends a batch and never reads its answer is dropped after
// the write deadline: the request it held (MaxInFlight 1, so another one
// is 503 meanwhile) is served again, and its connection is closed before
// the answer was sent whole.
func TestMCPSlowReader(t *testing.T) {
	const calls = 4000 // about 23 MB of answer: more than loopback's socket buffers hold
	lim := MCPLimits{MaxBatch: calls, MaxResponseBytes: 1 << 30, WriteTimeout: 300 * time.Millisecond, MaxInFlight: 1}
	srv := httptest.NewServer(NewMCPHandler(Config{MCP: lim}, "test"))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	body := batchBody(calls, 1, "tools/list")
	// send starts the slow client: the batch, read through a small buffer.
	send := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
		return c
	}
	// refused says whether the slow client's own request was answered 503:
	// with one request in flight allowed, a ping in flight when the batch
	// arrives (a loaded machine) takes the place, and the batch is refused.
	refused := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		defer c.SetReadDeadline(time.Time{})
		head := make([]byte, 12)
		n, _ := io.ReadFull(c, head)
		return n == len(head) && string(head[9:12]) == "503"
	}
	c := send()
	defer func() { c.Close() }()

	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	busy := false
	deadline := time.Now().Add(60 * time.Second)
	for tries := 0; ; {
		status, _, out := postMCP(t, srv.URL, ping)
		if status == http.StatusServiceUnavailable {
			busy = true
		} else if busy {
			if status != http.StatusOK {
				t.Fatalf("after the slow client: %d %s", status, out)
			}
			break
		} else if tries < 5 && refused(c) {
			c.Close() // the batch was turned away: start it again
			c, tries = send(), tries+1
		}
		if time.Now().After(deadline) {
			t.Fatalf("the slow client still holds its request (busy seen: %v)", busy)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The server has given up on it: what it sent ends before the answer
	// does (an EOF or a reset, not the read deadline). The client's buffer
	// is made large again first: through 4 KiB, less than a segment on
	// loopback, the rest of what the kernel holds comes a zero-window
	// probe at a time.
	c.(*net.TCPConn).SetReadBuffer(8 << 20)
	t0 := time.Now()
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	n, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection is still open after %d bytes (%v)", n, time.Since(t0))
	}
	if n >= int64(calls)*5000 {
		t.Errorf("the whole answer was sent (%d bytes)", n)
	}
}
