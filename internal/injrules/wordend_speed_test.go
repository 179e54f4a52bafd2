package injrules

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// wordEndRef is the byte loop wordEnd replaced.
func wordEndRef(lo string, i int) (int, bool) {
	j := i + 1
	hi := byte(0)
	for j < len(lo) && j-i <= maxWord && (isWordByte(lo[j]) || lo[j] == '-' && j+1 < len(lo) && lo[j+1] >= 'a') {
		hi |= lo[j]
		j++
	}
	return j, hi >= 0x80
}

// TestWordEndSame checks wordBytes8 against isWordByte for every byte in
// every place, and compares wordEnd with the byte loop at every position
// of 3,000 random texts of word bytes, hyphens, other bytes and
// non-ASCII letters (words shorter and longer than maxWord, ending at
// the text's end) and of 1 MiB of Go's comments.
func TestWordEndSame(t *testing.T) {
	for c := 0; c < 256; c++ {
		for k := 0; k < 8; k++ {
			x := uint64(c) << (8 * k)
			got := wordBytes8(x)>>(8*k+7)&1 == 1
			if want := isWordByte(byte(c)); got != want {
				t.Fatalf("wordBytes8: byte %#x at %d: %v, want %v", c, k, got, want)
			}
		}
	}
	pieces := []string{"a", "word", "z", "0", "9", "_", "'", "-", "-a", "-{", "--", " ", ".", "\n", "A", "é", "я", "\xff",
		"`", "/", ":", "@", "[", "{", strings.Repeat("x", 30)}
	r := rand.New(rand.NewSource(9))
	var texts []string
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := r.Intn(40); k >= 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, lower(b.String()))
	}
	if docs, err := benchtext.GoDocs(); err == nil {
		texts = append(texts, lower(docs[:min(len(docs), 1<<20)]))
	}
	highs := 0
	for _, lo := range texts {
		for i := 0; i < len(lo); i++ {
			gj, gh := wordEnd(lo, i)
			wj, wh := wordEndRef(lo, i)
			if gj != wj || gh != wh {
				t.Fatalf("%q at %d: wordEnd %d %v, the loop %d %v", lo, i, gj, gh, wj, wh)
			}
			if gh {
				highs++
			}
		}
	}
	if highs == 0 {
		t.Fatal("no word with a non-ASCII byte compared")
	}
}

// BenchmarkWordEnd reads every word start of 16 KiB of Go's comments
// with wordEnd and with the byte loop, in turn.
func BenchmarkWordEnd(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no GOROOT prose:", err)
	}
	lo := lower(docs[1<<20 : 1<<20+16<<10])
	var starts []int
	for i := 0; i < len(lo); i++ {
		if lo[i] >= 'a' && lo[i] <= 'z' && (i == 0 || !isWordByte(lo[i-1])) {
			starts = append(starts, i)
		}
	}
	for _, fn := range []struct {
		name string
		f    func(string, int) (int, bool)
	}{{"wordEnd", wordEnd}, {"loop", wordEndRef}} {
		b.Run(fn.name, func(b *testing.B) {
			n := 0
			for i := 0; i < b.N; i++ {
				for _, s := range starts {
					j, _ := fn.f(lo, s)
					n += j
				}
			}
			_ = n
		})
	}
}
