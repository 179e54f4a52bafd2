package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/pin"
)

// proxied runs plainsight proxy with args in the background and connects
// an MCP client to its standard input and output.
func proxied(t *testing.T, args ...string) (*mcp.ClientSession, func() (int, string)) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut strings.Builder
	done := make(chan int, 1)
	go func() {
		code := run(append([]string{"proxy"}, args...), inR, outW, &lockedWriter{w: &errOut})
		outW.Close()
		done <- code
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		inW.Close()
		t.Fatalf("connecting to plainsight proxy: %v (exit %d)", err, <-done)
	}
	return cs, func() (int, string) {
		cs.Close()
		inW.Close()
		select {
		case code := <-done:
			return code, errOut.String()
		case <-time.After(10 * time.Second):
			t.Fatal("plainsight proxy did not exit when its input closed")
			return 0, ""
		}
	}
}

// echoServer is an MCP server on loopback Streamable HTTP with one tool.
func echoServer(t *testing.T, description string) string {
	s := mcp.NewServer(&mcp.Implementation{Name: "echo-server", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "echo", Description: description, InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, r *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "echo: " + string(r.Params.Arguments)}}}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestProxyCommand: plainsight proxy --upstream URL forwards a call, blocks
// a call carrying an AWS key with an error result that says why, and
// keeps a signed receipt of each decision in the database's log.
func TestProxyCommand(t *testing.T) {
	url := echoServer(t, "Echoes its arguments.")
	db := filepath.Join(t.TempDir(), "p.db")
	cs, wait := proxied(t, "--db", db, "--header", "X-Test: 1", "--upstream", url)
	ctx := context.Background()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hello"}})
	if err != nil || r.IsError {
		t.Fatalf("echo: %v %+v", err, r)
	}
	r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "AKIAZ3VQ7MXR5NB2KL4P"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "secrets") {
		t.Fatalf("the call with a key: %v %+v", err, r)
	}
	code, errOut := wait()
	if code != exitClean || !strings.Contains(errOut, "plainsight proxy: "+pin.URLKey(url)+" through the guard") || !strings.Contains(errOut, "receipts signed by key") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	code, out, errText := plainsight(t, "", "shield", "receipts", "list", "--db", db, "--format", "json")
	if code != exitClean {
		t.Fatalf("receipts list: exit %d %s", code, errText)
	}
	var blocked, proceeded int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Entry struct {
				Who     string `json:"who"`
				Outcome string `json:"outcome"`
				Receipt struct {
					Signature string `json:"signature"`
				} `json:"receipt"`
			} `json:"entry"`
		}
		err := json.Unmarshal([]byte(line), &rec)
		e := rec.Entry
		if err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if e.Receipt.Signature == "" || !strings.HasPrefix(e.Who, "plainsight proxy url:") {
			t.Errorf("entry unsigned or unnamed: %s", line)
		}
		switch e.Outcome {
		case "block":
			blocked++
		case "proceed":
			proceeded++
		}
	}
	// The tool's definition (a call before any list lists first, for the
	// pins), the first call's arguments and result, the second call's
	// arguments.
	if blocked != 1 || proceeded != 3 {
		t.Errorf("%d blocked, %d proceeded:\n%s", blocked, proceeded, out)
	}
}

// TestProxyUsage: the usage errors, and the help.
func TestProxyUsage(t *testing.T) {
	for _, args := range [][]string{
		{"proxy"},
		{"proxy", "--upstream", "http://127.0.0.1:1/mcp", "--", "cmd"},
		{"proxy", "--header", "X: y", "--", "cmd"},
		{"proxy", "--header", "novalue", "--upstream", "http://127.0.0.1:1/"},
		{"proxy", "--listen", "0.0.0.0:8090", "--", "cmd"},
		{"proxy", "--listen", "192.168.1.2:8090", "--", "cmd"},
	} {
		if code, _, errOut := plainsight(t, "", args...); code != exitError || !strings.Contains(errOut, "plainsight proxy: ") {
			t.Errorf("%v: exit %d %s", args, code, errOut)
		}
	}
	code, out, _ := plainsight(t, "", "proxy", "--help")
	for _, want := range []string{"usage:\n  plainsight proxy ", "\nExit status: 0 ", "\nExample:\n  plainsight proxy -- npx", `"args": ["proxy", "--", COMMAND, ARG, ...]`, `"args": ["proxy", "--upstream", URL`} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("proxy --help lacks %q", want)
		}
	}
}

// lockedWriter is a writer safe for the command's goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestProxyApprove: through plainsight proxy, a tool whose description
// changed is withheld and a call to it refused with the approve command;
// after plainsight approve on the same database, the running proxy lets
// it through ("Done when" of issue 30).
func TestProxyApprove(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "1"}, nil)
	tool := func(desc string) {
		s.AddTool(&mcp.Tool{Name: "get_weather", Description: desc, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sunny"}}}, nil
			})
	}
	tool("The weather of a city.")
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	db := filepath.Join(t.TempDir(), "p.db")
	cs, wait := proxied(t, "--db", db, "--upstream", srv.URL)
	defer wait()
	ctx := context.Background()
	if r, err := cs.ListTools(ctx, nil); err != nil || len(r.Tools) != 1 {
		t.Fatalf("first sight: %v %+v", err, r)
	}
	tool("The weather of a city, in degrees Fahrenheit.")
	r, err := cs.ListTools(ctx, nil)
	if err != nil || len(r.Tools) != 0 {
		t.Fatalf("after the change: %v, %d tools listed", err, len(r.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Oslo"}})
	key := pin.URLKey(srv.URL)
	want := "plainsight approve --db " + db + " --tool 'get_weather' '" + key + "'"
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, want) {
		t.Fatalf("the call to the changed tool: %v %+v, want the command %s", err, res, want)
	}
	code, out, errOut := plainsight(t, "", "approve", "--db", db, "--by", "tester", "--tool", "get_weather", key)
	if code != exitClean {
		t.Fatalf("approve: exit %d\n%s%s", code, out, errOut)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Oslo"}})
		if err == nil && !res.IsError {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the running proxy still refuses after the approval: %v %s", err, res.Content[0].(*mcp.TextContent).Text)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
