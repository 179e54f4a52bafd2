// Command vectorgen writes every generated file of the conformance corpus (the
// scan vectors of vectors/scan/, the fingerprint vectors of
// vectors/fingerprint/ and the agent-safe.intent/1 vectors of
// vectors/intent/) after checking every hand-written case. Run it with
// `go generate ./vectors` or `go run ./tools/vectorgen` from the module root.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/tools/vectorgen/internal/generators"
)

func main() {
	log.SetFlags(0)
	dir := "."
	if _, err := os.Stat("vectors.go"); err != nil {
		dir = "vectors" // run from the module root
	}
	// Generate every file before writing any, so that a failing case leaves the corpus as it was.
	all := generators.All()
	outs := make([][]byte, len(all))
	for i, o := range all {
		out, err := o.Generate()
		if err != nil {
			log.Fatal(err)
		}
		outs[i] = out
	}
	for i, o := range all {
		path := filepath.Join(dir, filepath.FromSlash(o.Path))
		if err := os.WriteFile(path, outs[i], 0o644); err != nil {
			log.Fatal(err)
		}
		for _, line := range o.Summary() {
			fmt.Fprintln(os.Stderr, line)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", path)
	}
}
