package b64

import (
	"bytes"
	"encoding/base64"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// The thresholds of §4, in characters.
const (
	// BlobMin is the length from which a single token is a blob.
	BlobMin = 48
	// ChainTokenMin is the length every token of a multi-token blob needs,
	// and from which a token causes shorter ones to be trimmed.
	ChainTokenMin = 40
	// ShortMin is the shortest token of the short band (ShortMin to
	// BlobMin-1 characters).
	ShortMin = 24
	// imageWindow is how close before a payload a data:image declaration
	// must end.
	imageWindow = 48
	// slugSegmentMax is the longest segment of a slug chain.
	slugSegmentMax = 16
)

// Blob is one base64_blob of §4: a span of the text, in bytes (every byte of
// it is ASCII, so these are also character counts within it), whether it is
// opaque, and the decoded text when it is not.
type Blob struct {
	Start, End int
	// Opaque reports that the blob does not decode canonically to UTF-8
	// text that is at least 85% printable.
	Opaque bool
	// Decoded is the decoded text of a blob that is not opaque, unless
	// Long.
	Decoded string
	// Long reports a blob that is not opaque whose decoded text is longer
	// than the limit given to FindLimited: Decoded is empty, DecodedLen is
	// the length of the text in bytes, and Decode gives it a chunk at a
	// time.
	Long       bool
	DecodedLen int
}

// Decode calls emit with the decoded text of b, a blob that Find or
// FindLimited found in text, in order, a chunk of at most 48 KiB at a time
// (emit must not keep the slice; returning false stops the decoding). It
// reports whether the whole blob decoded canonically and emit never stopped
// it; it holds a few chunks, whatever the size of the blob. A chunk may end
// inside a codepoint.
func Decode(text string, b Blob, emit func([]byte) bool) bool {
	if b.Start < 0 || b.End > len(text) || b.Start >= b.End {
		return false
	}
	return decodeChunks(text, chain{b.Start, b.End}, emit)
}

// alphabet marks the base64 alphabet of §4: A–Z a–z 0–9 + / = and the
// URL-safe - and _.
var alphabet = func() (t [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c], t[c+'a'-'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "+/=-_" {
		t[c] = true
	}
	return t
}()

// isSpace reports ASCII whitespace as WHATWG defines it: the whitespace
// that joins tokens into a chain.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// token is a span [start, end) of alphabet characters.
type token struct{ start, end int }

func (t token) len() int { return t.end - t.start }

// chain is a span [start, end) of the text that starts and ends with a
// token and holds tokens joined by whitespace. Its tokens are walked
// (tokens), never listed: a chain can hold tens of millions of them.
type chain struct{ start, end int }

// tokens returns the tokens of c, in order: from its start, a token
// (tokenEnd), the whitespace after it, and so on to its end, which gives
// back the tokens chainAround joined, since each is a maximal run of data
// characters and the padding after it.
func (c chain) tokens(text string) tokenWalk {
	return tokenWalk{text: text, j: c.start, end: c.end}
}

// tokenWalk walks the tokens of a chain (a value, not a closure: walking
// allocates nothing).
type tokenWalk struct {
	text   string
	j, end int
}

// next returns the next token, or false at the end of the chain.
func (w *tokenWalk) next() (token, bool) {
	if w.j >= w.end {
		return token{}, false
	}
	t := token{w.j, tokenEnd(w.text, w.j)}
	w.j = t.end
	for w.j < w.end && isSpace(w.text[w.j]) {
		w.j++
	}
	return t, true
}

// Find returns the base64_blob constructs of §4 in text, in order. It takes
// time linear in the length of text and, for text without a run of 24
// alphabet characters, looks at one byte in 24 and at most the eight
// before each; its memory does not
// grow with the number of tokens in a chain, only with the blobs found.
func Find(text string) []Blob { return FindLimited(text, -1) }

// FindLimited is Find, except that a blob that decodes to printable text of
// more than maxDecoded bytes (maxDecoded < 0: no limit) is not decoded into
// its Decoded text but marked Long, for Decode to read a chunk at a time:
// then finding it costs a few chunks, not a copy of its text.
func FindLimited(text string, maxDecoded int) []Blob {
	var out []Blob
	for i := 0; ; {
		t, ok := nextLongToken(text, i)
		if !ok {
			return out
		}
		c := chainAround(text, t)
		out = appendChain(out, text, c, maxDecoded)
		i = c.end
	}
}

// nextLongToken finds the first token of at least ShortMin characters that
// starts at or after i, where i is never inside a token. It tests the byte
// p, ShortMin-1 ahead: a token of ShortMin characters starting at or
// before p covers it, so when that byte is not in the alphabet the search
// jumps past it. When it is, the eight bytes before p are tested at once
// (see outsideAlphabet) rather than walked back one by one: in prose one
// of them is nearly always a space, and the search goes on after the last
// of them that is not in the alphabet, which a token of ShortMin starting
// at or before it would cover with p.
func nextLongToken(text string, i int) (token, bool) {
	for i+ShortMin <= len(text) {
		p := i + ShortMin - 1
		if !alphabet[text[p]] {
			i = p + 1
			continue
		}
		if m := outsideAlphabet(text[p-8 : p]); m != 0 {
			// Past the last byte of the eight before p that is not in
			// the alphabet (byte k of the word is bits 8k to 8k+7).
			i = p - 8 + (63-bits.LeadingZeros64(m))>>3 + 1
			continue
		}
		// Walk back from p: if the run reaches i, [i, p] is a run of
		// ShortMin; else restart just after the byte that broke it.
		q := p - 1
		for q >= i && alphabet[text[q]] {
			q--
		}
		if q >= i {
			i = q + 1
			continue
		}
		// A long run from i: walk its tokens, passing over '=' that is
		// no padding, to the first of ShortMin or more.
		for i < len(text) && alphabet[text[i]] {
			if text[i] == '=' {
				i++
				continue
			}
			t := token{i, tokenEnd(text, i)}
			if t.len() >= ShortMin {
				return t, true
			}
			i = t.end
		}
	}
	return token{}, false
}

// outsideAlphabet returns the high bit of each of the eight bytes of b
// (byte k at bit 8k+7) that is below 0x2B, the lowest of §4's alphabet ('+';
// space and most punctuation are below it), or at or above 0x80: bytes
// that are not in the alphabet, though not all of them ('.', ':' and other
// punctuation above 0x2B are not marked). Each byte is tested on its own:
// with its high bit cleared, adding 0x55 reaches 0x80 exactly from 0x2B,
// and carries into no other byte.
func outsideAlphabet(b string) uint64 {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	_ = b[7]
	w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return (^(w&^high + 0x55*ones) | w) & high
}

// tokenEnd returns the end of the token that starts with the data character
// at i. §4 names '=' as padding, and padding is only padding at the end of
// data: a token is a maximal run of data characters (the alphabet but '=')
// and the '=' that follow it, at most two. Any other '=' — a line of '='
// under a heading, a third '=', '=' before any data — is in no token: it is
// text like any other character outside the alphabet, so a token never
// starts with '=' nor holds one inside, and two tokens with no whitespace
// between them ("eA==SWdu…") belong to no common chain.
func tokenEnd(text string, i int) int {
	for i < len(text) && alphabet[text[i]] && text[i] != '=' {
		i++
	}
	for k := 0; k < 2 && i < len(text) && text[i] == '='; k++ {
		i++
	}
	return i
}

// chainAround returns the chain that holds t: tokens joined by whitespace,
// extended both ways as far as they go.
func chainAround(text string, t token) chain {
	c := chain(t)
	// Leftwards.
	for pos := t.start; ; {
		j := pos
		for j > 0 && isSpace(text[j-1]) {
			j--
		}
		if j == pos || j == 0 || !alphabet[text[j-1]] {
			break
		}
		// The run ending at j must end with a token: a data character
		// and at most two '=' after it.
		pad := 0
		for j > 0 && text[j-1] == '=' {
			j--
			pad++
		}
		if pad > 2 || j == 0 || !alphabet[text[j-1]] {
			break
		}
		for j > 0 && alphabet[text[j-1]] && text[j-1] != '=' {
			j--
		}
		c.start = j
		pos = j // when text[j-1] is '=', the next round stops: no whitespace
	}
	for pos := t.end; ; {
		j := pos
		for j < len(text) && isSpace(text[j]) {
			j++
		}
		if j == pos || j == len(text) || !alphabet[text[j]] || text[j] == '=' {
			break
		}
		pos = tokenEnd(text, j)
		c.end = pos
	}
	return c
}

// appendChain applies §4 to one chain: trimming, the exclusions, the blob
// test, and for a chain that is no blob the short band token by token.
func appendChain(out []Blob, text string, c chain, maxDecoded int) []Blob {
	trimmed := trim(text, c)
	if !excluded(text, trimmed) && isBlob(text, trimmed) {
		return append(out, decodeBlob(text, trimmed, maxDecoded))
	}
	for w := c.tokens(text); ; {
		t, ok := w.next()
		if !ok {
			break
		}
		if n := t.len(); n < ShortMin || n >= BlobMin {
			continue
		}
		one := chain(t)
		if excluded(text, one) {
			continue
		}
		if dec, ok := decodeCanonical(text, one); ok && utf8.ValidString(dec) && mostlyOrdinary(dec) {
			out = append(out, Blob{Start: t.start, End: t.end, Decoded: dec})
		}
	}
	return out
}

// trim drops tokens shorter than ChainTokenMin from both ends of a chain
// that holds a token of ChainTokenMin or more (§4), keeping positions
// exact.
func trim(text string, c chain) chain {
	first, last := token{-1, -1}, token{}
	for w := c.tokens(text); ; {
		t, ok := w.next()
		if !ok {
			break
		}
		if t.len() >= ChainTokenMin {
			if first.start < 0 {
				first = t
			}
			last = t
		}
	}
	if first.start < 0 {
		return c
	}
	return chain{first.start, last.end}
}

// isBlob is the blob test of §4: a token of BlobMin or more, or at least two
// tokens, each of ChainTokenMin or more, together BlobMin or more.
func isBlob(text string, c chain) bool {
	total, n := 0, 0
	all := true
	for w := c.tokens(text); ; {
		t, ok := w.next()
		if !ok {
			break
		}
		if t.len() >= BlobMin {
			return true
		}
		n++
		total += t.len()
		all = all && t.len() >= ChainTokenMin
	}
	return n >= 2 && all && total >= BlobMin
}

// excluded applies the three exclusions of §4 to a (trimmed) chain: all
// hexadecimal, a declared data:image payload, a single-token slug chain.
func excluded(text string, c chain) bool {
	return isHex(text, c) || declaredImage(text, c.start) ||
		tokenEnd(text, c.start) == c.end && isSlug(text[c.start:c.end])
}

// isHex reports whether every token of c is hexadecimal: every byte of c
// that is not whitespace.
func isHex(text string, c chain) bool {
	for i := c.start; i < c.end; i++ {
		ch := text[i]
		if !('0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'f' || 'A' <= ch && ch <= 'F' || isSpace(ch)) {
			return false
		}
	}
	return true
}

// declaredImage reports whether a "data:image/<type>;base64," declaration
// ends within the imageWindow characters before the payload at start.
func declaredImage(text string, start int) bool {
	// Walk back imageWindow codepoints (UTF-8 lead bytes) at most,
	// looking for the declaration's comma.
	chars := 0
	for i := start - 1; i >= 0 && chars < imageWindow; i-- {
		c := text[i]
		if c&0xC0 != 0x80 {
			chars++
		}
		if c == ',' && isImageDeclaration(text[:i+1]) {
			return true
		}
	}
	return false
}

// isImageDeclaration reports whether s ends with
// "data:image/<type>;base64," (ASCII case ignored), type being one or more
// of A–Z a–z 0–9 . + -.
func isImageDeclaration(s string) bool {
	const suffix, prefix = ";base64,", "data:image/"
	if len(s) < len(suffix) || !strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return false
	}
	s = s[:len(s)-len(suffix)]
	i := len(s)
	for i > 0 && isTypeChar(s[i-1]) {
		i--
	}
	return i < len(s) && i >= len(prefix) && strings.EqualFold(s[i-len(prefix):i], prefix)
}

func isTypeChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-'
}

// isSlug reports whether a token is a slug chain: segments of at most 16
// characters joined by at least three of - / _.
func isSlug(tok string) bool {
	seps, seg := 0, 0
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '-', '/', '_':
			seps++
			seg = 0
		default:
			if seg++; seg > slugSegmentMax {
				return false
			}
		}
	}
	return seps >= 3
}

// decodeCanonical decodes the tokens joined without whitespace, URL-safe
// characters mapped to the standard alphabet, trailing padding stripped. ok
// is false unless the decode is canonical: no '=' left, and re-encoding the
// bytes gives back the same characters.
//
// It decodes through decodeChunks, into a buffer of the decoded size: a
// blob of any size costs its decoded text and a few chunks, not copies of
// it.
func decodeCanonical(text string, c chain) (string, bool) {
	var out strings.Builder
	out.Grow(base64.RawStdEncoding.DecodedLen(dataLen(text, c)))
	if !decodeChunks(text, c, func(b []byte) bool { out.Write(b); return true }) {
		return "", false
	}
	return out.String(), true
}

// dataLen returns the number of characters of the tokens, trailing
// padding stripped.
func dataLen(text string, c chain) int {
	n, pad := 0, 0 // pad: the '=' that end the tokens so far
	for w := c.tokens(text); ; {
		t, ok := w.next()
		if !ok {
			break
		}
		n += t.len()
		tok := text[t.start:t.end]
		kept := strings.TrimRight(tok, "=")
		if kept == "" {
			pad += len(tok)
		} else {
			pad = len(tok) - len(kept)
		}
	}
	return n - pad
}

// decodeChunks decodes the tokens as decodeCanonical does, decodeChunk
// characters at a time (groups of four decode on their own), re-encoding
// each chunk to compare, and hands each chunk's bytes to emit, which may
// stop the decoding by returning false (and must not keep the slice). It
// reports whether the decode is canonical and emit never stopped it; it
// holds no more than a few chunks whatever the size of the blob.
func decodeChunks(text string, c chain, emit func([]byte) bool) bool {
	n := dataLen(text, c)
	in := make([]byte, 0, min(n, decodeChunk))
	dec := make([]byte, base64.RawStdEncoding.DecodedLen(cap(in)))
	enc := make([]byte, cap(in))
	flush := func() bool {
		m, err := base64.RawStdEncoding.Decode(dec, in)
		if err != nil {
			return false
		}
		base64.RawStdEncoding.Encode(enc, dec[:m])
		if !bytes.Equal(enc[:base64.RawStdEncoding.EncodedLen(m)], in) {
			return false
		}
		in = in[:0]
		return emit(dec[:m])
	}
	left := n
	for w := c.tokens(text); ; {
		t, ok := w.next()
		if !ok {
			break
		}
		for i := t.start; i < t.end && left > 0; i++ {
			c := text[i]
			left--
			switch c {
			case '=':
				return false
			case '-':
				c = '+'
			case '_':
				c = '/'
			}
			in = append(in, c)
			if len(in) == decodeChunk && !flush() {
				return false
			}
		}
	}
	return len(in) == 0 || flush()
}

// decodeChunk is how many characters decodeChunks decodes at a time: a
// multiple of four.
const decodeChunk = 64 << 10

// decodeBlob decodes a blob: opaque unless it decodes canonically to valid
// UTF-8 of which at least 85% is printable. A blob longer than one chunk is
// first decoded without keeping what it decodes to, a chunk at a time,
// stopping at the first ill-formed byte: an opaque blob, however large,
// costs a few chunks; only one that decodes to printable text is decoded
// again, into its Decoded text, unless it decodes to more than maxDecoded
// bytes (maxDecoded >= 0): then it is Long and decoded no further.
func decodeBlob(text string, c chain, maxDecoded int) Blob {
	blob := Blob{Start: c.start, End: c.end, Opaque: true}
	data := dataLen(text, c)
	n := base64.RawStdEncoding.DecodedLen(data)
	if data > decodeChunk || maxDecoded >= 0 && n > maxDecoded {
		var check textCheck
		if !decodeChunks(text, c, check.write) || !check.printable() {
			return blob
		}
		if maxDecoded >= 0 && n > maxDecoded {
			blob.Opaque, blob.Long, blob.DecodedLen = false, true, n
			return blob
		}
	}
	dec, ok := decodeCanonical(text, c)
	if ok && utf8.ValidString(dec) && mostlyPrintable(dec) {
		blob.Opaque, blob.Decoded = false, dec
	}
	return blob
}

// textCheck reads a text in pieces cut anywhere and tells whether it is
// valid UTF-8 of which at least 85% of the codepoints are printable, as
// utf8.ValidString and mostlyPrintable tell of the whole.
type textCheck struct {
	carry   []byte // the start of a codepoint cut by the end of a piece
	n, ok   int    // codepoints, printable ones
	invalid bool
}

// write reads the next piece; it returns false once the text is known not
// to be valid UTF-8.
func (c *textCheck) write(b []byte) bool {
	for len(c.carry) > 0 && len(b) > 0 {
		c.carry = append(c.carry, b[0])
		b = b[1:]
		if utf8.FullRune(c.carry) {
			r, size := utf8.DecodeRune(c.carry)
			if r == utf8.RuneError && size == 1 {
				c.invalid = true
				return false
			}
			c.count(r)
			c.carry = c.carry[:0]
		}
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			c.count(rune(b[i]))
			i++
			continue
		}
		if !utf8.FullRune(b[i:]) {
			c.carry = append(c.carry[:0], b[i:]...)
			return true
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			c.invalid = true
			return false
		}
		c.count(r)
		i += size
	}
	return true
}

func (c *textCheck) count(r rune) {
	c.n++
	if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0x7F {
		c.ok++
	}
}

// printable reports whether the pieces read were valid UTF-8, at least
// 85% printable (see mostlyPrintable).
func (c *textCheck) printable() bool {
	return !c.invalid && len(c.carry) == 0 && 100*c.ok >= 85*c.n
}

// mostlyPrintable reports whether at least 85% of the codepoints of s are
// printable as §4 defines it: tab, line feed, carriage return, or U+0020
// and above except U+007F. (Counted in integers: 100·printable ≥ 85·all.)
// Every token holds a data character (tokenEnd), so the decoded text of a
// blob that decodes is never empty.
func mostlyPrintable(s string) bool {
	n, ok := 0, 0
	for _, r := range s {
		n++
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0x7F {
			ok++
		}
	}
	return 100*ok >= 85*n
}

// ordinary are the punctuation characters that §4's short band counts as
// ordinary, beside letters, marks, numbers, space, tab, LF and CR.
const ordinary = ".,;:!?'’‘“”-–—()…·"

// mostlyOrdinary reports whether at least 90% of the codepoints of s are
// ordinary: General_Category L, M or N, space, tab, line feed, carriage
// return, or one of the punctuation characters of ordinary. An empty s is
// not: the short band reports a token "only for what it decodes to".
func mostlyOrdinary(s string) bool {
	n, ok := 0, 0
	for _, r := range s {
		n++
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || ucd.IsLetterMarkNumber(r) || strings.ContainsRune(ordinary, r) {
			ok++
		}
	}
	return n > 0 && 10*ok >= 9*n
}
