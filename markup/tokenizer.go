package markup

import (
	"errors"
	"math/bits"
	"strings"

	"golang.org/x/net/html"
)

// tokenType is the type of a token, numbered as html.TokenType numbers
// them.
type tokenType uint8

const (
	errorToken tokenType = iota
	textToken
	startTagToken
	endTagToken
	selfClosingTagToken
	commentToken
	doctypeToken
)

// tokenizer reads HTML in place, as the Tokenizer of golang.org/x/net/html
// (v0.62.0, with AllowCDATA off, as NewTokenizer makes it) reads it from a
// reader over the same text: the same tokens, of the same types, over the
// same raw bytes, the same tag names, and the same values of the three
// attributes that §3 reads (style, class and hidden; the first of a
// duplicated name, in any case, counts). It follows that Tokenizer step by
// step, its quirks included: "</" at the end of the text is a text token
// of its own, a tag cut off by the end of the text is an error (which
// ends the tokens), "<!-->" and "--!>" end comments, a start tag named
// script, style, textarea, title, xmp, iframe, noembed, noframes, noscript
// or plaintext makes the text after it raw up to its end tag (script with
// its escaped and double-escaped states, plaintext to the end), and
// "<![CDATA[" opens a bogus comment.
//
// It differs in what it costs: it walks the string (a word's test and
// strings.IndexByte to the next '<' in text, strings.IndexByte to the
// next '>' in comments) and copies nothing.
// Attribute values that HTML rewrites (a character reference, NUL or CR
// in a style or class value), and the one self-closing test that depends
// on which duplicated attribute is kept, are handed to x/net/html's
// Tokenizer run over that one tag's bytes (slowTag).
//
// Its test, TestTokenizerDifferential (and FuzzTokenizer), compares it
// with x/net/html on every kind of input.
type tokenizer struct {
	s   string
	pos int // where the next token starts
	// rawTag is the lowercased name of the raw-text element whose
	// content the next token is, or "".
	rawTag string
	done   bool // the end: every later token is an error
	// skipText says that text in the data state before a tag (or a
	// comment or doctype) is passed over rather than returned as a
	// token, for a reader that reads only the text of raw-text elements.
	skipText bool

	// The current token: its type, its raw bytes s[start:end], and for a
	// tag its name's raw bytes s[name0:name1].
	tt           tokenType
	start, end   int
	name0, name1 int

	// For a start tag (or self-closing tag): the first style and class
	// attributes' values, whether there is a hidden attribute, and the
	// end of the value of the last attribute with a name (for the
	// self-closing test). slow says that the values (or the token type)
	// came from x/net/html (see slowTag), as slowStyle and slowClass.
	style, class         attrValue
	hidden, slow         bool
	lastVal              int
	slowStyle, slowClass string
	// pause, when not zero, is where readTag may stop short, for
	// mayHoldElements (see readTag).
	pause int
	// x reads the tags that need x/net/html, fed by xr.
	x  *html.Tokenizer
	xr *tagReader
}

// attrValue is where an attribute's value is: the raw bytes s[start:end]
// when ok. rewritten says that they hold '&' (a character reference,
// perhaps), NUL or CR, which HTML may rewrite in the value it reads.
type attrValue struct {
	start, end    int
	ok, rewritten bool
}

// newTokenizer returns a tokenizer of s that starts at from, where the
// tokenizer is in its data state.
func newTokenizer(s string, from int) *tokenizer {
	return &tokenizer{s: s, pos: from}
}

// next reads the next token and returns its type; errorToken at the end
// of the text, and at a tag the end of the text cuts off.
func (z *tokenizer) next() tokenType {
	z.start = z.pos
	z.name0, z.name1 = z.pos, z.pos
	if z.done || z.pos >= len(z.s) {
		z.done = true
		return z.set(errorToken, z.pos)
	}
	if tag := z.rawTag; tag != "" {
		z.rawTag = ""
		var end int
		switch tag {
		case "plaintext":
			end = len(z.s)
		case "script":
			end = scriptEnd(z.s, z.pos)
		default:
			end = z.rawTextEnd(z.pos, tag)
		}
		if end > z.pos {
			return z.set(textToken, end)
		}
	}
	s := z.s
	var lt int
	for i := z.pos; ; {
		// The next '<' is most often a few bytes away, nearer than
		// strings.IndexByte's setup reaches: the first eight bytes are
		// read as one word.
		lt = -1
		if i+8 <= len(s) {
			if m := wordHas(load64(s, i), '<'); m != 0 {
				lt = i + bits.TrailingZeros64(m)>>3
			} else if j := strings.IndexByte(s[i+8:], '<'); j >= 0 {
				lt = i + 8 + j
			}
		} else if j := strings.IndexByte(s[i:], '<'); j >= 0 {
			lt = i + j
		}
		if lt < 0 || lt+1 == len(s) {
			// No tag: text to the end ("<" at the end included).
			return z.set(textToken, len(s))
		}
		if c := s[lt+1]; isASCIILetter(c) || c == '/' || c == '!' || c == '?' {
			break
		}
		i = lt + 1 // the byte after '<' is read again
	}
	if lt > z.start {
		if !z.skipText {
			return z.set(textToken, lt) // the text before the tag first
		}
		z.start = lt
	}
	switch c := s[lt+1]; {
	case isASCIILetter(c):
		return z.startTag(lt)
	case c == '/':
		if lt+2 == len(s) {
			return z.set(textToken, len(s)) // "</" at the end
		}
		switch c := s[lt+2]; {
		case c == '>':
			return z.set(commentToken, lt+3) // "</>"
		case isASCIILetter(c):
			end, ok := z.readTag(lt+3, false)
			if !ok {
				return z.fail()
			}
			return z.set(endTagToken, end)
		}
		return z.set(commentToken, closeAngle(s, lt+2))
	case c == '!':
		return z.markupDeclaration(lt)
	default: // '?'
		return z.set(commentToken, closeAngle(s, lt+2))
	}
}

// load64 returns the eight bytes of s from i as a little-endian word (one
// load: the compiler joins the bytes' loads).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// wordHas returns a word with the high bit set in the lowest byte of w
// that equals c, and perhaps in higher bytes (not all of which need
// equal c); zero exactly when no byte of w is c. Only its lowest set bit
// is exact, which is the one the tokenizer reads for the next '<'.
func wordHas(w uint64, c byte) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := w ^ ones*uint64(c)
	return (x - ones) &^ x & highs
}

func (z *tokenizer) set(tt tokenType, end int) tokenType {
	z.tt, z.end, z.pos = tt, end, end
	return tt
}

// fail ends the tokens: a tag ran into the end of the text.
func (z *tokenizer) fail() tokenType {
	z.done = true
	z.end = z.start
	z.tt = errorToken
	return errorToken
}

// closeAngle returns the end of a bogus comment whose data starts at i:
// just after the next '>', or the end of s.
func closeAngle(s string, i int) int {
	if j := strings.IndexByte(s[i:], '>'); j >= 0 {
		return i + j + 1
	}
	return len(s)
}

// markupDeclaration reads the token at lt, which starts "<!": a comment, a
// doctype or a bogus comment (CDATA sections are bogus comments here).
func (z *tokenizer) markupDeclaration(lt int) tokenType {
	s := z.s
	if lt+4 > len(s) {
		return z.set(commentToken, len(s)) // fewer than two bytes after "<!"
	}
	if s[lt+2] == '-' && s[lt+3] == '-' {
		return z.set(commentToken, commentEnd(s, lt+4))
	}
	// A doctype or a bogus comment, both to the next '>'.
	end := closeAngle(s, lt+2)
	if lt+2+len("doctype") <= len(s) && foldEqual(s[lt+2:lt+2+len("doctype")], "doctype") {
		return z.set(doctypeToken, end)
	}
	return z.set(commentToken, end)
}

// commentEnd returns the end of the comment whose data starts at i (after
// "<!--"), as the tokenizer's readComment finds it: just after the first
// '>' that follows nothing but dashes since i ("<!-->", "<!--->"), or
// two dashes or more ("-->"), or two dashes or more and '!' ("--!>"); or
// the end of s.
func commentEnd(s string, i int) int {
	for p := i; ; {
		j := strings.IndexByte(s[p:], '>')
		if j < 0 {
			return len(s)
		}
		gt := p + j
		k := gt
		if k > i && s[k-1] == '!' {
			k-- // "--!>" closes as "-->" does
		}
		d := k
		for d > i && s[d-1] == '-' {
			d--
		}
		if k-d >= 2 || d == i && k == gt {
			return gt + 1
		}
		p = gt + 1
	}
}

// startTag reads the start tag at lt ('<' and a letter).
func (z *tokenizer) startTag(lt int) tokenType {
	z.style, z.class, z.hidden, z.slow = attrValue{}, attrValue{}, false, false
	end, ok := z.readTag(lt+2, true)
	if !ok {
		return z.fail()
	}
	if isRawTextName(z.s[z.name0:z.name1]) {
		z.rawTag = lowerASCII(z.s[z.name0:z.name1])
	}
	tt := startTagToken
	if z.s[end-2] == '/' {
		// Self-closing unless the '/' ends the value of the last
		// attribute kept: the last one, unless its name repeats an
		// earlier one, which only x/net/html's map knows cheaply.
		tt = selfClosingTagToken
		if z.lastVal == end-1 {
			z.slow = true
		}
	}
	if z.style.rewritten || z.class.rewritten {
		z.slow = true
	}
	z.set(tt, end)
	if z.slow {
		z.slowTag()
	}
	return z.tt
}

// isRawTextName reports whether a start tag of this name (raw bytes) makes
// the tokenizer read what follows as raw text.
func isRawTextName(name string) bool {
	// The lengths of the names, as bits: most tags (a, p, td, code, span)
	// are of none of them, and are told so without a call.
	const lengths = 1<<3 | 1<<5 | 1<<6 | 1<<7 | 1<<8 | 1<<9
	return len(name) <= 9 && lengths>>len(name)&1 != 0 && isRawTextNameOfLength(name)
}

// isRawTextNameOfLength is isRawTextName for a name of the length of one
// of them.
func isRawTextNameOfLength(name string) bool {
	switch name[0] | 0x20 {
	case 'i':
		return foldEqual(name, "iframe")
	case 'n':
		return foldEqual(name, "noembed") || foldEqual(name, "noframes") || foldEqual(name, "noscript")
	case 'p':
		return foldEqual(name, "plaintext")
	case 's':
		return foldEqual(name, "script") || foldEqual(name, "style")
	case 't':
		return foldEqual(name, "textarea") || foldEqual(name, "title")
	case 'x':
		return foldEqual(name, "xmp")
	}
	return false
}

// foldEqual reports whether s equals the lowercase ASCII word w with its
// ASCII letters in any case, as the tokenizer compares names.
func foldEqual(s, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// lowerASCII returns s with its ASCII capitals lowered, as the tokenizer's
// lower does; s itself when it has none.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for k := i; k < len(b); k++ {
				if 'A' <= b[k] && b[k] <= 'Z' {
					b[k] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// readTag reads a tag's name and attributes, as the tokenizer's readTag
// does, from p, just after the first byte of the name; for a start tag
// (attrs) it notes the attributes §3 reads. It returns the end of the
// tag, just after its '>', and false when the text ends first.
//
// For mayHoldElements, when z.pause is not zero, it may also stop short
// and return false and where it stopped, which is before the end of the
// text: at the first attribute from pause that has no value and has
// whitespace on both sides. Called again at the whitespace before it
// (which ends a name at once), it reads on from there. Where it stops,
// the rest of the tag reads the same whatever came before: a reading of
// the tag from an earlier '<' that stops there too reads the same rest.
func (z *tokenizer) readTag(p int, attrs bool) (int, bool) {
	s := z.s
	z.name0 = p - 1
	// The loops test uint(p) < uint(len(s)): the compiler then knows that
	// p indexes s, and checks no bounds in them again.
	for uint(p) < uint(len(s)) && tagByte[s[p]]&(tagSpace|tagSlash|tagClose) == 0 {
		p++
	}
	z.name1 = p
	z.lastVal = -1
	for {
		for uint(p) < uint(len(s)) && tagByte[s[p]] == tagSpace {
			p++
		}
		if p == len(s) {
			return p, false
		}
		if s[p] == '>' {
			return p + 1, true
		}
		// The name: up to whitespace, '/', '>' or an '=' that is not its
		// first byte. It is empty only at a '/'.
		k0 := p
		if s[p] == '=' {
			p++
		}
		for uint(p) < uint(len(s)) && tagByte[s[p]] == 0 {
			p++
		}
		k1 := p
		// The value, if any: after '=' and whitespace, quoted or up to
		// whitespace or '>'.
		v0, v1 := k1, k1
		for uint(p) < uint(len(s)) && tagByte[s[p]] == tagSpace {
			p++
		}
		if p == len(s) {
			return p, false
		}
		switch s[p] {
		default:
			// A name without a value. Where it follows whitespace and is
			// followed by it, from pause, readTag may stop short.
			if z.pause != 0 && k0 >= z.pause && p > k1 && tagByte[s[k0-1]] == tagSpace {
				return k0, false
			}
		case '/':
			p++
		case '=':
			p++
			for uint(p) < uint(len(s)) && tagByte[s[p]] == tagSpace {
				p++
			}
			if p == len(s) {
				return p, false
			}
			switch q := s[p]; q {
			case '>':
			case '"', '\'':
				// A value is often a word or two: the closing quote is
				// looked for in the first eight bytes as one word, as
				// next looks for '<'.
				j := -1
				if p+9 > len(s) {
					j = strings.IndexByte(s[p+1:], q)
				} else if m := wordHas(load64(s, p+1), q); m != 0 {
					j = bits.TrailingZeros64(m) >> 3
				} else if j = strings.IndexByte(s[p+9:], q); j >= 0 {
					j += 8
				}
				if j < 0 {
					return len(s), false
				}
				v0, v1 = p+1, p+1+j
				p = v1 + 1
			default:
				v0 = p
				for uint(p) < uint(len(s)) && tagByte[s[p]]&(tagSpace|tagClose) == 0 {
					p++
				}
				if p == len(s) {
					return p, false
				}
				v1 = p
			}
		}
		if !attrs || k1 == k0 {
			continue
		}
		z.lastVal = v1
		switch k1 - k0 {
		case 5:
			if !z.style.ok && foldEqual(s[k0:k1], "style") {
				z.style = value(s, v0, v1)
			} else if !z.class.ok && foldEqual(s[k0:k1], "class") {
				z.class = value(s, v0, v1)
			}
		case 6:
			z.hidden = z.hidden || foldEqual(s[k0:k1], "hidden")
		}
	}
}

// The bytes at which the reading of a tag's parts stops.
const (
	tagSpace  = 1 << iota // whitespace: ' ', '\n', '\r', '\t', '\f'
	tagSlash              // '/'
	tagClose              // '>'
	tagEquals             // '='
)

var tagByte = [256]uint8{
	' ': tagSpace, '\n': tagSpace, '\r': tagSpace, '\t': tagSpace, '\f': tagSpace,
	'/': tagSlash, '>': tagClose, '=': tagEquals,
}

// value returns the attrValue of the value s[start:end], looking for the
// bytes HTML may rewrite in it eight at a time: a class or style value
// is often a few words long. The last eight bytes of a value of eight or
// more are read as a word again (the first of them perhaps twice), and
// the word at a shorter value is read with the bytes after it, which
// are not looked at.
func value(s string, start, end int) attrValue {
	v := attrValue{start: start, end: end, ok: true}
	switch n := end - start; {
	case n >= 8:
		for i := start; i+8 <= end; i += 8 {
			if rewrites(load64(s, i)) != 0 {
				v.rewritten = true
				return v
			}
		}
		v.rewritten = rewrites(load64(s, end-8)) != 0
	case n > 0 && start+8 <= len(s):
		// A flag falls on a byte past the value only through a borrow
		// from a byte of it that is flagged itself.
		v.rewritten = rewrites(load64(s, start))&(1<<(8*n)-1) != 0
	default:
		for i := start; i < end; i++ {
			if c := s[i]; c == '&' || c == 0 || c == '\r' {
				v.rewritten = true
				break
			}
		}
	}
	return v
}

// rewrites returns wordHas for the bytes HTML may rewrite in a value
// ('&', NUL, CR): not zero when w holds one of them.
func rewrites(w uint64) uint64 {
	return wordHas(w, '&') | wordHas(w, 0) | wordHas(w, '\r')
}

// slowTag asks x/net/html's Tokenizer, run over the current tag alone,
// for its type and the decoded values of its style and class attributes.
// One Tokenizer serves every such tag of the text, fed a tag at a time
// (tagReader): a text can be made of them, and a Tokenizer costs a 4 KiB
// buffer and a map to make.
func (z *tokenizer) slowTag() {
	tag := z.s[z.start:z.end]
	if z.x == nil {
		z.xr = &tagReader{}
		z.x = html.NewTokenizer(z.xr)
	}
	z.xr.s = tag
	z.x.NextIsNotRawText() // the tag before may have opened raw text
	x := z.x
	tt := x.Next()
	if tt != html.StartTagToken && tt != html.SelfClosingTagToken || len(x.Raw()) != len(tag) || z.xr.s != "" {
		// Never seen: the tag read otherwise than alone. A Tokenizer of
		// its own then, and a new one for the next tag.
		z.x = nil
		x = html.NewTokenizer(strings.NewReader(tag))
		tt = x.Next()
	}
	z.tt = tokenType(tt)
	z.slowStyle, z.slowClass = "", ""
	z.style.ok, z.class.ok = false, false
	for more := true; more; {
		var key, val []byte
		key, val, more = x.TagAttr()
		switch string(key) {
		case "style":
			z.slowStyle, z.style.ok = string(val), true
		case "class":
			z.slowClass, z.class.ok = string(val), true
		}
	}
}

// tagReader gives x/net/html's Tokenizer the tag s, and then nothing but
// errNoTag: never io.EOF, after which the Tokenizer reads no more.
type tagReader struct{ s string }

var errNoTag = errors.New("markup: no tag to read")

func (r *tagReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, errNoTag
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}

// styleValue returns the value of the current start tag's style attribute
// as HTML reads it, and whether it has one.
func (z *tokenizer) styleValue() (string, bool) {
	switch {
	case !z.style.ok:
		return "", false // most tags
	case z.slow:
		return z.slowStyle, true
	}
	return z.s[z.style.start:z.style.end], true
}

// classValue returns the value of the current start tag's class attribute
// as HTML reads it, and whether it has one.
func (z *tokenizer) classValue() (string, bool) {
	switch {
	case !z.class.ok:
		return "", false // most tags
	case z.slow:
		return z.slowClass, true
	}
	return z.s[z.class.start:z.class.end], true
}

// name returns the current tag's name as the tokenizer's TagName does:
// ASCII lowercased, NUL bytes replaced by U+FFFD.
func (z *tokenizer) name() string {
	n := z.s[z.name0:z.name1]
	if strings.IndexByte(n, 0) >= 0 {
		n = strings.ReplaceAll(n, "\x00", "\uFFFD")
	}
	return lowerASCII(n)
}

// rawTextEnd returns the end of the raw text (RCDATA or RAWTEXT) starting
// at p: the next "</" and tag (in any case) followed by whitespace, '/'
// or '>', or the end of s.
func (z *tokenizer) rawTextEnd(p int, tag string) int {
	s := z.s
	for {
		j := strings.IndexByte(s[p:], '<')
		if j < 0 {
			return len(s)
		}
		p += j + 1
		if p < len(s) && s[p] == '/' {
			// Where the end tag is not, the tokenizer reads on from the
			// first byte that differs; the bytes before it are letters,
			// so looking for the next '<' from here is the same.
			if _, ok, _ := rawEndTag(s, p+1, tag); ok {
				return p - 1
			}
		}
	}
}

// rawEndTag reads, from p just after "</", the name tag (lowercase, read
// in any case) and one of whitespace, '/' or '>', as the tokenizer's
// readRawEndTag does. It reports whether they are there (ok; the '>' or
// other byte after the name is at next), or where reading goes on (next:
// the first byte that differs), or that the text ends first (eof).
func rawEndTag(s string, p int, tag string) (next int, ok, eof bool) {
	for i := 0; i < len(tag); i++ {
		if p == len(s) {
			return p, false, true
		}
		if c := s[p]; c != tag[i] && c != tag[i]-('a'-'A') {
			return p, false, false
		}
		p++
	}
	if p == len(s) {
		return p, false, true
	}
	switch s[p] {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		return p, true, false
	}
	return p, false, false
}

// scriptEnd returns the end of a script's text starting at p, following
// the tokenizer's readScript state for state (the escaped states that
// "<!--" opens, and the double-escaped ones that "<script" opens in
// them; its one departure from HTML, an escaped "<" and a byte other than
// '/' or a letter going back to the unescaped state, included): the "<"
// of the "</script" that ends it, or the end of s.
func scriptEnd(s string, p int) int {
	n := len(s)
	var (
		c       byte
		i, at   int
		ok, eof bool
	)

scriptData:
	if i = strings.IndexByte(s[p:], '<'); i < 0 {
		return n
	}
	p += i + 1
	// scriptDataLessThanSign
	if p == n {
		return n
	}
	c, p = s[p], p+1
	switch c {
	case '/':
		// scriptDataEndTagOpen
		at = p - 2
		if p, ok, eof = rawEndTag(s, p, "script"); ok {
			return at
		} else if eof {
			return n
		}
		goto scriptData
	case '!':
		goto scriptDataEscapeStart
	}
	p--
	goto scriptData

scriptDataEscapeStart:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c == '-' {
		goto scriptDataEscapeStartDash
	}
	p--
	goto scriptData

scriptDataEscapeStartDash:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c == '-' {
		goto scriptDataEscapedDashDash
	}
	p--
	goto scriptData

scriptDataEscaped:
	for p < n && s[p] != '-' && s[p] != '<' {
		p++
	}
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c == '-' {
		goto scriptDataEscapedDash
	}
	goto scriptDataEscapedLessThanSign

scriptDataEscapedDash:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDashDash:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataEscaped

scriptDataEscapedLessThanSign:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c == '/' {
		// scriptDataEscapedEndTagOpen
		at = p - 2
		if p, ok, eof = rawEndTag(s, p, "script"); ok {
			return at
		} else if eof {
			return n
		}
		goto scriptDataEscaped
	}
	if isASCIILetter(c) {
		// scriptDataDoubleEscapeStart: the letter is read again.
		p--
		for i = 0; i < len("script"); i++ {
			if p == n {
				return n
			}
			c, p = s[p], p+1
			if c != "script"[i] && c != "SCRIPT"[i] {
				p--
				goto scriptDataEscaped
			}
		}
		if p == n {
			return n
		}
		c, p = s[p], p+1
		switch c {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			goto scriptDataDoubleEscaped
		}
		p--
		goto scriptDataEscaped
	}
	p--
	goto scriptData

scriptDataDoubleEscaped:
	for p < n && s[p] != '-' && s[p] != '<' {
		p++
	}
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c == '-' {
		goto scriptDataDoubleEscapedDash
	}
	goto scriptDataDoubleEscapedLessThanSign

scriptDataDoubleEscapedDash:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDashDash:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedLessThanSign:
	if p == n {
		return n
	}
	c, p = s[p], p+1
	if c != '/' {
		p--
		goto scriptDataDoubleEscaped
	}
	// scriptDataDoubleEscapeEnd: "</script" and the byte after it are
	// read, and the escaped state goes on.
	if p, ok, eof = rawEndTag(s, p, "script"); ok {
		p++
		goto scriptDataEscaped
	} else if eof {
		return n
	}
	goto scriptDataDoubleEscaped
}
