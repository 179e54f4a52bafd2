//go:build linux

package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// mcpLoad plays hostile clients of `plainsight mcp --http` (issue 29,
// item 6): it starts the server (BIN mcp --http 127.0.0.1:0) as its own
// child, loads it, prints what the server answered and its resident
// memory (VmHWM and VmRSS of /proc/PID/status), ends it with SIGTERM and
// exits with the server's status. Measured by the suite, its peak is the
// larger of its own and the server's (wait4 counts the reaped child).
//
//	hostile mcp batch -ps BIN -db DB [-calls N] [-clients K]
//	    K clients at once, each one POST of a batch of N tools/list calls
//	    (no Mcp-Protocol-Version header), each answer read whole
//	hostile mcp slow -ps BIN -db DB [-calls N] [-clients K] [-hold D]
//	    K clients at once send the same batch and never read, for D
func mcpLoad(mode string, args []string) error {
	fs := flag.NewFlagSet("mcp", flag.ExitOnError)
	ps := fs.String("ps", "", "the plainsight binary")
	db := fs.String("db", "", "the --db of plainsight mcp")
	calls := fs.Int("calls", 40000, "tools/list calls in the batch")
	clients := fs.Int("clients", 1, "clients at once")
	hold := fs.Duration("hold", 10*time.Second, "slow: how long the clients hold their connections unread")
	fs.Parse(args)
	if *ps == "" || *db == "" {
		return errors.New("mcp: -ps and -db are required")
	}
	srv := exec.Command(*ps, "mcp", "--http", "127.0.0.1:0", "--db", *db)
	srv.Stderr = io.Discard
	stdout, err := srv.StdoutPipe()
	if err != nil {
		return err
	}
	if err := srv.Start(); err != nil {
		return err
	}
	defer srv.Process.Kill() // an error path only; the normal end is SIGTERM below
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return fmt.Errorf("mcp: no start line: %v", err)
	}
	addr := regexp.MustCompile(`http://(\S+)/mcp`).FindStringSubmatch(line)
	if addr == nil {
		return fmt.Errorf("mcp: start line %q", line)
	}
	target := "http://" + addr[1] + "/mcp"
	pid := srv.Process.Pid
	fmt.Printf("server idle: %s\n", rssLine(pid))

	var b bytes.Buffer
	b.WriteByte('[')
	for i := range *calls {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, i+1)
	}
	b.WriteByte(']')
	body := b.Bytes()
	fmt.Printf("batch: %d calls, %d bytes, %d clients\n", *calls, len(body), *clients)

	peak := sampleRSS(pid)
	start := time.Now()
	switch mode {
	case "batch":
		var wg sync.WaitGroup
		results := make([]string, *clients)
		for c := range *clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[c] = postBatch(target, body)
			}()
		}
		wg.Wait()
		for c, r := range results {
			fmt.Printf("client %d: %s\n", c, r)
		}
	case "slow":
		conns, err := slowClients(addr[1], body, *clients)
		fmt.Printf("slow: %d clients sent their batch and read nothing (%v)\n", len(conns), err)
		time.Sleep(*hold)
		fmt.Printf("server holding %d unread clients after %v: %s\n", len(conns), *hold, rssLine(pid))
		var open atomic.Int64
		var wg sync.WaitGroup
		for _, c := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !dropped(c) {
					open.Add(1)
				}
			}()
		}
		wg.Wait()
		fmt.Printf("slow: %d of %d connections still open\n", open.Load(), len(conns))
		for _, c := range conns {
			c.Close()
		}
	default:
		return fmt.Errorf("mcp: no mode %q", mode)
	}
	fmt.Printf("load seconds: %.2f\n", time.Since(start).Seconds())
	time.Sleep(time.Second)
	fmt.Printf("server after: %s, sampled peak VmRSS %d MiB\n", rssLine(pid), peak()/1024)
	srv.Process.Signal(syscall.SIGTERM)
	err = srv.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		fmt.Printf("server exit: %d\n", exit.ExitCode())
		os.Exit(1)
	}
	return err
}

// postBatch sends one batch and reads its answer whole.
func postBatch(target string, body []byte) string {
	req, err := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return err.Error()
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "error " + err.Error()
	}
	defer resp.Body.Close()
	head := make([]byte, 160)
	n, _ := io.ReadFull(resp.Body, head)
	rest, err := io.Copy(io.Discard, resp.Body)
	s := fmt.Sprintf("status %d, answer %d bytes in %.2f s, begins %q", resp.StatusCode, int64(n)+rest, time.Since(start).Seconds(), head[:n])
	if err != nil {
		s += ", read error " + err.Error()
	}
	return s
}

// slowClients opens k connections, each sending the batch with a small
// receive buffer, and reads nothing from them.
func slowClients(addr string, body []byte, k int) ([]*net.TCPConn, error) {
	u := url.URL{Scheme: "http", Host: addr, Path: "/mcp"}
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n",
		u.Path, addr, len(body))
	var conns []*net.TCPConn
	for range k {
		d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) {
				syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
			})
		}}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			return conns, err
		}
		tc := c.(*net.TCPConn)
		conns = append(conns, tc)
		if _, err := io.WriteString(tc, head); err != nil {
			return conns, err
		}
		if _, err := tc.Write(body); err != nil {
			return conns, err
		}
	}
	return conns, nil
}

// dropped reports whether the server has closed c: reading what it sent
// ends in EOF or a reset within a few seconds.
func dropped(c *net.TCPConn) bool {
	c.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// rssLine is VmHWM and VmRSS of pid, in MiB.
func rssLine(pid int) string {
	hwm, rss := procKiB(pid, "VmHWM:"), procKiB(pid, "VmRSS:")
	return fmt.Sprintf("VmHWM %d MiB, VmRSS %d MiB", hwm/1024, rss/1024)
}

// procKiB reads one "Name: N kB" line of /proc/PID/status.
func procKiB(pid int, name string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == name {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return -1
}

// sampleRSS samples VmRSS of pid every 20 ms; the function it returns
// stops and gives the largest, in KiB.
func sampleRSS(pid int) func() int64 {
	var mu sync.Mutex
	var top int64
	stop := make(chan struct{})
	go func() {
		for {
			if v := procKiB(pid, "VmRSS:"); v > 0 {
				mu.Lock()
				top = max(top, v)
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		mu.Lock()
		defer mu.Unlock()
		return top
	}
}
