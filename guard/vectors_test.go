package guard

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/vectors"
)

type urlVectors struct {
	Notes      map[string]json.RawMessage `json:"notes"`
	TestGroups []struct {
		Policy struct {
			AllowLoopback bool `json:"allow_loopback"`
		} `json:"policy"`
		Tests []urlVector `json:"tests"`
	} `json:"testGroups"`
}

type urlVector struct {
	TcID      int                 `json:"tcId"`
	Comment   string              `json:"comment"`
	URL       string              `json:"url"`
	Resolve   map[string][]string `json:"resolve"`
	Responses []struct {
		URL      string `json:"url"`
		Status   int    `json:"status"`
		Location string `json:"location"`
	} `json:"responses"`
	Expected verdict  `json:"expected"`
	Flags    []string `json:"flags"`
}

type verdict struct {
	Verdict      string     `json:"verdict"`
	Reason       string     `json:"reason,omitempty"`
	Hop          *int       `json:"hop,omitempty"`
	EffectiveURL string     `json:"effective_url,omitempty"`
	Redirects    []Redirect `json:"redirects,omitempty"`
}

// Flags this package has a policy for: it takes the verdict each names.
var knownURLFlags = map[string]bool{"IPv4Mapped": true, "NAT64Public": true}

// TestVectors runs vectors/precall/urls.json through the client (every
// rule, redirects included), Guard.Check (no dial) and CheckURL (no
// resolution) where the vector needs neither redirects nor a resolver.
// The vector's names resolve through an injected resolver; every dial,
// after the guard's connect-time check passed it, reaches an in-process
// server instead (https for ports 443 and 8443, http otherwise), so a
// vector naming 127.0.0.1:8080 never reaches that port.
func TestVectors(t *testing.T) {
	raw, err := fs.ReadFile(vectors.FS(), "precall/urls.json")
	if err != nil {
		t.Fatalf("the corpus is missing: %v", err)
	}
	var f urlVectors
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range f.TestGroups {
		p := Policy{AllowLoopback: g.Policy.AllowLoopback}
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("urls.json/#%d %s", v.TcID, v.Comment), func(t *testing.T) {
				for _, fl := range v.Flags {
					if !knownURLFlags[fl] {
						t.Fatalf("flag %q: no policy for it", fl)
					}
				}
				runURLVector(t, p, v)
			})
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}

func runURLVector(t *testing.T, p Policy, v urlVector) {
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
		io.WriteString(w, "ok")
	})
	plain, secure := httptest.NewServer(handler), httptest.NewTLSServer(handler)
	defer plain.Close()
	defer secure.Close()

	n := newFakeNet(t)
	for name, addrs := range v.Resolve {
		n.setName(name, addrs...)
	}
	g := &Guard{Policy: p, Resolver: n, Dialer: &net.Dialer{ControlContext: n.loopbackOnly},
		TLSConfig: &tls.Config{InsecureSkipVerify: true}}
	g.connect = func(ctx context.Context, d *net.Dialer, network, address string) (net.Conn, error) {
		if err := g.control(ctx, network, address); err != nil {
			return nil, err
		}
		to := plain.Listener.Addr().String()
		if port := netip.MustParseAddrPort(address).Port(); port == 443 || port == 8443 {
			to = secure.Listener.Addr().String()
		}
		return (&net.Dialer{ControlContext: n.loopbackOnly}).DialContext(ctx, "tcp", to)
	}

	tr := &Trace{}
	req, err := http.NewRequestWithContext(WithTrace(context.Background(), tr), http.MethodGet, v.URL, nil)
	var got verdict
	if err != nil {
		// net/http refuses what it cannot parse before the guard sees it.
		got = verdictOf(refuse(ErrURL, err.Error()))
	} else {
		resp, err := g.Client().Do(req)
		if err == nil {
			resp.Body.Close()
			got = verdict{Verdict: "allowed", EffectiveURL: tr.EffectiveURL(), Redirects: tr.Redirects()}
		} else {
			got = verdictOf(err)
		}
	}
	want := v.Expected
	if want.Verdict == "allowed" && want.Redirects == nil {
		want.Redirects = []Redirect{}
	}
	if len(got.Redirects) == 0 && len(want.Redirects) == 0 {
		got.Redirects, want.Redirects = nil, nil
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("client (-want +got):\n%s", d)
	}
	if len(v.Responses) > 0 {
		return
	}
	// Guard.Check: the same verdict without dialing.
	dials := len(n.dials())
	_, err = g.Check(context.Background(), v.URL)
	checked := verdict{Verdict: "allowed"}
	if err != nil {
		checked = verdictOf(err)
	}
	if checked.Verdict != want.Verdict || checked.Reason != want.Reason {
		t.Errorf("Check: got %+v, want %s %s", checked, want.Verdict, want.Reason)
	}
	if len(n.dials()) != dials {
		t.Errorf("Check dialed %v", n.dials()[dials:])
	}
	// CheckURL: a refusal that needs no resolver is the same refusal.
	if len(v.Resolve) == 0 && want.Verdict == "refused" {
		_, err := CheckURL(v.URL, p)
		if got := verdictOf(err); got.Reason != want.Reason {
			t.Errorf("CheckURL: got %+v, want %s", got, want.Reason)
		}
	}
}

func verdictOf(err error) verdict {
	var re *RefusedError
	switch {
	case errors.As(err, &re):
		hop := re.Hop
		return verdict{Verdict: "refused", Reason: re.Reason.ID(), Hop: &hop, Redirects: re.Redirects}
	case errors.Is(err, ErrResolve):
		return verdict{Verdict: "unreachable"}
	}
	return verdict{Verdict: "error: " + fmt.Sprint(err)}
}
