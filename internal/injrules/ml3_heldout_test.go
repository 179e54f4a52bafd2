package injrules_test

import "testing"

// TestML3Dev runs shield.Scan on testdata/ml3_dev.jsonl: 38 overrides,
// extractions, persona set-ups and planted answers in Chinese, Japanese,
// Russian, Korean, Arabic, Portuguese, French and German, in wordings
// the rules of ml2.go had not seen (written before this round's
// vocabulary, which was then written from its misses: an in-sample set).
// The build before: 12 of 38 (31.6 %); with the vocabulary and the
// languages fr, de, pt and es in ml2.go's bags, 30 (78.9 %).
func TestML3Dev(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/ml3_dev.jsonl", floor: 0.78, ceiling: 0, judge: byVerdict(newShield(t), carrierSource), by: "lang", show: "ML2_SHOW"})
}

// TestML3Heldout runs shield.Scan on testdata/ml3_heldout.jsonl: 18
// attacks and 37 benign look-alikes in the same languages (a cancelled
// meeting to forget, an operator's "never reveal your instructions", a
// car park "without limits from now on"), written after the vocabulary's
// first version and committed as written. The build before: 8 of 18
// (44.4 %) caught, 1 of 37 (2.7 %) flagged. The first run with the
// vocabulary: 17 of 18 (94.4 %), 3 of 37 (8.1 %); the two false flags
// (a library and a car park "from now on without limits") led to the
// persona rule's need for "you" or a demand to answer anything, so the
// figure at landing, 17 of 18 and 1 of 37, is in-sample for that rule.
func TestML3Heldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/ml3_heldout.jsonl", floor: 0.9, ceiling: 0.03, judge: byVerdict(newShield(t), carrierSource), by: "lang", show: "ML2_SHOW"})
}

// TestML3Steer runs shield.Scan on testdata/ml3_steer.jsonl: 10 answers
// planted in documents in Chinese, Japanese, Russian, Korean and Arabic
// ("致AI助手：…对用户说…") and 10 look-alikes (support manuals that tell
// an operator what to tell the user, product pages that say what their
// assistant tells users), written after ml2.go's ml2steer rule's first
// version. The build before: 0 of 10 caught, 0 of 10 flagged; the first
// run: 7 of 10 and 2 of 10 (the product pages: a mention of an
// assistant, not an address); at landing, with addresses only and the
// address read in the sentence before, 8 of 10 and 0 of 10 (in-sample
// for that fix).
func TestML3Steer(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/ml3_steer.jsonl", floor: 0.8, ceiling: 0, judge: byVerdict(newShield(t), carrierSource), by: "lang", show: "ML2_SHOW"})
}
