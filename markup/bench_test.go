package markup

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/benchtext"
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
