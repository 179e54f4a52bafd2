//go:build race

package testkit

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = true
