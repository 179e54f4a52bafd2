package heuristic

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Passage bounds. A passage longer than maxPassage is searched in windows
// of that size that overlap by overlap bytes, so that a phrase of up to
// overlap bytes is found wherever it falls.
const (
	maxPassage = 2048
	overlap    = 512
)

// Instructions appends to dst the instruction_like matches of s (§5), in
// order of passage, then pattern. Spans are in bytes of s.
//
// The text is split into passages (see the package documentation). One
// pass reads every word, ASCII case-folded, records which anchor groups
// each passage holds, and notes where the words that can begin a match
// are. A pattern runs only on a passage whose groups meet one of its
// needs, and then only from those words, as an anchored expression: its
// cost is that of the attempts, which end as soon as the words part from
// the pattern. Reading the words is linear, every attempt is linear in what
// it reads (Go's regexp guarantees it) and bounded by the window, so the
// whole search is linear in the text for a bounded number of attempts per
// word.
func Instructions(s string, dst []Match) []Match {
	return instructions(s, dst, &keeper{max: -1})
}

func instructions(s string, dst []Match, k *keeper) []Match {
	f := finder{s: s, dst: dst, keep: k}
	start := 0 // the passage being read
	var mask anchor
	next := 0            // every word and end of a passage before it is read
	cands := f.cands[:0] // f.cands, in a register while the words are read
	// The passage may need windows when a step of the pass could end at
	// least this far from its start.
	const near = maxPassage - 3*8
	var es endScan
	es.init(s)
	for base := 0; base < len(s); base += 64 {
		starts, ends, letters, after := events(s, base)
		if es.next < base+64 {
			ends |= es.in(s, base)
		}
		if next > base {
			starts &= ^uint64(0) << (next - base)
			ends &= ^uint64(0) << (next - base)
		}
		if base+64+2*8 < len(s) && base+64+2*8-start < near {
			// No word of the block is near the end of the text, nor
			// (unless it holds an apostrophe) near where a window would
			// be cut: the words between two ends of passages are read
			// without a branch that depends on the text but the word's
			// length.
			block := s[base : base+64+2*8]
			// The letters of the 16 bytes after the block, shifted by
			// one: moved by 63-k below, they follow the block's letters
			// moved by k, without a test of k == 0 (a shift by 64).
			after16 := (after | gather(letterBits(load64(block[72:])))<<8) << 1
			// Room for a candidate at each word of the block (at most 32
			// begin in 64 bytes), made again after readWord appends: a
			// word read here calls nothing, and the loop spills less.
			cands = slices.Grow(cands, 32)
			for {
				w := starts
				if ends != 0 {
					w &= 1<<bits.TrailingZeros64(ends) - 1
				}
				starts &^= w
				for w != 0 {
					k := bits.TrailingZeros64(w)
					p := base + k
					w &= w - 1
					if p < next {
						continue // a part of a word read with its apostrophe
					}
					// The word's length, up to 16 letters, is in the
					// letters of the block and of the bytes after it. The
					// byte after it must be no apostrophe (' or the lead
					// byte of U+2019).
					n := bits.TrailingZeros64(^(letters>>k | after16<<(k^63)) | 1<<16)
					var bits anchor
					if c := block[k+n]; c == '\'' || c == 0xE2 {
						goto slow
					}
					if t := block[k : k+16]; n <= 8 {
						bits = lookupShort(lowerBytes(load64(t), n))
					} else if n < 16 {
						bits = lookupLong(lowerBytes(load64(t), 8), lowerBytes(load64(t[8:]), n-8))
					} else {
						goto slow // 16 letters or more: readWord finds the end
					}
					cands = pushCand(cands, p, bits)
					mask |= bits
					continue
				slow:
					next, bits, cands = readWordTo(s, p, cands)
					cands = slices.Grow(cands, 32)
					mask |= bits
					if next-start >= near {
						goto exact
					}
				}
				if ends == 0 {
					break
				}
				p := base + bits.TrailingZeros64(ends)
				ends &= ends - 1
				if p >= next {
					f.cands = cands
					start, mask = f.end(p, start, mask)
					cands = f.cands
				}
			}
			continue
		}
		// The last blocks, and those near a window: every step in turn.
		for ev := starts | ends; ev != 0; ev &= ev - 1 {
			p := base + bits.TrailingZeros64(ev)
			if p < next {
				continue
			}
			if p-start >= near {
				goto exact
			}
			if lower[s[p]] == 0 {
				f.cands = cands
				start, mask = f.end(p, start, mask)
				cands = f.cands
				continue
			}
			var bits anchor
			next, bits, cands = readWordTo(s, p, cands)
			mask |= bits
			if next-start >= near {
				goto exact
			}
		}
		continue
	exact:
		// The passage may need windows: read it as the window pass reads
		// it, and go on after it.
		f.cands = cands[:0]
		next, start = f.exact(start)
		cands = f.cands[:0]
		mask = 0
		base = next&^63 - 64
	}
	if len(s)-start >= near {
		f.cands = cands[:0]
		f.exact(start)
		return f.dst
	}
	f.cands = cands
	f.passage(start, len(s), mask)
	return f.dst
}

// end reads the byte at p, one of the events that may end a passage: if it
// ends the passage at start, whose words hold the groups mask, it
// searches the passage and returns where the next begins, else it returns
// start and mask as they are.
func (f *finder) end(p, start int, mask anchor) (int, anchor) {
	s := f.s
	switch s[p] {
	case '.', '!', '?':
		if p+1 == len(s) || space(s[p+1]) {
			f.passage(start, p+1, mask)
			return p + 1, 0
		}
	case '\n':
		j := p + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
			j++
		}
		if j < len(s) && s[j] == '\n' {
			f.passage(start, p+1, mask) // with its line break
			return j, 0
		}
	}
	return start, mask
}

// exact reads the passage at start a step at a time, cutting it into
// windows where it reaches maxPassage bytes, and searches it. It returns
// where the next passage begins and where reading must go on (the same
// but after a blank line); at the end of the text, len(s) for both, the
// last passage searched.
func (f *finder) exact(start int) (next, nextStart int) {
	s := f.s
	var mask anchor
	for i := start; i < len(s); {
		c := s[i]
		if lower[c] != 0 {
			var bits anchor
			i, bits = readWord(s, i, &f.cands)
			mask |= bits
		} else if !stop[c] {
			// Bytes that neither start a word nor end a passage: skip them
			// all, but no further than where the window must be cut.
			lim := min(len(s), start+maxPassage)
			i++
			// Eight at a time while none is in ASCII (text in other
			// scripts).
			for i+8 <= lim && load64(s[i:])&high == high {
				i += 8
			}
			for ; i < lim && !stop[s[i]]; i++ {
			}
		} else {
			i++
			switch c {
			case '.', '!', '?':
				if i == len(s) || space(s[i]) {
					f.passage(start, i, mask)
					return i, i
				}
			case '\n':
				j := i
				for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
					j++
				}
				if j < len(s) && s[j] == '\n' {
					f.passage(start, i, mask) // with its line break
					return j, j
				}
			}
		}
		// At the end of the text the last passage is searched below: a
		// window ending there would search again what it has searched.
		if i-start >= maxPassage && i < len(s) {
			start, mask = f.window(start, i, mask)
		}
	}
	f.passage(start, len(s), mask)
	return len(s), len(s)
}

// window searches the window s[start:i] of a passage, which reaches
// maxPassage bytes, and begins the next window overlap bytes before i:
// it returns its start and the anchor groups of its words up to i, and
// leaves its candidate words in f.cands. A word cut by the window's start
// is read from there (its part before the cut is not in the window).
func (f *finder) window(start, i int, mask anchor) (int, anchor) {
	s := f.s
	f.passage(start, i, mask)
	start = i - overlap
	for start < i && s[start]&0xC0 == 0x80 {
		start++ // a codepoint boundary
	}
	mask = 0
	for k := start; k < i; {
		if lower[s[k]] != 0 && (k == start || lower[s[k-1]] == 0) {
			next, bits := readWord(s, k, &f.cands)
			mask |= bits
			k = next
			continue
		}
		k++
	}
	return start, mask
}

// events returns the bytes of s[base:base+64] that the pass over the words
// must look at, as a bit each (bit k for s[base+k]): the first letter of
// each run of ASCII letters, and "." and the line feed before a byte
// below 0x21 (white space, or the end of the text), which may end a
// passage (with a few false ones: "*", 0x0E, and bytes 0x01 above one of
// them, which the pass ignores as it ignores all other bytes); "!" and "?",
// rarer, are found by an endScan. It returns too the ASCII letters of the
// block, a bit each, and of the eight bytes after it (bits 0 to 7 of
// after), which tell the length of each word. Spaces, punctuation and the
// bytes outside ASCII are passed over eight at a time, without a branch.
func events(s string, base int) (starts, ends, letters, after uint64) {
	var prev uint64 // 1 when the byte before the block is a letter
	if base > 0 && lower[s[base-1]] != 0 {
		prev = 1
	}
	// The block and the eight bytes after it, which tell whether a "." or
	// a line feed is followed by white space, and where a word that
	// reaches the end of the block ends.
	var block string
	if base+72 <= len(s) {
		block = s[base : base+72]
	} else {
		// Zero bytes after the text are no events, and end no passage.
		// The array is read in place: string(tail[:]) would allocate it
		// anew.
		var tail [72]byte
		copy(tail[:], s[base:])
		block = unsafe.String(&tail[0], len(tail))
	}
	if len(block) != 72 {
		return 0, 0, 0, 0 // unreachable; it lets the compiler drop the bounds checks
	}
	for k := 0; k < 64; k += 8 {
		w := load64(block[k:])
		a := load64(block[k+1:]) // the byte after each
		// "." (0x2E) and the line feed (0x0A) differ only in bits 0x24:
		// with those cleared, one test for a zero byte finds both (and
		// "*" and 0x0E). Either ends a passage only before white space
		// (a "." at the end of the text is before a zero byte of the
		// tail): the bytes before one below 0x21 are kept.
		t := (w ^ '.'*ones) &^ (0x24 * ones)
		white := ^((a&^high + 0x5F*ones) | a) & high
		end := (t - ones) &^ t & white
		// Gather the high bits, byte k to bit k.
		letters |= gather(letterBits(w)) << k
		ends |= gather(end) << k
	}
	after = gather(letterBits(load64(block[64:])))
	return letters &^ (letters<<1 | prev), ends, letters, after
}

// letterBits returns the high bit of each byte of w that is an ASCII
// letter.
func letterBits(w uint64) uint64 {
	// Each byte without its high bit, and with 0x20 set, is 0x61–0x7A
	// exactly when the byte is a letter in either case; adding 0x1F
	// reaches 0x80 from 0x61, adding 0x05 from 0x7B, and neither carries
	// out of a byte of at most 0x7F.
	y := (w | 0x20*ones) &^ high
	return (y + 0x1F*ones) &^ (y + 0x05*ones) &^ w & high
}

// gather returns the high bits of the bytes of w (of which no other bit is
// set), the bit of byte k as bit k.
func gather(w uint64) uint64 { return (w >> 7) * 0x0102040810204080 >> 56 }

// endBytes are the bytes that may end a passage and that events does not
// mark.
const endBytes = "!?"

// endScan finds the bytes of endBytes with strings.IndexByte, a byte at a
// time: in prose they are rare, so a search for each skips the text
// between them faster than a word-wide test of every eight bytes.
type endScan struct {
	at   [len(endBytes)]int // the next of each byte not yet reported; past the text when none
	next int                // the least of at
}

func (e *endScan) init(s string) {
	for i := range e.at {
		e.at[i] = indexFrom(s, 0, endBytes[i])
	}
	e.next = min(e.at[0], e.at[1])
}

// in returns the bytes of endBytes in s[base:base+64], as a bit each (bit
// k for s[base+k]). The blocks are asked for in increasing order; those
// skipped are passed over.
func (e *endScan) in(s string, base int) (ends uint64) {
	for i := range e.at {
		for e.at[i] < base+64 {
			if e.at[i] >= base {
				ends |= 1 << (e.at[i] - base)
			}
			e.at[i] = indexFrom(s, max(e.at[i]+1, base), endBytes[i])
		}
	}
	e.next = min(e.at[0], e.at[1])
	return ends
}

// indexFrom returns the index of the first c in s at or after i, and when
// there is none, one past every block of the text: len(s)+64.
func indexFrom(s string, i int, c byte) int {
	if j := strings.IndexByte(s[i:], c); j >= 0 {
		return i + j
	}
	return len(s) + 64
}

// stop marks the bytes the pass over the words must look at: letters, and
// the ends of sentences and lines.
var stop = func() (t [256]bool) {
	for c := range t {
		t[c] = lower[c] != 0
	}
	for _, c := range []byte(".!?\n") {
		t[c] = true
	}
	return t
}()

// cand is a word that may begin a match: its offset, and its anchor
// groups (of which the first-word groups say for which patterns).
type cand struct {
	at   int
	bits anchor
}

// finder runs the patterns on passages.
type finder struct {
	s       string
	dst     []Match
	keep    *keeper
	cands   []cand           // the candidate words of the passage being read
	lastEnd [numPatterns]int // no match of a pattern starts before it: windows overlap
	buf     []byte
}

// passage searches s[start:end], whose words hold the anchor groups mask
// and whose candidate words are f.cands, and empties f.cands.
func (f *finder) passage(start, end int, mask anchor) {
	cands := f.cands
	f.cands = f.cands[:0]
	if start >= end || len(cands) == 0 {
		return
	}
	// The group of "@" matters only to needs that hold it: look for one
	// only when the passage meets the rest of such a need.
	for _, n := range atNeeds {
		if mask&n == n && mask&aAt == 0 && strings.IndexByte(f.s[start:end], '@') >= 0 {
			mask |= aAt
		}
	}
	if mask == 0 {
		return
	}
	// The patterns to run, a bit each (bit p for pattern p): those whose
	// first-word group (firstIgnore << p) some candidate holds and one of
	// whose needs the passage meets, found without a branch that depends
	// on the text.
	var firsts anchor
	for _, c := range cands {
		firsts |= c.bits
	}
	todo := needs.met(mask) & uint32(firsts/firstIgnore) & (1<<numPatterns - 1)
	var text []byte // the passage, lowercased, once a pattern needs it
	for ; todo != 0; todo &= todo - 1 {
		p := bits.TrailingZeros32(todo)
		info := &Patterns[p]
		for _, c := range cands {
			if c.bits&info.first == 0 || c.at < start || c.at < f.lastEnd[p] {
				continue
			}
			if c.at > 0 && wordByte(f.s[c.at-1]) {
				continue // no word boundary before it
			}
			pc := compiledOf(Pattern(p))
			if !pc.begins.mayBeginFold(f.s[c.at:end]) {
				continue
			}
			if Pattern(p) == SendToAddress && !sendPossible(f.s[c.at:end]) {
				continue
			}
			if text == nil {
				f.buf = appendPassage(f.buf[:0], f.s[start:end])
				text = f.buf
			}
			e := pc.matchEnd(text[c.at-start:], f.s[c.at:end])
			if e < 0 {
				continue
			}
			a, b := c.at, c.at+e
			for b > a && f.s[b-1] < 0x80 && lower[f.s[b-1]] == 0 && !digit(f.s[b-1]) {
				b-- // trailing punctuation of END and COLON
			}
			f.lastEnd[p] = b
			f.dst = f.keep.add(f.dst, Match{Class: InstructionLike, Start: a, End: b, Pattern: Pattern(p)})
		}
	}
}

// needTables tell which patterns' needs (the anchor groups a §5 pattern
// needs in its passage) a passage's groups meet, with a few loads and no
// branch or loop over the needs. Each need is a lane (a
// bit of a word): lane p the first need of pattern p, and the lanes from
// numPatterns on the others of every pattern. unmet[j][b] holds the lanes
// of the needs that have a group of the byte j of the groups (groups 8j to
// 8j+7) which b lacks: a need is met when no byte of a passage's groups
// leaves it unmet, and a pattern when one of its lanes is met, its first
// or one of the others, which more maps to their patterns.
type needTables struct {
	unmet [needBytes][256]uint32
	more  [1 << maxMoreNeeds]uint16
	lanes uint32 // every lane
}

// The needs are of the groups in the first needBytes bytes of an anchor
// set, and no more than maxMoreNeeds of them are not the first of their
// pattern's.
const (
	needBytes    = 4
	maxMoreNeeds = 8
)

var needs = func() *needTables {
	t := new(needTables)
	lane := numPatterns
	for p := range Patterns {
		if len(Patterns[p].need) == 0 {
			panic("heuristic: a pattern without a need")
		}
		for i, n := range Patterns[p].need {
			l := p
			if i > 0 {
				if lane == numPatterns+maxMoreNeeds {
					panic("heuristic: more needs than needTables holds")
				}
				l = lane
				lane++
			}
			if n == 0 || n>>(8*needBytes) != 0 {
				panic("heuristic: a need outside the groups needTables reads")
			}
			for j := range needBytes {
				groups := uint8(n >> (8 * j))
				for b := range 256 {
					if groups&^uint8(b) != 0 {
						t.unmet[j][b] |= 1 << l
					}
				}
			}
			if i > 0 {
				for m := range t.more {
					if m>>(l-numPatterns)&1 != 0 {
						t.more[m] |= 1 << p
					}
				}
			}
		}
	}
	t.lanes = 1<<lane - 1
	return t
}()

// met returns the patterns, a bit each (bit p for pattern p), one of whose
// needs the groups mask meets.
func (t *needTables) met(mask anchor) uint32 {
	unmet := t.unmet[0][uint8(mask)] | t.unmet[1][uint8(mask>>8)] |
		t.unmet[2][uint8(mask>>16)] | t.unmet[3][uint8(mask>>24)]
	lanes := ^unmet & t.lanes
	return lanes&(1<<numPatterns-1) | uint32(t.more[lanes>>numPatterns&(1<<maxMoreNeeds-1)])
}

// pushCand appends the word at p, of groups bits, to cands, which has room
// for it, when it may begin a match: it writes it in any case and keeps it
// or not, without a branch that depends on the word.
func pushCand(cands []cand, p int, bits anchor) []cand {
	n := len(cands)
	cands = cands[:n+1]
	cands[n] = cand{p, bits}
	return cands[:n+int(b2u(bits&firstGroups != 0))]
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// readWord reads the word at i, whose first byte is an ASCII letter: a run
// of ASCII letters, with an apostrophe (' or U+2019) between two letters
// read as part of it. It returns the end of the word and the anchor groups
// of the word and of its parts (see readApostropheWord), and appends to
// cands (when not nil) the word if it may begin a match.
func readWord(s string, i int, cands *[]cand) (int, anchor) {
	if i+2*8 > len(s) {
		return readWordBytewise(s, i, cands)
	}
	// The letters eight at a time: a word of up to 16 letters (no anchor is
	// longer) is its lowercase bytes in two words, looked up whole.
	start := i
	w0 := load64(s[i:])
	n := leadingLetters(w0)
	var k0, k1 uint64
	if n < 8 {
		k0 = lowerBytes(w0, n)
		i += n
	} else {
		w1 := load64(s[i+8:])
		n1 := leadingLetters(w1)
		k0, k1 = lowerBytes(w0, 8), lowerBytes(w1, n1)
		i += 8 + n1
		if n1 == 8 {
			for i < len(s) && lower[s[i]] != 0 {
				i++
			}
		}
	}
	if i+1 < len(s) && (s[i] == '\'' || s[i] == 0xE2) {
		return readApostropheWord(s, start, cands)
	}
	if i-start > maxAnchor {
		return i, 0
	}
	bits := lookupPacked(k0, k1)
	if bits&firstGroups != 0 && cands != nil {
		*cands = append(*cands, cand{start, bits})
	}
	return i, bits
}

// readWordTo is readWord appending to cands and returning them: cands
// itself is never addressed, so it can live in a register.
func readWordTo(s string, i int, cands []cand) (int, anchor, []cand) {
	next, bits := readWord(s, i, &cands)
	return next, bits, cands
}

// readWordBytewise is readWord a byte at a time, near the end of the text.
func readWordBytewise(s string, i int, cands *[]cand) (int, anchor) {
	start := i
	h := uint32(hashInitial)
	for i < len(s) && lower[s[i]] != 0 {
		h = (h ^ uint32(lower[s[i]])) * hashPrime
		i++
	}
	if i+1 < len(s) && (s[i] == '\'' || s[i] == 0xE2) {
		return readApostropheWord(s, start, cands)
	}
	if i-start > maxAnchor {
		return i, 0
	}
	bits := lookupFold(s[start:i], h)
	if bits&firstGroups != 0 && cands != nil {
		*cands = append(*cands, cand{start, bits})
	}
	return i, bits
}

// readApostropheWord is readWord for a word that may hold an apostrophe.
// The patterns' expressions see a word boundary at an apostrophe, and some
// of their words hold one ("don't"), so it looks up every run of the
// word's parts between apostrophes that is short enough to be an anchor:
// "don't'let" gives "don", "don't", "t", "t'let" and "let", among others.
// A run that may begin a match is a candidate at the start of its part.
func readApostropheWord(s string, i int, cands *[]cand) (int, anchor) {
	type part struct{ start, end int }
	var partsBuf [16]part
	parts := partsBuf[:0]
	start := i
	for i < len(s) {
		if lower[s[i]] != 0 {
			i++
			continue
		}
		size := 0
		switch {
		case s[i] == '\'' && i+1 < len(s) && lower[s[i+1]] != 0:
			size = 1
		case s[i] == 0xE2 && i+3 < len(s) && s[i+1] == 0x80 && s[i+2] == 0x99 && lower[s[i+3]] != 0:
			size = 3
		}
		if size == 0 {
			break
		}
		parts = append(parts, part{start, i})
		i += size
		start = i
	}
	parts = append(parts, part{start, i})
	var bits anchor
	var buf [maxAnchor]byte
	for a := range parts {
		n := 0
		h := uint32(hashInitial)
		var runBits anchor
		for b := a; b < len(parts); b++ {
			p := parts[b]
			if b > a {
				if n == maxAnchor {
					break
				}
				buf[n] = '\''
				h = (h ^ '\'') * hashPrime
				n++
			}
			if n+p.end-p.start > maxAnchor {
				break
			}
			for k := p.start; k < p.end; k++ {
				buf[n] = lower[s[k]]
				h = (h ^ uint32(buf[n])) * hashPrime
				n++
			}
			runBits |= lookup(string(buf[:n]), h)
		}
		bits |= runBits
		if runBits&firstGroups != 0 && cands != nil {
			*cands = append(*cands, cand{parts[a].start, runBits})
		}
	}
	return i, bits
}

// wordByte reports whether c is a word character of Go's regexp \b: an
// ASCII letter, digit or underscore.
func wordByte(c byte) bool { return lower[c] != 0 || digit(c) || c == '_' }

// leadingLetters returns how many of the bytes of w (little-endian: its
// first byte lowest) are ASCII letters before the first that is not, 0–8.
func leadingLetters(w uint64) int {
	return bits.TrailingZeros64(^letterBits(w)&high) >> 3
}

// lowerBytes returns the first n bytes of w (n at most 8), letters,
// lowercased, and zero bytes after them.
func lowerBytes(w uint64, n int) uint64 { return (w | 0x20*ones) & firstBytes[n] }

// firstBytes holds, by n, the mask of the first n bytes of a word.
var firstBytes = [9]uint64{0, 1<<8 - 1, 1<<16 - 1, 1<<24 - 1, 1<<32 - 1, 1<<40 - 1, 1<<48 - 1, 1<<56 - 1, 1<<64 - 1}

// lower maps ASCII letters to lowercase and every other byte to 0.
var lower = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	return t
}()

// appendLower appends s with its ASCII letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// appendPassage appends s as the compiled expressions read it: its ASCII
// letters lowercased, and each letter or number outside ASCII (Unicode
// categories L and N, as Go's regexp reads \pL and \pN) replaced by the
// stand-in of its length (see withStandIns). Ill-formed bytes are left as
// they are: the expressions read each as U+FFFD, neither letter nor
// number, as they would have.
func appendPassage(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError && letterOrNumber(r) {
			dst = append(dst, standIn[size]...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

// standIn is, by length in UTF-8, a letter that stands in for any letter
// or number of that length outside ASCII.
var standIn = [utf8.UTFMax + 1]string{2: "\u00AA", 3: "\u4E00", 4: "\U00020000"}

func space(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func digit(c byte) bool { return '0' <= c && c <= '9' }

// sendReach bounds, in whole words (runs of letters and numbers joined by
// apostrophes), how far a send_to_address match can place its content word
// after its verb and its "to" after its content word: FILL{4} and one word
// more, with one word of slack for the verb "e-mail", which is two.
const sendReach = 6

// sendPossible reports whether a send_to_address match (§5) can begin at the
// start of s, the passage from a candidate word on (its ASCII letters in
// either case), by a necessary condition far cheaper than the expression:
// a content word among the parts of the next sendReach words, and a "to",
// "at" or "into" among the parts of the sendReach words from one of them.
// A part is a run of letters and numbers; an expression word is one part
// or several joined by apostrophes, so a match's words are parts, or runs
// of parts, of at most as many whole words.
//
// It reads the text itself, not the passage as the expressions read it
// (see appendPassage): a letter or number outside ASCII is one there as
// here, with the same length, and a part holding one is no anchor word in
// either. So most candidates of send_to_address are dropped before the
// passage is copied, and its ASCII is classified without a table of
// Unicode.
func sendPossible(s string) bool {
	content := -1 // the whole word holding the latest content part
	word, part := 0, 0
	for i := 0; i < len(s); {
		// A part: letters and numbers, hashed lowercased while all ASCII.
		start := i
		h := uint32(hashInitial)
		ascii := true
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				if !alnum(c) {
					break
				}
				h = (h ^ uint32(foldByte[c])) * hashPrime
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !letterOrNumber(r) {
				break
			}
			ascii = false
			i += size
		}
		if i > start && part > 0 {
			bits := anchor(0)
			if ascii && i-start <= maxAnchor {
				bits = lookupFold(s[start:i], h)
			}
			if content >= 0 && bits&aToAt != 0 && word-content <= sendReach {
				return true
			}
			if bits&aContent != 0 && word <= sendReach {
				content = word // the latest content word reaches furthest
			}
		}
		if i > start {
			part++
		}
		// Between parts: an apostrophe between two parts keeps the word.
		joined := false
		if i < len(s) && (s[i] == '\'' || s[i] == 0xE2 && strings.HasPrefix(s[i:], "’")) {
			size := 1
			if s[i] != '\'' {
				size = len("’")
			}
			if r, _ := utf8.DecodeRuneInString(s[i+size:]); i > start && letterOrNumber(r) {
				i += size
				joined = true
			}
		}
		if !joined {
			for i < len(s) {
				if c := s[i]; c < utf8.RuneSelf {
					if alnum(c) {
						break
					}
					i++
					continue
				}
				r, size := utf8.DecodeRuneInString(s[i:])
				if letterOrNumber(r) {
					break
				}
				i += size
			}
			word++
		}
		if word > sendReach && (content < 0 || word-content > sendReach) {
			return false
		}
	}
	return false
}

// letterOrNumber reports whether r is a letter or a number (Unicode
// categories L and N, as Go's regexp reads \pL and \pN).
func letterOrNumber(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }
