package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParseIndex: no panic on any input, and what parses writes back to
// records that parse to the same entries.
func FuzzParseIndex(f *testing.F) {
	f.Add([]byte("100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\ta b.txt\x00100755 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\t.ci/run\x00"))
	f.Add([]byte("120000 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\tlink\x00"))
	f.Add([]byte("garbage\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parseIndex(data)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, e := range entries {
			if e.mode == "" || strings.ContainsAny(e.mode, " \t\n\x00") || strings.ContainsRune(e.path, 0) {
				t.Fatalf("entry %+v from %q", e, data)
			}
			b.WriteString(e.mode + " e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\t" + e.path + "\x00")
		}
		again, err := parseIndex([]byte(b.String()))
		if err != nil {
			t.Fatalf("re-parse of %q: %v", b.String(), err)
		}
		if diff := cmp.Diff(entries, again, cmp.AllowUnexported(entry{})); diff != "" {
			t.Fatalf("re-parse differs (-first +again):\n%s", diff)
		}
	})
}
