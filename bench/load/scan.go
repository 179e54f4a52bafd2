package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/signature"
)

// The scan routes alone, over HTTP and in-process (issue 33, item 5: the
// scan routes reach 70 % of the in-process throughput of the same bodies
// on the same cores). docs/serve-load.md has the table and the commands.
//
//	load scan   --base URL[,URL...] --route v1|v2 --size 1024 [--clients 8] [--duration 10s]
//	load inproc --route v1|v2 --size 1024 [--clients 8] [--duration 10s] [--db DB]
//
// Both send the same bodies (scanTexts: prose of --size bytes, each
// different, one in ten with a zero-width space) at the same concurrency
// and print requests a second. scan spreads its clients over the URLs
// given (several serve instances) and speaks HTTP/1.1 over kept-alive
// connections with a client that does little besides writing a prepared
// request and reading the answer, so that the generator takes as little
// of the shared cores as it can. inproc runs, on --clients goroutines,
// what the route's handler runs once the body is read: for v1
// scan.ScanWTF8 in the Strict profile (serve's default); for v2 the
// shield scanner with serve's configuration (a receipt key ring signing
// each answer, the confirmed signatures of --db's feed as its matcher),
// and, with --db, each answer appended to the receipt log as serve does
// (--no-log leaves that out).

// scanTexts are n texts of size bytes of prose, each different, every
// tenth with a zero-width space (a finding), as the mixed run's.
func scanTexts(n, size int) []string {
	words := strings.Fields("the forecast for the city calls for light rain in the morning and clear skies by the evening with winds from the west at ten to fifteen kilometres an hour")
	r := rand.New(rand.NewPCG(33, uint64(size)))
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for b.Len() < size-16 {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
		}
		if i%10 == 0 {
			b.WriteString("pay\u200bload")
		}
		out[i] = b.String()
	}
	return out
}

// scanBody is the JSON body of route for text.
func scanBody(route, text string) []byte {
	var b []byte
	if route == "v1" {
		b, _ = json.Marshal(map[string]string{"text": text})
	} else {
		b, _ = json.Marshal(map[string]any{"content": text, "context": map[string]string{"source": "web", "direction": "inbound"}})
	}
	return b
}

// routePath is the path of route.
func routePath(route string) (string, error) {
	switch route {
	case "v1":
		return "/v1/security/scan", nil
	case "v2":
		return "/v2/scan", nil
	}
	return "", fmt.Errorf("--route is v1 or v2, not %q", route)
}

// counted runs work on clients goroutines for d and returns how many
// calls ended, the errors by message, and the time taken.
func counted(clients int, d time.Duration, work func(g, n int) error) (int64, map[string]int, time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var done atomic.Int64
	var mu sync.Mutex
	errs := map[string]int{}
	var wg sync.WaitGroup
	start := time.Now()
	for g := 0; g < clients; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := g; ctx.Err() == nil; n += clients {
				if err := work(g, n); err != nil {
					mu.Lock()
					errs[err.Error()]++
					mu.Unlock()
					continue
				}
				done.Add(1)
			}
		}(g)
	}
	wg.Wait()
	return done.Load(), errs, time.Since(start)
}

func report(what string, n int64, errs map[string]int, elapsed time.Duration) error {
	fmt.Printf("%s: %d in %s, %.1f/s, %d errors\n", what, n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), len(errs))
	bad := 0
	for e, k := range errs {
		fmt.Printf("  %d× %s\n", k, e)
		bad += k
	}
	if bad > 0 {
		return fmt.Errorf("%d errors", bad)
	}
	if n == 0 {
		return errors.New("nothing finished")
	}
	return nil
}

// scanHTTP is `load scan`: the route alone over HTTP.
func scanHTTP(args []string) error {
	fs := flag.NewFlagSet("scan", flag.ExitOnError)
	bases := fs.String("base", "", "the server's base URL; several, comma-separated, share the clients in turn")
	route := fs.String("route", "v1", "v1 (POST /v1/security/scan) or v2 (POST /v2/scan)")
	size := fs.Int("size", 1024, "bytes of text a body holds")
	clients := fs.Int("clients", 8, "concurrent clients, each on its own connection")
	duration := fs.Duration("duration", 10*time.Second, "how long")
	pids := fs.String("pids", "", "the serve processes' ids, comma-separated: also print their CPU time per request")
	fs.Parse(args)
	path, err := routePath(*route)
	if err != nil {
		return err
	}
	var hosts []string
	for _, b := range strings.Split(*bases, ",") {
		u, err := url.Parse(b)
		if err != nil || u.Scheme != "http" || u.Host == "" {
			return fmt.Errorf("--base %q: want http://HOST:PORT", b)
		}
		if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
			return fmt.Errorf("--base %q: loopback only", b)
		}
		hosts = append(hosts, u.Host)
	}
	texts := scanTexts(64, *size)
	reqs := make([][]byte, len(texts))
	for i, t := range texts {
		body := scanBody(*route, t)
		reqs[i] = append([]byte("POST "+path+" HTTP/1.1\r\nHost: plainsight\r\nContent-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"), body...)
	}
	// Every body once to each instance before the clock starts (the
	// rules' one-time compiles are not the route's cost).
	for _, h := range hosts {
		nc, err := net.Dial("tcp", h)
		if err != nil {
			return err
		}
		c := &leanConn{c: nc, r: bufio.NewReaderSize(nc, 64<<10)}
		for _, r := range reqs {
			if status, err := c.roundTrip(r); err != nil || status != 200 {
				nc.Close()
				return fmt.Errorf("warm-up request to %s: status %d, %v", h, status, err)
			}
		}
		nc.Close()
	}
	conns := make([]*leanConn, *clients)
	defer func() {
		for _, c := range conns {
			if c != nil {
				c.c.Close()
			}
		}
	}()
	var procs []int
	if *pids != "" {
		for _, p := range strings.Split(*pids, ",") {
			id, err := strconv.Atoi(p)
			if err != nil {
				return fmt.Errorf("--pids: %q is not a process id", p)
			}
			procs = append(procs, id)
		}
	}
	serverCPU := func() time.Duration {
		var t time.Duration
		for _, p := range procs {
			t += procCPU(p)
		}
		return t
	}
	s0, c0 := serverCPU(), selfCPU()
	n, errs, elapsed := counted(*clients, *duration, func(g, n int) error {
		c := conns[g]
		if c == nil {
			nc, err := net.Dial("tcp", hosts[g%len(hosts)])
			if err != nil {
				return err
			}
			c = &leanConn{c: nc, r: bufio.NewReaderSize(nc, 64<<10)}
			conns[g] = c
		}
		status, err := c.roundTrip(reqs[n%len(reqs)])
		if err != nil {
			c.c.Close()
			conns[g] = nil
			return err
		}
		if status != 200 {
			return fmt.Errorf("status %d", status)
		}
		return nil
	})
	s1, c1 := serverCPU(), selfCPU()
	err = report(fmt.Sprintf("load scan %s %d B, %d clients, %d instance(s)", *route, *size, *clients, len(hosts)), n, errs, elapsed)
	if n > 0 {
		fmt.Printf("cpu per request: client %.1f µs", float64(c1-c0)/float64(n)/1e3)
		if len(procs) > 0 {
			fmt.Printf(", server %.1f µs", float64(s1-s0)/float64(n)/1e3)
		}
		fmt.Println()
	}
	return err
}

// leanConn is one kept-alive HTTP/1.1 connection.
type leanConn struct {
	c net.Conn
	r *bufio.Reader
}

// roundTrip writes req and reads the answer (Content-Length or chunked),
// returning its status.
func (c *leanConn) roundTrip(req []byte) (int, error) {
	if _, err := c.c.Write(req); err != nil {
		return 0, err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	length, chunked, closing := -1, false, false
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		k, v, _ := bytes.Cut(h, []byte(":"))
		v = bytes.TrimSpace(v)
		switch {
		case bytes.EqualFold(k, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(v)); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", v)
			}
		case bytes.EqualFold(k, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(v, []byte("chunked"))
		case bytes.EqualFold(k, []byte("Connection")):
			closing = bytes.EqualFold(v, []byte("close"))
		}
	}
	switch {
	case chunked:
		for {
			h, err := c.r.ReadSlice('\n')
			if err != nil {
				return 0, err
			}
			size, err := strconv.ParseInt(string(bytes.TrimRight(h, "\r\n")), 16, 64)
			if err != nil {
				return 0, fmt.Errorf("bad chunk size %q", h)
			}
			if _, err := c.r.Discard(int(size) + 2); err != nil {
				return 0, err
			}
			if size == 0 {
				break
			}
		}
	case length >= 0:
		if _, err := c.r.Discard(length); err != nil {
			return 0, err
		}
	default:
		return 0, errors.New("an answer with neither Content-Length nor chunks")
	}
	if closing {
		return status, io.ErrUnexpectedEOF // the next request needs a new connection
	}
	return status, nil
}

// scanInProcess is `load inproc`: what the route's handler runs on the
// same texts, without HTTP.
func scanInProcess(args []string) error {
	fs := flag.NewFlagSet("inproc", flag.ExitOnError)
	route := fs.String("route", "v1", "v1 (scan.ScanWTF8, Strict) or v2 (the shield scanner, signed)")
	size := fs.Int("size", 1024, "bytes of text a call scans")
	clients := fs.Int("clients", 8, "concurrent callers")
	duration := fs.Duration("duration", 10*time.Second, "how long")
	db := fs.String("db", "", "v2: the database whose confirmed signatures the scanner matches and whose receipt log each answer is appended to")
	noLog := fs.Bool("no-log", false, "v2: append nothing to the receipt log")
	fs.Parse(args)
	if _, err := routePath(*route); err != nil {
		return err
	}
	texts := scanTexts(64, *size)
	ctx := context.Background()
	var work func(g, n int) error
	what := fmt.Sprintf("load inproc %s %d B, %d clients", *route, *size, *clients)
	switch *route {
	case "v1":
		opts := &scan.Options{Profile: scan.Strict}
		work = func(_, n int) error {
			_, err := scan.ScanWTF8(texts[n%len(texts)], opts)
			return err
		}
	case "v2":
		ring, err := receipt.NewKeyRing()
		if err != nil {
			return err
		}
		opts := shield.Options{Signer: ring}
		var log *receiptstore.Log
		if *db != "" {
			s, err := openStore(ctx, *db)
			if err != nil {
				return err
			}
			defer s.Close()
			sv := signature.NewService(s, signature.Options{})
			opts.Signatures = indexMatcher{sv}
			if !*noLog {
				log = receiptstore.New(s)
			}
			what += ", signatures of " + *db
			if log != nil {
				what += ", receipt log appended"
			}
		}
		sc, err := shield.New(opts)
		if err != nil {
			return err
		}
		work = func(_, n int) error {
			req := shield.Request{Content: texts[n%len(texts)], Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}}
			resp, err := sc.Scan(ctx, req)
			if err != nil || log == nil {
				return err
			}
			e := enforce.NewLogEntry("anonymous", req, &resp, enforce.Action{Direction: req.Context.Direction},
				enforce.Decision{Outcome: "unreported", Reason: "scanned by the server; the enforcer's outcome is a later entry when reported"})
			return log.Append(ctx, e)
		}
	}
	// Every text once before the clock starts, as a serve process has
	// scanned before it is measured (the rules' one-time compiles).
	for i := range texts {
		if err := work(0, i); err != nil {
			return err
		}
	}
	c0 := selfCPU()
	n, errs, elapsed := counted(*clients, *duration, work)
	c1 := selfCPU()
	err := report(what, n, errs, elapsed)
	if n > 0 {
		fmt.Printf("cpu per call: %.1f µs\n", float64(c1-c0)/float64(n)/1e3)
	}
	return err
}

// selfCPU is the CPU time this process has used, user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procCPU is the CPU time process pid has used (Linux /proc, in clock
// ticks of 10 ms), 0 when it cannot be read.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces: the fields are
	// counted after its closing parenthesis (utime and stime are the
	// 14th and 15th of the line).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}

// indexMatcher matches the confirmed signatures of a signature service's
// index, brought up to date at each scan, as the server's matcher does.
type indexMatcher struct{ sv *signature.Service }

func (m indexMatcher) MatchSignatures(ctx context.Context, content string) ([]shield.SignatureMatch, error) {
	idx, err := m.sv.Index(ctx)
	if err != nil {
		return nil, err
	}
	return idx.MatchSignatures(ctx, content)
}
