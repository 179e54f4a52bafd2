//go:build !unix

package main

import "os"

// mapFile never maps on this platform: files are read.
func mapFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	return nil, nil, false
}
