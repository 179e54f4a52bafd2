package injrules

import mbits "math/bits"

// wordEnd returns the end of the word the scan reads at i, a byte that
// opens a word: past the word bytes (isWordByte) and the hyphens followed
// by a byte >= 'a' after it, at most maxWord bytes after i; and whether a
// byte of lo[i+1:end] is not ASCII. It reads eight bytes at a time
// (wordBytes8), the byte loop it replaces one (TestWordEndSame compares
// the two).
func wordEnd(lo string, i int) (j int, high bool) {
	j = i + 1
	lim := min(len(lo), i+maxWord+1)
	for j < lim {
		c := lo[j]
		if !isWordByte(c) {
			if c == '-' && j+1 < len(lo) && lo[j+1] >= 'a' {
				j++
				continue
			}
			break
		}
		if j+8 > len(lo) {
			high = high || c >= 0x80
			j++
			continue
		}
		x := load8(lo, j)
		k := 8
		if m := ^wordBytes8(x) & msb8; m != 0 {
			k = mbits.TrailingZeros64(m) >> 3 // at least 1: lo[j] is a word byte
		}
		k = min(k, lim-j)
		h := x & msb8
		if k < 8 {
			h &= 1<<(8*k) - 1
		}
		high = high || h != 0
		j += k
	}
	return j, high
}

const (
	lsb8 = 0x0101010101010101
	msb8 = 0x8080808080808080
)

// load8 reads the eight bytes of s at i, the first in the low byte.
func load8(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// wordBytes8 sets bit 7 of each byte of x that isWordByte holds: a-z, 0-9,
// the underscore, the apostrophe and every byte >= 0x80. Each range test
// adds to the bytes' low seven bits, which carries into no neighbouring
// byte.
func wordBytes8(x uint64) uint64 {
	low := x &^ msb8
	in := func(lo, hi byte) uint64 {
		return (low + uint64(0x80-lo)*lsb8) &^ (low + uint64(0x80-hi-1)*lsb8)
	}
	return (x | in('a', 'z') | in('0', '9') | in('_', '_') | in('\'', '\'')) & msb8
}
