package vectors_test

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/plainsight/plainsight/vectors"
)

// Walk a directory of the corpus as a harness does, and read the header of
// a vector file: the schema and specification it names.
func ExampleFS() {
	corpus := vectors.FS()
	fs.WalkDir(corpus, "intent/upstream", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			fmt.Println(name)
		}
		return err
	})

	raw, err := fs.ReadFile(corpus, "scan/base64.json")
	if err != nil {
		panic(err)
	}
	var header struct {
		Schema string `json:"schema"`
		Spec   struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"spec"`
		UnicodeVersion string `json:"unicode_version"`
	}
	if err := json.Unmarshal(raw, &header); err != nil {
		panic(err)
	}
	fmt.Println(header.Schema, header.Spec.Name, header.Spec.Version, header.UnicodeVersion)
	// Output:
	// intent/upstream/PROVENANCE.md
	// intent/upstream/agent-safe-intent-v1.json
	// intent/upstream/composed-vs-decomposed.json
	// intent/upstream/fractional-exponent.json
	// intent/upstream/negative-zero.json
	// intent/upstream/nested-arrays.json
	// intent/upstream/unicode-astral.json
	// intent/upstream/utf16-sort-order.json
	// scan_test_schema_v1.json agent-safety-formats 1 17.0.0
}
