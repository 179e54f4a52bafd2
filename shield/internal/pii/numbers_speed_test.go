package pii

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// nextNumberStartRef is the loop that nextNumberStart replaced, kept to
// compare with: one byte at a time.
func nextNumberStartRef(text string, i int) int {
	for i < len(text) && !numberStart[text[i]] {
		i++
	}
	return i
}

// TestNumberStarts8: numberStarts8 marks a byte as numberStart does, for
// every byte value at every place of the word, beside every other value.
func TestNumberStarts8(t *testing.T) {
	for c := range 256 {
		for d := range 256 {
			for off := range 8 {
				x := uint64(d) * 0x0101010101010101
				x = x&^(0xff<<(8*off)) | uint64(c)<<(8*off)
				m := numberStarts8(x)
				for k := range 8 {
					b := byte(x >> (8 * k))
					if got := m>>(8*k)&0xff == 0x80; got != numberStart[b] || m>>(8*k)&0x7f != 0 {
						t.Fatalf("numberStarts8(%#x): byte %d (%#x) marked %v", x, k, b, got)
					}
				}
			}
		}
	}
}

// TestNextNumberStartSame: nextNumberStart returns what the byte loop
// returned, from every position of random texts in which digits, '+' and
// '(' (and their look-alikes outside ASCII) are rare or dense.
func TestNextNumberStartSame(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 11))
	alphabets := []string{"abc xyz.\n", "0123456789+(", "+(\xab\xa8\xb0)*,/:9", "\x00\xff\x80\x2b\x28\x30\x39\x3a\x2f"}
	for n := 0; n < 3000; n++ {
		b := make([]byte, r.IntN(80))
		rare := r.IntN(2) == 0
		for i := range b {
			a := alphabets[r.IntN(len(alphabets))]
			if rare && r.IntN(20) != 0 {
				a = alphabets[0]
			}
			b[i] = a[r.IntN(len(a))]
		}
		s := string(b)
		for i := 0; i <= len(s); i++ {
			if got, want := nextNumberStart(s, i), nextNumberStartRef(s, i); got != want {
				t.Fatalf("nextNumberStart(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}

// BenchmarkNextNumberStart compares the skip to the next number with the
// byte loop on 16 KiB of the Go distribution's comments, alternating call
// by call, in thread-CPU time (ref/new).
func BenchmarkNextNumberStart(b *testing.B) {
	text, err := benchtext.GoDocs()
	if err != nil {
		b.Fatal(err)
	}
	text = text[:16<<10]
	var ref, cur time.Duration
	odd := false
	benchtext.PerCall(b, func() {
		odd = !odd
		next := nextNumberStart
		if odd {
			next = nextNumberStartRef
		}
		c0, _ := benchtext.ThreadCPU()
		for i := 0; i < len(text); i++ {
			i = next(text, i)
		}
		c1, _ := benchtext.ThreadCPU()
		if odd {
			ref += c1 - c0
		} else {
			cur += c1 - c0
		}
	})
	b.ReportMetric(float64(ref)/float64(cur), "ref/new")
}
