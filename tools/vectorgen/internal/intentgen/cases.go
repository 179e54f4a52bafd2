package intentgen

import (
	"fmt"
	"strings"
)

// nest is n objects each holding the next under the key "a", around inner: the root is the
// first, so inner sits at depth n.
func nest(n int, inner string) string {
	return strings.Repeat(`{"a":`, n) + inner + strings.Repeat("}", n)
}

// zeros is n elements 0, comma-separated.
func zeros(n int) string {
	return strings.TrimSuffix(strings.Repeat("0,", n), ",")
}

// keys is the members "kNNNN":0 for NNNN from lo to hi-1, zero-padded to four digits so that
// ascending number is ascending code-unit order; descending reverses them.
func keys(lo, hi int, descending bool) string {
	var b strings.Builder
	for i := range hi - lo {
		k := lo + i
		if descending {
			k = hi - 1 - i
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%04d":0`, k)
	}
	return b.String()
}

// reference is the binding of the published agent-safe-intent-v1 vector
// (intent/upstream/agent-safe-intent-v1.json), in its field order, and its canonical form
// written out by hand with every object's keys sorted. referenceHash is the published hash.
const (
	reference = `{"protocol_version":"agent-safe.intent/1","tenant_id":"00000000-0000-4000-8000-000000000002","intent_id":"11111111-1111-4111-8111-111111111111","idempotency_key":"refund-synthetic-1001-v1","captured_at":"2026-08-14T10:00:00.000Z","expires_at":"2026-08-14T10:01:00.000Z","actor":{"id":"synthetic-refund-agent","type":"AI_AGENT","runtime":"mcp"},"action":{"type":"refund_order","resource":"shopify:order:synthetic-1","parameters":{"amountMinor":35000,"currency":"USD","orderId":"synthetic-1"}},"context":{"source":"conformance"},"downstream_target":{"system":"shopify","operation":"refund","endpoint":"POST /refunds"}}`

	referenceCanonical = `{"action":{"parameters":{"amountMinor":35000,"currency":"USD","orderId":"synthetic-1"},"resource":"shopify:order:synthetic-1","type":"refund_order"},"actor":{"id":"synthetic-refund-agent","runtime":"mcp","type":"AI_AGENT"},"captured_at":"2026-08-14T10:00:00.000Z","context":{"source":"conformance"},"downstream_target":{"endpoint":"POST /refunds","operation":"refund","system":"shopify"},"expires_at":"2026-08-14T10:01:00.000Z","idempotency_key":"refund-synthetic-1001-v1","intent_id":"11111111-1111-4111-8111-111111111111","protocol_version":"agent-safe.intent/1","tenant_id":"00000000-0000-4000-8000-000000000002"}`

	// ReferenceHash is the intent_hash published in intent/upstream/agent-safe-intent-v1.json.
	ReferenceHash = "sha256:5dd988f21a3e6d342fc2b787ba94deddcfa776170bc4f5814ffccdcf7a0b5d83"
)

// changed replaces one parameter in both the binding and its canonical form.
func changed(comment, from, to string) Case {
	return Case{Cat: "reference", Comment: comment,
		JSON:      strings.Replace(reference, from, to, 1),
		Canonical: strings.Replace(referenceCanonical, from, to, 1),
		Distinct:  "reference", Flags: []string{"ReferenceBinding"}}
}

// num is a number case: the literal lit as the value of "n", written as want.
func num(comment, lit, want string) Case {
	return Case{Cat: "number", Comment: comment, JSON: `{"n":` + lit + `}`, Canonical: `{"n":` + want + `}`, Flags: []string{"NumberForm"}}
}

func bad(cat, comment, json, code string, flags ...string) Case {
	return Case{Cat: cat, Comment: comment, JSON: json, Error: code, Flags: flags}
}

func ok(cat, comment, json, canonical string, flags ...string) Case {
	return Case{Cat: cat, Comment: comment, JSON: json, Canonical: canonical, Flags: flags}
}

// Cases returns every hand-written case, in tcId order. Append new cases at the end so that
// tcIds stay stable.
func Cases() []Case {
	xs := func(n int) string { return strings.Repeat("x", n) }
	e9 := strings.Repeat("é", 51196)       // 102,392 bytes of UTF-8, 51,196 UTF-16 code units
	c01 := strings.Repeat(`\u0001`, 17065) // 102,390 bytes, escaped as JSON.stringify escapes U+0001
	lone := strings.Repeat(`\ud800`, 17065)
	arrays := func(last int) string {
		return `{"a":[` + zeros(1000) + `],"b":[` + zeros(1000) + `],"c":[` + zeros(1000) + `],"d":[` + zeros(1000) + `],"e":[` + zeros(last) + `]}`
	}
	return []Case{
		// The reference binding and changed parameters.
		{Cat: "reference", Comment: "the binding of the published agent-safe-intent-v1 vector: its published hash",
			JSON: reference, Canonical: referenceCanonical, Hash: ReferenceHash, Distinct: "reference", Flags: []string{"ReferenceBinding"}},
		changed("reference binding, amountMinor 35000 changed to 35001", `"amountMinor":35000`, `"amountMinor":35001`),
		changed("reference binding, currency USD changed to EUR", `"currency":"USD"`, `"currency":"EUR"`),
		changed("reference binding, orderId synthetic-1 changed to synthetic-2", `"orderId":"synthetic-1"`, `"orderId":"synthetic-2"`),

		// Depth.
		{Cat: "depth", Comment: "a scalar at depth 20 under 20 nested objects (the root is depth 0)",
			JSON: nest(20, "1"), Canonical: nest(20, "1"), Flags: []string{"DepthLimit"}},
		bad("depth", "a scalar at depth 21 under 21 nested objects", nest(21, "1"), "INTENT_TOO_DEEP", "DepthLimit"),
		{Cat: "depth", Comment: "an empty object at depth 20",
			JSON: nest(20, "{}"), Canonical: nest(20, "{}"), Flags: []string{"DepthLimit", "EmptyContainer"}},
		bad("depth", "an empty object at depth 21: the depth of every value counts", nest(21, "{}"), "INTENT_TOO_DEEP", "DepthLimit", "EmptyContainer"),
		{Cat: "depth", Comment: "a scalar at depth 20 inside 19 nested arrays under the root",
			JSON:      `{"a":` + strings.Repeat("[", 19) + "1" + strings.Repeat("]", 19) + "}",
			Canonical: `{"a":` + strings.Repeat("[", 19) + "1" + strings.Repeat("]", 19) + "}", Flags: []string{"DepthLimit"}},
		bad("depth", "a scalar at depth 21 inside 20 nested arrays under the root",
			`{"a":`+strings.Repeat("[", 20)+"1"+strings.Repeat("]", 20)+"}", "INTENT_TOO_DEEP", "DepthLimit"),
		bad("depth", "a scalar at depth 1000", nest(1000, "1"), "INTENT_TOO_DEEP", "DepthLimit"),

		// Array length.
		{Cat: "array", Comment: "an array of 1000 elements",
			JSON: `{"a":[` + zeros(1000) + `]}`, Canonical: `{"a":[` + zeros(1000) + `]}`, Flags: []string{"ArrayLimit"}},
		bad("array", "an array of 1001 elements", `{"a":[`+zeros(1001)+`]}`, "INTENT_ARRAY_TOO_LARGE", "ArrayLimit"),
		bad("array", "an array of 1001 elements nested in an array", `{"a":[[`+zeros(1001)+`]]}`, "INTENT_ARRAY_TOO_LARGE", "ArrayLimit"),

		// Entries.
		{Cat: "entries", Comment: "5000 keys of the root, in descending order: 5000 entries",
			JSON: "{" + keys(0, 5000, true) + "}", Canonical: "{" + keys(0, 5000, false) + "}", Flags: []string{"EntryLimit"}},
		bad("entries", "5001 keys of the root", "{"+keys(0, 5001, true)+"}", "INTENT_TOO_COMPLEX", "EntryLimit"),
		{Cat: "entries", Comment: "5 keys and arrays of 1000, 1000, 1000, 1000 and 995 elements: 5000 entries",
			JSON: arrays(995), Canonical: arrays(995), Flags: []string{"EntryLimit"}},
		bad("entries", "5 keys and arrays of 1000, 1000, 1000, 1000 and 996 elements: 5001 entries", arrays(996), "INTENT_TOO_COMPLEX", "EntryLimit"),
		{Cat: "entries", Comment: "one root key holding an object of 4999 keys: 5000 entries",
			JSON: `{"o":{` + keys(0, 4999, true) + `}}`, Canonical: `{"o":{` + keys(0, 4999, false) + `}}`, Flags: []string{"EntryLimit"}},
		bad("entries", "one root key holding an object of 5000 keys: 5001 entries", `{"o":{`+keys(0, 5000, true)+`}}`, "INTENT_TOO_COMPLEX", "EntryLimit"),
		{Cat: "entries", Comment: "5000 keys and a duplicate of the first: still 5000 entries, the last value wins",
			JSON: "{" + keys(0, 5000, false) + `,"k0000":1}`, Canonical: `{"k0000":1,` + keys(1, 5000, false) + "}", Flags: []string{"EntryLimit", "DuplicateKey"}},

		// Size.
		{Cat: "size", Comment: "canonical form of 102400 bytes (ASCII)",
			JSON: `{"a":"` + xs(102392) + `"}`, Canonical: `{"a":"` + xs(102392) + `"}`, Size: 102400, Flags: []string{"SizeLimit"}},
		bad("size", "canonical form of 102401 bytes (ASCII)", `{"a":"`+xs(102393)+`"}`, "INTENT_TOO_LARGE", "SizeLimit"),
		{Cat: "size", Comment: "canonical form of 102400 bytes: 51196 é of 2 bytes each (51204 UTF-16 code units)",
			JSON: `{"a":"` + e9 + `"}`, Canonical: `{"a":"` + e9 + `"}`, Size: 102400, Flags: []string{"SizeLimit"}},
		bad("size", "canonical form of 102401 bytes: 51196 é and one x (51205 UTF-16 code units)", `{"a":"`+e9+`x"}`, "INTENT_TOO_LARGE", "SizeLimit"),
		{Cat: "size", Comment: "canonical form of 102400 bytes: 17065 U+0001, each escaped in 6 bytes, and xx",
			JSON: `{"a":"` + c01 + `xx"}`, Canonical: `{"a":"` + c01 + `xx"}`, Size: 102400, Flags: []string{"SizeLimit", "StringEscape"}},
		bad("size", "canonical form of 102401 bytes: 17065 escaped U+0001 and xxx (17076 UTF-16 code units of input)", `{"a":"`+c01+`xxx"}`, "INTENT_TOO_LARGE", "SizeLimit", "StringEscape"),
		{Cat: "size", Comment: "canonical form of 102400 bytes: 17065 lone surrogates, each written \\ud800 in 6 bytes, and xx",
			JSON: `{"a":"` + lone + `xx"}`, Canonical: `{"a":"` + lone + `xx"}`, Size: 102400, Flags: []string{"SizeLimit", "LoneSurrogate"}},
		bad("size", "canonical form of 102401 bytes: 17065 lone surrogates and xxx (51198 bytes as WTF-8)", `{"a":"`+lone+`xxx"}`, "INTENT_TOO_LARGE", "SizeLimit", "LoneSurrogate"),

		// Unsafe keys.
		bad("unsafe key", "__proto__ at the root", `{"__proto__":{}}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "__proto__ in a nested object", `{"a":{"__proto__":1}}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "__proto__ in an object inside an array", `{"a":[1,{"__proto__":null}]}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "__proto__ spelled with an escape", `{"\u005f_proto__":1}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "constructor at the root", `{"constructor":1}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "constructor in a nested object", `{"a":{"constructor":"x"}}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "prototype at the root", `{"prototype":1}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		bad("unsafe key", "prototype two levels down", `{"a":{"b":{"prototype":true}}}`, "UNSAFE_INTENT_KEY", "UnsafeKey"),
		ok("unsafe key", "near misses of the unsafe keys are ordinary keys",
			`{"__proto":1,"Constructor":2,"prototypes":3,"__PROTO__":4,"constructor ":5}`,
			`{"Constructor":2,"__PROTO__":4,"__proto":1,"constructor ":5,"prototypes":3}`, "UnsafeKey"),
		ok("unsafe key", "the unsafe words as values", `{"b":["constructor","prototype"],"a":"__proto__"}`,
			`{"a":"__proto__","b":["constructor","prototype"]}`, "UnsafeKey"),

		// Non-object roots.
		bad("root", "an empty array", `[]`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		bad("root", "an array holding an object", `[{"a":1}]`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		bad("root", "a string", `"a"`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		bad("root", "a number", `1`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		bad("root", "null", `null`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		bad("root", "true", `true`, "INVALID_JSON_OBJECT", "NonObjectRoot"),
		ok("root", "an empty object", `{}`, `{}`, "EmptyContainer"),

		// Non-finite numbers.
		bad("non-finite", "1e400 overflows a double", `{"n":1e400}`, "INVALID_NUMBER", "NonFiniteNumber"),
		bad("non-finite", "-1e400 in a nested array", `{"a":[[-1e400]]}`, "INVALID_NUMBER", "NonFiniteNumber"),
		bad("non-finite", "1.7976931348623159e308 rounds to infinity", `{"n":1.7976931348623159e308}`, "INVALID_NUMBER", "NonFiniteNumber"),

		// Not JSON, or not UTF-8.
		bad("invalid json", "empty text", ``, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "an unclosed object", `{"a":1`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a trailing comma", `{"a":1,}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "text after the object", `{"a":1}x`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "two objects", `{"a":1}{}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "single quotes", `{'a':1}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "NaN", `{"n":NaN}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "Infinity", `{"n":Infinity}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a leading zero", `{"n":01}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a fraction without digits", `{"n":1.}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a plus sign", `{"n":+1}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "an unknown escape", `{"a":"\x41"}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a short \\u escape", `{"a":"\ud80"}`, "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a raw U+0001 in a string", "{\"a\":\"\x01\"}", "INVALID_JSON", "InvalidJson"),
		bad("invalid json", "a leading U+FEFF (not JSON whitespace)", "\uFEFF{}", "INVALID_JSON", "InvalidJson"),
		{Cat: "invalid json", Comment: "a byte FF in a string: not UTF-8", Hex: "7b2261223a22ff227d", Error: "INVALID_JSON", Flags: []string{"InvalidJson", "ByteInput"}},
		{Cat: "invalid json", Comment: "a surrogate encoded in UTF-8 (ED A0 80): not UTF-8", Hex: "7b2261223a22eda080227d", Error: "INVALID_JSON", Flags: []string{"InvalidJson", "ByteInput"}},

		// Integer-index keys.
		ok("index key", "index keys first in numeric order, then other keys", `{"b":1,"10":2,"9":3,"a":4}`, `{"9":3,"10":2,"a":4,"b":1}`, "IntegerIndexKey"),
		ok("index key", "0, 1 and 4294967294 are indices; -1, 01, 1.0 and 4294967295 are strings",
			`{"01":1,"1":2,"-1":3,"4294967295":4,"4294967294":5,"1.0":6,"0":7}`,
			`{"0":7,"1":2,"4294967294":5,"-1":3,"01":1,"1.0":6,"4294967295":4}`, "IntegerIndexKey"),
		ok("index key", "10000000000 is not an index: it sorts before 9000000000 as a string",
			`{"9000000000":1,"10000000000":2}`, `{"10000000000":2,"9000000000":1}`, "IntegerIndexKey"),
		ok("index key", "index keys in a nested object, with the empty key and a space",
			`{"o":{"a":1,"2":2," ":3,"":4,"1":5}}`, `{"o":{"1":5,"2":2,"":4," ":3,"a":1}}`, "IntegerIndexKey"),

		// UTF-16 order.
		ok("utf16 order", "an astral key (D83D DE00) sorts before U+FF61 though its codepoint is larger",
			`{"\uff61":1,"\ud83d\ude00":2}`, `{"😀":2,"｡":1}`, "Utf16Order"),
		ok("utf16 order", "U+10000 before U+E000, U+FB01 and U+FFFF",
			`{"\ufb01":1,"\ud800\udc00":2,"\uffff":3,"\ue000":4}`, "{\"\U00010000\":2,\"\uE000\":4,\"\uFB01\":1,\"\uFFFF\":3}", "Utf16Order"),
		ok("utf16 order", "raw non-ASCII keys: Z, za, zé, Éclair, zz", `{"zz":5,"Éclair":4,"zé":1,"za":2,"Z":3}`,
			`{"Z":3,"za":2,"zz":5,"zé":1,"Éclair":4}`, "Utf16Order"),

		// Lone surrogates.
		ok("lone surrogate", "a lone high surrogate key and a lone low surrogate value", `{"\ud800":"\udc00"}`, `{"\ud800":"\udc00"}`, "LoneSurrogate"),
		ok("escape", "a pair given as uppercase escapes is one astral character, written raw", `{"a":"\uD800\uDFFF"}`, "{\"a\":\"\U000103FF\"}", "StringEscape"),
		ok("lone surrogate", "uppercase lone surrogate escapes are written lowercase", `{"a":"\uDBFF","b":"\uDC0A"}`, `{"a":"\udbff","b":"\udc0a"}`, "LoneSurrogate"),
		ok("lone surrogate", "a low then a high surrogate are two lone surrogates", `{"a":"\udc00\ud800"}`, `{"a":"\udc00\ud800"}`, "LoneSurrogate"),
		ok("lone surrogate", "a high surrogate before a letter, and at the end of a string", `{"a":"\ud800a","b":"a\ud83d"}`, `{"a":"\ud800a","b":"a\ud83d"}`, "LoneSurrogate"),
		ok("lone surrogate", "a lone high surrogate before a pair", `{"a":"\ud83d\ud83d\ude00"}`, `{"a":"\ud83d😀"}`, "LoneSurrogate"),
		ok("lone surrogate", "lone surrogate keys sort by code unit among others",
			`{"\ue000":1,"\ud800":2,"\ud83d\ude00":3,"\udc00\ud800":4,"\ud800a":5}`,
			"{\"\\ud800\":2,\"\\ud800a\":5,\"😀\":3,\"\\udc00\\ud800\":4,\"\uE000\":1}", "LoneSurrogate", "Utf16Order"),

		// Escaping.
		ok("escape", "every control character U+0000 to U+001F",
			`{"s":"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F"}`,
			`{"s":"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"}`, "StringEscape"),
		ok("escape", "quote, backslash and an escaped slash; the slash is written raw", `{"s":"\"\\\/"}`, `{"s":"\"\\/"}`, "StringEscape"),
		ok("escape", "U+007F, U+2028 and U+2029 given as escapes are written raw", `{"s":"\u007f\u2028\u2029"}`, "{\"s\":\"\x7f\u2028\u2029\"}", "StringEscape"),
		ok("escape", "U+2028 and U+2029 given raw stay raw", "{\"s\":\"a\u2028b\u2029c\"}", "{\"s\":\"a\u2028b\u2029c\"}", "StringEscape"),
		ok("escape", "non-ASCII given as escapes is written raw", `{"s":"\u00e9\u4E2D\ud83d\ude80"}`, `{"s":"é中🚀"}`, "StringEscape"),
		ok("escape", "escaped keys: U+0000 sorts before line feed", `{"\n":1,"\u0000":2,"\t":3}`, `{"\u0000":2,"\t":3,"\n":1}`, "StringEscape"),
		ok("escape", "HTML-sensitive characters stay raw", `{"s":"<a href='x'>&amp;</a>"}`, `{"s":"<a href='x'>&amp;</a>"}`, "StringEscape"),

		// Number forms.
		num("-0 is written 0", "-0", "0"),
		num("-0.0 is written 0", "-0.0", "0"),
		num("1e21 is written 1e+21", "1e21", "1e+21"),
		num("-1E+21 is written -1e+21", "-1E+21", "-1e+21"),
		num("999999999999999999999 rounds to 1e21", "999999999999999999999", "1e+21"),
		num("1e20 is written in full", "1e20", "100000000000000000000"),
		num("999999999999999900000 stays below 1e21", "999999999999999900000", "999999999999999900000"),
		num("1.2345678901234568e20 is written in full with trailing zeros", "1.2345678901234568e20", "123456789012345680000"),
		num("1e-7 is written 1e-7", "1e-7", "1e-7"),
		num("0.0000001 is written 1e-7", "0.0000001", "1e-7"),
		num("-1e-7 is written -1e-7", "-1e-7", "-1e-7"),
		num("0.000001 is written in full", "0.000001", "0.000001"),
		num("1e-6 is written 0.000001", "1e-6", "0.000001"),
		num("5e-324, the smallest subnormal", "5e-324", "5e-324"),
		num("3e-324 rounds to the smallest subnormal", "3e-324", "5e-324"),
		num("1e-400 underflows to 0", "1e-400", "0"),
		num("the largest double", "1.7976931348623157e308", "1.7976931348623157e+308"),
		num("1.7976931348623158e308 rounds to the largest double", "1.7976931348623158e308", "1.7976931348623157e+308"),
		num("0.30000000000000004 keeps its 17 digits", "0.30000000000000004", "0.30000000000000004"),
		num("1E2 is written 100", "1E2", "100"),
		num("2.50 is written 2.5", "2.50", "2.5"),
		num("123e-2 is written 1.23", "123e-2", "1.23"),
		num("1.5e300 is written 1.5e+300", "1.5e300", "1.5e+300"),
		num("9007199254740993 rounds to 9007199254740992", "9007199254740993", "9007199254740992"),
		num("12345678901234567890123 is written 1.2345678901234568e+22", "12345678901234567890123", "1.2345678901234568e+22"),
		num("4294967295 as a number", "4294967295", "4294967295"),
		ok("number", "numbers in an array", `{"a":[-0,0.1,1e21,1E-7,100.0]}`, `{"a":[0,0.1,1e+21,1e-7,100]}`, "NumberForm"),

		// Duplicate keys.
		ok("duplicate", "the last value wins", `{"b":1,"a":2,"b":3}`, `{"a":2,"b":3}`, "DuplicateKey"),
		ok("duplicate", "an object replaced by an array", `{"a":{"x":1},"a":[2]}`, `{"a":[2]}`, "DuplicateKey"),
		ok("duplicate", "duplicate index keys", `{"1":"a","0":"b","1":"c"}`, `{"0":"b","1":"c"}`, "DuplicateKey", "IntegerIndexKey"),
		ok("duplicate", "a dropped first value too deep for the limit", `{"a":`+nest(25, "1")+`,"a":1}`, `{"a":1}`, "DuplicateKey", "DepthLimit"),
		ok("duplicate", "a dropped first value holding __proto__", `{"a":{"__proto__":1},"a":2}`, `{"a":2}`, "DuplicateKey", "UnsafeKey"),
		ok("duplicate", "a dropped first value with an array of 1001 elements", `{"a":[`+zeros(1001)+`],"a":0}`, `{"a":0}`, "DuplicateKey", "ArrayLimit"),

		// Unicode normalization.
		{Cat: "normalization", Comment: "a composed value (U+00E9)", JSON: `{"s":"caf\u00e9"}`, Canonical: `{"s":"café"}`, Distinct: "nfc", Flags: []string{"NoNormalization"}},
		{Cat: "normalization", Comment: "a decomposed value (e U+0301)", JSON: `{"s":"cafe\u0301"}`, Canonical: "{\"s\":\"cafe\u0301\"}", Distinct: "nfc", Flags: []string{"NoNormalization"}},
		ok("normalization", "composed and decomposed keys are two keys", `{"\u00e9":1,"e\u0301":2}`, "{\"e\u0301\":2,\"é\":1}", "NoNormalization"),

		// Whitespace.
		{Cat: "whitespace", Comment: "a compact binding", JSON: `{"e":true,"a":[1,{"b":"c d"}],"n":null,"f":false}`,
			Canonical: `{"a":[1,{"b":"c d"}],"e":true,"f":false,"n":null}`, Twin: "ws", Flags: []string{"Whitespace"}},
		{Cat: "whitespace", Comment: "the same binding with space, tab, line feed and carriage return between tokens",
			JSON:      " \t\r\n{ \"e\" :\ttrue ,\r\n\"a\"\n:\n[ 1 ,\t{ \"b\" : \"c d\" } ] , \"n\" : null,\"f\":false }\r\n ",
			Canonical: `{"a":[1,{"b":"c d"}],"e":true,"f":false,"n":null}`, Twin: "ws", Flags: []string{"Whitespace"}},
		ok("whitespace", "nested empty containers and ordering inside arrays of objects", `{"x":[{"d":1,"c":2},[]],"b":{"z":{},"y":[]}}`,
			`{"b":{"y":[],"z":{}},"x":[{"c":2,"d":1},[]]}`, "EmptyContainer"),
	}
}
