package injrules_test

import "testing"

// TestML4Heldout runs shield.Scan on testdata/ml4_heldout.jsonl: 147
// injections written natively in 22 languages (zh, ja, ko, ru, uk, ar, fa,
// he, hi, th, vi, id, tr, pl, nl, sv, it, es, fr, de, pt, el), mixed with
// English and romanised, in every shape (overrides, extraction,
// personas, concealment, exfiltration, agent actions, instructions
// planted in e-mails and documents), and 110 benign twins in the same
// languages (operators' prompts, e-mails and tasks with the words for
// ignore, forget, password, texts about the attack), written and
// committed before ml4.go. An item counts as flagged when the verdict is
// not clean. The build before (bc30858): 96/147 (65.3 %) caught, 11/110
// (10.0 %) benign flagged, every one a text about the attack; ml4.go's
// first version, before any miss was read, 136/147 (92.5 %) and 0/110;
// at landing, after fixes of the classes the 11 misses showed (negations
// read as words, sentences placed by offset, a question then its
// demand, personas over two sentences, censorship), 147/147 and 0/110,
// an in-sample figure. The floor and the ceiling leave room for a
// retrained model.
//
// testdata/ml4_heldout2.jsonl, 40 injections and 31 benign twins in
// other shapes (calendar invites, reviews, code comments, tool output,
// operators' "never tell the user", notices that void old rules), was
// written after the rules and committed before its one run; its misses
// were not read and no rule changed after it. The build before: 18/40
// (45.0 %) caught, 2/31 (6.5 %) flagged; with ml4.go 33/40 (82.5 %) and
// 2/31.
func TestML4Heldout(t *testing.T) {
	s := newShield(t)
	measureHeldout(t, heldoutSet{path: "testdata/ml4_heldout.jsonl", floor: 0.95, ceiling: 0.02, minEach: 100, judge: byVerdict(s, carrierSource), by: "kind", show: "ML4_SHOW"})
	measureHeldout(t, heldoutSet{path: "testdata/ml4_heldout2.jsonl", floor: 0.8, ceiling: 0.07, judge: byVerdict(s, carrierSource), by: "kind", show: "ML4_SHOW2"})
}
