package scangen

// header is the file's free-text header.
var header = []string{
	"Conformance vectors for the invisible-character scan of the agent-safety formats, version 1: §1 (result object, positions, excerpts), §2 (the six codepoint classes) and §6 (the sanitized copy).",
	"Every expected result was checked against findings, sanitized copies and excerpts derived by hand from the specification text before the file was written (vectors/internal/scangen); the file is generated, do not edit it by hand.",
	"Positions are codepoint offsets [start, end). expected_extensions holds plainsight's extension fields (byte and UTF-16 offsets, invalid UTF-8 spans); an implementation without them still conforms.",
	"The wording of expected.note is plainsight's: the specification requires the honesty line, not its words. A runner for an implementation with other wording checks note only for being a non-empty string.",
	"Excerpts follow the exact algorithm in the README of this corpus. Unicode 17.0.0.",
}

// notes documents every flag the file uses.
var notes = map[string]Note{
	"AstralOffsets": {
		Description: "Codepoints outside the Basic Multilingual Plane precede or form a finding, so codepoint, UTF-16 and UTF-8 offsets all differ.",
		Effect:      "An implementation that counts UTF-16 code units or bytes for start and end reports wrong positions.",
	},
	"Bom": {
		Description: "U+FEFF ZERO WIDTH NO-BREAK SPACE at the start of the input. In a text field it is text, not a byte order mark: a zero_width finding, removed from the sanitized copy.",
		Effect:      "An implementation that strips a leading byte order mark before scanning misses the finding and shifts every later offset by one.",
	},
	"ClassChange": {
		Description: "Adjacent codepoints of different classes, or of one class separated by other text.",
		Effect:      "A run is a maximal sequence of one class: a change of class ends a finding and starts another.",
	},
	"CodepointCap": {
		Description: "A run with more than 12 codepoints, some repeated, or more than 12 distinct ones.",
		Effect:      "A finding lists at most 12 distinct codepoints, each once, in order of first appearance; the run itself is not shortened.",
	},
	"EmojiSequence": {
		Description: "An emoji sequence: zero-width joiners, variation selectors, skin-tone modifiers, keycaps or tag sequences.",
		Effect:      "U+200D is a zero_width finding and tag characters are unicode_tag findings even inside a well-formed emoji sequence (§2 reports presence, never intent). Variation selectors are in no class but, being Default_Ignorable_Code_Point, are annotated in excerpts; skin-tone modifiers and the combining keycap are neither.",
	},
	"ExcerptCut": {
		Description: "Pins a cutting rule of the excerpt: 30 codepoints of context per side, the cut at a line break (U+000A or U+000D), the 150-character limit on each rendered context, or the 600-character limit on the whole excerpt.",
		Effect:      "Only the excerpt is affected; findings, offsets and the sanitized copy are the same whatever the excerpt rules.",
	},
	"InvalidUtf8": {
		Description: "The input is given as inputHex and is not well-formed UTF-8. It is decoded as the WHATWG UTF-8 decoder does: each maximal subpart of an ill-formed subsequence becomes one U+FFFD, and no byte order mark is stripped.",
		Effect:      "U+FFFD is an assigned codepoint and never a finding; each replacement is one codepoint for start/end, one UTF-16 code unit, and its actual length in bytes. A runner whose implementation takes only strings decodes the bytes with a WHATWG decoder first (TextDecoder in JavaScript, bytes.decode('utf-8', 'replace') in Python).",
	},
	"LoneSurrogate": {
		Description: "The input is given as inputUtf16 and holds a surrogate code unit that is not part of a pair. §2 classifies a lone surrogate as unassigned_codepoint.",
		Effect:      "Such an input cannot be a well-formed string; it must reach the scan through a UTF-16 entry point. Replacing the surrogate with U+FFFD (as many JSON decoders do silently) hides the finding.",
	},
	"NewerUnicode": {
		Description: "The input holds codepoints assigned in Unicode 15.1, 16.0 or 17.0, or unassigned codepoints next to them.",
		Effect:      "An implementation with older Unicode tables (Go's unicode package is at 15.0) reports the newly assigned codepoints as unassigned_codepoint, a deterministic finding on legitimate text. This corpus follows Unicode 17.0.0.",
	},
	"Noncharacter": {
		Description: "The input holds a noncharacter: U+FDD0–U+FDEF, or one of the last two codepoints of a plane.",
		Effect:      "Noncharacters have General_Category Cn: they are unassigned_codepoint findings, including U+FFFFE, U+FFFFF, U+10FFFE and U+10FFFF, which sit right after the private use ranges.",
	},
	"RangeBoundary": {
		Description: "A codepoint at the first or last position of a class range, or just outside it.",
		Effect:      "Catches off-by-one errors in the ranges of §2.",
	},
}
