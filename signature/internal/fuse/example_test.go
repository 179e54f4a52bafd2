package fuse_test

import (
	"fmt"

	"github.com/plainsight/plainsight/signature/internal/fuse"
)

// A filter of three keys finds each of them; a key not given is found
// only with a chance of about 1 in 256.
func Example() {
	f, err := fuse.New([]uint64{11, 22, 33})
	if err != nil {
		panic(err)
	}
	b, _ := f.MarshalBinary()
	g, _ := fuse.Read(b)
	fmt.Println(g.Contains(11), g.Contains(22), g.Contains(33), g.Len())
	// Output: true true true 3
}
