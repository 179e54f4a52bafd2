//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestFIFOInput: a named pipe is read through the limit, like standard
// input: its text is scanned, and one that goes on past the limit is
// refused without being read to its end.
func TestFIFOInput(t *testing.T) {
	defer func(old int64) { maxInputSize = old }(maxInputSize)
	maxInputSize = 1 << 20
	dir := t.TempDir()
	for _, tt := range []struct {
		content string
		code    int
	}{
		{"a\u200bb\n", exitFound},
		{strings.Repeat("x", 8<<20), exitError},
	} {
		p := filepath.Join(dir, "fifo")
		os.Remove(p)
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
		written := make(chan int)
		go func() {
			w, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				written <- 0
				return
			}
			n, _ := io.WriteString(w, tt.content) // cut off when the reader stops
			w.Close()
			written <- n
		}()
		var out, errOut strings.Builder
		code := run([]string{"scan", p}, nil, &out, &errOut)
		n := <-written
		if code != tt.code {
			t.Errorf("%d bytes: exit %d, want %d (%q)", len(tt.content), code, tt.code, errOut.String())
		}
		if tt.code == exitError {
			if !strings.Contains(errOut.String(), "larger than") {
				t.Errorf("%d bytes: %q", len(tt.content), errOut.String())
			}
			if n == len(tt.content) {
				t.Errorf("%d bytes: all were taken, the limit is %d", n, maxInputSize)
			}
		} else if !strings.Contains(out.String(), "zero_width") {
			t.Errorf("%q: output %q", tt.content, out.String())
		}
	}
}

// TestPipeReadReserved: a pipe's bytes are read into space reserved for
// the limit and taken as they arrive: the heap holds none of them (through
// readLimited it held them twice, its chunks and their join).
func TestPipeReadReserved(t *testing.T) {
	const size = 4 << 20
	content := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	go func() {
		pw.Write(content)
		pw.Close()
	}()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, release, err := readFrom(pr, 1<<30)
	runtime.ReadMemStats(&after)
	defer release()
	if err != nil || !bytes.Equal(data, content) {
		t.Fatalf("%d bytes read, %v", len(data), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<10 {
		t.Errorf("allocated %d bytes on the heap to read %d from a pipe", alloc, size)
	}
}
