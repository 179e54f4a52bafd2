package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// rawRequest writes head and then body (chunk by chunk) on a new
// connection to addr, and reads the answer's status and body; a write the
// server cut short is not an error as long as the answer can be read.
func rawRequest(addr, head string, body io.Reader) (int, string, error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return 0, "", err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(60 * time.Second))
	go func() {
		if _, err := io.WriteString(conn, head); err != nil {
			return
		}
		if body != nil {
			io.Copy(conn, body)
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b), nil
}

// errorCode is the code of a JSON error answer, "" for anything else.
func errorCode(body string) string {
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(body), &e) != nil || e.Error.Message == "" {
		return ""
	}
	return e.Error.Code
}

// hostile sends the hostile requests of issue 17 to --base and checks each
// answer, then that the server still answers.
func hostile(args []string) error {
	fs := flag.NewFlagSet("hostile", flag.ExitOnError)
	base := fs.String("base", "", "the server's base URL")
	slowloris := fs.Int("slowloris", 50, "slow-header connections")
	headerWait := fs.Duration("header-timeout", 5*time.Second, "the server's ReadHeaderTimeout")
	slowBody := fs.Bool("slow-body", false, "also a body sent a byte a second (waits out the server's ReadTimeout, 30 s)")
	fs.Parse(args)
	u, err := url.Parse(*base)
	if err != nil || u.Host == "" {
		return errors.New("--base is the server's base URL")
	}
	addr := u.Host
	c := client(8, 30*time.Second)
	failures := 0
	report := func(name string, ok bool, got string) {
		mark := "ok  "
		if !ok {
			mark = "FAIL"
			failures++
		}
		fmt.Printf("%s %-44s %s\n", mark, name, got)
	}
	post := func(path, body string) (int, string) {
		req, _ := http.NewRequest("POST", *base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		code, b, err := do(c, req, 0)
		if code == 0 {
			return 0, err.Error()
		}
		return code, string(b)
	}
	get := func(path string) (int, string) {
		req, _ := http.NewRequest("GET", *base+path, nil)
		code, b, err := do(c, req, 0)
		if code == 0 {
			return 0, err.Error()
		}
		return code, string(b)
	}
	expect := func(name string, code int, body string, wantCode int, wantErr string) {
		got := fmt.Sprintf("%d %s", code, errorCode(body))
		report(name, code == wantCode && errorCode(body) == wantErr, got)
	}

	// Oversized bodies: declared, undeclared (chunked), on both POST routes.
	big := strings.Repeat("a", 4<<20)
	for _, path := range []string{"/v1/security/scan", "/v2/scan"} {
		head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, addr, 100<<30)
		code, body, err := rawRequest(addr, head, strings.NewReader(`{"text":"`+big))
		if err != nil {
			body = err.Error()
		}
		expect("oversized body, 100 GiB declared "+path, code, body, 413, "body_too_large")
		head = fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", path, addr)
		pr, pw := io.Pipe()
		go func() {
			for i := 0; i < 64; i++ {
				if _, err := fmt.Fprintf(pw, "10000\r\n%s\r\n", big[:0x10000]); err != nil {
					return
				}
			}
			pw.Close()
		}()
		code, body, err = rawRequest(addr, head, pr)
		pr.Close()
		if err != nil {
			body = err.Error()
		}
		expect("oversized body, chunked "+path, code, body, 413, "body_too_large")
	}
	head := fmt.Sprintf("GET /healthz HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\n\r\n", addr, strings.Repeat("b", 128<<10))
	code, _, err := rawRequest(addr, head, nil)
	report("headers over 64 KiB", err == nil && code == 431, fmt.Sprint(code, " ", err))

	// Invalid JSON.
	for _, b := range []string{`{`, `{"text": "a"`, `nul`, `{"text": "a"} x`, `{"text": "a\x01"}`, `{"text": "\ud800` + "\xff" + `"}`,
		strings.Repeat("[", 100000), `{"text": "a", "text": 1e999}`, `["text"]`, ""} {
		code, body := post("/v1/security/scan", b)
		name := fmt.Sprintf("invalid JSON %.24q", b)
		report(name, code == 400 && errorCode(body) == "invalid_json" || code == 422 && errorCode(body) != "", fmt.Sprintf("%d %s", code, errorCode(body)))
	}
	code, body := post("/v2/scan", `{"content": `)
	expect("invalid JSON on /v2/scan", code, body, 400, "invalid_json")

	// Lone surrogates reach the scan as lone surrogates.
	code, body = post("/v1/security/scan", `{"text": "a\ud800b\udc00c"}`)
	var res struct {
		Findings []struct {
			Class      string   `json:"class"`
			Codepoints []string `json:"codepoints"`
			Utf16Start int      `json:"utf16_start"`
		} `json:"findings"`
	}
	json.Unmarshal([]byte(body), &res)
	var cps []string
	for _, f := range res.Findings {
		if f.Class == "unassigned_codepoint" {
			cps = append(cps, f.Codepoints...)
		}
	}
	report(`lone surrogates "a\ud800b\udc00c" scanned`, code == 200 && strings.Join(cps, ",") == "U+D800,U+DC00", fmt.Sprint(code, " ", cps))
	code, body = post("/v1/security/scan", `{"text": "\ud83d\ude00"}`)
	report(`a surrogate pair is its character`, code == 200 && strings.Contains(body, `"status":"clean"`), fmt.Sprint(code))
	code, body = post("/v2/scan", `{"content": "a\ud800b", "context": {"source": "web", "direction": "inbound"}}`)
	report(`/v2/scan takes a lone surrogate (as U+FFFD)`, code == 200, fmt.Sprint(code, " ", errorCode(body)))

	// URLs the guard refuses.
	for _, c := range []struct{ url, code string }{
		{"https://10.0.0.1/mcp", "refused_private"},
		{"http://169.254.169.254/latest/meta-data/", "refused_link_local"},
		{"https://169.254.169.254/latest/meta-data/", "refused_link_local"},
		{"https://192.0.2.1/", "refused_documentation"},
		{"https://[fe80::1]/", "refused_link_local"},
		{"ftp://example.com/", "refused_scheme"},
		{"not a url", "refused_malformed_url"},
		{"https://0.0.0.0/", "refused_unspecified"},
		{"https://224.0.0.1/", "refused_multicast"},
		{"https://100.64.0.1/", "refused_shared"},
	} {
		code, body := get("/v1/security/precall?url=" + url.QueryEscape(c.url))
		expect("guard refuses "+c.url, code, body, 422, c.code)
	}
	code, body = get("/v1/security/precall")
	expect("precall without url", code, body, 422, "refused_malformed_url")

	// Slow clients: connections that never finish their headers are cut
	// after ReadHeaderTimeout, while others are answered.
	var wg sync.WaitGroup
	closed := make(chan time.Duration, *slowloris)
	start := time.Now()
	for i := 0; i < *slowloris; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				closed <- -1
				return
			}
			defer conn.Close()
			io.WriteString(conn, "POST /v1/security/scan HTTP/1.1\r\nHost: x\r\n")
			buf := make([]byte, 1)
			for {
				conn.SetReadDeadline(time.Now().Add(time.Second))
				if _, err := conn.Read(buf); err != nil {
					if ne, ok := err.(net.Error); ok && ne.Timeout() {
						if time.Since(start) > *headerWait+10*time.Second {
							closed <- -1
							return
						}
						if _, err := io.WriteString(conn, "X-A: b\r\n"); err == nil {
							continue
						}
					}
					closed <- time.Since(start)
					return
				}
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	t0 := time.Now()
	code, _ = get("/healthz")
	report(fmt.Sprintf("healthz during %d slow clients", *slowloris), code == 200, fmt.Sprint(code, " in ", time.Since(t0).Round(time.Millisecond)))
	wg.Wait()
	close(closed)
	var worst time.Duration
	cut := 0
	for d := range closed {
		if d >= 0 {
			cut++
			worst = max(worst, d)
		}
	}
	report(fmt.Sprintf("%d slow-header clients cut", *slowloris), cut == *slowloris && worst < *headerWait+3*time.Second,
		fmt.Sprintf("%d cut, the last after %s", cut, worst.Round(100*time.Millisecond)))

	if *slowBody {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			t0 := time.Now()
			io.WriteString(conn, "POST /v1/security/scan HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
			var d time.Duration
			for i := 0; i < 120; i++ {
				if _, err := io.WriteString(conn, "a"); err != nil {
					break
				}
				time.Sleep(time.Second)
				d = time.Since(t0)
			}
			conn.Close()
			report("a body sent a byte a second is cut", d < 45*time.Second, fmt.Sprint("after ", d.Round(time.Second)))
		}
	}

	// The server is unaffected.
	code, _ = get("/healthz")
	report("healthz afterwards", code == 200, fmt.Sprint(code))
	code, body = post("/v1/security/scan", `{"text": "pay\u200bload"}`)
	report("a scan afterwards", code == 200 && strings.Contains(body, `"status":"flagged"`), fmt.Sprint(code))
	if failures > 0 {
		return fmt.Errorf("%d hostile cases failed", failures)
	}
	return nil
}
