package injrules_test

import "testing"

// TestObfuscHeldout runs shield.Scan on testdata/obfusc_heldout.jsonl:
// obfuscated instructions in 40 techniques (leetspeak, letters spaced or
// separated, split words, reversal, hex, base32, base64, URL encoding,
// HTML references, ROT13 and Caesar, Morse, Pig Latin, look-alike,
// full-width and mathematical letters, code books, markdown, assembled
// parts, translation, zero-width characters) and their benign twins
// (gamers' leetspeak, spaced headings, hex dumps, base64 data, ROT13
// puzzles, string concatenation in code, text about obfuscation), written
// and committed before obfusc.go (issue 27, item 1). An item counts as
// flagged when the verdict is not clean. The build before obfusc.go:
// 60/110 (54.5 %) caught, 0/78 benign flagged; obfusc.go's first version,
// before any miss was read: 98/110 (89.1 %), 0/78; at landing (after
// fixes found on the development set, testdata/obfusc_dev.jsonl, only):
// 101/110 (91.8 %), 0/78.
func TestObfuscHeldout(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/obfusc_heldout.jsonl", floor: 0.91, ceiling: 0.013, minEach: 70, judge: byVerdict(newShield(t), carrierSource), by: "kind", show: "OBFUSC_SHOW"})
}

// TestObfuscDev runs shield.Scan on the development set of obfusc.go,
// written after the held-out set in other wordings and other goals: the
// figures the views were tuned on (in-sample), 12/44 before obfusc.go.
func TestObfuscDev(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/obfusc_dev.jsonl", floor: 0.9, ceiling: 0.04, minEach: 20, judge: byVerdict(newShield(t), carrierSource), by: "kind", show: "OBFUSC_SHOW"})
}

// TestObfuscHeldout2 runs shield.Scan on a second set (40 obfuscated
// injections, 30 benign twins), written after obfusc.go's views and run
// once, unchanged since: 14/40 (35 %) caught and 0/30 flagged on the
// build before obfusc.go, 34/40 (85 %) and 0/30 with it. Its misses were
// not fixed (leetspeak, letters dashed or spaced, Morse, the NATO
// alphabet: words the rules miss in plain text too).
func TestObfuscHeldout2(t *testing.T) {
	measureHeldout(t, heldoutSet{path: "testdata/obfusc_heldout2.jsonl", floor: 0.85, ceiling: 0.034, minEach: 30, judge: byVerdict(newShield(t), carrierSource), by: "kind", show: "OBFUSC_SHOW"})
}
