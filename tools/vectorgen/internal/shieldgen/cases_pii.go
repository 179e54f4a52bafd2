package shieldgen

// piiCases are the scan vectors of the pii detector.
var piiCases = []ScanCase{}
