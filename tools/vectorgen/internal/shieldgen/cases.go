package shieldgen

import "slices"

// scanCases are the scan vectors in the order they are written: the base
// cases of shieldgen.go, then each detector's own file, then the cases
// added with each later rule set's file.
var scanCases = slices.Concat(baseCases, injectionCases, toolCases, secretsCases, piiCases, urlCases, secPIICases, egressCases, jailwildCases, tooldefCases, directCases, ml2Cases, nationalIDCases, steerCases, tooldef3Cases, agentactCases, ml3Cases, pii2Cases, freshCases, obfuscCases, secPII4Cases, plantedCases, tools4Cases, ml4Cases, direct4Cases, framing4Cases, act5Cases)
