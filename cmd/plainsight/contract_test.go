package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeServer is a loopback MCP server (Streamable HTTP, JSON responses)
// whose tools/list result is given.
func fakeServer(t *testing.T, toolsList string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		var msg struct {
			Method string `json:"method"`
		}
		if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch msg.Method {
		case "initialize":
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}`)
		case "notifications/initialized":
			w.WriteHeader(http.StatusAccepted)
		case "tools/list":
			io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":`+toolsList+`}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestRefusedToolListLive: a live server whose tool list §7 refuses (two
// tools of one name, a tool without a name) exits 1, as a saved one does,
// and is not called unreachable.
func TestRefusedToolListLive(t *testing.T) {
	for _, list := range []string{
		`{"tools":[{"name":"a"},{"name":"a"}]}`,
		`{"tools":[{"description":"no name"}]}`,
	} {
		code, _, errOut := plainsight(t, "", "fingerprint", fakeServer(t, list))
		if code != 1 || strings.Contains(errOut, "unreachable") || !strings.Contains(errOut, "refused") {
			t.Errorf("%s: exit %d, %q; want 1", list, code, errOut)
		}
		saved := strings.TrimSuffix(strings.TrimPrefix(list, `{"tools":`), `}`)
		if code, _, _ := plainsight(t, saved, "fingerprint", "--from", "-"); code != 1 {
			t.Errorf("%s saved: exit %d, want 1", saved, code)
		}
	}
	if code, _, _ := plainsight(t, "", "fingerprint", fakeServer(t, `{"tools":[{"name":"a"}]}`)); code != 0 {
		t.Errorf("a good list: exit %d", code)
	}
}

// TestTruncatedCounts: more ill-formed sequences than a result lists, and
// no finding: the text says how many there are, exactly, not "0 findings
// in all; only the first 0".
func TestTruncatedCounts(t *testing.T) {
	p := writeFile(t, t.TempDir(), "bad.txt", strings.Repeat("\xff", 1500))
	code, out, _ := plainsight(t, "", "scan", p)
	if code != 1 || strings.Contains(out, "0 findings in all") ||
		!strings.Contains(out, p+": 1500 ill-formed UTF-8 sequences in all; only the first 1000 are shown\n") ||
		!strings.Contains(out, "0 findings, 1500 ill-formed UTF-8 sequences.") {
		t.Errorf("exit %d\n%s", code, out[max(0, len(out)-600):])
	}
}
