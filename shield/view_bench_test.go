package shield_test

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
	"github.com/plainsight/plainsight/shield"
)

// BenchmarkScanToolList measures the whole scanner on a 16 KB tools/list
// result (project-written tool definitions, read through the JSON view),
// with the percentiles BenchmarkScan reports (wall p50-ns, p99-ns and the
// calling thread's CPU time cpu-p50-ns, cpu-p99-ns).
func BenchmarkScanToolList(b *testing.B) {
	content := benchtext.ToolList(16 << 10)
	r := shield.Request{Content: content, Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}}
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	durs := make([]time.Duration, 0, b.N)
	cpus := make([]time.Duration, 0, b.N)
	for b.Loop() {
		c0, ok := benchtext.ThreadCPU()
		t0 := time.Now()
		_, err := shield.Scan(context.Background(), r)
		durs = append(durs, time.Since(t0))
		if c1, _ := benchtext.ThreadCPU(); ok {
			cpus = append(cpus, c1-c0)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds()), "p99-ns")
	if len(cpus) > 0 {
		slices.Sort(cpus)
		b.ReportMetric(float64(cpus[len(cpus)/2].Nanoseconds()), "cpu-p50-ns")
		b.ReportMetric(float64(cpus[len(cpus)*99/100].Nanoseconds()), "cpu-p99-ns")
	}
}
