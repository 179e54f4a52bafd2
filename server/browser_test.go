package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// chromiumFlags are the flags a headless Chromium needs on a closed
// network, as root: no sandbox (root), no GPU, and none of its own
// connections (QUIC, background networking, component updates, sync).
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
}

// chromium returns the browser to run: $PLAINSIGHT_CHROMIUM, else
// chromium on PATH (Debian's package). Without one the test is skipped
// on a developer's machine and fails under CI=true, which must run it.
func chromium(t *testing.T) string {
	if p := os.Getenv("PLAINSIGHT_CHROMIUM"); p != "" {
		return p
	}
	p, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed: CI must render the pages in a browser (apt-get install chromium)")
		}
		t.Skip("chromium is not installed (apt-get install chromium); CI=true makes this a failure")
	}
	return p
}

// TestPagesInBrowser renders each page in headless Chromium, from a
// server on loopback holding the hostile records, and checks the DOM the
// browser built: the hostile excerpts as visible text in their
// blockquotes, no element or attribute they tried to inject, the page's
// title; and that the browser asked the server for nothing an excerpt
// names (its <img src=x>).
func TestPagesInBrowser(t *testing.T) {
	bin := chromium(t)
	f := newFixture(t)
	var mu sync.Mutex
	var asked []string
	var h http.Handler
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.RequestURI())
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	h = New(Config{Store: f.store, PublicURL: "http://" + srv.Listener.Addr().String()})
	srv.Start()
	defer srv.Close()
	for _, p := range f.pages() {
		t.Run(p.path, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+t.TempDir(), "--dump-dom", srv.URL+p.path)
			cmd := exec.CommandContext(ctx, bin, args...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			dom, err := cmd.Output()
			if err != nil {
				t.Fatalf("chromium: %v\n%s", err, tail(stderr.String(), 2000))
			}
			if len(dom) == 0 {
				t.Fatalf("chromium dumped no DOM\n%s", tail(stderr.String(), 2000))
			}
			checkInert(t, dom, p)
		})
	}
	mu.Lock()
	defer mu.Unlock()
	for _, a := range asked {
		if a != "/favicon.ico" && !strings.HasPrefix(a, "/servers/") && !strings.HasPrefix(a, "/changes") &&
			!strings.HasPrefix(a, "/flags/") && !strings.HasPrefix(a, "/signatures/") {
			t.Errorf("the browser asked for %q", a)
		}
	}
	if len(asked) < len(f.pages()) {
		t.Errorf("the browser asked for %v, fewer than the pages", asked)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
