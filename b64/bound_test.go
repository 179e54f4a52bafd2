package b64

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// longTokenByProbe is nextLongToken as it was before outsideAlphabet: the
// probe ShortMin-1 ahead alone, a byte at a time. It is the oracle of TestNextLongToken.
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

// TestOutsideAlphabet checks the word test against the alphabet, byte by
// byte, for every byte at every place of the word, after every other.
func TestOutsideAlphabet(t *testing.T) {
	for c := range 256 {
		for prev := range 256 {
			for k := 1; k < 8; k++ {
				w := []byte("AAAAAAAA")
				w[k-1], w[k] = byte(prev), byte(c)
				m := outsideAlphabet(string(w))
				got := m>>(8*k+7)&1 == 1
				if want := c < '+' || c >= 0x80; got != want {
					t.Fatalf("outsideAlphabet(%q): byte %d marked %v, want %v", w, k, got, want)
				}
				if got && alphabet[c] {
					t.Fatalf("outsideAlphabet(%q): byte %d, in the alphabet, marked", w, k)
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
