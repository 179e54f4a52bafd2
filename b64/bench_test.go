package b64

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

var (
	benchProse = strings.Repeat(`The scanner reads text that an agent did not write: tool descriptions,
skill files, email bodies and web pages, at https://example.com/docs/scan and elsewhere.
`, 1<<20/150)
	benchHeavy = benchtext.Base64Heavy()
)

func benchmarkFind(b *testing.B, text string) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Find(text)
	}
}

func BenchmarkFindProse(b *testing.B) { benchmarkFind(b, benchProse) }
func BenchmarkFindHeavy(b *testing.B) { benchmarkFind(b, benchHeavy) }
func BenchmarkFindHostile(b *testing.B) {
	benchmarkFind(b, strings.Repeat(strings.Repeat("Q", 47)+".", 1<<20/48))
}

// BenchmarkFindGoDocs searches real English technical prose, the Go
// distribution's comments (benchtext.GoDocs), which holds long
// identifiers, paths and URLs.
func BenchmarkFindGoDocs(b *testing.B) {
	s, err := benchtext.GoDocs()
	if err != nil {
		b.Fatal(err)
	}
	benchmarkFind(b, s)
}
