package injrules_test

import "testing"

func TestPlantedHeldOut(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/planted_heldout.jsonl", floor: 0, ceiling: 1, minEach: 100, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "PLANTED_SHOW"})
}

func TestPlantedDev(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/planted_dev.jsonl", floor: 0, ceiling: 1, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "PLANTED_DEV"})
}

func TestPlantedDev2(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/planted_dev2.jsonl", floor: 0, ceiling: 1, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "PLANTED_DEV"})
}

func TestPlantedDev3(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/planted_dev3.jsonl", floor: 0, ceiling: 1, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "PLANTED_DEV"})
}
