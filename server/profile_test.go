package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
)

// schemaURL is the data default of the tool gzip-file-as-resource of npm
// @modelcontextprotocol/server-everything@2026.8.31: a plain URL that
// §4 reads as a base64 run and the Strict profile as a name.
const schemaURL = "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"

// TestPrecallProfile (issue 31, item 2): the pre-call route scans the
// schema strings in the server's profile, Strict by default, Spec with
// Config.SpecProfile; POST /v1/security/scan defaults to the same
// profile, and a request's "profile" still chooses there.
func TestPrecallProfile(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "everything", Version: "2.0.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "gzip-file-as-resource", Description: "Compresses a single file using gzip compression.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"data":{"type":"string","format":"uri","default":"` + schemaURL + `"}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()
	n := newFakeNet(t)
	body := `{"text": "` + schemaURL + `"}`
	for _, spec := range []bool{false, true} {
		h := New(Config{Guard: n.guard(guard.Policy{AllowLoopback: true}, nil), SpecProfile: spec})
		status, v := call(t, h, "GET", precallPath(srv.URL+"/", ""), "")
		if status != http.StatusOK {
			t.Fatalf("spec %v: %d %v", spec, status, v)
		}
		sc := v["scan"].(map[string]any)
		findings := sc["findings"].([]any)
		if !spec {
			if sc["status"] != "clean" || len(findings) != 0 {
				t.Errorf("strict: scan %v", sc)
			}
		} else {
			if sc["status"] != "flagged" || len(findings) != 1 {
				t.Fatalf("spec: scan %v", sc)
			}
			l := findings[0].(map[string]any)
			if l["field"] != "input_schema" || l["path"] != "/properties/data/default" || l["finding"].(map[string]any)["class"] != "base64_blob" {
				t.Errorf("spec: finding %v", l)
			}
		}
		want := map[bool]string{false: "clean", true: "flagged"}[spec]
		if status, v := call(t, h, "POST", "/v1/security/scan", body); status != http.StatusOK || v["status"] != want {
			t.Errorf("spec %v: scan route %d %v", spec, status, v["status"])
		}
		other := map[bool]string{false: "spec", true: "strict"}[spec]
		otherWant := map[bool]string{false: "flagged", true: "clean"}[spec]
		if status, v := call(t, h, "POST", "/v1/security/scan", `{"text": "`+schemaURL+`", "profile": "`+other+`"}`); status != http.StatusOK || v["status"] != otherWant {
			t.Errorf("spec %v, profile %s: scan route %d %v", spec, other, status, v["status"])
		}
	}
}
