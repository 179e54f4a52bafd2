package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/plainsight/plainsight/skill"
)

// GitHubWriter writes GitHub Actions workflow commands, one per result:
// ::error, ::warning or ::notice, with the file, line, column and class,
// which the Actions runner turns into annotations. Suppressed results are
// not written.
type GitHubWriter struct{ w io.Writer }

// NewGitHub returns a writer of GitHub Actions workflow commands to w.
func NewGitHub(w io.Writer) *GitHubWriter { return &GitHubWriter{w: w} }

// File writes a command for each of the file's results.
func (o *GitHubWriter) File(f *File) error {
	results, _, _ := f.located()
	var b strings.Builder
	for _, res := range results {
		cmd := map[skill.Level]string{skill.Error: "error", skill.Warning: "warning", skill.Info: "notice"}[res.Level]
		fmt.Fprintf(&b, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", cmd,
			ghProperty(filepath.ToSlash(shown(f.Dir, res.File))), res.Line, res.Column, ghProperty(res.Class), ghData(res.Message))
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

// EndPackage writes nothing.
func (o *GitHubWriter) EndPackage(*Package) error { return nil }

// Close writes nothing.
func (o *GitHubWriter) Close() error { return nil }

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
