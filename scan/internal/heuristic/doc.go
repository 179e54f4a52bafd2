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
// begin a match of which pattern. The pass reads the text 64 bytes at a
// time: a few word-wide operations on each eight bytes mark its ASCII
// letters (which give each word its length), where runs of them begin and
// where a passage may end ("." and the line feed when white space
// follows; the rarer "!" and "?" are found with strings.IndexByte), and
// only those bytes are looked at one by one; a
// word is its lowercase letters packed in one or two 64-bit words, looked
// up without a branch in a table where each anchor word has a slot of its
// own, and kept as a candidate or not without a branch either. A passage
// that could reach the window size is read again a step at a time,
// cutting its windows exactly (see Instructions). A pattern's expression
// runs only in a passage that holds a word of every group one of its
// needs lists (the patterns to run are read from tables indexed by the
// bytes of the passage's groups, without a branch or a loop over the
// needs), and only anchored at the words that
// can begin it, and there only when the text follows one of the literal
// beginnings derived from the expression (a trie of words and separator
// runs); its alternatives are then tried in order, each where its own
// beginnings allow, which is how the whole expression matches, leftmost
// first (alternatives.go). The
// expressions are compiled when a passage first needs them, with their
// Unicode letter and number classes reduced to ASCII and three stand-ins,
// and run on the passage with each letter or number outside ASCII replaced
// by the stand-in of its length: the same matches, for a small part of the
// cost of compiling the classes. Confusables skips ASCII eight bytes at a
// time (32 in long runs of it) and reads the codepoints of two bytes
// (Greek and Cyrillic among them) from a table.
//
// Tests check that this finds exactly what running every expression over
// every passage finds, and that FindN returns exactly what the search
// returned before the word pass was rebuilt on the marks of word starts
// (a frozen copy of it in the tests), on real prose, multilingual text,
// hostile shapes and random texts, under every cap.
package heuristic
