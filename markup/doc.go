// Package markup implements §3 of the agent-safety formats, version 1:
// finding the hidden-markup constructs that make up the class
// hidden_markup. [Find] returns each construct with its kind, the reason it
// hides, and its span in bytes; package scan turns them into findings and
// removes them from the sanitized copy (§6).
//
// # The four kinds
//
//   - html_comment: the text from <!-- to the next -->, taken literally, not
//     as HTML tokenizes comments: "<!-->" and "<!--->" do not close
//     themselves and "--!>" does not close a comment. An unterminated
//     comment runs to the end of the text, as a browser hides everything
//     after it. Comments count wherever they are, in attribute values and
//     in <style> or <script> content too.
//   - markdown_comment: a line of up to three spaces, [label]: and the
//     target # with a title in parentheses, double or single quotes, bare
//     to the end of the line, or none. Lines end at LF, CRLF or CR; the
//     span is the line without its ending. "[x]: #anchor" is a link, not a
//     comment. The rule is literal: it holds inside fenced code blocks too.
//   - css_hide_rule: a rule inside a <style> element whose declarations
//     pass the style test and whose selector list holds a plain class
//     selector, ".name" or "type.name". Rules nested in @media, @supports
//     and the other conditional at-rules count; other at-rules are skipped;
//     CSS comments are ignored. The span runs from the selector list to
//     the closing brace.
//   - hidden_element: an element hidden by its style attribute under the
//     style test, by the hidden attribute (any value), or by a class that a
//     css_hide_rule anywhere in the text hides (a type in the selector must
//     be the element's). Attribute values are read entity-decoded, as a
//     browser reads them: style="display&#58;none" hides.
//
// The style test ([StyleTest]) reads "property: value" declarations
// separated by semicolons, case-insensitively, ignoring a trailing
// !important; the last declaration of a property wins. It hides on
// display: none, visibility: hidden, a zero font-size (0, optionally .0…,
// optionally px, pt, em, rem or %), or a color equal to the background
// (background-color, or the first token of background) after lowercasing,
// removing whitespace, expanding #rgb and resolving the named colours of
// §3.
//
// # Element spans
//
// Elements are read as the HTML tokenizer of golang.org/x/net/html reads
// them (its Tokenizer, with CDATA sections read as bogus comments), so
// tags inside comments and inside <script>, <style> and other raw-text
// elements are not elements. A hidden element spans from its start tag
// through its matching end tag, found by counting the start and end tags
// of its name that follow; this is what §6 calls "simply nested". A void
// element (img, br, input, …) spans its start tag. "/>" on a non-void
// element is ignored, as HTML ignores it. An element whose end tag never
// comes (unclosed, or closed only by HTML's implied end tags, as a <p> by
// the next <p>) spans its start tag alone, and its content is not treated
// as hidden. Nested hidden elements are each reported.
//
// # What it does not claim
//
// It is not a browser: it applies no cascade beyond the rules above, no
// external stylesheets, no scripts, no layout (off-screen positioning,
// clipping, zero-size boxes, opacity, and colours other than those listed
// go unseen), and not the CSS id, type, attribute or descendant selectors.
// A construct it reports is hidden under §3's definition; text it does not
// report may still be hidden by other means.
//
// # Bounds
//
// Find takes time and memory linear in the length of its text, whatever
// the nesting or the number of constructs, and returns at once for text
// without '<' and without "]:". The tokenizer is the package's own: it
// yields the tokens of x/net/html's Tokenizer (v0.62.0) — the same types,
// spans, names and values of the style, class and hidden attributes, its
// quirks included, checked against it by a differential test and a fuzz
// target — but walks the string in place, jumping to the next '<' in
// text and the next '>' in comments, and copies nothing: no token costs
// an allocation, and an unclosed <script> in prose costs a scan to the
// end, not a copy of the rest. It hands two rare cases to x/net/html's
// Tokenizer, fed that one tag's bytes (one Tokenizer for all such tags
// of a text, so that a text made of them costs what x/net/html costs on
// it, not a Tokenizer each): a style or class value
// holding a character reference, NUL or CR (which HTML rewrites), and a
// '/' before '>' that ends an unquoted value (whether the tag
// self-closes then depends on which of duplicated attributes HTML keeps).
// The answers of the style test for the last 64 style values and of the
// class rules for the last 16 class values are remembered, whole values
// compared: a memory of fixed size. A construct takes 24 bytes; Find keeps
// them in blocks joined once at the end (where a list grown by copying
// would cost more and overshoot the collector), up to about 270,000 of
// them (6 MiB, twice that while they are joined); past that it lets the
// blocks go, counts the rest, and finds the constructs again into a list
// made at their number: a text made of constructs costs one more pass and
// its constructs once. FindN keeps at most twice its max. Elements with
// classes wait for the class rules, which may come after them, as
// candidates; past 4,096 of them they are let go, and a second pass of
// the tokenizer, once every hiding rule is known, finds the elements the
// rules hide: a text made of such elements costs a pass more, not a
// candidate (many times its bytes) each.
package markup
