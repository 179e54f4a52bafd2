package report

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzBaseline: any bytes either fail to parse, with ErrNotBaseline, or
// give a baseline whose every entry is counted at least once.
func FuzzBaseline(f *testing.F) {
	f.Add([]byte(`{"path":"a","result":{"findings":[{"class":"zero_width","excerpt":"x"}],"invalid_utf8":[{}]}}` + "\n"))
	f.Add([]byte(`[{"skill_dir":"d","results":[{"class":"symlink","file":"f"}]}]`))
	f.Add([]byte(`{"runs":[{"originalUriBaseIds":{"SRCROOT":{"uri":"file:///w/"}},"results":[{"ruleId":"zero_width","locations":[{"physicalLocation":{"artifactLocation":{"uri":"a%20b","uriBaseId":"SRCROOT"}}}],"properties":{"excerpt":"e"}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBaseline(data, "/work")
		if err != nil {
			if !errors.Is(err, ErrNotBaseline) {
				t.Fatalf("an error that is not ErrNotBaseline: %v", err)
			}
			return
		}
		for k, n := range b.counts {
			if n <= 0 {
				t.Fatalf("entry %v counted %d", k, n)
			}
		}
	})
}

func writeFile(dir, name, text string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
}
