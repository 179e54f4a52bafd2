// Package testkit holds what the module's tests share about how much to
// run: the switch between a contributor's quick run and CI's full one
// (issue 31, "Tests that a contributor runs often").
//
// A test with an exhaustive part — a long random loop, a replay of every
// file of a corpus, a measurement over a whole tree — asks [Exhaustive] (or
// sizes its loop with [Scale]) and runs a sample of that part when the
// answer is no. The sample still asserts: a quick run catches most
// regressions in seconds, CI catches the rest. Nothing is skipped: the
// same assertions run on fewer inputs.
//
// The full run is what CI does (.ci/run sets CI=true) and what
// PLAINSIGHT_EXHAUSTIVE=1 asks for anywhere. Under the race detector
// CI=true alone runs the samples: the detector checks how goroutines share
// memory, which a sample exercises as well as the whole loop, and it makes
// each case five to twenty times slower. So .ci/run runs the suite twice:
// every test under the race detector with the samples, then every package
// that has an exhaustive part once more without the detector, in full (the
// package list in .ci/run is checked by TestCIRunsEveryExhaustivePackage):
//
//	go test ./...                           # sampled: minutes on two cores
//	PLAINSIGHT_EXHAUSTIVE=1 go test ./...   # every case, as CI runs them
//	CI=true go test -race ./...             # .ci/run, first: samples, race detector
//	CI=true go test ./scan/... …            # .ci/run, then: every case
//
// PLAINSIGHT_EXHAUSTIVE=0 asks for the samples even under CI=true, and
// PLAINSIGHT_EXHAUSTIVE=1 for every case even under the race detector.
package testkit

import (
	"os"
	"sync"
	"testing"
)

// Env is the environment variable that asks for the full run outside CI.
const Env = "PLAINSIGHT_EXHAUSTIVE"

var exhaustive = sync.OnceValue(func() bool { return decide(os.Getenv, raceEnabled) })

// decide is the rule of [Exhaustive] on an environment, with or without
// the race detector.
func decide(getenv func(string) string, race bool) bool {
	switch getenv(Env) {
	case "1":
		return true
	case "0":
		return false
	}
	return getenv("CI") == "true" && !race
}

// Exhaustive reports whether t runs its exhaustive cases in full: true
// under PLAINSIGHT_EXHAUSTIVE=1, and under CI=true (the setting .ci/run
// uses) without the race detector; false otherwise. When false it logs, once per test, that the run is a
// sample and how to ask for the full one.
func Exhaustive(t testing.TB) bool {
	t.Helper()
	if exhaustive() {
		return true
	}
	t.Logf("sampled run: %s=1 (or CI=true without -race) runs every case", Env)
	return false
}

// Scale returns full when t runs exhaustively ([Exhaustive]) and sample
// otherwise; sample is raised to 1 if lower and lowered to full if higher,
// so a sampled loop never runs zero times nor more than the full one.
func Scale(t testing.TB, full, sample int) int {
	t.Helper()
	if Exhaustive(t) {
		return full
	}
	return max(1, min(sample, full))
}
