package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
)

// driveClaims sends the claim routes their answers (TestOpenAPI): the
// refusals, a challenge, a check that finds no token (the registered
// server is plain HTTP on a loopback address: nothing answers at its
// well-known HTTPS path, and an address has no TXT record), and a check
// of a server the owner claimed before.
func driveClaims(t *testing.T, spec *apiSpec, h http.Handler, s store.Store, owner, all, otherKey string) {
	t.Helper()
	wantErr := func(key, target, body string, code int, errCode string) {
		t.Helper()
		status, v := spec.doKey(t, h, key, "POST", target, body)
		if status != code || errorCode(t, v) != errCode {
			t.Errorf("POST %s %s: %d %v, want %d %s", target, body, status, v, code, errCode)
		}
	}
	const claims, verify = "/v1/registry/servers/claims", "/v1/registry/servers/claims/verify"
	srv, _ := weather(t, "The tides of an estuary.")
	u := srv.URL + "/mcp/" + strings.ToLower(owner)
	c := &precall.Checker{Guard: newFakeNet(t).guard(guard.Policy{AllowLoopback: true}, nil), Store: s}
	if _, err := c.Register(t.Context(), precall.RegisterInput{URL: u}); err != nil {
		t.Fatal(err)
	}
	body := `{"url":` + jsonQuote(u) + `}`
	for _, target := range []string{claims, verify} {
		wantErr(all, target, `{"url":"https://unregistered.example/mcp"}`, 404, "not_registered")
		wantErr(all, target, `{}`, 422, "invalid_request")
		wantErr(all, target, `{"url":1}`, 422, "invalid_request")
	}
	wantErr(all, verify, body, 409, "no_challenge")
	status, v := spec.doKey(t, h, all, "POST", claims, body)
	if status != 201 || !strings.HasPrefix(v["token"].(string), "psc_") || v["dns_name"] != "" {
		t.Fatalf("challenge: %d %v", status, v)
	}
	wantErr(all, verify, body, 422, "not_proven")
	if sv, _ := s.Server(t.Context(), u); sv.PublisherStatus != store.PublisherUnclaimed {
		t.Errorf("claimed without proof: %+v", sv)
	}
	// Claimed by the owner (as a check would): answered again, refused to
	// the other account.
	if err := s.ClaimServer(t.Context(), u, owner); err != nil {
		t.Fatal(err)
	}
	status, v = spec.doKey(t, h, all, "POST", verify, body)
	if status != 200 || v["publisher_status"] != "claimed" || v["publisher_account"] != owner || v["method"] != nil {
		t.Errorf("verify of a claimed server: %d %v", status, v)
	}
	wantErr(all, claims, body, 409, "already_claimed")
	wantErr(otherKey, verify, body, 409, "already_claimed")
}

// noTXT answers no TXT record: a claim check in a test looks nothing up
// off the machine.
type noTXT struct{}

func (noTXT) LookupTXT(_ context.Context, name string) ([]string, error) {
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// tlsMCP is a loopback TLS server answering MCP at /mcp (a forecast tool
// whose description can change) and a publisher's file at
// precall.ClaimPath.
type tlsMCP struct {
	*httptest.Server
	mu    sync.Mutex
	desc  string
	token string
}

func newTLSMCP(t *testing.T, desc string) *tlsMCP {
	m := &tlsMCP{desc: desc}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		m.mu.Lock()
		defer m.mu.Unlock()
		s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "2.0"}, nil)
		s.AddTool(&mcp.Tool{Name: "forecast", Description: m.desc, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
		return s
	}, &mcp.StreamableHTTPOptions{DisableLocalhostProtection: true})
	m.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == precall.ClaimPath {
			m.mu.Lock()
			tok := m.token
			m.mu.Unlock()
			if tok == "" {
				http.NotFound(w, r)
				return
			}
			w.Write([]byte(tok + "\n"))
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(m.Close)
	return m
}

func (m *tlsMCP) set(desc, token string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if desc != "" {
		m.desc = desc
	}
	if token != "" {
		m.token = token
	}
}

// TestPublisherDisputeAward is issue 28's "done when" for item 3, through
// the HTTP routes on a fresh server: a publisher proves control of its
// registered server's domain (the token at the well-known HTTPS path of a
// loopback TLS server), disputes a refresh flag — one recorded before the
// claim against the anonymous registry actor, one after it attributed to
// the publisher — and an operator's award overturns it, every step with
// its ledger entry. The publisher does not decide its own dispute.
func TestPublisherDisputeAward(t *testing.T) {
	spec := loadOpenAPI(t)
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			ctx := t.Context()
			srv := newTLSMCP(t, "The forecast for a city.")
			g := newFakeNet(t).guard(guard.Policy{AllowLoopback: true}, srv.Client().Transport.(*http.Transport).TLSClientConfig)
			h := New(Config{Guard: g, Store: s, ClaimResolver: noTXT{}})
			head := func() int64 {
				e, err := s.LedgerHead(ctx)
				if err != nil {
					return 0
				}
				return e.Seq
			}
			start := head()
			run := strings.ToLower(rand.Text()[:10])
			publisher, operator := "acct_pub_"+run, "acct_op_"+run
			pubKey := newKey(t, s, publisher, store.ScopeRegister, store.ScopeDispute, store.ScopeArbitrate)
			opKey := newKey(t, s, operator, store.ScopeRegister, store.ScopeArbitrate)
			u := srv.URL + "/mcp?run=" + run
			body := `{"url":` + jsonQuote(u) + `}`
			do := func(key, target, body string, want int) map[string]any {
				t.Helper()
				status, v := spec.doKey(t, h, key, "POST", target, body)
				if status != want {
					t.Fatalf("POST %s: %d %v, want %d", target, status, v, want)
				}
				return v
			}
			refreshFlag := func(desc string) string {
				t.Helper()
				srv.set(desc, "")
				status, v := spec.do(t, h, "GET", precallPath(u, ""), "")
				ids, _ := v["scan"].(map[string]any)["flag_ids"].([]any)
				if status != 200 || len(ids) != 1 {
					t.Fatalf("the refresh of %q: %d %v", desc, status, v)
				}
				return ids[0].(string)
			}
			flagOf := func(id string) map[string]any {
				t.Helper()
				status, v := spec.do(t, h, "GET", "/v1/security/flags/"+id, "")
				if status != 200 {
					t.Fatalf("flag %s: %d %v", id, status, v)
				}
				return v
			}

			do(opKey, "/v1/registry/servers", body, 201)
			// A refresh flag before the claim: anonymous, nobody's to dispute.
			early := refreshFlag("The forecast for a city.\u200b")
			if a := flagOf(early)["actor"].(map[string]any); a["kind"] != "anonymous" || a["account_id"] != "" {
				t.Errorf("the flag before the claim: %v", a)
			}
			v := do(pubKey, "/v1/security/flags/"+early+"/dispute", `{"case_id":"case_early_`+run+`","case_number":1}`, 403)
			if errorCode(t, v) != "not_attributed" {
				t.Errorf("dispute before the claim: %v", v)
			}

			// The claim.
			ch := do(pubKey, "/v1/registry/servers/claims", body, 201)
			if ch["https_url"] != srv.URL+precall.ClaimPath {
				t.Errorf("https_url %v", ch["https_url"])
			}
			if v := do(pubKey, "/v1/registry/servers/claims/verify", body, 422); errorCode(t, v) != "not_proven" {
				t.Errorf("verify before publishing: %v", v)
			}
			srv.set("", ch["token"].(string))
			cl := do(pubKey, "/v1/registry/servers/claims/verify", body, 200)
			if cl["publisher_status"] != "claimed" || cl["publisher_account"] != publisher || cl["method"] != "https" {
				t.Errorf("the claim: %v", cl)
			}
			if _, v := spec.do(t, h, "GET", "/v1/registry/server?url="+url.QueryEscape(u), ""); v["registration"].(map[string]any)["publisher_status"] != "claimed" {
				t.Errorf("the registry record after the claim: %v", v)
			}

			// The flag from before the claim is now the publisher's to dispute.
			if v := do(pubKey, "/v1/security/flags/"+early+"/dispute", `{"case_id":"case_early_`+run+`","case_number":1}`, 200); v["status"] != "disputed" {
				t.Errorf("dispute of the early flag: %v", v)
			}
			// A refresh flag after the claim is attributed to the publisher.
			late := refreshFlag("The forecast for a city.\u2060")
			if f := flagOf(late); f["source"] != "integrity_refresh" || f["actor"].(map[string]any)["account_id"] != publisher || f["actor"].(map[string]any)["kind"] != "account" {
				t.Errorf("the flag after the claim: %v", f)
			}
			lateCase := `{"case_id":"case_late_` + run + `","case_number":2`
			if v := do(pubKey, "/v1/security/flags/"+late+"/dispute", lateCase+`}`, 200); v["status"] != "disputed" {
				t.Errorf("dispute: %v", v)
			}
			// The publisher does not arbitrate its own dispute, whatever its key holds.
			if v := do(pubKey, "/v1/security/flags/"+late+"/award", lateCase+`,"decision":"overturn"}`, 403); errorCode(t, v) != "self_decision" {
				t.Errorf("the publisher's award: %v", v)
			}
			if v := do(opKey, "/v1/security/flags/"+late+"/award", lateCase+`,"decision":"overturn"}`, 200); v["status"] != "overturned" {
				t.Errorf("the operator's award: %v", v)
			}
			if f := flagOf(late); f["status"] != "overturned" {
				t.Errorf("after the award: %v", f)
			}
			// The same bytes on the next refresh are admitted: no new flag.
			status, pa := spec.do(t, h, "GET", precallPath(u, ""), "")
			if ids, _ := pa["scan"].(map[string]any)["flag_ids"].([]any); status != 200 || len(ids) != 0 {
				t.Errorf("the refresh after the award: %d %v", status, pa["scan"])
			}

			// The ledger: claim, flags, disputes, award.
			var types []string
			var data []map[string]any
			err := s.LedgerEntries(ctx, start+1, func(se store.LedgerEntry) error {
				e, err := ledger.Decode(se)
				if err != nil {
					return err
				}
				var d map[string]any
				json.Unmarshal(e.Data, &d)
				types, data = append(types, e.Type), append(data, d)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			want := []string{ledger.TypeFlagged, precall.TypeServerClaimed, ledger.TypeFlagDisputed, ledger.TypeFlagged, ledger.TypeFlagDisputed, ledger.TypeFlagOverturned}
			if strings.Join(types, " ") != strings.Join(want, " ") {
				t.Fatalf("ledger entries %v, want %v", types, want)
			}
			if data[1]["account_id"] != publisher || data[1]["url"] != u || data[1]["method"] != "https" {
				t.Errorf("the claim's entry: %v", data[1])
			}
			if data[4]["flag_id"] != late || data[4]["filed_by"] != "key:"+keyID(t, s, pubKey) {
				t.Errorf("the dispute's entry: %v", data[4])
			}
			if data[5]["flag_id"] != late || data[5]["decided_by"] != "key:"+keyID(t, s, opKey) {
				t.Errorf("the award's entry: %v", data[5])
			}
			res, err := flag.VerifyLedger(ctx, s, nil)
			if err != nil || res.ProblemCount != 0 {
				t.Errorf("VerifyLedger: %+v, %v", res, err)
			}
		})
	}
}
