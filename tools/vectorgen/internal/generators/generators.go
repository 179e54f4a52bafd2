// Package generators lists every generated file of the conformance corpus,
// for tools/vectorgen, which writes them, and the lint test, which checks the
// committed files are byte for byte what they write.
package generators

import (
	"github.com/plainsight/plainsight/tools/vectorgen/internal/corpus"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/crosscheckgen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/fpgen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/intentgen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/scangen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/shieldgen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/strictgen"
	"github.com/plainsight/plainsight/tools/vectorgen/internal/surfacegen"
)

// All returns every generated file, in the order tools/vectorgen writes them.
func All() []corpus.Output {
	var all []corpus.Output
	all = append(all, scangen.Outputs...)
	all = append(all, strictgen.Outputs...)
	all = append(all, fpgen.Outputs...)
	all = append(all, surfacegen.Outputs...)
	all = append(all, intentgen.Outputs...)
	all = append(all, crosscheckgen.Outputs...)
	return append(all, shieldgen.Outputs...)
}
