//go:build !linux

package secret

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
