package main

import (
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
