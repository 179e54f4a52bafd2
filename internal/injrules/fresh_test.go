package injrules_test

import "testing"

// TestFreshHeldOut runs shield.Scan on testdata/fresh_heldout.jsonl, the
// held-out set of issue 27, item 1's fresh wordings and benign
// look-alikes, written and committed before the rules of fresh.go. An
// item counts as flagged when the verdict is not clean.
func TestFreshHeldOut(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/fresh_heldout.jsonl", floor: 0.8, ceiling: 0.04, minEach: 160, judge: byVerdict(newShield(t), carrierSource), by: "kind", show: "FRESH_SHOW"})
}
