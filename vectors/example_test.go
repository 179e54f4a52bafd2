package vectors_test

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/plainsight/plainsight/vectors"
)

// Walk the corpus as a harness does: each directory, and the schema and
// specification a vector file names in its header.
func ExampleFS() {
	corpus := vectors.FS()
	fs.WalkDir(corpus, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && name != "." {
			fmt.Println(name + "/")
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
	// fingerprint/
	// intent/
	// intent/upstream/
	// intent/verify/
	// scan/
	// schemas/
	// scan_test_schema_v1.json agent-safety-formats 1 17.0.0
}
