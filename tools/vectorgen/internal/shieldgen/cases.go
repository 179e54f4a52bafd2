package shieldgen

import "slices"

// scanCases are the scan vectors in the order they are written: the base
// cases of shieldgen.go, then each detector's own file, then direct.go's.
var scanCases = slices.Concat(baseCases, injectionCases, toolCases, secretsCases, piiCases, urlCases, directCases)
