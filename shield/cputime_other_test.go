//go:build !linux

package shield_test

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
