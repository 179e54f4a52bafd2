package mcpconfig

import (
	"path/filepath"
	"testing"
)

// BenchmarkDiscover reads the testdata home and project: every client's
// files, 27 servers.
func BenchmarkDiscover(b *testing.B) {
	home, _ := filepath.Abs("testdata/home")
	project, _ := filepath.Abs("testdata/project")
	for b.Loop() {
		if _, _, err := Discover(home, func(string) string { return "" }, project); err != nil {
			b.Fatal(err)
		}
	}
}
