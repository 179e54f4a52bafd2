package skill

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/plainsight/plainsight/scan"
)

// benchTree builds, once, a skill tree of 10,000 small text files (about
// 1 KB each, in 100 folders) and returns its folder and the files' texts.
var benchTree = sync.OnceValues(func() (string, []string) {
	dir, err := os.MkdirTemp("", "plainsight-skill-bench")
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("# Deploy\n\nSee the references.\n"), 0o644); err != nil {
		panic(err)
	}
	var texts []string
	for i := range 10000 {
		text := fmt.Sprintf("# Reference %d\n\nThis page describes step %d of the deployment: run the build, check the logs,\nand report the outcome to the on-call channel. Nothing here is hidden.\n", i, i)
		for len(text) < 1000 {
			text += "The service reads its settings from config.yaml and writes logs to stdout.\n"
		}
		p := filepath.Join(dir, fmt.Sprintf("part%02d", i%100), fmt.Sprintf("ref%05d.md", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			panic(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			panic(err)
		}
		texts = append(texts, text)
	}
	return dir, texts
})

// BenchmarkCheck10000Files checks the whole tree: walking, reading and
// scanning (the files are in the page cache after the first run).
func BenchmarkCheck10000Files(b *testing.B) {
	dir, _ := benchTree()
	b.ReportAllocs()
	for b.Loop() {
		r, err := Check(dir)
		if err != nil || !r.Passed {
			b.Fatal(err, r)
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkScanOnly10000Files scans the same texts from memory: the scan's
// share of BenchmarkCheck10000Files.
func BenchmarkScanOnly10000Files(b *testing.B) {
	_, texts := benchTree()
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			if _, err := scan.ScanFile(t, &scan.Options{MaxFindings: -1, OmitSanitized: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
