package shield

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/whatwg"
)

// positionsRef is the conversion that positions replaced, kept to compare
// with: it decodes every codepoint up to the last offset.
func positionsRef(text string, hs []hit) []Signal {
	sortHits(hs)
	offs := make([]int, 0, 2*len(hs))
	for _, h := range hs {
		offs = append(offs, h.start, h.end)
	}
	slices.Sort(offs)
	offs = slices.Compact(offs)
	cp := make(map[int][2]int, len(offs))
	var n, u int
	i, k := 0, 0
	for k < len(offs) {
		for k < len(offs) && offs[k] <= i {
			cp[offs[k]] = [2]int{n, u}
			k++
		}
		if i >= len(text) {
			break
		}
		r, size, _ := whatwg.DecodeRune(text[i:])
		i += size
		n++
		u++
		if r > 0xFFFF {
			u++
		}
	}
	out := make([]Signal, len(hs))
	for j, h := range hs {
		s, e := cp[h.start], cp[h.end]
		out[j] = Signal{Class: h.class, Kind: h.kind, Confidence: h.conf,
			Start: s[0], End: e[0], ByteStart: h.start, ByteEnd: h.end,
			UTF16Start: s[1], UTF16End: e[1]}
	}
	return out
}

// TestPositionsSame: positions gives the offsets the conversion it
// replaced gave, for random hits on random text of ASCII, multi-byte
// UTF-8, astral codepoints and ill-formed bytes.
func TestPositionsSame(t *testing.T) {
	pieces := []string{"a", "hello world ", "é", "日本", "😀", "\xff", "\xe2\x80", "\xf0\x9f", "\n", strings.Repeat("x", 40)}
	r := rand.New(rand.NewPCG(27, 15))
	for n := 0; n < 5000; n++ {
		var b strings.Builder
		for k := r.IntN(30); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		var hs []hit
		for k := r.IntN(6); k > 0; k-- {
			s := r.IntN(len(text) + 1)
			e := s + r.IntN(len(text)-s+1)
			hs = append(hs, hit{class: Secrets, kind: "k", conf: 0.5, start: s, end: e})
		}
		got := positions(text, slices.Clone(hs))
		want := positionsRef(text, slices.Clone(hs))
		if !slices.Equal(got, want) {
			t.Fatalf("positions(%q, %v) = %v, want %v", text, hs, got, want)
		}
	}
}
