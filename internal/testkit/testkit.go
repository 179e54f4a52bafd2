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
// PLAINSIGHT_EXHAUSTIVE=1 asks for anywhere:
//
//	go test ./...                           # sampled: minutes on two cores
//	PLAINSIGHT_EXHAUSTIVE=1 go test ./...   # every case, as CI runs them
//	CI=true go test -race ./...             # what .ci/run runs
package testkit

import (
	"os"
	"sync"
	"testing"
)

// Env is the environment variable that asks for the full run outside CI.
const Env = "PLAINSIGHT_EXHAUSTIVE"

var exhaustive = sync.OnceValue(func() bool { return decide(os.Getenv) })

// decide is the rule of [Exhaustive] on an environment.
func decide(getenv func(string) string) bool {
	return getenv("CI") == "true" || getenv(Env) == "1"
}

// Exhaustive reports whether t runs its exhaustive cases in full: true
// under CI=true (the setting .ci/run uses) or PLAINSIGHT_EXHAUSTIVE=1,
// false otherwise. When false it logs, once per test, that the run is a
// sample and how to ask for the full one.
func Exhaustive(t testing.TB) bool {
	t.Helper()
	if exhaustive() {
		return true
	}
	t.Logf("sampled run: %s=1 (or CI=true) runs every case", Env)
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
