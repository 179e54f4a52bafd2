// Package b64 implements §4 of the agent-safety formats, version 1: finding
// base64 payloads, the class base64_blob. [Find] returns each blob with its
// span in bytes, whether it is opaque, and what it decodes to; package scan
// turns blobs into findings, rescans their decoded text one level deep and,
// in the email_html context, replaces them in the sanitized copy (§6).
//
// # Candidates
//
// The alphabet is A–Z a–z 0–9 + / = and the URL-safe - and _ (mapped to +
// and / for decoding). A token is a maximal run of alphabet characters that
// holds a data character (any but '=') and has '=' only as padding: at most
// two, at its end. A run that breaks this rule (a line of '=' under a
// heading, "a=b", "abc===") is no token: it is text like any other, and
// ends a chain. A chain is a maximal sequence of tokens joined by ASCII
// whitespace (tab, line feed, form feed, carriage return, space). When a chain holds a token
// of 40 or more characters, tokens shorter than 40 are trimmed from both of
// its ends (not from its middle), so the span starts and ends on a token.
//
// # Exclusions and the blob test
//
// A trimmed chain that is all hexadecimal, that follows a
// data:image/<type>;base64, declaration ending within the 48 characters
// before it, or that is a single slug token (segments of at most 16
// characters joined by at least three of - / _) is no blob. Otherwise it is
// one when a token has 48 or more characters, or when it has at least two
// tokens, all of 40 or more, together 48 or more.
//
// # Decoding
//
// A blob's tokens are joined, URL-safe characters mapped, trailing padding
// stripped; the decode must be canonical (re-encoding the bytes gives the
// same characters; '=' inside, as when a padded token is joined to the
// next, a length of 1 mod 4, or non-zero trailing bits are not) and valid UTF-8. If at least 85% of the decoded codepoints
// are printable (tab, line feed, carriage return, or U+0020 and above
// except U+007F), the blob carries its decoded text; otherwise, or if the
// decode fails, it is opaque. A finding either way.
//
// # The short band
//
// In a chain that is no blob, each token of 24 to 47 characters is tested
// alone: the exclusions apply to it, it must decode canonically to valid
// UTF-8, and at least 90% of its codepoints must be ordinary — General
// Category L, M or N (Unicode 17.0.0), space, tab, line feed, carriage
// return, or one of . , ; : ! ? ' ’ ‘ “ ” - – — ( ) … ·. Such a token is a
// blob with its decoded text; any other is an identifier and is not
// reported.
//
// # What it does not claim
//
// It reports encodings, not intent: a blob is a statement that text is
// encoded, and a decoded text is shown so that a reader can judge it. It
// does not look for other encodings (hex, base32, rot13, URL encoding), and
// a payload split into tokens shorter than 24 characters is not reported.
//
// # Bounds
//
// Find takes time linear in its text: it looks for a run of 24 alphabet
// characters by testing one byte in 24 and, when it is in the alphabet,
// the eight before it at once (in prose a step goes some twenty bytes
// on), walking back from it only when they are all alphabet-like; and it
// walks each chain's tokens a few times without listing them (a chain of
// a million tokens costs no list). Decoding works 64 KiB of characters at a
// time. A blob longer than that is first decoded without keeping what it
// decodes to, stopping at the first ill-formed byte: an opaque blob of any
// size costs a few chunks; a blob that decodes to printable text costs its
// decoded text (three quarters of its own size), which the Blob holds —
// unless it is longer than the limit given to FindLimited: then the Blob is
// Long and holds no text, and Decode gives the text 48 KiB at a time, for a
// caller that reads it as a stream (the scan rescans it in windows).
package b64
