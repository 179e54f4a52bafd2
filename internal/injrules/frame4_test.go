package injrules_test

import "testing"

// TestFraming4Heldout runs shield.Scan on testdata/framing4_heldout.jsonl.
func TestFraming4Heldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/framing4_heldout.jsonl", floor: 0, ceiling: 1, minEach: 70, judge: byVerdict(newShield(t), carrierSource), by: "kind", show: "FRAMING4_SHOW"})
}
