package main

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// endless is standard input that never ends, like /dev/zero; it counts
// the bytes read from it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.n += int64(len(p))
	return len(p), nil
}

// TestNonRegularInputLimit: input that is not a regular file is read
// through a limit that stops one byte past it — not a doubling buffer — and
// intent and fingerprint --from have limits far below scan's, refused as
// soon as they are passed.
func TestNonRegularInputLimit(t *testing.T) {
	defer func(old int64) { maxInputSize = old }(maxInputSize)
	maxInputSize = 8 << 20
	for _, tt := range []struct {
		args  []string
		limit int64
	}{
		{[]string{"scan", "-"}, maxInputSize},
		{[]string{"intent", "hash"}, maxBindingSize},
		{[]string{"intent", "verify", "--hash", "sha256:00"}, maxBindingSize},
		{[]string{"fingerprint", "--from", "-"}, maxToolsSize},
	} {
		in := &endless{}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var errOut strings.Builder
		code := run(tt.args, in, io.Discard, &errOut)
		runtime.ReadMemStats(&after)
		if code != exitError || !strings.Contains(errOut.String(), "larger than") {
			t.Errorf("%v: exit %d, %q", tt.args, code, errOut.String())
		}
		// io.ReadFull asks for whole chunks; what it asks for past the
		// limit is at most the byte that tells.
		if in.n > tt.limit+1 {
			t.Errorf("%v: read %d bytes for a limit of %d", tt.args, in.n, tt.limit)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(tt.limit)*3/2+1<<20 {
			t.Errorf("%v: allocated %d bytes for a limit of %d (%.1f×)", tt.args, alloc, tt.limit, float64(alloc)/float64(tt.limit))
		}
	}
	if maxBindingSize > 1<<20 || maxToolsSize > 16<<20 {
		t.Errorf("limits %d and %d: far below scan's 1 GiB", maxBindingSize, maxToolsSize)
	}
	// Under the limit, everything is read and joined exactly.
	data, err := readLimited(strings.NewReader(strings.Repeat("x", 300<<10)), 1<<20)
	if err != nil || len(data) != 300<<10 {
		t.Errorf("readLimited: %d bytes, %v", len(data), err)
	}
	if _, err := readLimited(strings.NewReader("12345"), 4); !errors.Is(err, errTooLarge) {
		t.Errorf("one byte past: %v", err)
	}
	if data, err := readLimited(strings.NewReader("1234"), 4); err != nil || string(data) != "1234" {
		t.Errorf("exactly the limit: %q, %v", data, err)
	}
}
