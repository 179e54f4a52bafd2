package markup

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/plainsight/plainsight/internal/testkit"
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
	for range testkit.Scale(t, 200, 50) {
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

// TestFindClassOverflow checks that Find and FindN find the same
// constructs whether the elements with classes wait for the rules as
// candidates or, past maxCandidates, are found by the second pass; and
// that a text of such elements costs no candidate for each (with the
// list of candidates, a text of them allocated 28 times the text).
func TestFindClassOverflow(t *testing.T) {
	tokens := []string{"<!-- c -->", "<p hidden>", "</p>", "<i class=h>", "<i class='g h'>", "</i>", "<b class=h>", "</b>",
		"<style>.h{display:none}</style>", "<style>b.g{display:none}</style>", "<br class=h>", "<div class=h style=\"display:none\">", "</div>",
		"<textarea class=h>", "</textarea>", "text ", "<script>", "</script>"}
	rng := rand.New(rand.NewPCG(6, 7))
	defer func(n int) { maxCandidates = n }(maxCandidates)
	for range 300 {
		var b strings.Builder
		for range 1 + rng.IntN(300) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		text := b.String()
		maxCandidates = 1 << 30
		want := Find(text)
		wantN, wantTotal := FindN(text, 5)
		maxCandidates = rng.IntN(4)
		if got := Find(text); !slices.Equal(got, want) {
			t.Fatalf("Find(%q) with %d candidates:\n got %v\nwant %v", text, maxCandidates, got, want)
		}
		if got, total := FindN(text, 5); !slices.Equal(got, wantN) || total != wantTotal {
			t.Fatalf("FindN(%q, 5) with %d candidates: got %v, %d; want %v, %d", text, maxCandidates, got, total, wantN, wantTotal)
		}
	}
	maxCandidates = 1 << 12
	text := "<style>.h{display:none}</style>" + strings.Repeat("<b class=h>x</b>", 1<<16)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	all := Find(text)
	runtime.ReadMemStats(&after)
	if len(all) != 1+1<<16 {
		t.Fatalf("Find: %d constructs, want %d", len(all), 1+1<<16)
	}
	size := uint64(len(all)) * uint64(unsafe.Sizeof(Construct{}))
	// Mostly the tokenizer's garbage, twice (more under -race); 29 MB
	// with a candidate each.
	if got, want := after.TotalAlloc-before.TotalAlloc, 12*size+uint64(len(text)); got > want {
		t.Errorf("Find of %d hidden elements allocated %d bytes, want at most %d (the constructs take %d)", len(all), got, want, size)
	}
}
