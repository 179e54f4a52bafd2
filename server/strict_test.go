package server

import (
	"context"
	"errors"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// TestBodyReadsOneWay (issue 29): a body that gives a member twice, or a
// member the route reads spelt with another case, is refused with 400
// invalid_json on every route that takes a body, at the top level and
// nested. On main the duplicate was read (the last one won: canon keeps
// it, as JSON.parse does) and the check-in's case-folded names were read
// by encoding/json as the members they fold onto.
func TestBodyReadsOneWay(t *testing.T) {
	spec := loadOpenAPI(t)
	s := memory.New()
	key := newKey(t, s, "acct_strict", store.Scopes...)
	// No name resolves and nothing dials: a registration that got past
	// the body (as on main) stays on the machine.
	g := &guard.Guard{Resolver: refuseResolver{}, Dialer: &net.Dialer{ControlContext: func(context.Context, string, string, syscall.RawConn) error {
		return errors.New("test: no dialing")
	}}}
	h := New(Config{Guard: g, Store: s, RateLimit: RateLimit{PerSecond: -1}})
	now := time.Now().UTC().Format(time.RFC3339)
	report := `{"observed_at":"` + now + `","source_type":"email","category":"other","snippet":"one two three four five six"`
	for _, c := range []struct {
		target string
		member string // a member the route reads, as "name":value
		nested []string
	}{
		{"/v1/security/scan", `"text":"a"`, nil},
		{"/v2/scan", `"content":"a"`, []string{
			`{"content":"a","context":{"source":"web","source":"file","direction":"inbound"}}`,
			`{"content":"a","context":{"source":"web","SOURCE":"file","direction":"inbound"}}`}},
		{"/api/v1/shield/check", `"text":"a"`, nil},
		{"/v1/security/submissions", `"content":"a"`, []string{
			`{"artifact":{"type":"skill","ref":"x","ref":"y"},"field":"f","content":"a"}`,
			`{"artifact":{"type":"skill","ref":"x","Ref":"y"},"field":"f","content":"a"}`}},
		{"/v1/registry/servers", `"url":"https://example.com/mcp"`, nil},
		{"/v1/security/flags/flg_00000000000000000000/dispute", `"case_id":"c"`, nil},
		{"/v1/security/flags/flg_00000000000000000000/award", `"case_id":"c"`, nil},
		{"/api/v1/shield/checkin", `"agent_id":"a"`, []string{
			`{"agent_id":"a","reports":[` + report + `,"snippet":"x"}]}`,
			`{"agent_id":"a","reports":[` + report + `,"Snippet":"x"}]}`,
			`{"agent_id":"a","reports":[` + report + `}],"Feed_Since":1}`}},
		{"/api/v1/shield/review-jobs", `"candidate_id":"c"`, nil},
		{"/api/v1/shield/review-jobs/job-x/vote", `"candidate_id":"c"`, nil},
	} {
		name, value, _ := strings.Cut(c.member, ":")
		bodies := append([]string{
			"{" + c.member + "," + c.member + "}",                            // {"text":"a","text":"a"}
			"{" + c.member + "," + name + `:"b"}`,                            // {"text":"a","text":"b"}
			"{" + c.member + "," + strings.ToUpper(name) + ":" + value + "}", // {"text":"a","TEXT":"a"}
			"{" + strings.ToUpper(name) + ":" + value + "}",                  // {"TEXT":"a"}
		}, c.nested...)
		for _, body := range bodies {
			status, v := spec.doKey(t, h, key, "POST", c.target, body)
			e, _ := v["error"].(map[string]any)
			if status != 400 || e["code"] != "invalid_json" {
				t.Errorf("POST %s %s: %d %v, want 400 invalid_json", c.target, body, status, v)
			}
		}
	}
}

// TestMCPArgumentsReadOneWay: the MCP tools' arguments follow the same
// rule as the bodies of the routes they mirror.
func TestMCPArgumentsReadOneWay(t *testing.T) {
	cs := mcpSession(t, Config{})
	for _, args := range []string{`{"text":"a","text":"b"}`, `{"text":"a","TEXT":"b"}`, `{"TEXT":"b"}`} {
		if _, code := mcpCall(t, cs, ToolScanText, args); code != "invalid_json" {
			t.Errorf("%s %s: %q, want invalid_json", ToolScanText, args, code)
		}
	}
	for _, args := range []string{`{"content":"a","context":{"source":"web","source":"file","direction":"inbound"}}`,
		`{"content":"a","context":{"source":"web","Source":"file","direction":"inbound"}}`} {
		if _, code := mcpCall(t, cs, ToolShieldScan, args); code != "invalid_json" {
			t.Errorf("%s %s: %q, want invalid_json", ToolShieldScan, args, code)
		}
	}
	// A body whose members are each once, exactly, still works.
	if _, code := mcpCall(t, cs, ToolScanText, `{"text":"a"}`); code != "" {
		t.Errorf("a plain call: %q", code)
	}
}
