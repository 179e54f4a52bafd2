package markup

import (
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// largeAllocated returns the bytes allocated so far in objects larger than
// 32 KiB: runtime.MemStats.TotalAlloc without the small objects, which
// /gc/heap/allocs-by-size counts by size class (a bucket's upper bound is
// its class's size plus one, an exclusive bound; TotalAlloc counts the
// class's size). The HTML tokenizer's garbage is small objects; the lists
// of constructs are large ones.
func largeAllocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s := []metrics.Sample{{Name: "/gc/heap/allocs-by-size:bytes"}}
	metrics.Read(s)
	h := s[0].Value.Float64Histogram()
	small := uint64(0)
	for i, n := range h.Counts {
		if size := h.Buckets[i+1] - 1; size <= 32<<10 {
			small += n * uint64(size)
		}
	}
	return m.TotalAlloc - small
}

// TestFindManyConstructs: past maxBlocks full blocks, Find lets the
// blocks go, counts the constructs and finds them again into a list made
// at their number — the same constructs, SelfContained included — so that
// a text made of constructs costs them once, not twice as when the blocks
// were joined (json-classes in bench/hostile.sh: 1,202 MiB for 256 MiB of
// elements hidden by a class rule).
func TestFindManyConstructs(t *testing.T) {
	defer func(n int) { maxBlocks = n }(maxBlocks)
	for _, piece := range []string{
		"<b class=h>x</b>",
		"<b class=h>x</b><!-- c -->\n[a]: # (b)\n<p hidden>y</p>",
		"<!-- c --><i style=\"display:none\">",
	} {
		text := "<style>.h{display:none}</style>" + strings.Repeat(piece, 3*blockSize+5)
		maxBlocks = 0
		want := Find(text)
		maxBlocks = 1
		if got := Find(text); !slices.Equal(got, want) {
			t.Fatalf("Find of %d× %q with maxBlocks 1: %d constructs, not the %d found with no limit (or not the same)", 3*blockSize+5, piece, len(got), len(want))
		}
	}

	maxBlocks = 2
	text := "<style>.h{display:none}</style>" + strings.Repeat("<b class=h>x</b>", 16*blockSize)
	runtime.GC()
	before := largeAllocated()
	all := Find(text)
	after := largeAllocated()
	if len(all) != 1+16*blockSize {
		t.Fatalf("Find: %d constructs, want %d", len(all), 1+16*blockSize)
	}
	size := uint64(len(all)) * uint64(unsafe.Sizeof(Construct{}))
	// The list, the blocks (three) the first pass had before it let them
	// go, the candidates; joining all the blocks cost twice the list
	// (2.2× here).
	if got, want := after-before, size+size/2; got > want {
		t.Errorf("Find of %d hidden elements allocated %d bytes in large objects, want at most %d (the constructs take %d)", len(all), got, want, size)
	} else {
		t.Logf("large objects: %.2f× the constructs", float64(after-before)/float64(size))
	}
}

// TestFindManyConstructsRandom: the constructs Find counts and finds again
// are the ones it joins, on random mixes of every kind of construct (and
// of what comes near one) repeated past the blocks it joins.
func TestFindManyConstructsRandom(t *testing.T) {
	defer func(n int) { maxBlocks = n }(maxBlocks)
	tokens := []string{"<!-- c -->", "<!--", "-->", "<p hidden>", "</p>", "<div style=\"display:none\">", "</div>",
		"<style>.h{display:none}</style>", "<i class=h>", "</i>", "<br hidden>", "[x]: # (c)\n", "text ", "\n", "<script>", "</script>"}
	rng := rand.New(rand.NewPCG(8, 9))
	counted := 0
	for range 12 {
		var b strings.Builder
		for range 1 + rng.IntN(40) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		piece := b.String()
		maxBlocks = 0
		one := len(Find(piece + piece))
		if one == 0 {
			continue
		}
		text := strings.Repeat(piece, 8*blockSize/one+rng.IntN(100))
		want := Find(text)
		maxBlocks = 1 + rng.IntN(2)
		k := &keeper{max: -1, last: -1, maxBlocks: maxBlocks}
		if findKept(text, k); k.counting {
			counted++
		}
		if got := Find(text); !slices.Equal(got, want) {
			t.Fatalf("Find of %q repeated, with maxBlocks %d: %d constructs, want the %d found with no limit (or not the same)", piece, maxBlocks, len(got), len(want))
		}
	}
	if counted < 6 {
		t.Errorf("%d texts of 12 were past the blocks Find joins, want most", counted)
	}
	t.Logf("%d texts of 12 past the blocks", counted)
}
