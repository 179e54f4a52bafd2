package shield

import (
	"slices"

	"github.com/plainsight/plainsight/internal/whatwg"
)

// positions converts hits in byte offsets into signals carrying codepoint,
// byte and UTF-16 offsets, sorted. Ill-formed UTF-8 counts as the WHATWG
// decoder reads it (one U+FFFD per maximal subpart), as in package scan.
func positions(text string, hs []hit) []Signal {
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
