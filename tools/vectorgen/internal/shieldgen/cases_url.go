package shieldgen

// urlCases are the scan vectors of the url detector.
var urlCases = []ScanCase{}
