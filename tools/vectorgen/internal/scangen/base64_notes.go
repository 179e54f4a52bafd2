package scangen

// b64Header is the free-text header of the base64 file.
var b64Header = []string{
	"Conformance vectors for the base64 scan of the agent-safety formats, version 1: §4 (chains of tokens, trimming, the three exclusions, the blob test, decoding, the short band of 24 to 47 characters, the rescan one level deep), with §1 (result object, positions, excerpts) and §6 (the sanitized copy, and the [base64_blob] placeholder in the email_html context).",
	"Every blob finding (span, opaque or not) and every sanitized copy was derived by hand from the specification text and the rules in the README of this corpus; the generator checks them against a plain model of those rules (token lengths, trimming, exclusions, the canonical decode, the printable and ordinary ratios), checks the decoded texts against the plaintexts the inputs were built from, and checks every §2 finding, of the input and of each decoded text, against a reference model (vectors/internal/scangen). The file is generated, do not edit it by hand.",
	"A base64_blob finding carries opaque; when opaque is false it also carries decoded (the decoded text) and decoded_findings (the §2 findings of the decoded text, with offsets and excerpts relative to it). Nested findings are not counted in deterministic_count and have no entry in expected_extensions.",
	"Positions are codepoint offsets [start, end). expected_extensions holds plainsight's extension fields (byte and UTF-16 offsets of the top-level findings); an implementation without them still conforms.",
	"The wording of expected.note is plainsight's: the specification requires the honesty line, not its words. A runner for an implementation with other wording checks note only for being a non-empty string.",
	"The heuristic classes (§5) are not part of these vectors: decoded_findings holds §2 findings only, although a decoded text here may read like an instruction. Unicode 17.0.0.",
}

// b64Notes documents every flag the base64 file uses.
var b64Notes = map[string]Note{
	"InstructionLike": heuristicNotes["InstructionLike"],
	"Base64Threshold": {
		Description: "Pins the blob test at its edges: a single token of 48 characters or more, or at least two tokens of 40 or more; a token of 47, tokens of 39 and 40, a short token between tokens of 40.",
		Effect:      "An implementation with another threshold, or that counts whitespace or the span instead of token lengths, reports blobs that are not there or misses them.",
	},
	"Base64Trim": {
		Description: "Tokens under 40 characters at the start and the end of a chain are trimmed from the span when the chain has a token of 40 or more; short tokens in the middle stay.",
		Effect:      "An implementation that does not trim reports words next to a blob as part of it (and decodes them with it); one that trims middle tokens splits or joins blobs wrongly.",
	},
	"Base64Exclusion": {
		Description: "Pins one of the three exclusions — an all-hex chain, a payload declared by data:image/<type>;base64, within the 48 characters before it, a slug token (at least 3 separators among - / _, segments of at most 16) — or a near miss that is not excluded.",
		Effect:      "An implementation with another reading of an exclusion reports digests, images or names as blobs, or lets a blob pass as one of them.",
	},
	"Base64ShortBand": {
		Description: "A token of 24 to 47 characters in a chain that is no blob is tested alone: the exclusions, a canonical decode, UTF-8, and at least 90% ordinary codepoints (letters, marks, numbers, space, tab, LF, CR and the listed punctuation).",
		Effect:      "An implementation without the band misses short encoded instructions; one that skips a test reports identifiers (keys, hashes, JWT segments, UUIDs) as blobs.",
	},
	"Base64Ratio": {
		Description: "Pins the 85% printable rule of the blob test or the 90% ordinary rule of the short band at its boundary, counted in codepoints of the decoded text and compared exactly (no rounding).",
		Effect:      "An implementation that counts bytes, rounds the percentage, or has another list of printable or ordinary codepoints reports another opaque value or another short-band result.",
	},
	"Base64Canonical": {
		Description: "Pins the canonical decode: once the tokens are joined, = only at the end (none, one or two: a token holds no more), the length without = not 1 mod 4, and re-encoding the bytes gives the same string, so non-zero trailing bits are not canonical.",
		Effect:      "An implementation with a lenient decoder decodes what the format calls opaque, or rejects missing padding that the format accepts.",
	},
	"Base64Padding": {
		Description: "= is padding only at the end of data: a token is a maximal run of data characters (the alphabet but =) and the = right after it, at most two. Any other = (a line of =, a third =, = before any data) is in no token and, like a character outside the alphabet, ends a chain; data right after padding starts a token of its own, joined to nothing before it.",
		Effect:      "An implementation that counts every = as part of a token reports separator lines of = as blobs, joins tokens across a line of =, or reports a padded token and the data glued to it as one opaque blob instead of decoding the data.",
	},
	"Base64Alphabet": {
		Description: "The URL-safe characters - and _ are mapped to + and / before decoding, in tokens of either alphabet or of both mixed.",
		Effect:      "An implementation that accepts one alphabet only reports URL-safe blobs as opaque, or misses them.",
	},
	"Base64Whitespace": {
		Description: "What joins tokens into a chain: one or more of tab, LF, FF, CR and space (WHATWG ASCII whitespace); any other codepoint, including U+000B, U+00A0 and U+200B, ends the chain.",
		Effect:      "An implementation with another whitespace set joins or splits chains differently: wrapped blobs are missed, or unrelated tokens are joined.",
	},
	"Base64Opaque": {
		Description: "A blob that is not canonical, does not decode to UTF-8, or is under 85% printable is reported with opaque true and no decoded text.",
		Effect:      "An implementation that drops such blobs, or carries a decoded text for them, reports another finding.",
	},
	"Base64Decode": {
		Description: "Pins the decoded text: the bytes read as UTF-8 exactly (a leading U+FEFF is kept), positions inside it counted in codepoints.",
		Effect:      "An implementation that strips a byte order mark, or counts bytes or UTF-16 units inside the decoded text, reports another decoded text or other nested offsets.",
	},
	"Base64Rescan": {
		Description: "The decoded text is scanned one level deep for the §2 classes: decoded_findings lists them with offsets and excerpts relative to the decoded text; markup and base64 inside it are not looked for.",
		Effect:      "An implementation that does not rescan hides what the encoding hid; one that rescans deeper, or for markup, reports nested findings the format does not have.",
	},
	"Base64LiteralRule": {
		Description: "The literal rule gives a result a reader may not expect: a long identifier or URL path is an opaque blob, the last short line of a wrapped blob is trimmed, a short token before a blob is not tested alone, C1 controls count as printable.",
		Effect:      "An implementation that improves on the rule in such a place reports another result; the vector follows the rules of this corpus.",
	},
	"Base64Placeholder": {
		Description: "In the email_html context each blob span, merged with any markup span it overlaps or touches, is replaced by the 13 characters [base64_blob]; other markup ranges and the §2 codepoints are removed as in the text context.",
		Effect:      "An implementation that leaves blobs in place, removes them without the placeholder, or merges across a §2 codepoint gives another sanitized copy.",
	},
	"OverlappingFindings": {
		Description: "Findings overlap: a blob inside an HTML comment, or a form feed (a control_char finding) joining the tokens of a blob. Each is reported, all sorted by start, end, class.",
		Effect:      "An implementation that reports only the outer finding gives other findings.",
	},
	"AstralOffsets": {
		Description: "A codepoint outside the Basic Multilingual Plane precedes a nested finding in a decoded text.",
		Effect:      "An implementation that counts UTF-16 code units or bytes in the decoded text reports wrong nested positions.",
	},
}
