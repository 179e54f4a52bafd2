package server

import (
	"bufio"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store/memory"
)

// firstStatus sends head (a request without its body) on a raw loopback
// connection and returns the first status line that comes back.
func firstStatus(t *testing.T, addr, head string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write([]byte(head)); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatalf("no status line: %v", err)
	}
	return strings.TrimRight(line, "\r\n")
}

// Issue 29: a declared Content-Length over the route's cap is 413 before
// any of the body is read — with "Expect: 100-continue" no 100 Continue
// comes first, and without it the answer does not wait for the body — on
// every route of the document (a GET's too), and on a check-in at its own,
// lower cap.
func TestDeclaredLengthOverTheCap(t *testing.T) {
	srv := httptest.NewServer(New(Config{Store: memory.New(), Logger: slog.New(slog.DiscardHandler)}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	targets := append([]string{"/v1/security/scan", "/v2/scan", "/api/v1/shield/check"}, writeTargets...)
	const huge = "100000000000" // 100 GB
	for _, target := range targets {
		method := "POST"
		for _, expect := range []string{"Expect: 100-continue\r\n", ""} {
			head := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: plainsight.test\r\nContent-Type: application/json\r\n%sContent-Length: %s\r\n\r\n", method, target, expect, huge)
			if got := firstStatus(t, addr, head); !strings.HasPrefix(got, "HTTP/1.1 413 ") {
				t.Errorf("%s %s (%q): first status line %q, want 413", method, target, expect, got)
			}
		}
	}
	get := "GET /v1/security/flags HTTP/1.1\r\nHost: plainsight.test\r\nExpect: 100-continue\r\nContent-Length: " + huge + "\r\n\r\n"
	if got := firstStatus(t, addr, get); !strings.HasPrefix(got, "HTTP/1.1 413 ") {
		t.Errorf("a GET with a declared body over the cap: %q, want 413", got)
	}
	// The check-in's cap is its own: one byte over it is refused on the
	// declared length, the cap itself is read (and then judged).
	limit := min(int64(DefaultMaxBody), signature.MaxCheckInBytes+4096)
	for _, n := range []int64{limit + 1, DefaultMaxBody} {
		head := fmt.Sprintf("POST /api/v1/shield/checkin HTTP/1.1\r\nHost: plainsight.test\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n", n)
		if got := firstStatus(t, addr, head); !strings.HasPrefix(got, "HTTP/1.1 413 ") {
			t.Errorf("check-in of %d bytes: %q, want 413", n, got)
		}
	}
	head := fmt.Sprintf("POST /v1/security/scan HTTP/1.1\r\nHost: plainsight.test\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n", DefaultMaxBody)
	if got := firstStatus(t, addr, head); !strings.HasPrefix(got, "HTTP/1.1 100 ") {
		t.Errorf("a body of exactly the cap: %q, want 100 Continue", got)
	}
}

// The MCP transport refuses a declared length over its message cap the
// same way (on main: 100 Continue).
func TestMCPDeclaredLengthOverTheCap(t *testing.T) {
	srv := httptest.NewServer(NewMCPHandler(Config{Store: memory.New()}, "test"))
	defer srv.Close()
	for _, n := range []int64{100000000000, MCPMessageBytes + 1} {
		head := fmt.Sprintf("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n", n)
		if got := firstStatus(t, srv.Listener.Addr().String(), head); !strings.HasPrefix(got, "HTTP/1.1 413 ") {
			t.Errorf("an MCP message of %d bytes: first status line %q, want 413", n, got)
		}
	}
}

// driveBodyCaps sends every operation of the document a body one byte
// over the cap: 413 body_too_large, as documented (TestOpenAPI runs it).
func driveBodyCaps(t *testing.T, spec *apiSpec, h http.Handler) {
	t.Helper()
	over := strings.Repeat("a", DefaultMaxBody+1)
	for _, o := range spec.ops {
		path := strings.NewReplacer("{id}", "x", "{slug}", "x", "{job}", "x").Replace(o.path)
		if status, v := spec.do(t, h, o.method, path, over); status != http.StatusRequestEntityTooLarge || errorCode(t, v) != "body_too_large" {
			t.Errorf("%s %s with %d bytes: %d %v", o.method, path, len(over), status, v)
		}
	}
}
