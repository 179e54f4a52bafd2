package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestReadSized: a file read into a buffer of the size it had when it was
// opened gives what it holds when read — more when it grew, through the
// limit; less when it shrank.
func TestReadSized(t *testing.T) {
	for _, tt := range []struct {
		name        string
		content     string
		size, limit int64
		want        string // "" with tooLarge
		tooLarge    bool
	}{
		{"unchanged", "abcd", 4, 10, "abcd", false},
		{"grew", "abcdefgh", 4, 10, "abcdefgh", false},
		{"grew to the limit", "abcdefghij", 4, 10, "abcdefghij", false},
		{"grew past the limit", "abcdefghijk", 4, 10, "", true},
		{"at the limit, then grew", "abcde", 4, 4, "", true},
		{"shrank", "ab", 4, 10, "ab", false},
		{"emptied", "", 4, 10, "", false},
		{"a size of 0 that holds more (/proc)", "abc", 0, 10, "abc", false},
	} {
		got, err := readSized(strings.NewReader(tt.content), tt.size, tt.limit)
		if tt.tooLarge {
			if !errors.Is(err, errTooLarge) {
				t.Errorf("%s: %q, %v; want errTooLarge", tt.name, got, err)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// TestFileOverLimitUnread: a regular file larger than the limit is refused
// from its size, before it is read — named, or as standard input, where
// not a byte of it is consumed.
func TestFileOverLimitUnread(t *testing.T) {
	defer func(old int64) { maxInputSize = old }(maxInputSize)
	maxInputSize = 1 << 20
	p := filepath.Join(t.TempDir(), "big.txt")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Sparse: read, it would be maxInputSize+1 zero bytes.
	if err := f.Truncate(maxInputSize + 1); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var errOut strings.Builder
	code := run([]string{"scan", p}, nil, io.Discard, &errOut)
	runtime.ReadMemStats(&after)
	if code != exitError || !strings.Contains(errOut.String(), "larger than") {
		t.Errorf("named: exit %d, %q", code, errOut.String())
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<10 {
		t.Errorf("named: allocated %d bytes to refuse a file of %d", alloc, maxInputSize+1)
	}
	errOut.Reset()
	if code := run([]string{"scan", "-"}, f, io.Discard, &errOut); code != exitError || !strings.Contains(errOut.String(), "larger than") {
		t.Errorf("standard input: exit %d, %q", code, errOut.String())
	}
	if off, err := f.Seek(0, io.SeekCurrent); off != 0 || err != nil {
		t.Errorf("standard input: read to %d (%v) before it was refused", off, err)
	}
	// Past the limit by what was already read from standard input: the
	// rest is within it.
	if err := f.Truncate(maxInputSize + 100); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(100, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	errOut.Reset()
	if code := run([]string{"scan", "--format", "json", "-"}, f, io.Discard, &errOut); code != exitFound {
		t.Errorf("standard input, the rest within the limit: exit %d, %q", code, errOut.String())
	}
}

// TestStdinRegularFile: standard input redirected from a file is read as
// the file named would be (mapped when large), from where it was left, and
// is left at its end.
func TestStdinRegularFile(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{100, 3 << 20} {
		content := strings.Repeat("plain text line\n", size/16) + "a\u200bb\n"
		p := writeFile(t, dir, "in.txt", content)
		var byName, byStdin strings.Builder
		if code := run([]string{"scan", "--format", "json", p}, nil, &byName, io.Discard); code != exitFound {
			t.Fatalf("%d bytes by name: exit %d", size, code)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		if code := run([]string{"scan", "--format", "json", "-"}, f, &byStdin, io.Discard); code != exitFound {
			t.Fatalf("%d bytes on standard input: exit %d", size, code)
		}
		if byName.String() != byStdin.String() {
			t.Errorf("%d bytes: standard input gave\n%.300s\nby name\n%.300s", size, byStdin.String(), byName.String())
		}
		if off, _ := f.Seek(0, io.SeekCurrent); off != int64(len(content)) {
			t.Errorf("%d bytes: standard input left at %d, want its end %d", size, off, len(content))
		}
		// From where it was left: the first line is not scanned.
		if _, err := f.Seek(16, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		data, release, err := readInput(scanInput{path: "-", stdin: true}, f, maxInputSize)
		if err != nil || string(data) != content[16:] {
			t.Errorf("%d bytes from offset 16: %d bytes, %v", size, len(data), err)
		}
		release()
		f.Close()
	}
}

// TestPipeInput: a pipe is read exactly, up to the limit and no further.
func TestPipeInput(t *testing.T) {
	const limit = 256 << 10
	for _, tt := range []struct {
		n        int
		tooLarge bool
	}{{0, false}, {1000, false}, {limit, false}, {limit + 1, true}, {4 * limit, true}} {
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		content := bytes.Repeat([]byte("0123456789abcdef"), tt.n/16+1)[:tt.n]
		written := make(chan int)
		go func() {
			n, _ := pw.Write(content) // cut off when the reader stops
			pw.Close()
			written <- n
		}()
		data, release, err := readFrom(pr, limit)
		pr.Close()
		n := <-written
		if tt.tooLarge {
			if !errors.Is(err, errTooLarge) {
				t.Errorf("%d bytes: %d read, %v; want errTooLarge", tt.n, len(data), err)
			}
			if tt.n == 4*limit && n == tt.n {
				t.Errorf("%d bytes: all were taken, the limit is %d", tt.n, limit)
			}
		} else if err != nil || !bytes.Equal(data, content) {
			t.Errorf("%d bytes: %d read, %v", tt.n, len(data), err)
		}
		release()
	}
}
