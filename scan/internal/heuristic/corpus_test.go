package heuristic

import (
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// goroot names the Go distribution whose comments are the benign corpus.
func goroot() string {
	root, err := benchtext.GoRoot()
	if err != nil {
		return "GOROOT (go env GOROOT: " + err.Error() + ")"
	}
	return root
}

// loadBenign returns the benign prose corpus of the calibration:
// [benchtext.GoDocs], the comments of the Go distribution's source.
func loadBenign(tb testing.TB) string {
	tb.Helper()
	s, err := benchtext.GoDocs()
	if err != nil {
		tb.Fatalf("benign prose corpus from %s: %v (it needs the Go distribution's source, at least 5 MB of comments)", goroot(), err)
	}
	return s
}
