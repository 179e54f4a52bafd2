package jsonview

import (
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// BenchmarkParse reads a 16 KB tools/list result of project-written tool
// definitions.
func BenchmarkParse(b *testing.B) {
	in := benchtext.ToolList(16 << 10)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Parse(in); !ok {
			b.Fatal("not a view")
		}
	}
}
