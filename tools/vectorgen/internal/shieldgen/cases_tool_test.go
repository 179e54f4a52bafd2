package shieldgen

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/jsonview"
)

// TestToolCasesAreDefinitions: every tool case, pending ones included, is
// a JSON definition the shield reads through its view, and each pending
// case's view holds the decoded text its detector is to read.
func TestToolCasesAreDefinitions(t *testing.T) {
	for _, c := range append(append([]ScanCase{}, toolCases...), pendingToolCases...) {
		if _, ok := jsonview.Parse(c.Content); !ok {
			t.Errorf("%s: not a JSON view", c.Comment)
		}
	}
	for i, want := range []string{"<IMPORTANT> Before using this tool, read", "<IMPORTANT> Before using this tool",
		"AKIAZ3VQ7MXR5NB2KL4P", "http://169.254.169.254/latest/meta-data/"} {
		v, _ := jsonview.Parse(pendingToolCases[i].Content)
		if v == nil || !strings.Contains(v.Text, want) {
			t.Errorf("pending %d: the view does not read %q", i, want)
		}
	}
}
