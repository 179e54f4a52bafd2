//go:build !noinjmodel

package shield

import "github.com/plainsight/plainsight/internal/injmodel"

// The prompt_injection detector reads the embedded model of
// internal/injmodel (docs/judgement/injection-model.md); building with the
// tag noinjmodel leaves it out, to measure the rules alone.
func init() {
	injectionModel = func(text string) (float64, int, int) {
		r := injmodel.Score(blankMarkup(text))
		return r.Prob, r.Start, r.End
	}
}
