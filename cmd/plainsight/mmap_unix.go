//go:build unix

package main

import (
	"os"
	"syscall"
)

// mmapThreshold is the size from which a file is mapped rather than read:
// below it, a read costs less than setting up a mapping.
const mmapThreshold = 1 << 20

// mapFile maps the regular file f of the given size read-only. It reports
// false when the file is small or cannot be mapped; the caller then reads it.
func mapFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	if size < mmapThreshold || int64(int(size)) != size {
		return nil, nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { syscall.Munmap(data) }, true
}
