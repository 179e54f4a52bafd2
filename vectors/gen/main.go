// Command gen writes the scan vectors (vectors/scan/invisible_chars.json) after checking every
// hand-written case against the reference model. Run it with `go generate ./vectors` or
// `go run ./vectors/gen` from the module root.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/vectors/internal/scangen"
)

func main() {
	log.SetFlags(0)
	out, err := scangen.Generate()
	if err != nil {
		log.Fatal(err)
	}
	dir := "."
	if _, err := os.Stat("vectors.go"); err != nil {
		dir = "vectors" // run from the module root
	}
	path := filepath.Join(dir, filepath.FromSlash(scangen.Path))
	if err := os.WriteFile(path, out, 0o644); err != nil {
		log.Fatal(err)
	}
	for _, line := range scangen.Summary() {
		fmt.Fprintln(os.Stderr, line)
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n", path)
}
