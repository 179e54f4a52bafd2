package heuristic

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// TestMatchEndSame: matchEnd, the alternatives tried in order, ends every
// match where the whole expression's group 1 ends, and finds no match
// where it finds none, at every word start of random passages made of the
// patterns' own words and of the labelled texts, of the labelled texts
// themselves and of 64 KiB of Go's comments.
func TestMatchEndSame(t *testing.T) {
	for p := range Patterns {
		if n := len(compiledOf(Pattern(p)).alts); n == 0 || strings.Join(splitAlternatives(strings.TrimSuffix(strings.TrimPrefix(Patterns[p].src, `\b(`), `)`)), "|") != strings.TrimSuffix(strings.TrimPrefix(Patterns[p].src, `\b(`), `)`) {
			t.Fatalf("%s: %d alternatives", Patterns[p].ID, n)
		}
	}
	rng := rand.New(rand.NewPCG(27, 33))
	var texts []string
	var seeds [][]string
	for _, l := range loadLabelled(t) {
		texts = append(texts, l.Text)
		seeds = append(seeds, strings.Fields(l.Text))
	}
	passages := testkit.Scale(t, 2500, 500)
	for n := range passages {
		var b strings.Builder
		if n%2 == 0 {
			for k, w := range seeds[rng.IntN(len(seeds))] {
				if k > 0 {
					b.WriteString(separators[rng.IntN(len(separators))])
				}
				if rng.IntN(5) == 0 {
					w = vocabulary[rng.IntN(len(vocabulary))]
				}
				b.WriteString(w)
			}
			b.WriteString(" ")
		}
		for k := range 2 + rng.IntN(8) {
			if k > 0 {
				b.WriteString(separators[rng.IntN(len(separators))])
			}
			b.WriteString(vocabulary[rng.IntN(len(vocabulary))])
		}
		texts = append(texts, b.String())
	}
	if docs, err := benchtext.GoDocs(); err == nil {
		for i := 0; i < 64<<10; i += 2 << 10 {
			texts = append(texts, docs[i:i+2<<10])
		}
	}
	matched := 0
	for _, s := range texts {
		text := appendPassage(nil, s)
		for i := range text {
			if i > 0 && wordByte(text[i-1]) || !wordByte(text[i]) {
				continue
			}
			for p := range Patterns {
				pc := compiledOf(Pattern(p))
				want := -1
				if m := pc.at.FindSubmatchIndex(text[i:]); m != nil {
					if m[2] != 0 || m[3] != m[1] {
						t.Fatalf("%s: group 1 of %v is not the match", Patterns[p].ID, m)
					}
					want = m[3]
					matched++
				}
				if got := pc.matchEnd(text[i:], s[i:]); got != want {
					t.Fatalf("%s on %q: match ends at %d, want %d", Patterns[p].ID, s[i:], got, want)
				}
			}
		}
	}
	t.Logf("%d matches", matched)
	if matched < passages/5 {
		t.Errorf("%d matches: the test does not reach the patterns", matched)
	}
}

// BenchmarkAlternatives runs FindN on 16 KiB texts with the patterns
// matched an alternative at a time (matchEnd) and as whole expressions,
// alternating call by call so that a shared machine's drift falls on
// both, and reports the thread-CPU time of each per call and their ratio
// (whole/alts).
func BenchmarkAlternatives(b *testing.B) {
	inj, err := os.ReadFile("../../../shield/testdata/bench/injection.txt")
	if err != nil {
		b.Fatal(err)
	}
	prose, err := benchtext.Corpus(benchtext.Prose, 16<<10, 0)
	if err != nil {
		b.Fatal(err)
	}
	alts := make([][]alternative, numPatterns)
	for p := range Patterns {
		alts[p] = compiledOf(Pattern(p)).alts
	}
	set := func(on bool) {
		for p := range Patterns {
			pc := compiledOf(Pattern(p))
			pc.alts = nil
			if on {
				pc.alts = alts[p]
			}
		}
	}
	defer set(true)
	for _, c := range []struct{ name, text string }{
		{"injection", strings.Repeat(string(inj)+"\n", 1+(16<<10)/len(inj))[:16<<10]},
		{"prose", prose},
	} {
		b.Run(c.name, func(b *testing.B) {
			var split, whole time.Duration
			odd := false
			benchtext.PerCall(b, func() {
				odd = !odd
				set(!odd)
				c0, _ := benchtext.ThreadCPU()
				FindN(c.text, -1)
				c1, _ := benchtext.ThreadCPU()
				if odd {
					whole += c1 - c0
				} else {
					split += c1 - c0
				}
			})
			b.ReportMetric(float64(split.Nanoseconds())/float64(b.N/2), "alts-cpu-ns")
			b.ReportMetric(float64(whole.Nanoseconds())/float64(b.N/2), "whole-cpu-ns")
			b.ReportMetric(float64(whole)/float64(split), "whole/alts")
		})
	}
}
