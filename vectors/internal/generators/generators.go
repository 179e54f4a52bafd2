// Package generators lists every generated file of the conformance corpus,
// for vectors/gen, which writes them, and the lint test, which checks the
// committed files are byte for byte what they write.
package generators

import (
	"github.com/plainsight/plainsight/vectors/internal/corpus"
	"github.com/plainsight/plainsight/vectors/internal/crosscheckgen"
	"github.com/plainsight/plainsight/vectors/internal/fpgen"
	"github.com/plainsight/plainsight/vectors/internal/intentgen"
	"github.com/plainsight/plainsight/vectors/internal/scangen"
	"github.com/plainsight/plainsight/vectors/internal/shieldgen"
	"github.com/plainsight/plainsight/vectors/internal/strictgen"
)

// All returns every generated file, in the order vectors/gen writes them.
func All() []corpus.Output {
	var all []corpus.Output
	all = append(all, scangen.Outputs...)
	all = append(all, strictgen.Outputs...)
	all = append(all, fpgen.Outputs...)
	all = append(all, intentgen.Outputs...)
	all = append(all, crosscheckgen.Outputs...)
	return append(all, shieldgen.Outputs...)
}
