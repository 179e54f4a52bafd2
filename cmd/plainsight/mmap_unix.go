//go:build unix

package main

import (
	"io"
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

// readReserved reads r to its end, at most limit+1 bytes, into an anonymous
// mapping of that size reserved up front: memory is taken a page at a time
// as the bytes arrive, so an input of n bytes costs n bytes, never a buffer
// grown by doubling nor the chunks of readLimited joined into a copy. It
// reports false when the space cannot be reserved (an address-space limit,
// a 32-bit platform); the caller then reads through readLimited.
func readReserved(r io.Reader, limit int64) (data []byte, release func(), ok bool, err error) {
	if limit < 0 || int64(int(limit+1)) != limit+1 {
		return nil, nil, false, nil
	}
	buf, merr := syscall.Mmap(-1, 0, int(limit+1), syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if merr != nil {
		return nil, nil, false, nil
	}
	release = func() { syscall.Munmap(buf) }
	n, err := io.ReadFull(r, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return buf[:n], release, true, nil
	}
	release()
	if err != nil {
		return nil, nil, true, err
	}
	return nil, nil, true, tooLarge(limit)
}
