//go:build !linux

package benchtext

import "time"

// ThreadCPU returns the CPU time of the calling thread; on this system
// the clock is not read, and ok is false.
func ThreadCPU() (d time.Duration, ok bool) { return 0, false }
