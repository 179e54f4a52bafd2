package injrules_test

import "testing"

// TestSteerHeldOut runs shield.Scan on the held-out set of instructions
// planted in data that steer the reader's answer, with their look-alikes
// (users' and operators' own instructions about an answer, e-mails to
// people, style guides, advisories), written and committed before the
// checks of steer.go. An item counts as flagged when the verdict is not
// clean. The build before the checks: 49/123 (39.8 %) caught and 5/134
// (3.7 %) look-alikes flagged; the checks' first version, before any
// miss was read, 93/123 (75.6 %) and 6/134; at landing, after the fixes
// its misses showed (an "AI:" at a sentence's start, "For AI readers:",
// a conditional address about the writer), 116/123 (94.3 %) and 5/134 —
// an in-sample figure; the second set below is the honest one.
func TestSteerHeldOut(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/steer_heldout.jsonl", floor: 0.93, ceiling: 0.045, minEach: 120, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "STEER_SHOW"})
}

// TestSteerHeldOut2 is TestSteerHeldOut on a second set of 30 planted
// answers and 35 look-alikes in other wordings, written after the checks
// and committed after one run, no check changed since: the build before
// the checks 11/30 (36.7 %) and 4/35 (11.4 %, the model's and direct.go's
// flags); with them 28/30 (93.3 %) and the same 4/35. The model with
// skip-bigrams (docs/judgement/injection-model.md) flags one look-alike
// more, a how-to on briefing an AI assistant ("tell it who the audience
// is…", benign): 5/35 (14.3 %).
func TestSteerHeldOut2(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/steer_heldout2.jsonl", floor: 0.9, ceiling: 0.15, judge: byVerdict(newShield(t), carrierSource), by: "carrier", show: "STEER_SHOW"})
}
