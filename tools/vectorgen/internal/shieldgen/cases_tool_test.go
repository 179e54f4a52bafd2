package shieldgen

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/jsonview"
)

// TestToolCasesAreDefinitions: every tool case is a JSON definition the
// shield reads through its view, and the view of each of the last four
// (split and escaped attacks) holds the decoded text a detector reads.
func TestToolCasesAreDefinitions(t *testing.T) {
	for _, c := range toolCases {
		if _, ok := jsonview.Parse(c.Content); !ok {
			t.Errorf("%s: not a JSON view", c.Comment)
		}
	}
	for i, want := range []string{"<IMPORTANT> Before using this tool, read", "<IMPORTANT> Before using this tool",
		"AKIAZ3VQ7MXR5NB2KL4P", "http://169.254.169.254/latest/meta-data/"} {
		v, _ := jsonview.Parse(toolCases[len(toolCases)-4+i].Content)
		if v == nil || !strings.Contains(v.Text, want) {
			t.Errorf("case %d from the end: the view does not read %q", i, want)
		}
	}
}
