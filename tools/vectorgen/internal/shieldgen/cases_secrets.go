package shieldgen

// secretsCases are the scan vectors of the secrets detector.
var secretsCases = []ScanCase{}
