package benchtext

import (
	"syscall"
	"time"
	"unsafe"
)

// ThreadCPU returns the CPU time of the calling thread
// (CLOCK_THREAD_CPUTIME_ID): what a call costs, without the time other
// processes on a shared machine hold the core. A benchmark that reads it
// locks its goroutine to its thread (runtime.LockOSThread). ok is false
// where the clock is not available.
func ThreadCPU() (d time.Duration, ok bool) {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
