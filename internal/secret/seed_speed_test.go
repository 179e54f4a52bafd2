package secret

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// seedPhrasesRef is the first pass that seedPhrases replaced, kept to
// compare with: it reads one byte at a time.
func seedPhrasesRef(text string) []Finding {
	var out []Finding
	n, from, lastEnd := 0, 0, -1
	for i := 0; i < len(text); {
		if seedClass[text[i]]&seedAlpha == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && seedClass[text[j]]&seedAlpha != 0 {
			j++
		}
		if j-i >= 3 && j-i <= 8 && (i == 0 || seedClass[text[i-1]]&seedWord == 0) && (j == len(text) || seedClass[text[j]]&seedWord == 0) {
			if n > 0 && !seedGap(text[lastEnd:i]) {
				if n >= 12 {
					out = seedScan(out, text, from, lastEnd)
				}
				n = 0
			}
			if n == 0 {
				from = i
			}
			n++
			lastEnd = j
		} else {
			if n >= 12 {
				out = seedScan(out, text, from, lastEnd)
			}
			n = 0
		}
		i = j
	}
	if n >= 12 {
		out = seedScan(out, text, from, lastEnd)
	}
	return out
}

// TestLetters8: letters8 marks a byte as isAlpha does, for every byte
// value at every place of the word, beside every other value.
func TestLetters8(t *testing.T) {
	for c := range 256 {
		for d := range 256 {
			for off := range 8 {
				var x uint64
				for k := range 8 {
					x |= uint64(d) << (8 * k)
				}
				x = x&^(0xff<<(8*off)) | uint64(c)<<(8*off)
				m := letters8(x)
				for k := range 8 {
					b := byte(x >> (8 * k))
					if got := m>>(8*k)&0xff == 0x80; got != isAlpha(b) || m>>(8*k)&0x7f != 0 {
						t.Fatalf("letters8(%#x): byte %d (%#x) marked %v", x, k, b, got)
					}
				}
			}
		}
	}
}

// TestSeedPhrasesSame: seedPhrases finds what the byte loop it replaced
// found, on real text and on random texts of BIP-39 words, other words
// and separators.
func TestSeedPhrasesSame(t *testing.T) {
	texts := testTexts(t)
	seps := []string{" ", " ", " ", " ", " ", " ", " ", " ", "\n", ", ", "1. ", "2) ", "#3 ", " - ", "9", "\t", ": ", "  ", ".\n", "\r\n"}
	breaks := []string{"_", "'", "é", "\xff", "         ", "\"", "x9"}
	others := []string{"a", "to", "of", "Abandon", "ZOO", "wallet", "extraordinary", "x1", "phrase", "seed", "abc"}
	r := rand.New(rand.NewPCG(33, 5))
	for n := 0; n < 6000; n++ {
		var b strings.Builder
		for k := r.IntN(60); k > 0; k-- {
			if r.IntN(30) == 0 {
				b.WriteString(others[r.IntN(len(others))])
			} else {
				w := bip39Words[r.IntN(len(bip39Words))]
				if r.IntN(8) == 0 {
					w = strings.ToUpper(w)
				}
				b.WriteString(w)
			}
			switch r.IntN(40) {
			case 0:
			case 1:
				b.WriteString(breaks[r.IntN(len(breaks))])
			default:
				b.WriteString(seps[r.IntN(len(seps))])
			}
		}
		texts = append(texts, b.String())
	}
	// One phrase with a valid checksum: the all-zero test vector.
	texts = append(texts, "words: "+strings.Repeat("abandon ", 11)+"about.")
	found := 0
	for _, s := range texts {
		got, want := seedPhrases(s), seedPhrasesRef(s)
		if !slices.Equal(got, want) {
			t.Fatalf("seedPhrases(%q) = %v, want %v", s[:min(len(s), 300)], got, want)
		}
		found += len(want)
	}
	if found < 500 {
		t.Errorf("%d phrases found: the comparison says little", found)
	}
}

// BenchmarkSeedPhrases compares seedPhrases with seedPhrasesRef on 16 KiB
// of prose (the Go specification) and code (net/http), alternating call
// by call, in thread-CPU time (ref/new).
func BenchmarkSeedPhrases(b *testing.B) {
	for _, c := range []struct{ name, rel string }{{"prose", "doc/go_spec.html"}, {"code", "src/net/http/server.go"}} {
		text := goText(b, c.rel, 16<<10)
		b.Run(c.name, func(b *testing.B) {
			var ref, cur time.Duration
			odd := false
			benchtext.PerCall(b, func() {
				odd = !odd
				c0, _ := benchtext.ThreadCPU()
				if odd {
					seedPhrasesRef(text)
				} else {
					seedPhrases(text)
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
