//go:build unix && !darwin

package main

import "syscall"

// maxRSSKiB is the peak resident memory of a child, in KiB (Linux and the
// BSDs count ru_maxrss in KiB).
func maxRSSKiB(ru *syscall.Rusage) int64 { return ru.Maxrss }
