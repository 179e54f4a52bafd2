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
		if i >= len(text) || k == len(offs) {
			break // (every offset placed, the rest is not read)
		}
		// ASCII up to the next offset: a codepoint and a UTF-16 unit a
		// byte, read without the decoder.
		if j := asciiTo(text, i, min(offs[k], len(text))); j > i {
			n, u, i = n+j-i, u+j-i, j
			continue
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

// asciiTo returns the end of the ASCII bytes of text from i, at most end.
func asciiTo(text string, i, end int) int {
	for i+8 <= end && le64(text, i)&0x8080808080808080 == 0 {
		i += 8
	}
	for i < end && text[i] < 0x80 {
		i++
	}
	return i
}

// le64 reads text[i:i+8] as a little-endian number.
func le64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
