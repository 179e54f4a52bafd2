package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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

// cdp is a Chrome DevTools Protocol client over --remote-debugging-pipe:
// the browser reads commands on its fd 3 and writes answers and events
// on its fd 4, each message JSON ended by a NUL byte. No socket is opened.
type cdp struct {
	w    *os.File
	r    *bufio.Reader
	next int
}

// call sends method with params (in session, when not empty) and returns
// the answer's result, skipping the events read before it.
func (c *cdp) call(session, method string, params any, result any) error {
	c.next++
	msg := map[string]any{"id": c.next, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := c.w.Write(append(b, 0)); err != nil {
		return err
	}
	for {
		line, err := c.r.ReadBytes(0)
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		var ans struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line[:len(line)-1], &ans); err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if ans.ID != c.next {
			continue // an event
		}
		if ans.Error != nil {
			return fmt.Errorf("%s: %s", method, ans.Error.Message)
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(ans.Result, result)
	}
}

// evaluate returns the value of a JavaScript expression in the page, run
// by the browser's DevTools (the page itself runs no script: its CSP
// allows none).
func (c *cdp) evaluate(session, expr string, v any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails any `json:"exceptionDetails"`
	}
	if err := c.call(session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return err
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("evaluate %q: %v", expr, res.ExceptionDetails)
	}
	return json.Unmarshal(res.Result.Value, v)
}

// phoneWidth is the viewport of the phone test: a common phone's width in
// CSS pixels (issue 28, item 6).
const phoneWidth = 390

// TestPagesOnPhone loads every page, from hostile and long records, in
// headless Chromium emulating a 390 px wide phone, and fails when the
// document is wider than the viewport (a sideways scroll); a table may
// scroll inside its own box. Each page's screenshot is written to
// $PLAINSIGHT_SCREENSHOTS, else to the test's temporary folder, and its
// path logged.
func TestPagesOnPhone(t *testing.T) {
	bin := chromium(t)
	f := newFixture(t)
	long := f.addLong(t)
	srv := httptest.NewServer(New(Config{Store: f.store, PublicURL: "https://pages.example"}))
	defer srv.Close()
	shots := os.Getenv("PLAINSIGHT_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	toBrowser, cmdIn, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmdOut, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // its fd 3 and fd 4
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	defer func() {
		cmdIn.Close()
		cmd.Process.Kill()
		cmd.Wait()
		cmdOut.Close()
	}()
	c := &cdp{w: cmdIn, r: bufio.NewReader(cmdOut)}
	fail := func(err error) {
		t.Helper()
		t.Fatalf("%v\n%s", err, tail(stderr.String(), 2000))
	}
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		fail(err)
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		fail(err)
	}
	s := attached.SessionID
	if err := c.call(s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": phoneWidth, "height": 844, "deviceScaleFactor": 1, "mobile": true}, nil); err != nil {
		fail(err)
	}
	paths := []string{"/", "/servers", "/servers?q=" + url.QueryEscape("LONG"), "/servers?q=" + url.QueryEscape(hostile[:60]), "/servers/hostile", "/servers/long",
		"/changes", "/flags/" + f.flagID, "/flags/" + long.flagID, "/signatures/" + f.sigID}
	for i, p := range paths {
		if err := c.call(s, "Page.navigate", map[string]any{"url": srv.URL + p}, nil); err != nil {
			fail(err)
		}
		var state struct {
			Ready, Href string
		}
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if err := c.evaluate(s, `({ready: document.readyState, href: location.href})`, &state); err != nil {
				fail(err)
			}
			if state.Ready == "complete" && state.Href == srv.URL+p {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not loaded: %+v", p, state)
			}
		}
		var m struct {
			ScrollWidth, ClientWidth, InnerWidth int
			Wide                                 []string
			Title                                string
		}
		if err := c.evaluate(s, `({scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
			innerWidth: innerWidth, title: document.title,
			wide: [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest('table')).slice(0, 8)
				.map(e => e.tagName + '.' + e.className + ' right ' + Math.round(e.getBoundingClientRect().right))})`, &m); err != nil {
			fail(err)
		}
		if m.InnerWidth != phoneWidth || m.ClientWidth != phoneWidth {
			t.Errorf("%s: a viewport of %d px (client %d), want %d: the emulation or the viewport meta does not hold", p, m.InnerWidth, m.ClientWidth, phoneWidth)
		}
		if m.ScrollWidth > phoneWidth {
			t.Errorf("%s: the document is %d px wide at a %d px viewport (a sideways scroll); too wide: %v", p, m.ScrollWidth, phoneWidth, m.Wide)
		}
		if !strings.HasSuffix(m.Title, " · plainsight") {
			t.Errorf("%s: title %q: not a page", p, m.Title)
		}
		var shot struct {
			Data []byte `json:"data"` // base64 in JSON, decoded by encoding/json
		}
		if err := c.call(s, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &shot); err != nil {
			fail(err)
		}
		name := filepath.Join(shots, fmt.Sprintf("phone-%02d-%s.png", i, strings.Trim(strings.NewReplacer("/", "-", "?", "-", "=", "-", "%", "").Replace(p[:min(len(p), 30)]), "-")))
		if err := os.WriteFile(name, shot.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d px wide at %d px; screenshot %s", p, m.ScrollWidth, phoneWidth, name)
	}
}
