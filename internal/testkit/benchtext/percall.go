package benchtext

import (
	"runtime"
	"slices"
	"time"
)

// Loop is what PerCall needs of a benchmark: *testing.B has both methods
// (the interface keeps package testing out of this package's importers).
type Loop interface {
	Loop() bool
	ReportMetric(n float64, unit string)
}

// PerCall runs call once per iteration of b.Loop, timing each call, and
// reports the 50th and 99th percentile of single calls: in wall time
// (p50-ns, p99-ns), which on a shared machine includes the time other
// processes hold the core, and, where ThreadCPU reads the clock, in the
// calling thread's CPU time (cpu-p50-ns, cpu-p99-ns), which is the call's
// own cost (the garbage collector's work on other threads excluded). It
// locks the goroutine to its thread for the loop. It returns the number
// of calls.
func PerCall(b Loop, call func()) int {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var durs, cpus []time.Duration
	for b.Loop() {
		c0, ok := ThreadCPU()
		t0 := time.Now()
		call()
		durs = append(durs, time.Since(t0))
		if c1, _ := ThreadCPU(); ok {
			cpus = append(cpus, c1-c0)
		}
	}
	report := func(ds []time.Duration, prefix string) {
		if len(ds) == 0 {
			return
		}
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), prefix+"p50-ns")
		b.ReportMetric(float64(ds[len(ds)*99/100].Nanoseconds()), prefix+"p99-ns")
	}
	report(durs, "")
	report(cpus, "cpu-")
	return len(durs)
}
