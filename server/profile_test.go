package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
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

// TestSubmissionProfile (issue 31, item 2): the §8 gate of POST
// /v1/security/submissions scans in the server's profile, as the pre-call
// checks do: the schema URL above is a §4 base64 run in Spec (held, one
// flag) and a name in Strict (clean); a zero-width space is held in both.
func TestSubmissionProfile(t *testing.T) {
	for _, spec := range []bool{false, true} {
		st := memory.New()
		key := newKey(t, st, "acct_sub", store.ScopeSubmit)
		h := New(Config{Store: st, SpecProfile: spec})
		submit := func(ref, content string) (string, int) {
			body, _ := json.Marshal(map[string]any{"artifact": map[string]string{"type": "skill", "ref": ref},
				"field": "description", "content": content})
			r := httptest.NewRequest("POST", "/v1/security/submissions", bytes.NewReader(body))
			r.Header.Set("Authorization", "Bearer "+key)
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			var v struct {
				Status    string `json:"status"`
				Decisions []any  `json:"decisions"`
			}
			if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &v) != nil {
				t.Fatalf("spec %v: %d %s", spec, w.Code, w.Body)
			}
			return v.Status, len(v.Decisions)
		}
		want := "clean"
		if spec {
			want = "held"
		}
		if status, n := submit("https://example.com/a", "Fetches "+schemaURL+" by default."); status != want || (n == 1) != spec {
			t.Errorf("spec %v: the schema URL is %s with %d decisions, want %s", spec, status, n, want)
		}
		if status, n := submit("https://example.com/b", "Reads mail\u200b for you."); status != "held" || n != 1 {
			t.Errorf("spec %v: a zero-width space is %s with %d decisions, want held with 1", spec, status, n)
		}
	}
}
