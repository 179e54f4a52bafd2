package injmodel

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Feature extraction. The trainer (tools/injtrain) and inference share
// this code, so what the model was fitted on is what it scores.
//
// A text is cut into tokens: a word is a maximal run of letters, marks and
// digits; a symbol token is a maximal run of other visible characters
// ("<|", "###", "]"); white space separates; format characters (Unicode
// Cf: zero-width joiners, soft hyphens, bidi controls) are dropped without
// separating, so "ig\u200bnore" is the word "ignore". A word is lowered
// and NFKC-normalised (ASCII fast path), its ASCII digits read as 0, and
// only its first maxTokenBytes bytes count. Each token yields hashed
// features: its unigram, the bigram with the token before it, and, for
// words, the byte 3- and 5-grams of "^word$" over the first maxGramBytes
// bytes (4-grams were measured: they cost a sixth of the time and gave
// nothing held out).

const (
	maxTokenBytes = 64 // bytes of a normalised token that features see
	maxGramBytes  = 34 // bytes of "^word$" that char n-grams see
	// MaxFeatures is the most features one token yields.
	MaxFeatures = 2 + 2*maxGramBytes

	seedUni   = 0x9e3779b97f4a7c15
	seedBi    = 0xc2b2ae3d27d4eb4f
	seedGram3 = 0x1656_67b1_0000_0000
	seedGram5 = 0x9e37_79f9_0000_0000 // beside a 40-bit 5-gram
	seedSym   = 0x27d4eb2f165667c5

	fnvPrime = 0x100000001b3
)

// class of an ASCII byte: 0 separator, 1 word, 2 symbol.
var asciiClass = func() (t [128]uint8) {
	for c := 0; c < 128; c++ {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			t[c] = 1
		case c <= ' ' || c == 0x7f:
			t[c] = 0
		default:
			t[c] = 2
		}
	}
	return t
}()

// mix spreads a hash's bits up so that its top bits index the buckets.
func mix(h uint64) uint64 {
	h ^= h >> 29
	return h * 0xbf58476d1ce4e5b9
}

func fnv(seed uint64, b []byte) uint64 {
	h := seed
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// featurizer walks a text token by token with buffers it reuses.
type featurizer struct {
	text    string
	pos     int
	shift   uint   // 64 - bits
	raw     []byte // the current token, lowered (ASCII), capped
	norm    []byte // NFKC scratch
	low     []byte // lowered NFKC scratch
	gram    []byte // "^word$" scratch
	feats   []uint32
	prevH   uint64
	hasPrev bool
}

func (f *featurizer) reset(text string, bits uint) {
	f.text = text
	f.pos = 0
	f.shift = 64 - bits
	f.hasPrev = false
	if cap(f.feats) < MaxFeatures {
		f.feats = make([]uint32, 0, MaxFeatures)
	}
	if cap(f.raw) < maxTokenBytes+utf8.UTFMax {
		f.raw = make([]byte, 0, maxTokenBytes+utf8.UTFMax)
	}
	if cap(f.gram) < maxGramBytes+2 {
		f.gram = make([]byte, 0, maxGramBytes+2)
	}
}

// runeClass classifies the rune at text[i:]: 0 separator, 1 word,
// 2 symbol, 3 dropped (Cf); n is its width in bytes.
func runeClass(text string, i int) (class uint8, r rune, n int) {
	c := text[i]
	if c < utf8.RuneSelf {
		return asciiClass[c], rune(c), 1
	}
	r, n = utf8.DecodeRuneInString(text[i:])
	switch {
	case r == utf8.RuneError && n == 1:
		return 2, r, n
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
		return 1, r, n
	case unicode.Is(unicode.Cf, r):
		return 3, r, n
	case unicode.IsSpace(r) || unicode.IsControl(r):
		return 0, r, n
	}
	return 2, r, n
}

// next finds the next token; it returns its byte span and fills f.feats
// with its hashed feature indices. ok is false at the end of the text.
func (f *featurizer) next() (start, end int, ok bool) {
	text := f.text
	i := f.pos
	// Skip separators and dropped runes.
	var class uint8
	var r rune
	var n int
	for i < len(text) {
		if b := text[i]; b < utf8.RuneSelf && asciiClass[b] == 0 {
			i++
			continue
		}
		class, _, n = runeClass(text, i)
		if class == 1 || class == 2 {
			break
		}
		i += n
	}
	if i >= len(text) {
		f.pos = i
		return 0, 0, false
	}
	start = i
	tokClass := class
	raw := f.raw[:0]
	nonASCII := false
	for i < len(text) {
		if b := text[i]; b < utf8.RuneSelf {
			if asciiClass[b] != tokClass {
				break
			}
			if len(raw) < maxTokenBytes {
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				} else if b >= '0' && b <= '9' {
					b = '0'
				}
				raw = append(raw, b)
			}
			i++
			end = i
			continue
		}
		var c uint8
		c, r, n = runeClass(text, i)
		if c == 3 {
			i += n
			continue
		}
		if c != tokClass {
			break
		}
		if len(raw) < maxTokenBytes {
			if n == 1 {
				b := byte(r)
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				} else if b >= '0' && b <= '9' {
					b = '0'
				}
				raw = append(raw, b)
			} else {
				nonASCII = true
				raw = append(raw, text[i:i+n]...)
			}
		}
		i += n
		end = i
	}
	f.pos = i
	tok := raw
	if nonASCII {
		f.norm = norm.NFKC.Append(f.norm[:0], raw...)
		low := f.low[:0]
		for j := 0; j < len(f.norm); {
			r, n := utf8.DecodeRune(f.norm[j:])
			j += n
			if r < utf8.RuneSelf {
				b := byte(r)
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				} else if b >= '0' && b <= '9' {
					b = '0'
				}
				low = append(low, b)
			} else {
				low = utf8.AppendRune(low, unicode.ToLower(r))
			}
		}
		f.low = low
		tok = low
		if len(tok) > maxTokenBytes {
			tok = tok[:maxTokenBytes]
		}
	}
	f.raw = raw

	feats := f.feats[:0]
	sh := f.shift
	seed := uint64(seedUni)
	if tokClass == 2 {
		seed = seedSym
	}
	h := fnv(seed, tok)
	feats = append(feats, uint32(mix(h)>>sh))
	if f.hasPrev {
		feats = append(feats, uint32(mix(f.prevH*31+h^seedBi)>>sh))
	} else {
		feats = append(feats, uint32(mix(h^seedBi^0x5555)>>sh))
	}
	f.prevH = h
	f.hasPrev = true
	if tokClass == 1 {
		g := append(f.gram[:0], '^')
		if len(tok) > maxGramBytes-2 {
			g = append(g, tok[:maxGramBytes-2]...)
		} else {
			g = append(g, tok...)
			g = append(g, '$')
		}
		f.gram = g
		// The grams' bytes themselves, packed (a 5-gram fits in 40 bits),
		// are the keys: one multiply per feature.
		var v uint64
		for e, c := range g {
			v = v<<8 | uint64(c)
			if e >= 2 {
				feats = append(feats, uint32(mix(v&0xffffff^seedGram3)>>sh))
				if e >= 4 {
					feats = append(feats, uint32(mix(v&0xffffffffff^seedGram5)>>sh))
				}
			}
		}
	}
	f.feats = feats
	return start, end, true
}

// Tokens calls fn for every token of text with its byte span and its
// hashed feature indices (each < 1<<bits). The slice is reused between
// calls. It is the feature extraction the model was trained on, exported
// for the trainer (tools/injtrain).
func Tokens(text string, bits uint, fn func(start, end int, feats []uint32)) {
	var f featurizer
	f.reset(text, bits)
	for {
		s, e, ok := f.next()
		if !ok {
			return
		}
		fn(s, e, f.feats)
	}
}
