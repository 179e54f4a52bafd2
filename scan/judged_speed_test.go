package scan

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// triggersPositions returns the offsets triggers (or f) calls add with,
// sorted: judgeStretch sorts them before use, so their order is free.
func triggersPositions(s string, f func(string, func(int))) []int {
	var out []int
	f(s, func(i int) { out = append(out, i) })
	slices.Sort(out)
	return out
}

// TestTriggersSame checks triggers against triggersOld, the code it
// replaced (issue 33, item 1: the '~' of underlines made it a third of a
// Strict scan of Vim's tutors), on real text and on random text dense in
// the bytes and prefixes it looks for, in every case, with multi-byte
// codepoints that fold to ASCII letters (U+212A KELVIN SIGN, U+017F LONG
// S) where strings.EqualFold could differ from an ASCII comparison.
func TestTriggersSame(t *testing.T) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		t.Fatal(err)
	}
	html, err := benchtext.GoHTML()
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{"GoDocs": docs, "GoHTML": html} {
		if got, want := triggersPositions(s, triggers), triggersPositions(s, triggersOld); !slices.Equal(got, want) {
			t.Errorf("%s: %d triggers, want %d", name, len(got), len(want))
		}
	}
	var pieces []string
	for _, p := range slices.Concat(markerPrefixes, judgedNeedles, turnLabels, []string{"instruction", "system"}) {
		pieces = append(pieces, p, strings.ToUpper(p), p[:len(p)/2+1])
	}
	pieces = append(pieces, "<", "[", ":", "#", "~", "_", "|", "/", " ", "\n", "## ", "~~~~", "\u212a", "\u017f", "\u212aitten", "a", "é", "\xff", "<<", "[[", "__", "s\u017fh")
	rng := rand.New(rand.NewPCG(33, 1))
	for n := range 20000 {
		var b strings.Builder
		for range rng.IntN(24) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(4) == 0 { // mixed case
				q := []byte(p)
				for i := range q {
					if rng.IntN(2) == 0 && q[i] >= 'a' && q[i] <= 'z' {
						q[i] -= 'a' - 'A'
					}
				}
				p = string(q)
			}
			b.WriteString(p)
		}
		s := b.String()
		if got, want := triggersPositions(s, triggers), triggersPositions(s, triggersOld); !slices.Equal(got, want) {
			t.Fatalf("text %d %q: triggers %v, want %v", n, s, got, want)
		}
	}
}

// hasPrefixFold is the comparison of triggersOld.
func hasPrefixFold(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// triggersOld is triggers before issue 33 (frozen for TestTriggersSame).
func triggersOld(s string, add func(int)) {
	for _, open := range []byte{'<', '['} {
		for i := 0; ; {
			j := strings.IndexByte(s[i:], open)
			if j < 0 {
				break
			}
			i += j + 1
			if i+1 >= len(s) || markerPairs[s[i]][s[i+1]>>6]&(1<<(s[i+1]&63)) == 0 {
				continue
			}
			for _, p := range markerPrefixes {
				if hasPrefixFold(s[i:], p) {
					add(i - 1)
					break
				}
			}
		}
	}
	// A turn's label ends with ':' and a heading opens with '#', both at
	// a line's start: the two bytes are rarer than line breaks.
	for i := 0; ; {
		j := strings.IndexByte(s[i:], ':')
		if j < 0 {
			break
		}
		i += j
		for _, p := range turnLabels {
			if k := i + 1 - len(p); k >= 0 && (k == 0 || s[k-1] == '\n') && hasPrefixFold(s[k:], p) {
				add(k)
				break
			}
		}
		i++
	}
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '#')
		if j < 0 {
			break
		}
		i += j
		if i == 0 || s[i-1] == '\n' {
			k := i
			for k < len(s) && s[k] == '#' {
				k++
			}
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if hasPrefixFold(s[k:], "instruction") || hasPrefixFold(s[k:], "system") {
				add(i)
			}
			i = k - 1
		}
		i++
	}
	for _, c := range []byte{'~', '_', '|'} {
		for i := 0; ; {
			j := strings.IndexByte(s[i:], c)
			if j < 0 {
				break
			}
			i += j
			if i+1 < len(s) && (c != '_' || s[i+1] == 'r' || s[i+1] == 'e') {
				for _, n := range judgedNeedles {
					if strings.HasPrefix(s[i:], n) {
						add(i)
						break
					}
				}
			}
			i++
		}
	}
}
