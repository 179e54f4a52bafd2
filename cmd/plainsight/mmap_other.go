//go:build !unix

package main

import (
	"io"
	"os"
)

// mapFile never maps on this platform: files are read.
func mapFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	return nil, nil, false
}

// readReserved never reserves on this platform: the caller reads through
// readLimited.
func readReserved(r io.Reader, limit int64) (data []byte, release func(), ok bool, err error) {
	return nil, nil, false, nil
}
