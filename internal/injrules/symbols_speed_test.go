package injrules

import (
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// symbolRunsRef lists, for each position of lo, the symbolAnchors the
// scan runs there, as the scan read them before symbolsAt2: every anchor
// of the first byte, in order, the second byte and the prefix compared.
func symbolRunsRef(lo string) [][2]int {
	var out [][2]int
	for i := 0; i < len(lo); i++ {
		c := lo[i]
		for _, k := range symbolsAt[c] {
			a := &symbolAnchors[k]
			if c == '.' && i > 0 && isWordByte(lo[i-1]) {
				break
			}
			if i+1 < len(lo) && lo[i+1] == a.prefix[1] && strings.HasPrefix(lo[i:], a.prefix) {
				out = append(out, [2]int{i, k})
			}
		}
	}
	return out
}

// symbolRuns is symbolRunsRef read through symbolsAt2, as scan reads it.
func symbolRuns(lo string) [][2]int {
	var out [][2]int
	for i := 0; i < len(lo); i++ {
		c := lo[i]
		x := symbolsAt2[c]
		if x == nil || i+1 == len(lo) {
			continue
		}
		if c == '.' && i > 0 && isWordByte(lo[i-1]) {
			continue
		}
		c2 := lo[i+1]
		for _, k := range x.anchors[x.at[c2]:x.at[int(c2)+1]] {
			if a := &symbolAnchors[k]; strings.HasPrefix(lo[i:], a.prefix) {
				out = append(out, [2]int{i, int(k)})
			}
		}
	}
	return out
}

// TestSymbolIndexSame compares the anchors the scan runs through the
// two-byte index with those of the former loop over each first byte's
// anchors, on random texts of the anchors' prefixes (cut at every byte,
// after word bytes and spaces) and on Vim's tutors, and checks that the
// random texts reach every anchor.
func TestSymbolIndexSame(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	glue := []string{"", " ", "a", ".", "\n", "я", "ж", "é", "\xd0", "x."}
	seen := make([]bool, len(symbolAnchors))
	for n := 0; n < 5000; n++ {
		var b strings.Builder
		for m := rng.Intn(12); m >= 0; m-- {
			p := symbolAnchors[rng.Intn(len(symbolAnchors))].prefix
			if rng.Intn(4) == 0 {
				p = p[:rng.Intn(len(p)+1)]
			}
			b.WriteString(glue[rng.Intn(len(glue))])
			b.WriteString(p)
		}
		lo := lower(b.String())
		want, got := symbolRunsRef(lo), symbolRuns(lo)
		if !slices.Equal(want, got) {
			t.Fatalf("%q: index runs %v, the loop %v", lo, got, want)
		}
		for _, r := range got {
			seen[r[1]] = true
		}
	}
	for k, ok := range seen {
		if !ok {
			t.Errorf("anchor %q never reached", symbolAnchors[k].prefix)
		}
	}
	files, _ := filepath.Glob("/usr/share/vim/vim*/tutor/tutor*.utf-8")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lo := lower(string(b))
		if want, got := symbolRunsRef(lo), symbolRuns(lo); !slices.Equal(want, got) {
			t.Errorf("%s: index runs %d anchors, the loop %d", f, len(got), len(want))
		}
	}
}
