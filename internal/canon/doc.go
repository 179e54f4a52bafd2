// Package canon implements the canonical JSON shared by the tool-definition
// fingerprint (§7) and agent-safe.intent/1: a JSON value serialised byte for
// byte as JavaScript's JSON.stringify serialises it, with object keys in one
// of two orders.
//
//   - [SortedUTF16]: every key sorted by UTF-16 code units, at every depth
//     (the fingerprint).
//   - [JSObject]: the property order JavaScript gives an object rebuilt from
//     Object.keys(obj).sort(): array-index keys first in numeric order, then
//     every other key by UTF-16 code units (the intent hash).
//
// [Parse] reads JSON text as JavaScript's JSON.parse does: numbers become
// IEEE-754 doubles, a repeated key keeps the position of its first
// occurrence and the value of its last, and a lone surrogate written as an
// escape ("\ud800") stays a lone surrogate. [FromGo] builds the same [Value]
// from Go maps, slices and scalars. [Marshal] writes the canonical bytes.
//
// # Strings
//
// A string in a [Value] (a member key or a string value) is a Go string in
// WTF-8: well-formed UTF-8, except that a lone surrogate code point
// U+D800–U+DFFF is written with the three-byte pattern UTF-8 would use for
// it (ED A0 80 – ED BF BF). A surrogate pair is always the four-byte UTF-8
// of its astral character, never two three-byte halves. A string that holds
// no lone surrogate is therefore plain UTF-8, and the WTF-8 of a JavaScript
// string is the UTF-8 a JavaScript peer would produce, save for its lone
// surrogates.
//
// # Limits
//
// [Limits] carries the bounds of the agent-safe.intent/1 reference
// implementation ([ReferenceLimits]); each broken bound is reported as an
// [*Error] wrapping one sentinel per class, with the JSON path of the value
// that broke it. When a value breaks several bounds, which one is reported
// may differ from the reference: Parse reports the first in document order.
//
// This package does not implement RFC 8785 (JCS): JCS sorts keys by UTF-16
// code units without JavaScript's array-index rule, and its number form is
// the same as Number::toString only because both follow ECMAScript.
package canon
