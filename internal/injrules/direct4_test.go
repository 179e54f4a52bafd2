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

// TestDirect4Dev2 is TestDirect4Dev on a second development set (36
// attacks, 27 benign twins), written after the first version of the rules
// in yet other styles (business register, slang, non-native English,
// several sentences): the first version caught 20/36 (55.6 %) and
// flagged 2/27; in-sample since.
func TestDirect4Dev2(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/direct4_dev2.jsonl", floor: 0.9, ceiling: 0.05, judge: byVerdict(newShield(t), nil), by: "kind", show: "DIRECT4_DEV"})
}
