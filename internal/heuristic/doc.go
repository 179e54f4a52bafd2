// Package heuristic finds the heuristic classes of §5 of the agent-safety
// formats, version 1, in a text: mixed_script_confusable words
// ([Confusables]) and the ten instruction_like patterns ([Instructions]),
// with spans in bytes. Package scan turns them into findings, reads them
// through the §2 codepoints, and documents the rules and the grammar of
// every pattern; [Patterns] holds the expressions' sources.
//
// Speed comes from a prefilter. One pass reads every word, ASCII
// case-folded, looks it up in a small table of anchor words, and records
// for each passage which anchor groups it holds and which of its words can
// begin a match of which pattern. A pattern's expression runs only in a
// passage that holds a word of every group one of its needs lists, and
// only anchored at the words that can begin it, and there only when the
// text follows one of the literal beginnings derived from the expression
// (a trie of words and separator runs). The expressions are compiled when
// a passage first needs them. Tests check that this finds exactly what
// running every expression over every passage finds.
package heuristic
