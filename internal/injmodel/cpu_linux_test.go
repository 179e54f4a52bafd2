package injmodel

import (
	"runtime"
	"syscall"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// threadCPU is the calling thread's CPU time (user + system) in ns.
func threadCPU() int64 {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

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
	start := threadCPU()
	for b.Loop() {
		Score(text)
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}
