package shieldgen

// injectionCases are the scan vectors of the injection detector.
var injectionCases = []ScanCase{}
