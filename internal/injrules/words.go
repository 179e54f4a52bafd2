package injrules

// vocab interns every word the rules and framing look up (anchor words,
// the words that may follow them, the framing vocabulary) in one
// open-addressing table, so that the pass over a text costs a hash and at
// most a few byte comparisons per word, with no map access.
type vocab struct {
	words []string
	slots [vocabSlots]uint16 // word id + 1; 0 is empty
}

// vocabSlots is the table's size: it holds half as many words (1,932 at
// the fourth judgement round, when 4,096 slots had become too few for
// the next rule file: add panics at init past half, and every test of
// the package fails).
const vocabSlots = 1 << 13

func hashWord(w string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(w); i++ {
		h ^= uint32(w[i])
		h *= 16777619
	}
	return h
}

// add interns w and returns its id.
func (v *vocab) add(w string) int {
	if id := v.id(w); id >= 0 {
		return id
	}
	if len(v.words) >= len(v.slots)/2 {
		panic("injrules: vocabulary table too small")
	}
	v.words = append(v.words, w)
	id := len(v.words) - 1
	for s := hashWord(w) & (len32(v.slots) - 1); ; s = (s + 1) & (len32(v.slots) - 1) {
		if v.slots[s] == 0 {
			v.slots[s] = uint16(id + 1)
			return id
		}
	}
}

func len32(a [vocabSlots]uint16) uint32 { return uint32(len(a)) }

// id returns w's id, or -1 when w is not in the table.
func (v *vocab) id(w string) int {
	for s := hashWord(w) & (len32(v.slots) - 1); ; s = (s + 1) & (len32(v.slots) - 1) {
		k := v.slots[s]
		if k == 0 {
			return -1
		}
		if v.words[k-1] == w {
			return int(k - 1)
		}
	}
}

// bits is a set of word ids.
type bits []uint64

func (b *bits) set(id int) {
	for len(*b) <= id/64 {
		*b = append(*b, 0)
	}
	(*b)[id/64] |= 1 << (id % 64)
}

func (b bits) has(id int) bool { return id >= 0 && id/64 < len(b) && b[id/64]&(1<<(id%64)) != 0 }
