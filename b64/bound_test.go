package b64

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// longTokenByProbe is nextLongToken as it was before runStartBound: the
// probe ShortMin-1 ahead alone. It is the oracle of TestNextLongToken.
func longTokenByProbe(text string, i int) (token, bool) {
	for i+ShortMin <= len(text) {
		p := i + ShortMin - 1
		if !alphabet[text[p]] {
			i = p + 1
			continue
		}
		q := p - 1
		for q >= i && alphabet[text[q]] {
			q--
		}
		if q >= i {
			i = q + 1
			continue
		}
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

// boundTexts returns random texts of runs of alphabet characters of every
// length around ShortMin, between bytes that are not in the alphabet but
// pass or fail runStartBound's word test ('.', ':', '~' are at or above
// 0x2B; space, '\n', '!' below; bytes above 0x7F), with '=' inside and
// after runs, at every alignment.
func boundTexts(n int) []string {
	rng := rand.New(rand.NewPCG(24, 48))
	breaks := []string{" ", "\n", ".", ":", "~", "!", "é", "\x80", "==", "=", "\t", "@"}
	letters := "ABCxyz019+/-_="
	out := make([]string, 0, n)
	for range n {
		var b strings.Builder
		b.WriteString(strings.Repeat("a", rng.IntN(8))) // every alignment
		for b.Len() < 300 {
			run := rng.IntN(40)
			if rng.IntN(4) == 0 {
				run = ShortMin - 2 + rng.IntN(5)
			}
			for range run {
				b.WriteByte(letters[rng.IntN(len(letters))])
			}
			b.WriteString(breaks[rng.IntN(len(breaks))])
		}
		out = append(out, b.String())
	}
	return out
}

// TestRunStartBound checks the bound's claim at every offset of random
// texts: no window of ShortMin alphabet characters starts at or after i
// and before the bound.
func TestRunStartBound(t *testing.T) {
	for _, s := range boundTexts(2000) {
		for i := 0; i <= len(s); i++ {
			bound := runStartBound(s, i)
			if bound < i || bound > len(s) {
				t.Fatalf("runStartBound(%q, %d) = %d: out of [i, len]", s, i, bound)
			}
			for r := i; r < bound && r+ShortMin <= len(s); r++ {
				k := r
				for k < r+ShortMin && alphabet[s[k]] {
					k++
				}
				if k == r+ShortMin {
					t.Fatalf("runStartBound(%q, %d) = %d, but a run of %d starts at %d", s, i, bound, ShortMin, r)
				}
			}
		}
	}
}

// TestNextLongToken compares nextLongToken with the probe alone at every
// offset the search can be asked from: the text's start and every offset
// after a byte outside the alphabet (never inside a token).
func TestNextLongToken(t *testing.T) {
	for _, s := range boundTexts(2000) {
		for i := 0; i <= len(s); i++ {
			if i > 0 && alphabet[s[i-1]] {
				continue
			}
			got, gotOK := nextLongToken(s, i)
			want, wantOK := longTokenByProbe(s, i)
			if got != want || gotOK != wantOK {
				t.Fatalf("nextLongToken(%q, %d) = %v %v, want %v %v", s, i, got, gotOK, want, wantOK)
			}
		}
	}
}
