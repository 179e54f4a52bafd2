package heuristic

// This file is a frozen copy of the search as it stood before the word
// pass was rebuilt on a bitmap of word starts (and confusables on a table
// of two-byte letters): the reference of the differential tests in
// differential_test.go. It keeps its word pass, anchor tables, windows,
// candidates and keeper exactly, and runs the patterns' expressions as
// written (src, anchored, Unicode classes and all) without the literal
// beginnings, which only ever skip attempts that cannot match. Nothing in
// it may change but renames: the tests compare FindN with refFindN.

import (
	"bytes"
	"cmp"
	"math/bits"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// refCompiled are the patterns' expressions, anchored at a candidate word,
// compiled from their sources as written.
var refCompiled = func() (re [numPatterns]*regexp.Regexp) {
	for p := range Patterns {
		re[p] = regexp.MustCompile(`^` + strings.TrimPrefix(Patterns[p].src, `\b`))
	}
	return re
}()

// The reference reads the package's anchorWords: it checks the search,
// not the word lists, which a change to §5's anchors changes in both.

// The anchor refTable: open addressing over a hash of the lowercase refWord.
const (
	refTableBits   = 10
	refTableSize   = 1 << refTableBits
	refMaxAnchor   = 16 // no anchor refWord is longer
	refHashInitial = 2166136261
	refHashPrime   = 16777619
)

type refTableEntry struct {
	refWord string
	bits    anchor
}

var refTable = func() *[refTableSize]refTableEntry {
	var t [refTableSize]refTableEntry
	for bit, words := range anchorWords {
		for _, w := range words {
			if len(w) > refMaxAnchor {
				panic("heuristic: anchor refWord too long: " + w)
			}
			h := uint32(refHashInitial)
			for i := 0; i < len(w); i++ {
				h = (h ^ uint32(w[i])) * refHashPrime
			}
			for i := h & (refTableSize - 1); ; i = (i + 1) & (refTableSize - 1) {
				if t[i].refWord == "" || t[i].refWord == w {
					t[i].refWord = w
					t[i].bits |= bit
					break
				}
			}
		}
	}
	return &t
}()

// refLookup returns the groups of the lowercase refWord w whose hash is h.
func refLookup(w string, h uint32) anchor {
	for i := h & (refTableSize - 1); ; i = (i + 1) & (refTableSize - 1) {
		e := &refTable[i]
		if e.refWord == "" {
			return 0
		}
		if e.refWord == w {
			return e.bits
		}
	}
}

// refLookupFold is refLookup for a refWord of ASCII letters in any case, whose
// lowercase form has the hash h.
func refLookupFold(w string, h uint32) anchor {
	for i := h & (refTableSize - 1); ; i = (i + 1) & (refTableSize - 1) {
		e := &refTable[i]
		if e.refWord == "" {
			return 0
		}
		if len(e.refWord) == len(w) && refEqualLower(e.refWord, w) {
			return e.bits
		}
	}
}

// refEqualLower reports whether the ASCII letters w, in any case, are the
// lowercase refWord lw.
func refEqualLower(lw, w string) bool {
	for i := 0; i < len(w); i++ {
		if lw[i] != w[i]|0x20 {
			return false
		}
	}
	return true
}

// The anchor words of letters alone, refPacked: a refWord's lowercase bytes as
// two little-endian words (zero after its end), in a refTable of open
// addressing over a multiplicative hash. refReadWord looks a whole refWord up in
// it without hashing byte by byte; it holds the same groups as refTable.
type refPackedEntry struct {
	k0, k1 uint64 // k0 == 0: empty
	bits   anchor
}

var refPacked = func() *[refTableSize]refPackedEntry {
	var t [refTableSize]refPackedEntry
	for bit, words := range anchorWords {
	refWord:
		for _, w := range words {
			for i := 0; i < len(w); i++ {
				if w[i] < 'a' || 'z' < w[i] {
					continue refWord // refReadWordBytewise and refTable find the others
				}
			}
			var k [2]uint64
			for i := 0; i < len(w); i++ {
				k[i/8] |= uint64(w[i]) << (8 * (i % 8))
			}
			for i := refPackedHash(k[0], k[1]); ; i = (i + 1) & (refTableSize - 1) {
				if t[i].k0 == 0 || t[i].k0 == k[0] && t[i].k1 == k[1] {
					t[i].k0, t[i].k1 = k[0], k[1]
					t[i].bits |= bit
					break
				}
			}
		}
	}
	return &t
}()

func refPackedHash(k0, k1 uint64) uint64 {
	return ((k0 ^ k1*0x9E3779B97F4A7C15) * 0xFF51AFD7ED558CCD) >> (64 - refTableBits)
}

// refLookupPacked returns the groups of the refWord of letters refPacked as k0, k1.
func refLookupPacked(k0, k1 uint64) anchor {
	for i := refPackedHash(k0, k1); ; i = (i + 1) & (refTableSize - 1) {
		e := &refPacked[i]
		if e.k0 == k0 && e.k1 == k1 {
			return e.bits
		}
		if e.k0 == 0 {
			return 0
		}
	}
}

// Passage bounds. A refPassage longer than refMaxPassage is searched in windows
// of that size that refOverlap by refOverlap bytes, so that a phrase of up to
// refOverlap bytes is found wherever it falls.
const (
	refMaxPassage = 2048
	refOverlap    = 512
)

// refAllInstructions appends to dst the instruction_like matches of s (§5), in
// order of refPassage, then pattern. Spans are in bytes of s.
//
// The text is split into passages (see the package documentation). One
// pass reads every refWord, ASCII case-folded, records which anchor groups
// each refPassage holds, and notes where the words that can begin a match
// are. A pattern runs only on a refPassage whose groups meet one of its
// needs, and then only from those words, as an anchored expression: its
// cost is that of the attempts, which end as soon as the words part from
// the pattern. Reading the words is linear, every attempt is linear in what
// it reads (Go's regexp guarantees it) and bounded by the window, so the
// whole search is linear in the text for a bounded number of attempts per
// refWord.
func refAllInstructions(s string, dst []Match) []Match {
	return refInstructions(s, dst, &refKeeper{max: -1})
}

func refInstructions(s string, dst []Match, k *refKeeper) []Match {
	f := refFinder{s: s, dst: dst, keep: k}
	start := 0
	var mask anchor
	for i := 0; i < len(s); {
		c := s[i]
		if refLower[c] != 0 {
			// refReadWord's common case, inline: a refWord of fewer than eight
			// letters, followed by neither apostrophe, far from the end.
			if i+2*8 <= len(s) {
				w0 := refLoad64(s[i:])
				if n := refLeadingLetters(w0); n < 8 {
					if e := s[i+n]; e != '\'' && e != 0xE2 {
						bits := refLookupPacked(refLowerBytes(w0, n), 0)
						if bits&firstGroups != 0 {
							f.cands = append(f.cands, refCand{i, bits})
						}
						mask |= bits
						i += n
						goto window
					}
				}
			}
			next, bits := refReadWord(s, i, &f.cands)
			mask |= bits
			i = next
		} else if !refStop[c] {
			// Bytes that neither start a refWord nor end a refPassage: skip them
			// all, but no further than where the window must be cut.
			lim := min(len(s), start+refMaxPassage)
			for i++; i < lim && !refStop[s[i]]; i++ {
			}
		} else {
			i++
			switch c {
			case '.', '!', '?':
				if i == len(s) || refSpace(s[i]) {
					f.refPassage(start, i, mask)
					start, mask = i, 0
				}
			case '\n':
				j := i
				for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
					j++
				}
				if j < len(s) && s[j] == '\n' {
					f.refPassage(start, i, mask) // with its line break
					start, mask = j, 0
					i = j
				}
			case '@':
				mask |= aAt
			}
		}
	window:
		// At the end of the text the last refPassage is searched below: a
		// window ending there would search again what it has searched.
		if i-start >= refMaxPassage && i < len(s) {
			f.refPassage(start, i, mask)
			start = i - refOverlap
			for start < i && s[start]&0xC0 == 0x80 {
				start++ // a codepoint boundary
			}
			mask = 0
			for k := start; k < i; {
				if refLower[s[k]] != 0 && (k == start || refLower[s[k-1]] == 0) {
					next, bits := refReadWord(s, k, &f.cands)
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
	f.refPassage(start, len(s), mask)
	return f.dst
}

// refCand is a refWord that may begin a match: its offset, and its anchor
// groups (of which the first-refWord groups say for which patterns).
type refCand struct {
	at   int
	bits anchor
}

// refFinder runs the patterns on passages.
type refFinder struct {
	s       string
	dst     []Match
	keep    *refKeeper
	cands   []refCand        // the candidate words of the refPassage being read
	lastEnd [numPatterns]int // no match of a pattern starts before it: windows refOverlap
	buf     []byte
}

// refPassage searches s[start:end], whose words hold the anchor groups mask
// and whose candidate words are f.cands, and empties f.cands.
func (f *refFinder) refPassage(start, end int, mask anchor) {
	cands := f.cands
	f.cands = f.cands[:0]
	if mask == 0 || start >= end || len(cands) == 0 {
		return
	}
	var text []byte // the refPassage, lowercased, once a pattern needs it
	for p := range Patterns {
		info := &Patterns[p]
		if !refNeedMet(info, mask) {
			continue
		}
		for _, c := range cands {
			if c.bits&info.first == 0 || c.at < start || c.at < f.lastEnd[p] {
				continue
			}
			if c.at > 0 && refWordByte(f.s[c.at-1]) {
				continue // no refWord boundary before it
			}
			if text == nil {
				f.buf = refAppendLower(f.buf[:0], f.s[start:end])
				text = f.buf
			}
			if Pattern(p) == SendToAddress && !refSendPossible(text, c.at-start) {
				continue
			}
			m := refCompiled[p].FindSubmatchIndex(text[c.at-start:])
			if m == nil {
				continue
			}
			a, b := c.at+m[2], c.at+m[3]
			for b > a && f.s[b-1] < 0x80 && refLower[f.s[b-1]] == 0 && !refDigit(f.s[b-1]) {
				b-- // trailing punctuation of END and COLON
			}
			f.lastEnd[p] = b
			f.dst = f.keep.add(f.dst, Match{Class: InstructionLike, Start: a, End: b, Pattern: Pattern(p)})
		}
	}
}

func refNeedMet(info *PatternInfo, mask anchor) bool {
	return slices.ContainsFunc(info.need, func(n anchor) bool { return mask&n == n })
}

// refReadWord reads the refWord at i, whose first byte is an ASCII letter: a run
// of ASCII letters, with an apostrophe (' or U+2019) between two letters
// read as part of it. It returns the end of the refWord and the anchor groups
// of the refWord and of its parts (see refReadApostropheWord), and appends to
// cands (when not nil) the refWord if it may begin a match.
func refReadWord(s string, i int, cands *[]refCand) (int, anchor) {
	if i+2*8 > len(s) {
		return refReadWordBytewise(s, i, cands)
	}
	// The letters eight at a time: a refWord of up to 16 letters (no anchor is
	// longer) is its lowercase bytes in two words, looked up whole.
	start := i
	w0 := refLoad64(s[i:])
	n := refLeadingLetters(w0)
	var k0, k1 uint64
	if n < 8 {
		k0 = refLowerBytes(w0, n)
		i += n
	} else {
		w1 := refLoad64(s[i+8:])
		n1 := refLeadingLetters(w1)
		k0, k1 = refLowerBytes(w0, 8), refLowerBytes(w1, n1)
		i += 8 + n1
		if n1 == 8 {
			for i < len(s) && refLower[s[i]] != 0 {
				i++
			}
		}
	}
	if i+1 < len(s) && (s[i] == '\'' || s[i] == 0xE2) {
		return refReadApostropheWord(s, start, cands)
	}
	if i-start > refMaxAnchor {
		return i, 0
	}
	bits := refLookupPacked(k0, k1)
	if bits&firstGroups != 0 && cands != nil {
		*cands = append(*cands, refCand{start, bits})
	}
	return i, bits
}

// refReadWordBytewise is refReadWord a byte at a time, near the end of the text.
func refReadWordBytewise(s string, i int, cands *[]refCand) (int, anchor) {
	start := i
	h := uint32(refHashInitial)
	for i < len(s) && refLower[s[i]] != 0 {
		h = (h ^ uint32(refLower[s[i]])) * refHashPrime
		i++
	}
	if i+1 < len(s) && (s[i] == '\'' || s[i] == 0xE2) {
		return refReadApostropheWord(s, start, cands)
	}
	if i-start > refMaxAnchor {
		return i, 0
	}
	bits := refLookupFold(s[start:i], h)
	if bits&firstGroups != 0 && cands != nil {
		*cands = append(*cands, refCand{start, bits})
	}
	return i, bits
}

// refReadApostropheWord is refReadWord for a refWord that may hold an apostrophe.
// The patterns' expressions see a refWord boundary at an apostrophe, and some
// of their words hold one ("don't"), so it looks up every run of the
// refWord's parts between apostrophes that is short enough to be an anchor:
// "don't'let" gives "don", "don't", "t", "t'let" and "let", among others.
// A run that may begin a match is a candidate at the start of its part.
func refReadApostropheWord(s string, i int, cands *[]refCand) (int, anchor) {
	type part struct{ start, end int }
	var partsBuf [16]part
	parts := partsBuf[:0]
	start := i
	for i < len(s) {
		if refLower[s[i]] != 0 {
			i++
			continue
		}
		size := 0
		switch {
		case s[i] == '\'' && i+1 < len(s) && refLower[s[i+1]] != 0:
			size = 1
		case s[i] == 0xE2 && i+3 < len(s) && s[i+1] == 0x80 && s[i+2] == 0x99 && refLower[s[i+3]] != 0:
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
	var buf [refMaxAnchor]byte
	for a := range parts {
		n := 0
		h := uint32(refHashInitial)
		var runBits anchor
		for b := a; b < len(parts); b++ {
			p := parts[b]
			if b > a {
				if n == refMaxAnchor {
					break
				}
				buf[n] = '\''
				h = (h ^ '\'') * refHashPrime
				n++
			}
			if n+p.end-p.start > refMaxAnchor {
				break
			}
			for k := p.start; k < p.end; k++ {
				buf[n] = refLower[s[k]]
				h = (h ^ uint32(buf[n])) * refHashPrime
				n++
			}
			runBits |= refLookup(string(buf[:n]), h)
		}
		bits |= runBits
		if runBits&firstGroups != 0 && cands != nil {
			*cands = append(*cands, refCand{parts[a].start, runBits})
		}
	}
	return i, bits
}

// refWordByte reports whether c is a refWord character of Go's regexp \b: an
// ASCII letter, refDigit or underscore.
func refWordByte(c byte) bool { return refLower[c] != 0 || refDigit(c) || c == '_' }

// refStop marks the bytes the pass over the words must look at: letters, the
// ends of sentences and lines, and "@".
var refStop = func() (t [256]bool) {
	for c := range t {
		t[c] = refLower[c] != 0
	}
	for _, c := range []byte(".!?\n@") {
		t[c] = true
	}
	return t
}()

// refLeadingLetters returns how many of the bytes of w (little-endian: its
// first byte lowest) are ASCII letters before the first that is not, 0–8.
func refLeadingLetters(w uint64) int {
	// Each byte without its refHigh bit, and with 0x20 set, is 0x61–0x7A
	// exactly when the byte is a letter in either case; adding 0x1F
	// reaches 0x80 from 0x61, adding 0x05 from 0x7B, and neither carries
	// out of a byte of at most 0x7F.
	y := (w | 0x20*refOnes) &^ refHigh
	letters := (y + 0x1F*refOnes) &^ (y + 0x05*refOnes) &^ w & refHigh
	return bits.TrailingZeros64(^letters&refHigh) >> 3
}

// refLowerBytes returns the first n bytes of w, letters, lowercased, and zero
// bytes after them.
func refLowerBytes(w uint64, n int) uint64 {
	if n == 8 {
		return w | 0x20*refOnes
	}
	return (w | 0x20*refOnes) & (1<<(8*n) - 1)
}

// refLower maps ASCII letters to lowercase and every other byte to 0.
var refLower = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	return t
}()

// refAppendLower appends s with its ASCII letters lowercased.
func refAppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func refSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func refDigit(c byte) bool { return '0' <= c && c <= '9' }

// refSendReach bounds, in whole words (runs of letters and numbers joined by
// apostrophes), how far a send_to_address match can place its content refWord
// after its verb and its "to" after its content refWord: FILL{4} and one refWord
// more, with one refWord of slack for the verb "e-mail", which is two.
const refSendReach = 6

// refSendPossible reports whether a send_to_address match can begin at
// text[at:] (lowercased), by a necessary condition far cheaper than the
// expression: a content refWord among the parts of the next refSendReach words,
// and a "to", "at" or "into" among the parts of the refSendReach words from
// one of them. A part is a run of letters and numbers; an expression refWord is one
// part or several joined by apostrophes, so a match's words are parts, or
// runs of parts, of at most as many whole words.
func refSendPossible(text []byte, at int) bool {
	content := -1 // the whole refWord holding the latest content part
	refWord, part := 0, 0
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
			if i-start <= refMaxAnchor {
				h := uint32(refHashInitial)
				for _, c := range text[start:i] {
					h = (h ^ uint32(c)) * refHashPrime
				}
				bits = refLookup(string(text[start:i]), h)
			}
			if content >= 0 && bits&aToAt != 0 && refWord-content <= refSendReach {
				return true
			}
			if bits&aContent != 0 && refWord <= refSendReach {
				content = refWord // the latest content refWord reaches furthest
			}
		}
		if i > start {
			part++
		}
		// Between parts: an apostrophe between two parts keeps the refWord.
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
			refWord++
		}
		if refWord > refSendReach && (content < 0 || refWord-content > refSendReach) {
			return false
		}
	}
	return false
}

var refScriptBits = [...]Scripts{ucd.Latin: Latin, ucd.Greek: Greek, ucd.Cyrillic: Cyrillic}

// refAllConfusables appends to dst the mixed_script_confusable words of s (§5): a
// refWord is a maximal run of letters, marks, numbers, "_" and "-" from its
// first letter or number on; it is a finding when it holds at least three
// letters and mixes Latin letters with Greek or Cyrillic refOnes, by the
// Script property of Unicode 17.0. Marks continue a refWord without counting
// as letters. Spans are in bytes of s, in order.
//
// Only a Greek or Cyrillic letter can make a refWord a finding, so the search
// skips to each non-ASCII codepoint and looks at its refWord only when it is
// one; each byte is read at most three times.
func refAllConfusables(s string, dst []Match) []Match {
	return refConfusables(s, dst, &refKeeper{max: -1})
}

func refConfusables(s string, dst []Match, k *refKeeper) []Match {
	floor := 0 // the end of the last refWord examined: no refWord starts before it
	var prefix *[256]uint64
	for i := 0; i < len(s); {
		// Skip ASCII, a refWord at a time.
		for i+8 <= len(s) && refLoad64(s[i:])&0x8080808080808080 == 0 {
			i += 8
		}
		if i >= len(s) {
			break
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		// Most codepoints cannot be a Greek or Cyrillic letter by their
		// first two bytes. A byte that begins no encoding (a continuation
		// byte) has no bits: the bytes after a lead byte are passed over
		// one by one, as they would be if the codepoint were decoded.
		if prefix == nil {
			prefix = refGreekCyrillicPrefix()
		}
		if i+1 < len(s) && prefix[s[i]]&(1<<(s[i+1]&0x3F)) == 0 {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if ucd.LetterMarkNumber(r) != ucd.Letter {
			i += size
			continue
		}
		if sc := ucd.Lookup(r).Script(); sc != ucd.Greek && sc != ucd.Cyrillic {
			i += size
			continue
		}
		start := refRunStart(s, i, floor)
		m, end := refWord(s, start)
		if m.Scripts&Latin != 0 && m.Scripts != Latin && m.End > m.Start {
			dst = k.add(dst, m)
		}
		floor, i = end, end
	}
	return dst
}

// refRunStart returns the start of the run of refWord characters that holds
// the codepoint at i, looking no further back than floor.
func refRunStart(s string, i, floor int) int {
	for i > floor {
		r, size := utf8.DecodeLastRuneInString(s[floor:i])
		if !refWordChar(r) {
			break
		}
		i -= size
	}
	return i
}

// refWord reads the run of refWord characters at start: it returns the refWord in
// it (from its first letter or number) as a match whose Scripts are those
// of its letters — or an empty match when the run has fewer than three
// letters — and the end of the run.
func refWord(s string, start int) (Match, int) {
	m := Match{Class: MixedScript, Start: -1}
	letters := 0
	i := start
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				letters++
				m.Scripts |= Latin
				if m.Start < 0 {
					m.Start = i
				}
			case '0' <= c && c <= '9':
				if m.Start < 0 {
					m.Start = i
				}
			case c == '_' || c == '-':
			default:
				goto done
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch ucd.LetterMarkNumber(r) {
		case ucd.Letter:
			letters++
			if sc := ucd.Lookup(r).Script(); sc != ucd.ScriptOther {
				m.Scripts |= refScriptBits[sc]
			}
			if m.Start < 0 {
				m.Start = i
			}
		case ucd.Number:
			if m.Start < 0 {
				m.Start = i
			}
		case ucd.Mark:
		default:
			goto done
		}
		i += size
	}
done:
	if letters < 3 || m.Start < 0 {
		return Match{}, i
	}
	m.End = i
	return m, i
}

// refWordChar reports whether r may be part of a refWord: a letter, mark or
// number, "_" or "-".
func refWordChar(r rune) bool {
	return r == '_' || r == '-' || ucd.IsLetterMarkNumber(r)
}

// refLoad64 reads 8 bytes of s as a little-endian refWord.
func refLoad64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// SWAR constants: a byte of refOnes, the refHigh bit of every byte.
const (
	refOnes = 0x0101010101010101
	refHigh = 0x8080808080808080
)

// refGreekCyrillicPrefix returns the refTable that has, for each lead byte, bit b
// set when some letter of Script Greek or Cyrillic is encoded as that byte
// and then a byte whose low six bits are b. It is made when a text first
// holds a byte outside ASCII: making it reads every codepoint's
// properties, some twenty million refInstructions that a process scanning
// ASCII need not pay.
var refGreekCyrillicPrefix = sync.OnceValue(func() *[256]uint64 {
	var t [256]uint64
	var b [utf8.UTFMax]byte
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if ucd.LetterMarkNumber(r) != ucd.Letter {
			continue
		}
		if sc := ucd.Lookup(r).Script(); sc != ucd.Greek && sc != ucd.Cyrillic {
			continue
		}
		utf8.EncodeRune(b[:], r)
		t[b[0]] |= 1 << (b[1] & 0x3F)
	}
	return &t
})

// FindN is Find keeping only the first max matches in that order (all of
// them when max < 0), and returns how many there are in all. It keeps
// them as it finds them, so its memory is bounded by max whatever the
// text holds.
func refFindN(s string, max int) ([]Match, int) {
	k := refKeeper{max: max}
	m := refInstructions(s, nil, &k)
	m = refConfusables(s, m, &k)
	return k.trim(m), k.total
}

// refKeeper counts matches and, with max >= 0, keeps the first max of them
// (by the order of Find) as they are found: it lets them pile up to twice
// max and then drops all but the first max, which takes time n·log(max)
// for n matches in all. No two matches compare equal (matches of one
// pattern do not refOverlap, nor do words), so the first max are well
// defined.
type refKeeper struct {
	max, total int
}

func (k *refKeeper) add(dst []Match, m Match) []Match {
	k.total++
	dst = append(dst, m)
	if k.max >= 0 && len(dst) >= 2*k.max+256 {
		dst = k.trim(dst)
	}
	return dst
}

// trim sorts dst and cuts it to max.
func (k *refKeeper) trim(dst []Match) []Match {
	slices.SortFunc(dst, func(a, b Match) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End),
			cmp.Compare(a.Class, b.Class), cmp.Compare(a.Pattern, b.Pattern))
	})
	if k.max >= 0 && len(dst) > k.max {
		dst = dst[:k.max]
	}
	return dst
}
