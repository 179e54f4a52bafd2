package heuristic

import (
	"bytes"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"
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
	start := 0
	var mask anchor
	for i := 0; i < len(s); {
		c := s[i]
		if lower[c] != 0 {
			// readWord's common case, inline: a word of fewer than eight
			// letters, followed by neither apostrophe, far from the end.
			if i+2*8 <= len(s) {
				w0 := load64(s[i:])
				if n := leadingLetters(w0); n < 8 {
					if e := s[i+n]; e != '\'' && e != 0xE2 {
						bits := lookupPacked(lowerBytes(w0, n), 0)
						if bits&firstGroups != 0 {
							f.cands = append(f.cands, cand{i, bits})
						}
						mask |= bits
						i += n
						goto window
					}
				}
			}
			next, bits := readWord(s, i, &f.cands)
			mask |= bits
			i = next
		} else if !stop[c] {
			// Bytes that neither start a word nor end a passage: skip them
			// all, but no further than where the window must be cut.
			lim := min(len(s), start+maxPassage)
			for i++; i < lim && !stop[s[i]]; i++ {
			}
		} else {
			i++
			switch c {
			case '.', '!', '?':
				if i == len(s) || space(s[i]) {
					f.passage(start, i, mask)
					start, mask = i, 0
				}
			case '\n':
				j := i
				for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
					j++
				}
				if j < len(s) && s[j] == '\n' {
					f.passage(start, i, mask) // with its line break
					start, mask = j, 0
					i = j
				}
			case '@':
				mask |= aAt
			}
		}
	window:
		// At the end of the text the last passage is searched below: a
		// window ending there would search again what it has searched.
		if i-start >= maxPassage && i < len(s) {
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
				if s[k] == '@' {
					mask |= aAt
				}
				k++
			}
		}
	}
	f.passage(start, len(s), mask)
	return f.dst
}

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
	if mask == 0 || start >= end || len(cands) == 0 {
		return
	}
	var text []byte // the passage, lowercased, once a pattern needs it
	for p := range Patterns {
		info := &Patterns[p]
		if !info.needMet(mask) {
			continue
		}
		for _, c := range cands {
			if c.bits&info.first == 0 || c.at < start || c.at < f.lastEnd[p] {
				continue
			}
			if c.at > 0 && wordByte(f.s[c.at-1]) {
				continue // no word boundary before it
			}
			if text == nil {
				f.buf = appendLower(f.buf[:0], f.s[start:end])
				text = f.buf
			}
			if Pattern(p) == SendToAddress && !sendPossible(text, c.at-start) {
				continue
			}
			pc := compiledOf(Pattern(p))
			if !pc.begins.mayBegin(text[c.at-start:]) {
				continue
			}
			m := pc.at.FindSubmatchIndex(text[c.at-start:])
			if m == nil {
				continue
			}
			a, b := c.at+m[2], c.at+m[3]
			for b > a && f.s[b-1] < 0x80 && lower[f.s[b-1]] == 0 && !digit(f.s[b-1]) {
				b-- // trailing punctuation of END and COLON
			}
			f.lastEnd[p] = b
			f.dst = f.keep.add(f.dst, Match{Class: InstructionLike, Start: a, End: b, Pattern: Pattern(p)})
		}
	}
}

func (info *PatternInfo) needMet(mask anchor) bool {
	return slices.ContainsFunc(info.need, func(n anchor) bool { return mask&n == n })
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

// stop marks the bytes the pass over the words must look at: letters, the
// ends of sentences and lines, and "@".
var stop = func() (t [256]bool) {
	for c := range t {
		t[c] = lower[c] != 0
	}
	for _, c := range []byte(".!?\n@") {
		t[c] = true
	}
	return t
}()

// leadingLetters returns how many of the bytes of w (little-endian: its
// first byte lowest) are ASCII letters before the first that is not, 0–8.
func leadingLetters(w uint64) int {
	// Each byte without its high bit, and with 0x20 set, is 0x61–0x7A
	// exactly when the byte is a letter in either case; adding 0x1F
	// reaches 0x80 from 0x61, adding 0x05 from 0x7B, and neither carries
	// out of a byte of at most 0x7F.
	y := (w | 0x20*ones) &^ high
	letters := (y + 0x1F*ones) &^ (y + 0x05*ones) &^ w & high
	return bits.TrailingZeros64(^letters&high) >> 3
}

// lowerBytes returns the first n bytes of w, letters, lowercased, and zero
// bytes after them.
func lowerBytes(w uint64, n int) uint64 {
	if n == 8 {
		return w | 0x20*ones
	}
	return (w | 0x20*ones) & (1<<(8*n) - 1)
}

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

func space(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func digit(c byte) bool { return '0' <= c && c <= '9' }

// sendReach bounds, in whole words (runs of letters and numbers joined by
// apostrophes), how far a send_to_address match can place its content word
// after its verb and its "to" after its content word: FILL{4} and one word
// more, with one word of slack for the verb "e-mail", which is two.
const sendReach = 6

// sendPossible reports whether a send_to_address match can begin at
// text[at:] (lowercased), by a necessary condition far cheaper than the
// expression: a content word among the parts of the next sendReach words,
// and a "to", "at" or "into" among the parts of the sendReach words from
// one of them. A part is a run of letters and numbers; an expression word is one
// part or several joined by apostrophes, so a match's words are parts, or
// runs of parts, of at most as many whole words.
func sendPossible(text []byte, at int) bool {
	content := -1 // the whole word holding the latest content part
	word, part := 0, 0
	for i := at; i < len(text); {
		// A part: letters and numbers.
		start := i
		for i < len(text) {
			r, size := rune(text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRune(text[i:])
			}
			if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
				break
			}
			i += size
		}
		if i > start && part > 0 {
			bits := anchor(0)
			if i-start <= maxAnchor {
				h := uint32(hashInitial)
				for _, c := range text[start:i] {
					h = (h ^ uint32(c)) * hashPrime
				}
				bits = lookup(string(text[start:i]), h)
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
		if i < len(text) && (text[i] == '\'' || bytes.HasPrefix(text[i:], []byte("’"))) {
			size := 1
			if text[i] != '\'' {
				size = len("’")
			}
			if r, _ := utf8.DecodeRune(text[i+size:]); i > start && (unicode.IsLetter(r) || unicode.IsNumber(r)) {
				i += size
				joined = true
			}
		}
		if !joined {
			for i < len(text) {
				r, size := rune(text[i]), 1
				if r >= utf8.RuneSelf {
					r, size = utf8.DecodeRune(text[i:])
				}
				if unicode.IsLetter(r) || unicode.IsNumber(r) {
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
