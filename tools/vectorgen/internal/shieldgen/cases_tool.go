package shieldgen

// toolCases are the scan vectors of the tool detector.
var toolCases = []ScanCase{}
