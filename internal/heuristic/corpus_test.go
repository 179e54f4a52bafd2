package heuristic

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// benignSize is the size of the benign prose corpus: at least 5 MB.
const benignSize = 6 << 20

// benignProse returns the benign English technical prose of the
// calibration: the comments of the Go distribution's own source
// (GOROOT/src, without testdata and vendored code), in path order, as
// paragraphs, up to benignSize bytes. Nobody on this project wrote it; it
// is documentation written for people (and quotes code, URLs and email
// addresses, as tool descriptions do). It is read at test time from the Go
// that runs the test, so its exact bytes follow the Go version (the README
// says which one the published numbers come from).
var benignProse = sync.OnceValues(func() (string, error) {
	root := filepath.Join(runtime.GOROOT(), "src")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		inComment := false
		for line := range strings.Lines(string(data)) {
			line = strings.TrimSpace(line)
			text, ok := strings.CutPrefix(line, "//")
			if !ok || strings.HasPrefix(text, "go:") || strings.HasPrefix(text, "line ") ||
				strings.HasPrefix(text, " +build") || strings.HasPrefix(text, " Code generated") {
				if inComment {
					b.WriteString("\n\n") // a paragraph ends with the comment
					inComment = false
				}
				continue
			}
			text = strings.TrimPrefix(text, " ")
			if text == "" {
				if inComment {
					b.WriteString("\n\n")
				}
				inComment = false
				continue
			}
			if inComment {
				b.WriteByte('\n')
			}
			b.WriteString(text)
			inComment = true
		}
		if inComment {
			b.WriteString("\n\n")
		}
		if b.Len() >= benignSize {
			break
		}
	}
	if b.Len() < 5<<20 {
		return "", os.ErrNotExist
	}
	return b.String(), nil
})

func loadBenign(tb testing.TB) string {
	tb.Helper()
	s, err := benignProse()
	if err != nil {
		tb.Fatalf("benign prose corpus from %s: %v (it needs the Go distribution's source, at least 5 MB of comments)", runtime.GOROOT(), err)
	}
	return s
}
