package injmodel

import (
	"runtime"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// BenchmarkScore16KCPU is BenchmarkScore16K with the thread's CPU time
// per call reported beside the wall time (cpu-ns/op): on a shared machine
// the wall time counts waits for a core, the CPU time does not.
func BenchmarkScore16KCPU(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no GOROOT prose:", err)
	}
	text := docs[1<<20 : 1<<20+16<<10]
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	Score(text)
	b.ResetTimer()
	start, _ := benchtext.ThreadCPU()
	for b.Loop() {
		Score(text)
	}
	end, _ := benchtext.ThreadCPU()
	b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
}
