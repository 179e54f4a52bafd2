// Command gen writes the scan vectors (vectors/scan/invisible_chars.json,
// vectors/scan/hidden_markup.json and vectors/scan/base64.json) and the agent-safe.intent/1
// vectors (vectors/intent/intent_hash.json) after checking every hand-written case. Run it with `go generate ./vectors` or `go run ./vectors/gen` from the
// module root.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/vectors/internal/fpgen"
	"github.com/plainsight/plainsight/vectors/internal/intentgen"
	"github.com/plainsight/plainsight/vectors/internal/scangen"
)

// output is one generated file, from any of the generator packages.
type output struct {
	path     string
	generate func() ([]byte, error)
	summary  func() []string
}

func outputs() []output {
	var all []output
	for _, o := range scangen.Outputs {
		all = append(all, output{o.Path, o.Generate, o.Summary})
	}
	for _, o := range fpgen.Outputs {
		all = append(all, output{o.Path, o.Generate, o.Summary})
	}
	for _, o := range intentgen.Outputs {
		all = append(all, output{o.Path, o.Generate, o.Summary})
	}
	return all
}

func main() {
	log.SetFlags(0)
	dir := "."
	if _, err := os.Stat("vectors.go"); err != nil {
		dir = "vectors" // run from the module root
	}
	// Generate every file before writing any, so that a failing case leaves the corpus as it was.
	all := outputs()
	outs := make([][]byte, len(all))
	for i, o := range all {
		out, err := o.generate()
		if err != nil {
			log.Fatal(err)
		}
		outs[i] = out
	}
	for i, o := range all {
		path := filepath.Join(dir, filepath.FromSlash(o.path))
		if err := os.WriteFile(path, outs[i], 0o644); err != nil {
			log.Fatal(err)
		}
		for _, line := range o.summary() {
			fmt.Fprintln(os.Stderr, line)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", path)
	}
}
