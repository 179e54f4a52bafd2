package secret

import (
	"crypto/sha256"
	_ "embed"
	"math/bits"
	"strings"
)

// The BIP-39 English wordlist (bitcoin/bips, bip-0039/english.txt, 2,048
// words; SHA-256 2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda,
// checked by a test).
//
//go:embed bip39_english.txt
var bip39English string

var bip39Words = strings.Fields(bip39English)

var bip39Map = func() map[string]int {
	m := make(map[string]int, len(bip39Words))
	for i, w := range bip39Words {
		m[w] = i
	}
	return m
}()

// bip39Index returns the word's index in the list, or -1.
func bip39Index(w string) int {
	if i, ok := bip39Map[w]; ok {
		return i
	}
	return -1
}

// seedGap reports whether the bytes between two words of a phrase are a
// separator a person writes between the words of a recovery phrase:
// spaces, line breaks, commas and numbering ("1. ", "2) ", "#3 ").
func seedGap(g string) bool {
	if len(g) == 0 || len(g) > 8 {
		return false
	}
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '.' || c == ')' || c == '(' || c == '#' || c == ':' || c == '-' || isDigit(c):
		default:
			return false
		}
	}
	return true
}

// Phrase lengths of BIP-39, longest first.
var seedLengths = []int{24, 21, 18, 15, 12}

// bip39Checksum reports whether the words' indices carry a valid BIP-39
// checksum: the first n/3 bits of the SHA-256 of the entropy.
func bip39Checksum(idx []int) bool {
	n := len(idx)
	bits := 11 * n
	csBits := bits / 33
	entBits := bits - csBits
	var ent [33]byte
	var cs int
	for b := 0; b < bits; b++ {
		w, off := idx[b/11], 10-b%11
		bit := (w >> off) & 1
		if b < entBits {
			ent[b/8] |= byte(bit) << (7 - b%8)
		} else {
			cs = cs<<1 | bit
		}
	}
	sum := sha256.Sum256(ent[:entBits/8])
	return int(sum[0]>>(8-csBits)) == cs
}

// seedPhrases returns the recovery phrases in text, in order and without
// overlap: a run of at least 12 BIP-39 words (ASCII, any case) separated
// only by seedGap separators. A run holding 12, 15, 18, 21 or 24 words
// whose checksum holds is seed_phrase; a run of 12 or more words with no
// such window is seed_phrase_unchecked (a phrase with a typo, or a list of
// dictionary words: weaker).
func seedPhrases(text string) []Finding {
	// A first pass without dictionary look-ups finds the stretches that
	// can hold a run: 12 or more consecutive words of 3 to 8 ASCII letters,
	// each a whole word, separated by seedGap separators. Every word of a
	// run is such a word, and whatever ends such a stretch (another word,
	// a separator seedGap refuses) also ends a run, so seedScan over the
	// stretches finds exactly the runs a scan of the whole text finds.
	// A word's end is found eight bytes at a time (letters8); the bytes
	// between words, mostly one or two, one at a time.
	var out []Finding
	n, from, lastEnd := 0, 0, -1
	for i := 0; i < len(text); {
		if seedClass[text[i]]&seedAlpha == 0 {
			i++
			continue
		}
		j := i + 1
		for {
			if j+8 > len(text) {
				for j < len(text) && seedClass[text[j]]&seedAlpha != 0 {
					j++
				}
				break
			}
			if m := ^letters8(load8(text, j)) & 0x8080808080808080; m != 0 {
				j += bits.TrailingZeros64(m) / 8
				break
			}
			j += 8
		}
		if j-i >= 3 && j-i <= 8 && (i == 0 || seedClass[text[i-1]]&seedWord == 0) && (j == len(text) || seedClass[text[j]]&seedWord == 0) {
			// One space, the usual gap, is a seedGap: not asked.
			if n > 0 && (i != lastEnd+1 || text[lastEnd] != ' ') && !seedGap(text[lastEnd:i]) {
				if n >= 12 {
					out = seedScan(out, text, from, lastEnd)
				}
				n = 0
			}
			if n == 0 {
				from = i
			}
			n++
			lastEnd = j
		} else {
			if n >= 12 {
				out = seedScan(out, text, from, lastEnd)
			}
			n = 0
		}
		i = j
	}
	if n >= 12 {
		out = seedScan(out, text, from, lastEnd)
	}
	return out
}

// seedScan appends to out the runs of seedPhrases in text[from:to], a
// stretch that starts and ends at a word; the words' boundaries are read
// in the whole text.
func seedScan(out []Finding, text string, from, to int) []Finding {
	type word struct{ start, end, idx int }
	var run []word
	flush := func() {
		if len(run) >= 12 {
			out = append(out, seedRun(run[0].start, run[len(run)-1].end, func(i int) (int, int, int) {
				return run[i].start, run[i].end, run[i].idx
			}, len(run)))
		}
		run = run[:0]
	}
	lastEnd := -1
	for i := from; i < to; {
		if !isAlpha(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isAlpha(text[j]) {
			j++
		}
		idx := -1
		if j-i >= 3 && j-i <= 8 && (i == 0 || !isWordByte(text[i-1])) && (j == len(text) || !isWordByte(text[j])) {
			var lw [8]byte
			for k := i; k < j; k++ {
				lw[k-i] = lowerByte(text[k])
			}
			idx = bip39Index(string(lw[:j-i]))
		}
		if idx < 0 {
			flush()
		} else {
			if len(run) > 0 && !seedGap(text[lastEnd:i]) {
				flush()
			}
			if len(run) < 64 { // a longer run is still one finding
				run = append(run, word{i, j, idx})
			} else {
				run[len(run)-1].end = j
			}
			lastEnd = j
		}
		i = j
	}
	flush()
	return out
}

// letters8 has the high bit set in each byte of x (eight bytes of text,
// the first in the low byte) that is an ASCII letter: the byte with 0x20
// set (upper case read as lower) is in 'a'…'z', and below 0x80. Each sum
// stays within its byte (at most 0x7f + 0x1f), so no carry crosses.
func letters8(x uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	y := (x | 0x2020202020202020) & low7
	geA := y + 0x1f1f1f1f1f1f1f1f // high bit: y >= 'a' (0x61)
	gtZ := y + 0x0505050505050505 // high bit: y > 'z' (0x7a)
	return geA &^ gtZ &^ x & high
}

// load8 reads text[i:i+8] as a little-endian word.
func load8(text string, i int) uint64 {
	_ = text[i+7]
	return uint64(text[i]) | uint64(text[i+1])<<8 | uint64(text[i+2])<<16 | uint64(text[i+3])<<24 |
		uint64(text[i+4])<<32 | uint64(text[i+5])<<40 | uint64(text[i+6])<<48 | uint64(text[i+7])<<56
}

func isWordByte(b byte) bool { return isBase62(b) || b == '_' || b >= 0x80 }

// Byte classes of seedPhrases' first pass: seedAlpha for isAlpha (read
// by the byte loop that nextAlpha replaced, kept in the tests),
// seedWord for isWordByte.
const (
	seedAlpha = 1 << iota
	seedWord
)

var seedClass = func() (t [256]uint8) {
	for c := range 256 {
		if isAlpha(byte(c)) {
			t[c] |= seedAlpha
		}
		if isWordByte(byte(c)) {
			t[c] |= seedWord
		}
	}
	return t
}()

// seedRun classifies one run of n words.
func seedRun(start, end int, at func(int) (int, int, int), n int) Finding {
	idx := make([]int, 0, 24)
	for _, l := range seedLengths {
		for s := 0; s+l <= n; s++ {
			idx = idx[:0]
			for k := s; k < s+l; k++ {
				_, _, w := at(k)
				idx = append(idx, w)
			}
			if bip39Checksum(idx) {
				return Finding{Rule: "seed_phrase", Start: start, End: end, Confidence: 0.9}
			}
		}
	}
	return Finding{Rule: "seed_phrase_unchecked", Start: start, End: end, Confidence: 0.5}
}
