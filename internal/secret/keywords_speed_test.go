package secret

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// keywordHitsRef is the keyword pass that keywordHits replaced, kept to
// compare with: one branch on the pair table at every byte.
func (set *glRules) keywordHitsRef(text string) map[int][]int {
	hits := map[int][]int{}
	add := func(i int, ks []glKeyword) {
		for _, k := range ks {
			if hasLowerPrefix(text[i:], k.kw) {
				for _, r := range k.rules {
					if h := hits[r]; len(h) < maxHits && (len(h) == 0 || h[len(h)-1] != i) {
						hits[r] = append(h, i)
					}
				}
			}
		}
	}
	c0, c1 := lowerByte(text[0]), lowerByte(text[1])
	for i := 0; i+1 < len(text); i++ {
		if i+1 > 1 {
			c0, c1 = c1, lowerByte(text[i+1])
		}
		p := uint16(c0)<<8 | uint16(c1)
		if set.pairs[p>>6]&(1<<(p&63)) == 0 {
			continue
		}
		if set.bits[p>>6]&(1<<(p&63)) != 0 {
			add(i, set.lists[set.short[p]-1])
		}
		if i+2 < len(text) {
			if h := tri3(c0, c1, lowerByte(text[i+2])); set.triBits[h>>6]&(1<<(h&63)) != 0 {
				add(i, set.lists[set.tri[h]-1])
			}
		}
	}
	return hits
}

// TestKeywordHitsSame: keywordHits finds the positions the former pass
// found, on real text, on random texts of every keyword (in any case, cut
// short, between random bytes), and on texts longer than one block of
// candidates and past maxHits.
func TestKeywordHitsSame(t *testing.T) {
	set := gitleaksRules()
	var kws []string
	for _, l := range set.lists {
		for _, k := range l {
			kws = append(kws, k.kw)
		}
	}
	texts := testTexts(t)
	r := rand.New(rand.NewPCG(33, 7))
	for n := 0; n < 5000; n++ {
		var b strings.Builder
		for k := r.IntN(40); k > 0; k-- {
			switch r.IntN(3) {
			case 0:
				b.WriteByte(byte(r.IntN(256)))
			case 1:
				b.WriteString(" =\n:."[r.IntN(5):][:1])
			default:
				w := []byte(kws[r.IntN(len(kws))])
				if r.IntN(4) == 0 {
					w = w[:r.IntN(len(w)+1)]
				}
				for i := range w {
					if r.IntN(2) == 0 && 'a' <= w[i] && w[i] <= 'z' {
						w[i] -= 'a' - 'A'
					}
				}
				b.Write(w)
			}
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, strings.Repeat("s.", 5000), strings.Repeat("xAPI_KEY=", 3000), strings.Join(kws, " "), "ey", "a", "")
	found := 0
	for _, s := range texts {
		if len(s) < 2 {
			continue // findGitleaks reads no keyword there
		}
		got, want := set.keywordHits(s), set.keywordHitsRef(s)
		if !maps.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("keywordHits(%q) = %v, want %v", s[:min(len(s), 300)], got, want)
		}
		for _, h := range want {
			found += len(h)
		}
	}
	if found < 10000 {
		t.Errorf("%d hits: the comparison says little", found)
	}
}

// BenchmarkKeywordHits compares keywordHits with keywordHitsRef on 16 KiB
// of prose (the Go specification) and code (net/http), alternating call
// by call, in thread-CPU time (ref/new).
func BenchmarkKeywordHits(b *testing.B) {
	set := gitleaksRules()
	for _, c := range []struct{ name, rel string }{{"prose", "doc/go_spec.html"}, {"code", "src/net/http/server.go"}} {
		text := goText(b, c.rel, 16<<10)
		b.Run(c.name, func(b *testing.B) {
			var ref, cur time.Duration
			odd := false
			benchtext.PerCall(b, func() {
				odd = !odd
				c0, _ := benchtext.ThreadCPU()
				if odd {
					set.keywordHitsRef(text)
				} else {
					set.keywordHits(text)
				}
				c1, _ := benchtext.ThreadCPU()
				if odd {
					ref += c1 - c0
				} else {
					cur += c1 - c0
				}
			})
			b.ReportMetric(float64(ref)/float64(cur), "ref/new")
		})
	}
}
