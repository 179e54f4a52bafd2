// Package corpus names the generated files of the conformance corpus and
// the generators that write them, for tools/vectorgen (which writes them) and
// the lint test (which checks the committed files are what they write).
package corpus

// Output is one generated file.
type Output struct {
	Path     string // relative to the vectors directory
	Generate func() ([]byte, error)
	Summary  func() []string
}
