package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// client is an HTTP client for clients concurrent connections to one host.
func client(clients int, timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{
		MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients,
		IdleConnTimeout: time.Minute, DisableCompression: true,
	}}
}

// text4K is a text of about 4 KB: prose, every tenth one with a zero-width
// space (a finding), each different.
func text4K(r *rand.Rand, i int) string {
	words := strings.Fields("the forecast for the city calls for light rain in the morning and clear skies by the evening with winds from the west at ten to fifteen kilometres an hour")
	var b strings.Builder
	for b.Len() < 4096-16 {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(' ')
	}
	if i%10 == 0 {
		b.WriteString("pay\u200bload")
	}
	return b.String()
}

// stats is one route's measurements.
type stats struct {
	mu     sync.Mutex
	lat    []time.Duration
	errors map[string]int
}

func (s *stats) add(d time.Duration, err string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != "" {
		if s.errors == nil {
			s.errors = map[string]int{}
		}
		s.errors[err]++
		return
	}
	s.lat = append(s.lat, d)
}

func pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))]
}

// do sends one request and reads the whole answer: an error is a transport
// error or any status but want.
func do(c *http.Client, req *http.Request, want int) (int, []byte, error) {
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, b, err
	}
	if resp.StatusCode != want {
		return resp.StatusCode, b, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp.StatusCode, b, nil
}

// run is the load generator: clients concurrent clients for duration, each
// alternating POST /v1/security/scan of a 4 KB text and GET
// /v1/security/precall of the registered server at --mcp (half start with
// one, half with the other).
func run(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	base := fs.String("base", "", "the server's base URL")
	mcp := fs.String("mcp", "", "the registered MCP server's URL")
	clients := fs.Int("clients", 200, "concurrent clients")
	duration := fs.Duration("duration", 30*time.Second, "how long")
	fs.Parse(args)
	if *base == "" || *mcp == "" {
		return errors.New("--base and --mcp are required")
	}
	c := client(*clients, time.Minute)
	r := rand.New(rand.NewPCG(1, 2))
	texts := make([][]byte, 64)
	for i := range texts {
		texts[i], _ = json.Marshal(map[string]string{"text": text4K(r, i)})
	}
	precallURL := *base + "/v1/security/precall?url=" + url.QueryEscape(*mcp)
	scanStats, precallStats := &stats{}, &stats{}
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < *clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for n := i; ctx.Err() == nil; n++ {
				var req *http.Request
				var s *stats
				if n%2 == 0 {
					req, _ = http.NewRequest("POST", *base+"/v1/security/scan", bytes.NewReader(texts[n%len(texts)]))
					req.Header.Set("Content-Type", "application/json")
					s = scanStats
				} else {
					req, _ = http.NewRequest("GET", precallURL, nil)
					s = precallStats
				}
				t0 := time.Now()
				_, body, err := do(c, req, http.StatusOK)
				if err == nil && s == precallStats && !bytes.Contains(body, []byte(`"registered":true`)) {
					err = errors.New("precall answer not registered")
				}
				msg := ""
				if err != nil {
					msg = err.Error()
					if len(body) > 0 {
						msg += ": " + strings.TrimSpace(string(body[:min(len(body), 120)]))
					}
				}
				s.add(time.Since(t0), msg)
			}
		}(i)
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Printf("load run: %d clients for %s against %s\n", *clients, elapsed.Round(time.Millisecond), *base)
	fmt.Printf("%-28s %8s %8s %9s %9s %9s %9s\n", "route", "requests", "errors", "req/s", "p50", "p99", "max")
	var total, errs int
	for _, x := range []struct {
		name string
		s    *stats
	}{{"POST /v1/security/scan", scanStats}, {"GET /v1/security/precall", precallStats}} {
		slices.Sort(x.s.lat)
		ne := 0
		for _, n := range x.s.errors {
			ne += n
		}
		n := len(x.s.lat) + ne
		total += n
		errs += ne
		fmt.Printf("%-28s %8d %8d %9.1f %9s %9s %9s\n", x.name, n, ne, float64(n)/elapsed.Seconds(),
			pct(x.s.lat, .5).Round(10*time.Microsecond), pct(x.s.lat, .99).Round(10*time.Microsecond), pct(x.s.lat, 1).Round(10*time.Microsecond))
		for e, n := range x.s.errors {
			fmt.Printf("  %d× %s\n", n, e)
		}
	}
	fmt.Printf("%-28s %8d %8d %9.1f\n", "all", total, errs, float64(total)/elapsed.Seconds())
	if errs > 0 {
		return fmt.Errorf("%d errors", errs)
	}
	if total == 0 {
		return errors.New("no request finished")
	}
	return nil
}
