package injmodel

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// scanUncached is scan as it was before the token cache (issue 33, item
// 2): every token's features hashed and their weights read. It is kept
// for TestTokenCacheSame and BenchmarkTokenCache.
func (m *Model) scanUncached(text string, emit func(window)) {
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
	n, k, k1, sinceS := 0, 0, 1, 0
	for {
		a, b, ok := st.f.next()
		if !ok {
			break
		}
		var c int64
		for _, i := range st.f.feats {
			c += int64(w[i])
		}
		st.starts[k], st.ends[k] = a, b
		st.cumW[k1] = st.cumW[k] + c
		st.cumF[k1] = st.cumF[k] + int64(len(st.f.feats))
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

func windowsOf(scan func(string, func(window)), text string) []window {
	var out []window
	scan(text, func(w window) { out = append(out, w) })
	return out
}

// cacheTexts are random texts made of the tokenizer's hard pieces (long
// words, words at the cache's length bound, digits, upper case, format
// characters inside words, non-ASCII letters that NFKC changes, invalid
// bytes, symbols, words of other alphabets), repeated so that the cache
// is hit, and real prose (Go's comments, Vim's tutors in every language).
func cacheTexts(t testing.TB) []string {
	pieces := []string{"ignore", "IGNORE", "Ignore", "the", "above", "instructions", " ", "  ", "\n", ".", ",", "<|", "|>", "###",
		"abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwxy", "abcdefghijklmnopqrstuvw", strings.Repeat("long", 20),
		"2024", "1912", "ig\u200bnore", "pre\u00advious", "ＩＧＮＯＲＥ", "Здравствуйте", "会議は木曜日", "ﬁle", "\xff", "\xe2\x80", "é", "e\u0301",
		// Tokens of other alphabets, which the cache keys by their raw
		// bytes: upper and lower case, NFKC's changes, a ToLower that
		// changes a length, format characters and invalid bytes inside,
		// mixed scripts, at and past the cache's length bound.
		"ЗДРАВСТВУЙТЕ", "здравствуйте", "Здрав\u200bствуйте", "ПРИВЕТ", "привет", "пароль", "Пароль", "pass\u0430word",
		"İstanbul", "ΟΔΟΣ", "οδος", "Straße", "Ⅻ", "ǅemal", "ﬀ", "Ａｂｃ", "한국어", "ｶﾀｶﾅ", "ab\xffé", "é2024",
		"абвгдежзийкл", "абвгдежзийклм", "абвгдежзийклмнопрстуфхцчшщ", "中文中文中文中文", "中文中文中文中文中"}
	r := rand.New(rand.NewPCG(33, 2))
	var out []string
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := r.IntN(300); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		out = append(out, b.String())
	}
	if tutors, err := benchtext.VimTutors(); err == nil {
		for i := 0; i+16<<10 <= len(tutors); i += 61 << 10 {
			out = append(out, tutors[i:i+16<<10])
		}
	}
	if docs, err := benchtext.GoDocs(); err == nil {
		for i := 0; i+16<<10 <= len(docs) && i < 4<<20; i += 97 << 10 {
			out = append(out, docs[i:i+16<<10])
		}
	}
	return out
}

// TestTokenCacheSame: scan with the token cache emits exactly the
// windows (scores and spans) of the scan without it, on the embedded
// model and on a model of other weights used in turn with it (an entry
// must never serve another model's sums).
func TestTokenCacheSame(t *testing.T) {
	emb, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 33))
	other := &Model{meta: emb.meta, weights: make([]int8, len(emb.weights))}
	for i := range other.weights {
		other.weights[i] = int8(r.IntN(256) - 128)
	}
	windows := 0
	for i, s := range cacheTexts(t) {
		for _, m := range []*Model{emb, other} {
			got, want := windowsOf(m.scan, s), windowsOf(m.scanUncached, s)
			if !slices.Equal(got, want) {
				t.Fatalf("text %d (%q…), model %p: windows %v, want %v", i, s[:min(len(s), 80)], m, got, want)
			}
			windows += len(got)
		}
	}
	if windows < 10000 {
		t.Fatalf("only %d windows compared", windows)
	}
}

// BenchmarkTokenCache scores 16 KiB of Go's comments with and without
// the token cache, alternating call by call (thread CPU time, so a
// machine's drift falls on both). Before each call 4 MiB are read, as
// the shield's other detectors do between two scores, so that the
// weights are not all in the cache as a loop of scores alone would keep
// them.
func BenchmarkTokenCache(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no GOROOT prose:", err)
	}
	m, err := loaded()
	if err != nil {
		b.Fatal(err)
	}
	texts := []string{docs[1<<20 : 1<<20+16<<10], docs[2<<20 : 2<<20+16<<10], docs[3<<20 : 3<<20+16<<10]}
	runtime.LockOSThread() // the thread's CPU clock is read
	defer runtime.UnlockOSThread()
	other := make([]byte, 4<<20)
	evict := func() {
		for i := 0; i < len(other); i += 64 {
			other[i]++
		}
	}
	var tNew, tOld int64
	for i := 0; b.Loop(); i++ {
		s := texts[i%len(texts)]
		evict()
		t0, _ := benchtext.ThreadCPU()
		windowsOf(m.scan, s)
		t1, _ := benchtext.ThreadCPU()
		evict()
		t2, _ := benchtext.ThreadCPU()
		windowsOf(m.scanUncached, s)
		t3, _ := benchtext.ThreadCPU()
		tNew += int64(t1 - t0)
		tOld += int64(t3 - t2)
	}
	b.ReportMetric(float64(tNew)/float64(b.N), "cached-ns/op")
	b.ReportMetric(float64(tOld)/float64(b.N), "uncached-ns/op")
	b.ReportMetric(float64(tOld)/float64(tNew), "speedup")
}
