package main

import (
	"encoding/base64"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestSkillMemoryBound: skill on a file of 0xFF bytes — every byte an
// ill-formed sequence, each once a result kept — allocates a bounded
// multiple of the file, not one result per byte. (Scaled down: 2 MiB; the
// full-size runs are in the report and bench/.)
func TestSkillMemoryBound(t *testing.T) {
	dir := t.TempDir()
	const size = 2 << 20
	writeFile(t, dir, "SKILL.md", strings.Repeat("\xff", size))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code := run([]string{"skill", "--format", "json", dir}, nil, io.Discard, io.Discard)
	runtime.ReadMemStats(&after)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 20*size {
		t.Errorf("allocated %d bytes for a %d-byte file (%.1f×)", alloc, size, float64(alloc)/size)
	} else {
		t.Logf("allocated %.1f× the file", float64(alloc)/size)
	}
}

// TestScanTextBlobMemoryBound: scan's text format on a file that is one
// base64 blob of printable text shows the first 80 codepoints of what it
// decodes to, and costs the decoded text once (three quarters of the
// file), not four bytes a codepoint of it as well. (Scaled down: 4 MiB.)
func TestScanTextBlobMemoryBound(t *testing.T) {
	dir := t.TempDir()
	plain := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 3<<20/45)
	file := writeFile(t, dir, "blob.txt", base64.StdEncoding.EncodeToString([]byte(plain)))
	var out strings.Builder
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code := run([]string{"scan", file}, nil, &out, io.Discard)
	runtime.ReadMemStats(&after)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if want := fmt.Sprintf(" decodes to %q…", plain[:80]); !strings.Contains(out.String(), want) {
		t.Errorf("output %q does not hold %q", out.String(), want)
	}
	size := uint64(4 * len(plain) / 3)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2*size {
		t.Errorf("allocated %d bytes for a %d-byte file (%.1f×)", alloc, size, float64(alloc)/float64(size))
	}
}
