package injrules

import (
	"strings"
	"sync"
)

// litSet answers containsAny(w, lits) for one check's needs in one pass
// over w. The substring searches it replaces read a window once a
// literal, up to seventeen times, and stopped at every byte that opens a
// literal ("ai" at every a). The pass reads each pair of bytes once and
// looks it up in a 512-bit set of the literals' first pairs (hashed); only
// where that set holds the pair are the literals of its first byte
// compared. A literal of one byte is searched for on its own.
type litSet struct {
	pairs [8]uint64
	// first holds, by byte, 1 + the index in groups of the literals of
	// two bytes or more that open with it; 0 for none.
	first  [256]uint16
	groups [][]string
	// bytes are the literals of one byte.
	bytes string
	// min is the shortest literal of two bytes or more; 0 when none.
	min int
	// any is set when the set holds no literal or the empty one: every
	// window holds it.
	any bool
}

// pairHash is the index in litSet.pairs of the pair of bytes a, b.
func pairHash(a, b byte) uint32 {
	return (uint32(a) | uint32(b)<<8) * 0x9e3779b1 >> 23
}

func newLitSet(lits []string) *litSet {
	s := &litSet{any: len(lits) == 0}
	for _, l := range lits {
		switch len(l) {
		case 0:
			s.any = true
			continue
		case 1:
			s.bytes += l
			continue
		}
		if s.min == 0 || len(l) < s.min {
			s.min = len(l)
		}
		h := pairHash(l[0], l[1])
		s.pairs[h>>6] |= 1 << (h & 63)
		g := s.first[l[0]]
		if g == 0 {
			s.groups = append(s.groups, nil)
			g = uint16(len(s.groups))
			s.first[l[0]] = g
		}
		s.groups[g-1] = append(s.groups[g-1], l)
	}
	return s
}

// in reports whether w holds one of the set's literals.
func (s *litSet) in(w string) bool {
	if s.any {
		return true
	}
	for k := 0; k < len(s.bytes); k++ {
		if strings.IndexByte(w, s.bytes[k]) >= 0 {
			return true
		}
	}
	if s.min == 0 {
		return false
	}
	for i := 0; i+s.min <= len(w); i++ {
		h := pairHash(w[i], w[i+1])
		if s.pairs[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		g := s.first[w[i]]
		if g == 0 {
			continue
		}
		for _, l := range s.groups[g-1] {
			if len(l) <= len(w)-i && w[i+1] == l[1] && w[i:i+len(l)] == l {
				return true
			}
		}
	}
	return false
}

var (
	needSetsOnce sync.Once
	needSets     map[string]*litSet
)

// needsTable returns the litSet of every check's needs, made on the first
// Find, when every rule file has added its needs (as tailTable is).
func needsTable() map[string]*litSet {
	needSetsOnce.Do(func() {
		needSets = make(map[string]*litSet, len(needs))
		for name, lits := range needs {
			needSets[name] = newLitSet(lits)
		}
	})
	return needSets
}

// holdsNeeds reports whether w holds one of the literals the check name
// needs (containsAny(w, needs[name])); true when it needs none.
func holdsNeeds(name, w string) bool {
	s := needsTable()[name]
	return s == nil || s.in(w)
}
