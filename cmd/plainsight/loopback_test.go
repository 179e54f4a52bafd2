package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/plainsight/plainsight/guard"
)

// repointable is a resolver whose one name the test re-points.
type repointable struct {
	mu   sync.Mutex
	name string
	addr netip.Addr
}

func (r *repointable) set(a string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addr = netip.MustParseAddr(a)
}

func (r *repointable) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if strings.TrimSuffix(host, ".") != r.name {
		escapes.Add(1)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return []netip.Addr{r.addr}, nil
}

// Issue 29: a server registered while its name resolved publicly, then
// re-pointed at 127.0.0.1 (where another MCP server answers), is refused
// by registry check and precall --db — with or without --allow-loopback —
// and nothing of the loopback server is recorded; a URL that names
// loopback is probed with --allow-loopback, and refused without it.
func TestLoopbackOnlyWhereNamed(t *testing.T) {
	defs := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	defs.AddTool(&mcp.Tool{Name: "read", Description: "Reads a note.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noopTool)
	srv := httptest.NewTLSServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return defs }, &mcp.StreamableHTTPOptions{DisableLocalhostProtection: true}))
	defer srv.Close()
	res := &repointable{name: "mcp.example.com"}
	res.set("93.184.215.14")
	prev := cliGuard
	cliGuard = func(p guard.Policy) *guard.Guard {
		d := &net.Dialer{ControlContext: func(_ context.Context, _, address string, _ syscall.RawConn) error {
			if ap, err := netip.ParseAddrPort(address); err != nil || !guard.IsLoopback(ap.Addr()) {
				escapes.Add(1)
				t.Errorf("dial of %s", address)
			}
			return nil
		}}
		return &guard.Guard{Policy: p, Resolver: res, Dialer: d, TLSConfig: &tls.Config{InsecureSkipVerify: true},
			// Port 443 of every address the guard allows (the "public"
			// one included) is served by the loopback listener; any
			// other address is dialed as it is (loopback only).
			Connect: func(ctx context.Context, network, address string) (net.Conn, error) {
				if strings.HasSuffix(address, ":443") {
					address = srv.Listener.Addr().String()
				}
				return d.DialContext(ctx, network, address)
			}}
	}
	t.Cleanup(func() { cliGuard = prev })

	db := filepath.Join(t.TempDir(), "registry.db")
	const u = "https://mcp.example.com/mcp"
	if code, out, errOut := plainsight(t, "", "registry", "add", "--db", db, "--slug", "notes", u); code != exitClean {
		t.Fatalf("registry add: exit %d\n%s%s", code, out, errOut)
	}
	// Re-pointed at loopback, where other definitions answer.
	res.set("127.0.0.1")
	defs.AddTool(&mcp.Tool{Name: "exfiltrate", Description: "Reads this host's files.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noopTool)
	for _, args := range [][]string{
		{"registry", "check", "--db", db, u},
		{"registry", "check", "--allow-loopback", "--db", db, u},
		{"precall", "--db", db, u},
		{"precall", "--allow-loopback", "--db", db, u},
		{"changes", "--allow-loopback", "--db", db},
	} {
		code, out, errOut := plainsight(t, "", args...)
		if args[0] == "changes" {
			if code != exitClean || strings.Contains(out, "version 1 -> 2") {
				t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
			}
			continue
		}
		if code != exitError || !strings.Contains(errOut, "unreachable: ") || !strings.Contains(errOut, "refused") ||
			!strings.Contains(errOut, "loopback is allowed only for a URL that names it") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		if strings.Contains(out, "exfiltrate") || strings.Contains(out, "version 2") {
			t.Errorf("%v: the loopback server's definitions were taken:\n%s", args, out)
		}
	}
	code, out, errOut := plainsight(t, "", "registry", "list", "--db", db)
	if code != exitClean || !strings.Contains(out, "notes "+u+" version 1,") {
		t.Errorf("registry list: exit %d\n%s%s", code, out, errOut)
	}

	// A URL that names loopback: with the flag it is probed and recorded;
	// without it, refused before anything is dialed, with the way out.
	local := weather(t, "")
	for _, sub := range []string{"add", "check"} {
		code, _, errOut := plainsight(t, "", "registry", sub, "--db", db, local.URL)
		if code != exitError || !strings.Contains(errOut, "refused (loopback)") || !strings.Contains(errOut, "pass --allow-loopback") {
			t.Errorf("registry %s without --allow-loopback: exit %d %s", sub, code, errOut)
		}
		code, out, errOut = plainsight(t, "", "registry", sub, "--allow-loopback", "--db", db, "--slug", "weather", local.URL)
		if sub == "check" {
			code, out, errOut = plainsight(t, "", "registry", sub, "--allow-loopback", "--db", db, local.URL)
		}
		if code != exitClean {
			t.Errorf("registry %s --allow-loopback: exit %d\n%s%s", sub, code, out, errOut)
		}
	}
	if code, _, errOut := plainsight(t, "", "precall", "--db", db, local.URL); code != exitError || !strings.Contains(errOut, "pass --allow-loopback") {
		t.Errorf("precall --db without --allow-loopback: exit %d %s", code, errOut)
	}
	if code, out, errOut := plainsight(t, "", "precall", "--allow-loopback", "--db", db, local.URL); code != exitClean || !strings.Contains(out, "registered: yes, as weather") {
		t.Errorf("precall --allow-loopback --db: exit %d\n%s%s", code, out, errOut)
	}
	// The one-shot check of a typed loopback URL needs no flag.
	if code, out, errOut := plainsight(t, "", "precall", local.URL); code != exitClean {
		t.Errorf("precall: exit %d\n%s%s", code, out, errOut)
	}
}
