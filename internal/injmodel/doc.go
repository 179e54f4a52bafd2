// Package injmodel is plainsight's trained prompt-injection and
// tool-poisoning model: a logistic regression over hashed word and
// character n-grams, embedded with its calibration table, scored over
// sliding token windows (issue 27, "Deliver" 1: the trained part of the
// detector; shield combines it with hand-written rules).
//
// Score returns the calibrated probability that a text carries an
// injection — an instruction aimed at the model or agent that reads it,
// the definition of the training pool's README — and the byte span of the
// window that scored highest. Windows reports every window at or above a
// probability.
//
// # Model
//
// Features (features.go, shared with the trainer): tokens are runs of
// letters and digits or runs of other visible characters; words are
// lowered and NFKC-normalised, format characters (Cf) are dropped, ASCII
// digits read as 0. Each token contributes its unigram, its bigram with
// the previous token, its skip-bigram with the token before that and, for
// words, the byte 3- and 5-grams of
// "^word$", hashed into 1<<Meta.Bits buckets of int8 weights. A window of
// Meta.Window tokens (every Meta.Stride tokens, and one ending at the
// last token; the whole text when it has fewer) scores
// bias + Σweights/√features from prefix sums of per-token contributions,
// and the isotonic table (Meta.Calib) maps that raw score to a
// probability. The text's score is its highest window's.
//
// tools/injtrain writes model.bin and model.json from the training pool
// and project-written items; docs/judgement/injection-model.md gives the
// commands, the data's provenance, the by-source evaluation and the
// thresholds.
//
// # Bounds
//
// Time is linear in the text's length: every byte is read once, a token
// yields at most MaxFeatures features, a window costs O(1). Memory is
// constant: a ring of the last Window+2 tokens' sums and fixed token
// buffers (a token's features see its first 64 bytes), reused through a
// sync.Pool; Score does not allocate in the steady state. The embedded
// files are parsed once, on first use.
//
// # What it does not claim
//
// The probabilities are calibrated on the training pool (cross-fitted),
// for a 1:1 prior of injection and benign text; on sources unlike the
// pool they are optimistic — the leave-one-family-out table in the docs
// page is the honest estimate, and it is far from the targets on
// its own. The model sees words, not meaning: it cannot tell an attack
// from a faithful quotation of one in every case, and text about attacks,
// operator system prompts and non-English text are its known weak spots.
// It reads visible text only; decoding, hidden text and the tool
// definition's fields are the callers' work.
package injmodel
