package injrules_test

import "testing"

// TestDirect4Heldout runs shield.Scan on testdata/direct4_heldout.jsonl.
func TestDirect4Heldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/direct4_heldout.jsonl", floor: 0.0, ceiling: 1, minEach: 80, judge: byVerdict(newShield(t), nil), by: "kind", show: "DIRECT4_SHOW"})
}

// TestDirect4Dev runs shield.Scan on testdata/direct4_dev.jsonl.
func TestDirect4Dev(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/direct4_dev.jsonl", floor: 0.0, ceiling: 1, judge: byVerdict(newShield(t), nil), by: "kind", show: "DIRECT4_DEV"})
}
