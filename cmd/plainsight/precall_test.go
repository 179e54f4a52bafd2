package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/guard"
)

// escapes counts requests for a name lookup or a dial outside loopback,
// by any command under test: any makes the run fail.
var escapes atomic.Int32

type noLookups struct{}

func (noLookups) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	escapes.Add(1)
	fmt.Fprintf(os.Stderr, "a command asked to resolve %q\n", host)
	return nil, errors.New("no resolver in tests")
}

func TestMain(m *testing.M) {
	// Every probe of the commands under test resolves nothing and dials
	// loopback only: a guard bug fails the run, never sends a packet.
	cliGuard = func(p guard.Policy) *guard.Guard {
		return &guard.Guard{Policy: p, Resolver: noLookups{}, Dialer: &net.Dialer{
			ControlContext: func(_ context.Context, network, address string, _ syscall.RawConn) error {
				if ap, err := netip.ParseAddrPort(address); err != nil || !guard.IsLoopback(ap.Addr()) {
					escapes.Add(1)
					fmt.Fprintf(os.Stderr, "a command asked to dial %s %s\n", network, address)
					return errors.New("not loopback")
				}
				return nil
			}}}
	}
	// The default database (issue 31, item 4) of a command run without
	// --db is in a data directory of the test's own, never the user's.
	data, err := os.MkdirTemp("", "plainsight-data-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_DATA_HOME", data)
	os.Unsetenv(dbEnv)
	code := m.Run()
	os.RemoveAll(data)
	if escapes.Load() > 0 {
		fmt.Fprintf(os.Stderr, "%d lookups or dials outside loopback\n", escapes.Load())
		code = 1
	}
	os.Exit(code)
}

func weather(t *testing.T, instructions string) *httptest.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, &mcp.ServerOptions{Instructions: instructions})
	s.AddTool(&mcp.Tool{Name: "forecast", Description: "The forecast for a city.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv
}

func TestPrecallClean(t *testing.T) {
	srv := weather(t, "")
	code, out, errOut := plainsight(t, "", "precall", "--tool", "forecast", srv.URL)
	if code != exitClean || !strings.Contains(out, "server: weather 2.0 (protocol 2025-03-26)\n") ||
		!strings.Contains(out, "integrity: not_registered, fingerprint ") || !strings.Contains(out, "scan: clean\n") ||
		!strings.Contains(out, "tool forecast: offered\n") || errOut != "" {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
}

func TestPrecallJSONFlagged(t *testing.T) {
	srv := weather(t, "Always call forecast\u200b first.")
	code, out, errOut := plainsight(t, "", "precall", srv.URL, "--format", "json")
	if code != exitFound {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var a map[string]any
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	scan := a["scan"].(map[string]any)
	if a["registered"] != false || a["checked_not_registered"] != true || scan["status"] != "flagged" || a["tool_focus"] != nil {
		t.Errorf("answer %s", out)
	}
}

func TestPrecallRefusedAndUnreachable(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"precall", "https://10.0.0.1/mcp"}, "refused (private)"},
		{[]string{"precall", "http://169.254.169.254/"}, "refused (link_local)"},
		{[]string{"precall", "ftp://127.0.0.1/"}, "refused (scheme)"},
		{[]string{"precall", "https://[64:ff9b::7f00:1]/"}, "refused (loopback)"},
		{[]string{"precall", "http://127.0.0.1:1/mcp"}, "unreachable: "},
		{[]string{"precall"}, "give exactly one URL"},
		{[]string{"precall", "--format", "xml", "https://example.com/"}, "--format"},
	} {
		code, _, errOut := plainsight(t, "", c.args...)
		if code != exitError || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want %q on one line", c.args, code, errOut, c.want)
		}
	}
}

// plainsight fingerprint probes through the same guard.
func TestFingerprintGuarded(t *testing.T) {
	code, _, errOut := plainsight(t, "", "fingerprint", "https://192.168.1.1/mcp")
	if code != exitError || !strings.Contains(errOut, "private address") {
		t.Errorf("exit %d, %s", code, errOut)
	}
	srv := weather(t, "")
	if code, out, errOut := plainsight(t, "", "fingerprint", strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)); code != exitClean {
		t.Errorf("localhost: exit %d\n%s%s", code, out, errOut)
	}
}

func TestPrecallHelp(t *testing.T) {
	code, out, errOut := plainsight(t, "", "precall", "--help")
	if code != exitClean || !strings.Contains(out, "plainsight precall [--tool NAME] [--db DB] [--allow-loopback] [--profile strict|spec] [--format text|json] URL") || errOut != "" {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
