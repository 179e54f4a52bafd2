package markup

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestFindNKeepsTheFirst checks that FindN, which drops constructs as it
// finds them, keeps exactly the first max of Find's (SelfContained aside,
// which it does not report) and counts them all, on texts with many
// constructs of every kind.
func TestFindNKeepsTheFirst(t *testing.T) {
	tokens := []string{"<!-- c -->", "<!--", "-->", "<p hidden>", "</p>", "<div style=\"display:none\">", "</div>",
		"<style>.h{display:none}</style>", "<i class=h>", "</i>", "<br hidden>", "[x]: # (c)\n", "text ", "\n", "<script>", "</script>"}
	rng := rand.New(rand.NewPCG(4, 5))
	most := 0
	for range 200 {
		var b strings.Builder
		for range 100 + rng.IntN(2000) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		text := b.String()
		all := Find(text)
		most = max(most, len(all))
		for i := range all {
			all[i].SelfContained = false
		}
		for _, n := range []int{0, 1, 10, len(all), len(all) + 3} {
			got, total := FindN(text, n)
			want := all[:min(n, len(all))]
			if total != len(all) || len(got) != len(want) {
				t.Fatalf("FindN(%d): %d kept, %d in all; want %d, %d", n, len(got), total, len(want), len(all))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("FindN(%d): construct %d is %+v, want %+v", n, i, got[i], want[i])
				}
			}
		}
	}
	if most < 2*10+256 {
		t.Errorf("the texts hold at most %d constructs: too few for FindN to drop any at 10", most)
	}
}

// TestFindManyBlocks checks Find on a text of many more constructs than a
// block holds: the same constructs, SelfContained included, as each piece
// of the text alone gives; and, on a text of CSS rules (the css case of
// bench/hostile.sh), that the list is made once at its size: a list grown
// by copying allocated about six times its size.
func TestFindManyBlocks(t *testing.T) {
	const piece = "<!-- c --><div hidden>x</div><style>.h{display:none}</style><b class=h>y</b>\n[x]: # (c)\n"
	one := Find(piece)
	if len(one) != 5 {
		t.Fatalf("the piece holds %d constructs, want 5", len(one))
	}
	n := 3*blockSize/len(one) + 7
	all := Find(strings.Repeat(piece, n))
	if len(all) != n*len(one) {
		t.Fatalf("Find: %d constructs, want %d", len(all), n*len(one))
	}
	for i, c := range all {
		want := one[i%len(one)]
		want.Start += i / len(one) * len(piece)
		want.End += i / len(one) * len(piece)
		if c != want {
			t.Fatalf("construct %d is %+v, want %+v", i, c, want)
		}
	}

	text := strings.Repeat("<style>.h{display:none}</style>", 5*blockSize)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	all = Find(text)
	runtime.ReadMemStats(&after)
	size := uint64(len(all)) * uint64(unsafe.Sizeof(Construct{}))
	if got, want := after.TotalAlloc-before.TotalAlloc, 7*size/2; got > want {
		t.Errorf("Find of %d rules allocated %d bytes, want at most %d (the constructs take %d)", len(all), got, want, size)
	}
}
