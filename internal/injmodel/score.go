package injmodel

import (
	"math"
	"sync"
	"unicode/utf8"
)

// Result is the model's judgement of a text.
type Result struct {
	Prob       float64 // calibrated probability the text carries an injection, in [0,1]
	Start, End int     // byte span of the window that scored highest (whole text if short)
}

// Score judges text with the embedded model: the calibrated probability of
// its highest-scoring window, and that window's span.
func Score(text string) Result {
	m, err := loaded()
	if err != nil {
		return Result{End: len(text)}
	}
	return m.Score(text)
}

// Windows calls fn for every window whose calibrated probability is >= min,
// in order, with the embedded model.
func Windows(text string, min float64, fn func(Result)) {
	m, err := loaded()
	if err != nil {
		return
	}
	m.Windows(text, min, fn)
}

// state is the scratch of one scan: the featurizer's buffers and rings of
// the last Window+2 tokens' prefix sums and spans.
type state struct {
	f      featurizer
	cumW   []int64
	cumF   []int64
	starts []int
	ends   []int
	// cache holds, for tokens seen before under the same model, what
	// the window sums need of them besides the bigram and skip-bigram.
	cache tokenCache
}

// tokenCache remembers, per token of at most cacheTokBytes bytes, its hash (which the bigram
// and skip-bigram read), the sum of its features' weights but those two's, and how many
// features it has: every feature of a token but those two depends on the
// token's bytes alone (features.go), and a text repeats its words, so
// most tokens of prose are scored without lowering them, hashing their
// character n-grams or reading their weights again (issue 33, item 2). An
// entry is keyed by an ASCII token's bytes as the text writes them, or by
// the raw bytes of a token that holds a multi-byte character (so that its
// NFKC form and lowering are not computed again: in Cyrillic or Greek
// prose they were half of the model's time), and used only for the same
// bytes under the same model: the windows are those computed without it
// (TestTokenCacheSame).
type tokenCache struct {
	model   *Model
	entries [cacheEntries]cachedToken
}

const (
	cacheEntries  = 1024 // a power of two
	cacheTokBytes = 24   // longer tokens are not cached
)

// cachedToken is one entry; len 0 marks an empty one. kind is 0 for a
// token of ASCII bytes keyed by its bytes as the text writes them, and
// kindRaw with the token's class for a token that holds a multi-byte
// character, keyed by its raw bytes (featurizer.rawToken: what its
// normalisation reads). The two keys never meet (a raw key holds a byte
// of a multi-byte character, an ASCII key none); kind is compared all
// the same.
type cachedToken struct {
	h    uint64
	sum  int32
	n    uint8
	len  uint8
	kind uint8
	tok  [cacheTokBytes]byte
}

// kindRaw marks the entries of tokens keyed by their raw bytes.
const kindRaw = 0x80

// slot is the entry the token tok (1 to cacheTokBytes bytes) may
// occupy.
func slotOf[T string | []byte](c *tokenCache, tok T) *cachedToken {
	var k uint64
	if len(tok) >= 8 {
		k = uint64(tok[0]) | uint64(tok[1])<<8 | uint64(tok[2])<<16 | uint64(tok[3])<<24 |
			uint64(tok[4])<<32 | uint64(tok[5])<<40 | uint64(tok[6])<<48 | uint64(tok[7])<<56
		t := tok[len(tok)-8:]
		k ^= (uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56) * 0x9e3779b97f4a7c15
	} else {
		for i := 0; i < len(tok); i++ {
			k = k<<8 | uint64(tok[i])
		}
	}
	k = mix(k ^ uint64(len(tok))<<59)
	return &c.entries[k>>(64-10)]
}

func (c *tokenCache) slot(tok string) *cachedToken { return slotOf(c, tok) }

func (c *tokenCache) slotRaw(tok []byte) *cachedToken { return slotOf(c, tok) }

// asciiToken finds the next token when it is made of ASCII bytes only,
// at most cacheTokBytes of them, and the text goes on after it with an
// ASCII byte or ends (so that no format character or non-ASCII letter
// can extend it): its span and class, ok true. Otherwise it moves past
// nothing and ok is false; token reads every other case.
func (f *featurizer) asciiToken() (start, end int, class uint8, ok bool) {
	text := f.text
	i := f.pos
	for i < len(text) && text[i] < utf8.RuneSelf && asciiClass[text[i]] == 0 {
		i++
	}
	if i >= len(text) || text[i] >= utf8.RuneSelf {
		return 0, 0, 0, false
	}
	class = asciiClass[text[i]]
	j := i + 1
	for j < len(text) && j-i <= cacheTokBytes && text[j] < utf8.RuneSelf && asciiClass[text[j]] == class {
		j++
	}
	if j-i > cacheTokBytes || j < len(text) && text[j] >= utf8.RuneSelf {
		return 0, 0, 0, false
	}
	f.pos = j
	return i, j, class, true
}

var states sync.Pool

func (m *Model) getState() *state {
	st, _ := states.Get().(*state)
	if st == nil {
		st = new(state)
	}
	r := m.meta.Window + 2
	if cap(st.cumW) < r {
		st.cumW = make([]int64, r)
		st.cumF = make([]int64, r)
		st.starts = make([]int, r)
		st.ends = make([]int, r)
	}
	st.cumW, st.cumF = st.cumW[:r], st.cumF[:r]
	st.starts, st.ends = st.starts[:r], st.ends[:r]
	if st.cache.model != m {
		st.cache = tokenCache{model: m} // another model's sums
	}
	return st
}

// window is one scored window: raw score z over tokens, byte span.
type window struct {
	z          float64
	start, end int
}

// scan calls emit for every window of text, in order: one window over the
// whole text when it has at most Window tokens (none when it has no
// token), else windows of Window tokens every Stride tokens and one that
// ends at the last token. A window's raw score is
// bias + scale·Σweights/√(number of features).
func (m *Model) scan(text string, emit func(window)) {
	st := m.getState()
	defer states.Put(st)
	W, S := m.meta.Window, m.meta.Stride
	R := W + 2
	scale, bias := m.meta.Scale, m.meta.Bias
	w := m.weights
	st.f.reset(text, m.meta.Bits)
	st.cumW[0], st.cumF[0] = 0, 0
	raw := func(s, e int) float64 {
		c := st.cumW[e%R] - st.cumW[s%R]
		f := st.cumF[e%R] - st.cumF[s%R]
		if f <= 0 {
			return bias
		}
		return bias + scale*float64(c)/math.Sqrt(float64(f))
	}
	span := func(s, e int) window {
		return window{z: raw(s, e), start: st.starts[s%R], end: st.ends[(e-1)%R]}
	}
	// k = n%R and k1 = (n+1)%R, kept without dividing; sinceS counts
	// the tokens since the last regular window's end.
	n, k, k1, sinceS := 0, 0, 1, 0
	for {
		var a, b int
		var c int64
		var nf int
		if s, e, class, ok := st.f.asciiToken(); ok {
			a, b = s, e
			key := text[s:e]
			ent := st.cache.slot(key)
			if int(ent.len) == len(key) && string(ent.tok[:len(key)]) == key {
				b, sk := st.f.bigram(ent.h)
				c = int64(ent.sum) + int64(w[b]) + int64(w[sk])
				nf = int(ent.n)
			} else {
				tok := st.f.raw[:0]
				for i := s; i < e; i++ {
					tok = append(tok, lowerASCII[text[i]])
				}
				st.f.raw = tok
				h := st.f.hash(tok, class)
				st.f.features(tok, class, h)
				for _, i := range st.f.feats {
					c += int64(w[i])
				}
				nf = len(st.f.feats)
				ent.h, ent.sum, ent.n, ent.len, ent.kind = h, int32(c-int64(w[st.f.feats[1]])-int64(w[st.f.feats[2]])), uint8(nf), uint8(len(key)), 0
				copy(ent.tok[:], key)
			}
		} else {
			s, e, raw, class, nonASCII, ok := st.f.rawToken()
			if !ok {
				break
			}
			a, b = s, e
			if !nonASCII || len(raw) > cacheTokBytes {
				tok := raw
				if nonASCII {
					tok = st.f.normalize(raw)
				}
				st.f.features(tok, class, st.f.hash(tok, class))
				for _, i := range st.f.feats {
					c += int64(w[i])
				}
				nf = len(st.f.feats)
			} else if ent := st.cache.slotRaw(raw); int(ent.len) == len(raw) && ent.kind == class|kindRaw && string(ent.tok[:len(raw)]) == string(raw) {
				b, sk := st.f.bigram(ent.h)
				c = int64(ent.sum) + int64(w[b]) + int64(w[sk])
				nf = int(ent.n)
			} else {
				tok := st.f.normalize(raw)
				h := st.f.hash(tok, class)
				st.f.features(tok, class, h)
				for _, i := range st.f.feats {
					c += int64(w[i])
				}
				nf = len(st.f.feats)
				ent.h, ent.sum, ent.n, ent.len, ent.kind = h, int32(c-int64(w[st.f.feats[1]])-int64(w[st.f.feats[2]])), uint8(nf), uint8(len(raw)), class|kindRaw
				copy(ent.tok[:], raw)
			}
		}
		st.starts[k], st.ends[k] = a, b
		st.cumW[k1] = st.cumW[k] + c
		st.cumF[k1] = st.cumF[k] + int64(nf)
		n++
		k = k1
		if k1++; k1 == R {
			k1 = 0
		}
		if n > W {
			if n == W+1 {
				emit(span(0, W))
			}
			if sinceS++; sinceS == S {
				sinceS = 0
				emit(span(n-W, n))
			}
		}
	}
	switch {
	case n == 0:
	case n <= W:
		emit(window{z: raw(0, n), start: 0, end: len(text)})
	case (n-W)%S != 0:
		emit(span(n-W, n))
	}
}

// MaxRaw returns the highest raw window score of text and that window's
// span (-Inf and the whole text when text has no token). The trainer
// calibrates on it.
func (m *Model) MaxRaw(text string) (z float64, start, end int) {
	best := window{z: math.Inf(-1), end: len(text)}
	m.scan(text, func(w window) {
		if w.z > best.z {
			best = w
		}
	})
	return best.z, best.start, best.end
}

// Score judges text: the calibrated probability of its highest-scoring
// window, and that window's span. A text without a token scores 0.
func (m *Model) Score(text string) Result {
	z, s, e := m.MaxRaw(text)
	if math.IsInf(z, -1) {
		return Result{Start: 0, End: len(text)}
	}
	return Result{Prob: m.calibrate(z), Start: s, End: e}
}

// Windows calls fn for every window whose calibrated probability is >= min,
// in order of their starts. A text without a token has one window, the
// whole text, at probability 0.
func (m *Model) Windows(text string, min float64, fn func(Result)) {
	any := false
	m.scan(text, func(w window) {
		any = true
		if p := m.calibrate(w.z); p >= min {
			fn(Result{Prob: p, Start: w.start, End: w.end})
		}
	})
	if !any && min <= 0 {
		fn(Result{Start: 0, End: len(text)})
	}
}
