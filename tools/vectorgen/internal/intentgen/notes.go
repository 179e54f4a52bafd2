package intentgen

// header is the file's free-text header.
var header = []string{
	"Conformance vectors for the canonical binding hash of agent-safe.intent/1: the canonical JSON (keys rebuilt in Object.keys().sort() order, so array-index keys first in numeric order and every other key by UTF-16 code units; strings and numbers exactly as JSON.stringify writes them), its hash (\"sha256:\" and the lowercase hex SHA-256 of its UTF-8 bytes), and the limits and refusals of the Apache-2.0 reference implementation.",
	"bindingJson is the binding as JSON text inside a JSON string: decode the vector file, then parse bindingJson with a JSON decoder that keeps lone surrogates (a lone surrogate travels as the six characters \\ud800 of that text). bindingHex carries bytes that are not UTF-8. Numbers are IEEE 754 doubles; a duplicate key keeps its last value.",
	"Every canonical was written by hand from those rules; the generator (vectors/internal/intentgen) checks each one for well-formed UTF-8 and JSON, no whitespace between tokens, escapes only where JSON.stringify writes them, the byte length of the size-limit cases and the hash published with the reference vector, then computes the hash. The file is generated, do not edit it by hand.",
	"Limits: a value at depth above 20 (the root object is depth 0; scalars count), more than 1,000 elements in one array, more than 5,000 entries (object keys plus array elements, over the whole binding, the root itself not counted), a canonical form above 102,400 UTF-8 bytes. Each invalid case breaks exactly one rule, so no precedence between errors is pinned.",
	"CYCLIC_INTENT cannot be expressed in JSON text and has no vector here. INVALID_JSON is plainsight's code for text that is not JSON or not UTF-8; the reference takes parsed objects and has no such code.",
}

// notes documents every flag the file uses.
var notes = map[string]Note{
	"DepthLimit": {
		Description: "A value at depth 20 (accepted) or 21 (refused, INTENT_TOO_DEEP). The root object is depth 0 and the depth of every value counts, a scalar or an empty container included.",
		Effect:      "Counting only containers, or starting the root at 1, moves the limit by one level.",
	},
	"ArrayLimit": {
		Description: "An array of 1,000 elements (accepted) or 1,001 (refused, INTENT_ARRAY_TOO_LARGE).",
		Effect:      "An off-by-one in the comparison accepts 1,001 elements or refuses 1,000.",
	},
	"EntryLimit": {
		Description: "5,000 entries (accepted) or 5,001 (refused, INTENT_TOO_COMPLEX), counting object keys and array elements of every level together; the root object is not an entry.",
		Effect:      "Counting per container, counting the root, or counting containers twice moves the limit.",
	},
	"SizeLimit": {
		Description: "A canonical form of 102,400 UTF-8 bytes (accepted) or 102,401 (refused, INTENT_TOO_LARGE). The size is of the canonical UTF-8, escapes as written: é is 2 bytes, \\u0001 and a lone surrogate's \\ud800 are 6.",
		Effect:      "Measuring the input text, UTF-16 code units, or a lone surrogate as 3 bytes of WTF-8 accepts or refuses the wrong bindings.",
	},
	"UnsafeKey": {
		Description: "A key __proto__, constructor or prototype anywhere in the binding (UNSAFE_INTENT_KEY), or a near miss that is accepted (other case, a suffix, the word as a value).",
		Effect:      "Checking the root only, or comparing without exact case, lets a prototype key through or refuses a harmless one.",
	},
	"NonObjectRoot": {
		Description: "The binding is JSON but not an object: an array, a string, a number, true or null (INVALID_JSON_OBJECT).",
		Effect:      "Hashing a non-object binding produces a hash the reference never would.",
	},
	"NonFiniteNumber": {
		Description: "A number literal that rounds to an infinite double (1e400, -1e400, 1.7976931348623159e308): INVALID_NUMBER.",
		Effect:      "Writing it as null (as JSON.stringify would) or failing with a parse error gives another result than the reference's refusal.",
	},
	"InvalidJson": {
		Description: "Text that is not JSON (RFC 8259 and ECMAScript JSON.parse agree on all of these), or not UTF-8: INVALID_JSON, plainsight's code; the reference, which takes parsed objects, has none.",
		Effect:      "A lenient parser (trailing commas, NaN, single quotes, a leading byte order mark, replacement of ill-formed UTF-8) hashes text another implementation refuses.",
	},
	"ByteInput": {
		Description: "The binding is given as bytes in bindingHex, because it is not UTF-8 and no JSON string can carry it.",
		Effect:      "Decoding with replacement characters instead of refusing hashes a binding the sender did not write.",
	},
	"IntegerIndexKey": {
		Description: "Keys that are array indices (canonical decimal 0 to 4294967294, no leading zero, no sign, no fraction) come first, in numeric order; every other key, numeric-looking or not (01, -1, 1.0, 4294967295, 10000000000), sorts as a string.",
		Effect:      "A plain code-unit sort puts 10 before 9; treating every numeric-looking key as an index misplaces 01, -1, 1.0 and 4294967295.",
	},
	"Utf16Order": {
		Description: "Keys compared by UTF-16 code units, where an astral character (a surrogate pair, D800 to DBFF first) sorts before U+E000 to U+FFFF.",
		Effect:      "Sorting by codepoint or by UTF-8 bytes puts the astral key last.",
	},
	"LoneSurrogate": {
		Description: "A key or value with a surrogate that is not half of a pair. It is kept and written as a lowercase \\udxxx escape, and sorts by its code unit.",
		Effect:      "A decoder that replaces it with U+FFFD, or an encoder that writes it raw or in uppercase, changes the bytes and the hash.",
	},
	"StringEscape": {
		Description: "JSON.stringify escaping: \\\" and \\\\, \\b \\f \\n \\r \\t, \\u00xx (lowercase) for the other controls U+0000 to U+001F; everything else raw, including /, U+007F, U+2028, U+2029 and all non-ASCII.",
		Effect:      "Escaping /, U+2028 or non-ASCII, writing \\u0008 for \\b, or uppercase hex changes the bytes.",
	},
	"NumberForm": {
		Description: "A number parsed as the nearest double and written as JavaScript's Number::toString: -0 as 0, exponent form from 1e21 up and below 1e-6 (with e+ for positive exponents), the shortest digits that round-trip.",
		Effect:      "Go's strconv 'g' format, %v, or keeping the literal as written gives other bytes (1e+20 vs 100000000000000000000, 1e-07 vs 1e-7, 2.50 vs 2.5).",
	},
	"DuplicateKey": {
		Description: "A key repeated in one object: JSON.parse keeps the last value, and the earlier one is gone before the reference sees the object, even when it would break a limit or hold an unsafe key.",
		Effect:      "Keeping the first value, keeping both, or checking limits on values JSON.parse has dropped gives another canonical form or a refusal the reference does not make.",
	},
	"NoNormalization": {
		Description: "Composed and decomposed forms of the same text stay distinct, as keys and as values.",
		Effect:      "Normalizing Unicode (NFC or NFD) merges them and changes the hash.",
	},
	"Whitespace": {
		Description: "Whitespace between the tokens of the input text (space, tab, line feed, carriage return) does not change the canonical form; whitespace inside strings is kept.",
		Effect:      "Hashing the input text instead of the canonical form gives a different hash for the same binding.",
	},
	"ReferenceBinding": {
		Description: "The binding of the published agent-safe-intent-v1 vector (its hash is the published one), and the same binding with one action parameter changed: every change gives a different hash.",
		Effect:      "An executor whose hash ignores a parameter would accept a changed action under the original intent.",
	},
	"EmptyContainer": {
		Description: "An empty object or array, written {} or [].",
		Effect:      "Dropping empty containers or writing null changes the bytes.",
	},
}
