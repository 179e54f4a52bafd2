package markup

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

var benchEmail = benchtext.Email()

func BenchmarkFindEmail(b *testing.B) {
	b.SetBytes(int64(len(benchEmail)))
	b.ReportAllocs()
	for b.Loop() {
		if len(Find(benchEmail)) == 0 {
			b.Fatal("no constructs")
		}
	}
}

func BenchmarkFindHostile(b *testing.B) {
	for _, tc := range []struct{ name, text string }{
		{"nested-divs", strings.Repeat("<div>", 1<<20/5)},
		{"unclosed-hidden", strings.Repeat("<div hidden>", 1<<20/12)},
		{"comments", strings.Repeat("<!---->", 1<<20/7)},
		{"markdown-lines", strings.Repeat("[a]: # b\n", 1<<20/9)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.text)))
			b.ReportAllocs()
			for b.Loop() {
				Find(tc.text)
			}
		})
	}
}

// BenchmarkFindGoHTML reads real HTML: the Go distribution's documents
// (the language specification among them), about 400 KB. The tokenizer
// does most of the work here.
func BenchmarkFindGoHTML(b *testing.B) {
	benchmarkText(b, benchtext.GoHTML, true)
}

// BenchmarkFindHostileLinear reads the hostile shapes at two sizes, each
// after a hidden element so that the tokenizer reads them: the time per
// byte must not grow with the size.
func BenchmarkFindHostileLinear(b *testing.B) {
	for _, tc := range []struct{ name, piece string }{
		{"tags-without-end", "<a "},
		{"unclosed-elements", "<b>"},
		{"unclosed-script", "<script>x<y "},
		{"nested-hidden-divs", "<div hidden>"},
		{"unclosed-comments", "<!-- a --!> <!-"},
		// Values that x/net/html's Tokenizer decodes, a tag at a time.
		{"references-in-values", `<b style="a&amp;b" class='c&#32;d'>`},
	} {
		for _, size := range []int{1 << 20, 8 << 20} {
			text := "<p hidden>x</p>" + strings.Repeat(tc.piece, size/len(tc.piece))
			b.Run(fmt.Sprintf("%s/%dMiB", tc.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					FindN(text, 1000)
				}
			})
		}
	}
}

// BenchmarkFindAllGoHTML is BenchmarkFindGoHTML with Find, every
// construct kept and the self-contained ones told, as the scanner calls
// it when it builds a sanitized copy.
func BenchmarkFindAllGoHTML(b *testing.B) {
	benchmarkText(b, benchtext.GoHTML, false)
}

// BenchmarkFindGoDocs reads English technical prose, the Go
// distribution's comments (about 6 MB), as the scanner reads it: where
// code quotes "i<n" a tag opens, to be read to the next '>'.
func BenchmarkFindGoDocs(b *testing.B) {
	benchmarkText(b, benchtext.GoDocs, true)
}

// benchmarkText reads the text get returns with FindN(text, 1000), as the
// scanner does without a sanitized copy, or, without kept, with Find.
func benchmarkText(b *testing.B, get func() (string, error), kept bool) {
	text, err := get()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if kept {
			FindN(text, 1000)
		} else {
			Find(text)
		}
	}
}
