//go:build !linux

package pii

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
