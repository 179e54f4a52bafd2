package injrules

import (
	"path/filepath"
	"testing"
)

// TestSplitSame checks that the brake's cue expressions, read as
// backtracker-sized parts (split.go), find the match the whole
// expression finds, at every offset of windows cut from the package's
// held-out and development texts (attacks and benign text about them),
// and that the large ones were split at all.
func TestSplitSame(t *testing.T) {
	x := cueLits()
	files, _ := filepath.Glob("testdata/*.jsonl")
	// every other text: the test's time in CI's race run
	texts := testTexts(t, 2, asciiLower, files...)
	if len(texts) < 500 {
		t.Fatalf("%d texts", len(texts))
	}
	split := 0
	for whole, sp := range x.splits {
		if sp.get() != nil {
			split++
		}
		for _, lo := range texts {
			for off := 0; off < len(lo); off += 89 {
				w := lo[off:min(len(lo), off+120)]
				a, b := whole.FindStringIndex(w), sp.FindStringIndex(w)
				if (a == nil) != (b == nil) || a != nil && (a[0] != b[0] || a[1] != b[1]) {
					t.Fatalf("%.40q…: whole %v, parts %v on %q", whole.src, a, b, w)
				}
			}
		}
	}
	if split < 5 {
		t.Errorf("%d cue expressions split, want the 5 of more than %d instructions", split, maxSplitInst)
	}
}
