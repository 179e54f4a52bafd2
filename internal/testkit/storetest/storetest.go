// Package storetest is the conformance suite of package store: every
// backend's test runs it, so that memory, SQLite and PostgreSQL keep the
// same contracts (append-only, compare-and-set, one live flag per §8
// identity, atomic transactions, an unbroken ledger under concurrency)
// and the flag lifecycle and the conformance vectors of vectors/flag give
// the same answers on each. It is for tests only.
//
// It is a test kit, kept with the others under internal/testkit: it drives
// flag, ledger and scan, which import store, so it sits above them in the
// house (docs/architecture.md) rather than in store's folder.
package storetest

import (
	"context"
	"testing"

	"github.com/plainsight/plainsight/store"
)

// Opener opens the backend under test.
type Opener struct {
	// New returns an empty store, closed by the test's cleanup.
	New func(t testing.TB) store.Store
	// Again returns a second handle on the same database as s (another
	// connection pool, standing for another process), closed by the
	// test's cleanup; nil when the backend has no such thing (memory),
	// then s itself is used.
	Again func(t testing.TB, s store.Store) store.Store
}

// Run runs the whole suite.
func Run(t *testing.T, o Opener) {
	t.Run("Flags", func(t *testing.T) { testFlags(t, o) })
	t.Run("FlagBounds", func(t *testing.T) { testFlagBounds(t, o) })
	t.Run("Transitions", func(t *testing.T) { testTransitions(t, o) })
	t.Run("Ledger", func(t *testing.T) { testLedger(t, o) })
	t.Run("Atomic", func(t *testing.T) { testAtomic(t, o) })
	t.Run("Submit", func(t *testing.T) { testSubmit(t, o) })
	t.Run("BadInput", func(t *testing.T) { testBadInput(t, o) })
	t.Run("Gate", func(t *testing.T) { testGate(t, o) })
	t.Run("Lifecycle", func(t *testing.T) { testLifecycle(t, o) })
	t.Run("RaceRefresh", func(t *testing.T) { testRaceRefresh(t, o) })
	t.Run("RaceDispute", func(t *testing.T) { testRaceDispute(t, o) })
	t.Run("RaceLedger", func(t *testing.T) { testRaceLedger(t, o) })
	t.Run("Vectors", func(t *testing.T) { testVectors(t, o) })
	t.Run("Servers", func(t *testing.T) { testServers(t, o) })
	t.Run("FingerprintVersions", func(t *testing.T) { testFingerprintVersions(t, o) })
	t.Run("ChangeEvents", func(t *testing.T) { testChangeEvents(t, o) })
	t.Run("RedirectEvents", func(t *testing.T) { testRedirectEvents(t, o) })
	t.Run("PublicURLs", func(t *testing.T) { testPublicURLs(t, o) })
	t.Run("Reviews", func(t *testing.T) { testReviews(t, o) })
	t.Run("RaceMarkChecked", func(t *testing.T) { testRaceMarkChecked(t, o) })
	t.Run("Claims", func(t *testing.T) { testClaims(t, o) })
	t.Run("RaceClaim", func(t *testing.T) { testRaceClaim(t, o) })
	t.Run("Receipts", func(t *testing.T) { testReceipts(t, o) })
	t.Run("ReceiptLimit", func(t *testing.T) { testReceiptLimit(t, o) })
	t.Run("RaceReceipts", func(t *testing.T) { testRaceReceipts(t, o) })
	t.Run("APIKeys", func(t *testing.T) { testAPIKeys(t, o) })
	t.Run("RaceRevoke", func(t *testing.T) { testRaceRevoke(t, o) })
	t.Run("FlagsByLedgerSeq", func(t *testing.T) { testFlagsByLedgerSeq(t, o) })
	t.Run("CrossCheckConcurrent", func(t *testing.T) { testCrossCheckConcurrent(t, o) })
	t.Run("Pins", func(t *testing.T) { testPins(t, o) })
	t.Run("PinBounds", func(t *testing.T) { testPinBounds(t, o) })
	t.Run("PinsAtomic", func(t *testing.T) { testPinsAtomic(t, o) })
	t.Run("RacePins", func(t *testing.T) { testRacePins(t, o) })
}

func again(t testing.TB, o Opener, s store.Store) store.Store {
	if o.Again == nil {
		return s
	}
	return o.Again(t, s)
}

func ctx(t testing.TB) context.Context { return t.Context() }
