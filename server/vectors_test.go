package server

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/vectors"
)

// TestURLVectors runs vectors/precall/urls.json through the pre-call
// route (issue 21: every path refuses the same URLs for the same reason):
// a refused URL is 422 refused_<reason>, anything else a 200 answer whose
// effective_url and redirects are the vector's. Names resolve through the
// vector's table; every dial, after the guard's connect-time check, reaches
// a real MCP server on loopback (https for ports 443 and 8443).
func TestURLVectors(t *testing.T) {
	raw, err := fs.ReadFile(vectors.FS(), "precall/urls.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		TestGroups []struct {
			Policy struct {
				AllowLoopback bool `json:"allow_loopback"`
			} `json:"policy"`
			Tests []struct {
				TcID      int                 `json:"tcId"`
				Comment   string              `json:"comment"`
				URL       string              `json:"url"`
				Resolve   map[string][]string `json:"resolve"`
				Responses []struct {
					URL      string `json:"url"`
					Status   int    `json:"status"`
					Location string `json:"location"`
				} `json:"responses"`
				Expected struct {
					Verdict      string            `json:"verdict"`
					Reason       string            `json:"reason"`
					EffectiveURL string            `json:"effective_url"`
					Redirects    []json.RawMessage `json:"redirects"`
				} `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "vector", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "t", Description: "A tool.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	mcpHandler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	n := 0
	for _, g := range f.TestGroups {
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("urls.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				redirect := map[string][2]any{}
				for _, r := range v.Responses {
					redirect[r.URL] = [2]any{r.Status, r.Location}
				}
				handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					scheme := "http"
					if r.TLS != nil {
						scheme = "https"
					}
					if rd, ok := redirect[scheme+"://"+r.Host+r.URL.RequestURI()]; ok {
						w.Header().Set("Location", rd[1].(string))
						w.WriteHeader(rd[0].(int))
						return
					}
					mcpHandler.ServeHTTP(w, r)
				})
				plain, secure := httptest.NewServer(handler), httptest.NewTLSServer(handler)
				defer plain.Close()
				defer secure.Close()
				fn := newFakeNet(t)
				for name, addrs := range v.Resolve {
					for _, a := range addrs {
						fn.names[name] = append(fn.names[name], netip.MustParseAddr(a))
					}
				}
				d := &net.Dialer{ControlContext: fn.loopbackOnly}
				gd := &guard.Guard{Policy: guard.Policy{AllowLoopback: g.Policy.AllowLoopback}, Resolver: vectorResolver{fn}, Dialer: d,
					TLSConfig: &tls.Config{InsecureSkipVerify: true},
					Connect: func(ctx context.Context, network, address string) (net.Conn, error) {
						to := plain.Listener.Addr().String()
						if port := netip.MustParseAddrPort(address).Port(); port == 443 || port == 8443 {
							to = secure.Listener.Addr().String()
						}
						return d.DialContext(ctx, "tcp", to)
					}}
				status, ans := call(t, New(Config{Guard: gd}), "GET", precallPath(v.URL, ""), "")
				switch v.Expected.Verdict {
				case "refused":
					if status != http.StatusUnprocessableEntity || errorCode(t, ans) != "refused_"+v.Expected.Reason {
						t.Errorf("got %d %v, want 422 refused_%s", status, ans, v.Expected.Reason)
					}
				case "unreachable":
					if status != http.StatusOK || ans["integrity"].(map[string]any)["status"] != "unreachable" {
						t.Errorf("got %d %v, want an unreachable answer", status, ans)
					}
				case "allowed":
					if status != http.StatusOK {
						t.Fatalf("got %d %v, want an answer", status, ans)
					}
					if eff, _ := ans["effective_url"].(string); eff != v.Expected.EffectiveURL {
						t.Errorf("effective_url %q, want %q", eff, v.Expected.EffectiveURL)
					}
					if rd, _ := ans["redirects"].([]any); len(rd) != len(v.Expected.Redirects) {
						t.Errorf("%d redirects, want %d: %v", len(rd), len(v.Expected.Redirects), ans["redirects"])
					}
				default:
					t.Fatalf("verdict %q", v.Expected.Verdict)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}

// vectorResolver answers the vector's names only; a name it does not list
// does not resolve (the vectors' rule), which is no test failure.
type vectorResolver struct{ n *fakeNet }

func (r vectorResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	name := host
	if len(name) > 0 && name[len(name)-1] == '.' {
		name = name[:len(name)-1]
	}
	if a, ok := r.n.names[name]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}
