package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/precall"
)

// TestFingerprintLive probes a real MCP server (the official Go SDK) over
// loopback HTTP.
func TestFingerprintLive(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "forecast", Description: "The forecast for a city.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()
	code, out, errOut := plainsight(t, "", "fingerprint", srv.URL)
	if code != 0 || !strings.Contains(out, "server: weather 2.0\n") || !strings.Contains(out, "  forecast  The forecast for a city.\n") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	// The same definitions saved and read back give the same fingerprint.
	saved := `{"tools":[{"name":"forecast","description":"The forecast for a city.","inputSchema":{"properties":{"city":{"type":"string"}},"type":"object"}}]}`
	_, fromFile, _ := plainsight(t, saved, "fingerprint", "--from", "-", "--server-name", "weather", "--server-version", "2.0")
	// (The last line is the §12 note; the fingerprint is the one before.)
	if live, saved := fpLine(out), fpLine(fromFile); live != saved || !strings.HasPrefix(live, "fingerprint: ") || lastLine(out) != "note: "+precall.IntegrityNote {
		t.Errorf("live %q, saved %q", live, saved)
	}
}

func fpLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "fingerprint: ") {
			return l
		}
	}
	return ""
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
