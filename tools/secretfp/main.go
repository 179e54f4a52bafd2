// Command secretfp measures the secrets rules' findings on benign text: it
// runs internal/secret's Find over every regular file under the given
// directories (gzip files decompressed, files holding a NUL byte in their
// first 8 KiB skipped as binary, each file cut at 4 MiB) and prints the
// megabytes read, the findings per megabyte, and the findings by rule.
// Run it on trees that hold no real credential, such as the Go
// distribution's source and /usr/share/doc:
//
//	go run ./tools/secretfp $(go env GOROOT)/src /usr/share/doc
//
// With -show N it prints the first N findings of each rule with their
// file and the found text cut to 12 bytes (enough to tell a test key from
// a false positive, not to use one).
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/internal/secret"
)

const maxFile = 4 << 20

func main() {
	show := flag.Int("show", 0, "print the first `N` findings of each rule")
	width := flag.Int("width", 12, "cut the printed findings at `N` bytes")
	flag.Parse()
	if flag.NArg() == 0 {
		log.Fatal("usage: secretfp [-show N] dir...")
	}
	var bytesRead int64
	files := 0
	byRule := map[string]int{}
	shown := map[string]int{}
	for _, root := range flag.Args() {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			text, ok := read(path)
			if !ok {
				return nil
			}
			files++
			bytesRead += int64(len(text))
			secret.Find(text, func(f secret.Finding) {
				byRule[f.Rule]++
				if shown[f.Rule] < *show {
					shown[f.Rule]++
					s := text[f.Start:f.End]
					if len(s) > *width {
						s = s[:*width] + "…"
					}
					fmt.Printf("%s\t%s\t%q\n", f.Rule, path, s)
				}
			})
			return nil
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	total := 0
	var rules []string
	for r, n := range byRule {
		rules = append(rules, r)
		total += n
	}
	sort.Slice(rules, func(i, j int) bool { return byRule[rules[i]] > byRule[rules[j]] })
	mb := float64(bytesRead) / 1e6
	fmt.Printf("%d files, %.1f MB, %d findings, %.3f per MB\n", files, mb, total, float64(total)/mb)
	for _, r := range rules {
		fmt.Printf("  %-36s %6d  %.3f/MB\n", r, byRule[r], float64(byRule[r])/mb)
	}
}

// read returns the file's text (decompressed if gzip), or false for a
// binary or unreadable file.
func read(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return "", false
		}
		r = z
	}
	b, err := io.ReadAll(io.LimitReader(r, maxFile))
	if err != nil && len(b) == 0 {
		return "", false
	}
	if bytes.IndexByte(b[:min(len(b), 8<<10)], 0) >= 0 {
		return "", false
	}
	return string(b), true
}
