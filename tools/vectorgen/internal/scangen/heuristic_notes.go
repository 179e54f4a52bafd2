package scangen

// heuristicHeader is the free-text header of the heuristics file.
var heuristicHeader = []string{
	"Conformance vectors for the heuristic classes of the agent-safety formats, version 1: §5 (mixed_script_confusable and instruction_like), with §1 (result object, status noted, positions, excerpts).",
	"Every heuristic finding was derived by hand from the specification text and from plainsight's grammar of the ten instruction_like patterns (scan/doc.go and vectors/README.md); the generator checks each mixed-script finding against an independent model of §5's word rule on Go's own Unicode tables, each instruction_like span for starting and ending on a word inside one passage, and any §2 finding against a reference model (vectors/internal/scangen). The file is generated, do not edit it by hand.",
	"Heuristic findings carry heuristic: true; a text with only heuristic findings is noted, never flagged; they never change the sanitized copy. A mixed_script_confusable finding carries scripts (Latin first, then Greek and/or Cyrillic); an instruction_like finding carries pattern, one of ten stable ids.",
	"Positions are codepoint offsets [start, end). expected_extensions holds plainsight's extension fields (byte and UTF-16 offsets); an implementation without them still conforms.",
	"The wording of expected.note is plainsight's: the specification requires the honesty line, not its words. A runner for an implementation with other wording checks note only for being a non-empty string.",
	"No input here holds hidden markup (§3) or base64 (§4). Unicode 17.0.0.",
}

// heuristicNotes documents every flag the heuristics file uses.
var heuristicNotes = map[string]Note{
	"MixedScript": {
		Description: "Pins §5's mixed_script_confusable rule: a word is a maximal run of letters, marks, numbers, '_' and '-', from its first letter or number; it is a finding when it has at least three letters (General_Category L) and letters of Script=Latin and of Script=Greek or Script=Cyrillic (the Script property, not Script_Extensions). The span is the word; scripts lists Latin, then Greek, then Cyrillic, those present.",
		Effect:      "An implementation that splits words otherwise, counts marks or numbers as letters, or reads Script_Extensions reports other words, or misses homoglyph names.",
	},
	"CombiningMark": {
		Description: "A combining mark continues a word (so it cannot split a homoglyph name in two) but is not a letter: it counts neither toward the three letters nor toward a script, even when its Script is Cyrillic or Greek. The specification lists letters, numbers, '_' and '-' as word characters; plainsight adds marks, which Unicode's own word boundaries (UAX #29) keep inside a word.",
		Effect:      "An implementation that ends a word at a mark reports the part before it or nothing; one that counts marks as letters reports words with two letters.",
	},
	"InstructionLike": {
		Description: "Pins one of the ten instruction_like patterns (pattern ids and grammar in vectors/README.md): matching is ASCII case-insensitive, words may be separated by any run of non-letters within a passage, and a passage ends after '.', '!' or '?' followed by whitespace, or at a blank line. The span runs from the first to the last word of the matched phrase.",
		Effect:      "§5 names the ten kinds of language but not their exact words or extent: another implementation may match other phrasings and spans. A runner for it may compare instruction_like findings by class and pattern only, or only that the status is noted; the exact spans are plainsight's.",
	},
	"PatternSplit": {
		Description: "§5 lists nine kinds of agent-directed language; the third, direct imperatives, names nine verbs of two kinds. plainsight gives each kind its own pattern: imperative_disclose (send, forward, reply, reveal, output, print) and imperative_act (delete, transfer, pay, and erase, wipe, wire), which makes the ten patterns §5 counts.",
		Effect:      "An implementation with one imperative pattern (and so another split elsewhere) reports another pattern id for these texts.",
	},
	"Transparent": {
		Description: "The codepoints of the §2 classes are transparent to §5: the heuristics read the text without them, so a zero-width space cannot split a homoglyph word or an instruction; the span is measured in the text as given and covers the invisible codepoints inside it (not those at its edges).",
		Effect:      "An implementation that reads the text as given misses words and phrases split by invisible characters (which are flagged by §2 in any case).",
	},
}
