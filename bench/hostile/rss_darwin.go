package main

import "syscall"

// maxRSSKiB is the peak resident memory of a child, in KiB (macOS counts
// ru_maxrss in bytes).
func maxRSSKiB(ru *syscall.Rusage) int64 { return ru.Maxrss / 1024 }
