// Package scan implements §1, §2, §3, §4 and §6 of the agent-safety
// formats, version 1: the invisible-text scan of a text field, its result
// object, and the sanitized copy. Hidden markup (§3) is found by package
// [github.com/plainsight/plainsight/markup], base64 payloads (§4) by
// package [github.com/plainsight/plainsight/b64]. The heuristic classes
// (§5) are not implemented yet; a result never contains them.
//
// # Classes (§2)
//
// Six classes are defined by codepoint ranges. A codepoint in two ranges
// belongs to the first listed: U+E0000 and U+E0002–U+E001F are unassigned
// but lie in the tag block, and are unicode_tag.
//
//   - zero_width: U+200B, U+200C, U+200D, U+FEFF, U+2060
//   - bidi_control: U+202A–U+202E, U+2066–U+2069
//   - unicode_tag: U+E0000–U+E007F
//   - control_char: U+0000–U+001F except tab, line feed and carriage
//     return; U+007F; U+0080–U+009F
//   - private_use: U+E000–U+F8FF, U+F0000–U+FFFFD, U+100000–U+10FFFD
//   - unassigned_codepoint: General_Category Cn in Unicode
//     [UnicodeVersion], which includes the noncharacters, and a lone
//     surrogate U+D800–U+DFFF
//
// Consecutive codepoints of one class are one finding (a run), which lists
// up to 12 distinct codepoints in order of first appearance. A byte order
// mark (U+FEFF) is zero_width wherever it is in a string; only the command
// line, reading files, treats a file's leading one as an encoding signature.
//
// # Text and positions (§1)
//
// A Go string is read as UTF-8. Ill-formed UTF-8 is decoded as the WHATWG
// Encoding Standard decodes it (and a JavaScript peer sees it): each maximal
// subpart of an ill-formed sequence is one U+FFFD, which is not a finding but
// is listed in Result.InvalidUTF8 so that it is never passed over silently.
// [ScanUTF16] takes UTF-16 code units; there a lone surrogate is a codepoint
// of its own.
//
// Start and End are codepoint offsets, [Start, End). Each finding also
// carries the same span in bytes of the input and in UTF-16 code units, so
// that a Go host, a browser and a JavaScript peer can all point at it.
//
// Findings are sorted by Start, then End, then Class, then Kind. Findings
// of different classes may overlap: a zero-width space inside an HTML
// comment is a zero_width finding inside a hidden_markup one, and both are
// reported.
//
// # Hidden markup (§3)
//
// A hidden_markup finding names its construct's Kind (html_comment,
// markdown_comment, css_hide_rule, hidden_element) and, for a rule or an
// element, the Reason it hides. The rules are in the markup package's
// documentation. Markup detection runs in every context.
//
// # Base64 (§4)
//
// A base64_blob finding says whether the blob is Opaque; one that is not
// carries the Decoded text and DecodedFindings, the findings of the §2
// classes in the decoded text (the rescan is one level deep: no markup, no
// base64), with offsets relative to it. Nested findings do not count in
// the Result's counts; the blob does. The rules are in the b64 package's
// documentation.
//
// # Sanitized copy (§6)
//
// Result.Sanitized is the text with every codepoint of the six classes
// removed and every hidden-markup construct removed (the union of their
// spans: a hidden element through its end tag when it has one); a U+FFFD
// read from ill-formed UTF-8 stays. The removals can themselves build
// markup that was not there ("<\u200b!-- x -->" holds no comment until its
// zero-width space goes), so constructs found in the result are removed
// too, round after round; after 8 rounds (only text built to defeat the
// sanitizer gets there) every '<' and '[' becomes U+FFFD. So scanning
// a sanitized copy again finds nothing it removes.
//
// Base64 blobs stay in the sanitized copy of a Text scan. In an EmailHTML
// scan each blob is replaced by [Placeholder], "[base64_blob]"; a blob that
// overlaps or touches markup is replaced together with it by one
// placeholder. There the rounds above look for blobs that the removals
// joined together, too, and after 8 rounds any blob left becomes
// "(base64_blob)". The contexts differ in nothing else.
//
// # Excerpts
//
// Each finding's Excerpt shows it in its passage, readable by eye. Lengths
// below count codepoints.
//
//  1. Context: up to 30 codepoints on each side of the finding, cut short at
//     a line break (line feed or carriage return), which is not included.
//  2. Every codepoint that is in a §2 class, is Default_Ignorable_Code_Point,
//     or is otherwise non-printing (General_Category C* or Z*, except U+0020
//     SPACE) is written ⟨U+XXXX NAME⟩: the Unicode name; for a control, its
//     control (else figment) name alias; else PRIVATE USE, SURROGATE,
//     NONCHARACTER or UNASSIGNED. Everything else is written as itself.
//  3. Each side's context is further cut, from its far end, to at most 150
//     characters as written.
//  4. "…" stands at each side where the context was cut by 1 or 3 before
//     reaching the start or end of its line (or of the text).
//  5. When the whole would pass 600 characters, the finding itself is cut
//     after the last whole codepoint (as written) that leaves room for a
//     closing "…".
//
// # Bounds
//
// A scan takes time linear in its input: one pass over the codepoints, one
// over the markup (only for text with '<' or "]:"), one over base64
// candidates (only for text that may hold them), and, when removals may
// have built new markup or blobs, at most 8 more rounds over the sanitized
// copy. Hostile input can hold a finding every other codepoint, so a Result
// holds at most [Options].MaxFindings findings (DefaultMaxFindings unless
// set), the first in order, and as many findings of each blob's rescan; the
// counts and the status stay exact, and Result.Truncated says that some
// were left out. Memory is the sanitized copy (at most the input's size;
// up to three times it for input that is nothing but ill-formed UTF-8, each
// byte of which becomes a three-byte U+FFFD), the kept findings with the
// decoded text of their blobs (less than the input), and the spans of every
// markup construct while the scan runs (a few words each; at most one per
// six bytes of input).
//
// # What a result does not claim
//
// A finding is a statement about the text, not about whoever sent it;
// zero-width joiners are legitimate in several scripts and in emoji, and a
// finding reports presence, never intent. A clean result says none of these
// classes were found; it is never a finding that the text is safe (§12).
// Every Result carries [Note] to say so.
package scan
