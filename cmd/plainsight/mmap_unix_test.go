//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/scan"
)

// A mapped file that is truncated while it is scanned is an I/O error for
// that input, not a crash.
func TestMappedFileTruncated(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "shrinks.txt", strings.Repeat("x", 4<<20))
	in := scanInput{path: p}
	data, release, err := readInput(in, nil, maxInputSize)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if err := os.Truncate(p, 0); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	sc := &scanner{out: newWriter("scan", "json", &buf, false), filt: &filter{}, opts: &scan.Options{}, stderr: io.Discard}
	_, err = sc.data(in, data, false)
	if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Errorf("scanning a mapped file truncated under it: err %v", err)
	}
}
