//go:build !linux

package shield

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
