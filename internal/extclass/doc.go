// Package extclass finds what the Strict profile of package scan adds to
// the agent-safety formats: the techniques that real attacks use and §2–§4
// do not name. It returns byte spans; package scan turns them into
// findings, marked as extensions.
//
// # Classes
//
//   - Variation selectors that modify nothing ([Chars], class
//     variation_selector): a selector (Variation_Selector: U+180B–U+180D,
//     U+180F, U+FE00–U+FE0F, U+E0100–U+E01EF) is legitimate only alone,
//     directly after a base with which it forms a standardized or emoji
//     variation sequence, or, for U+E0100–U+E01EF, directly after a Han
//     ideograph (the Ideographic Variation Database's sequences). Every
//     other selector is a finding. Consecutive selectors are one run, and a
//     run of two or more is a finding whole, its first selector included:
//     a base takes one selector, so a run carries something else. A run
//     of U+FE00–U+FE0F and U+E0100–U+E01EF is read as the bytes it carries
//     the way GlassWorm-style payloads write them (U+FE00+b for b < 16,
//     U+E0100+b−16 otherwise): [Span.Carried].
//   - Other invisible format characters ([Chars], class
//     invisible_format): Default_Ignorable_Code_Point or General_Category
//     Cf, outside the §2 ranges and the selectors, except the
//     Prepended_Concatenation_Marks (which have glyphs). Allow-rules, for
//     characters that are ordinary typography in a script (measured on the
//     message catalogues of /usr/share/locale, see docs/profiles.md):
//     a single U+00AD SOFT HYPHEN between a letter or mark and a letter; a
//     single U+034F COMBINING GRAPHEME JOINER between a letter or mark and
//     a mark; U+061C, U+200E and U+200F in a text that holds a
//     right-to-left letter (Bidi_Class R or AL: translations into Arabic
//     put them around format strings with no letter of their own); U+115F followed by a
//     vowel jamo, U+1160 preceded by a leading jamo; U+180E between two
//     Mongolian characters; U+13430–U+1343F between Egyptian
//     hieroglyphs (or their controls). Every other codepoint of the class
//     is a finding; consecutive ones form a run.
//   - Zero-width characters of §2 as typography ([AllowedZeroWidth]):
//     §2's zero_width class reports every U+200B, U+200C and U+200D. In
//     Strict, a single U+200C or U+200D next to a letter or mark of a
//     script other than Latin, Greek and Cyrillic (Persian می‌خواهم, Bengali
//     conjuncts, …), a single U+200D between two Extended_Pictographic
//     emoji (after an optional U+FE0F or skin tone modifier), and a single
//     U+200B next to a letter or mark of a script written without spaces
//     (Thai, Lao, Tibetan, Myanmar, Khmer, Tai Tham, New Tai Lue,
//     Balinese, Javanese: it marks word boundaries there) are not
//     reported.
//   - Invisible characters written as references ([References], class
//     invisible_reference): an HTML numeric character reference (&#N; or
//     &#xH;, the semicolon optional as HTML allows), an HTML named
//     character reference of an invisible character (&shy;, &zwnj;,
//     &ZeroWidthSpace;, …), or an escape \uXXXX (a UTF-16 surrogate pair
//     of two escapes is one codepoint), \u{X…} or \UXXXXXXXX, that decodes
//     to a codepoint of a §2 class other than control_char, to a
//     variation selector or to an invisible format character, judged by
//     the rules above in the decoded text. Escapes of control characters
//     (\u001b, &#10;) are how source code and markup write ordinary
//     control bytes and are not reported; nor is a single reference to a
//     zero-width character or soft hyphen directly after a '>' or before a
//     '<' (e-mail templates put &zwj; between tables). Consecutive
//     references form a run.
//   - LaTeX hiding ([LaTeX], hidden-markup kinds): \color{C} and
//     \textcolor{C}{…} where C is the page colour (white unless
//     \pagecolor set another before), \fontsize under 1pt, \phantom{…},
//     \hphantom{…}, \vphantom{…}, and \scalebox or \resizebox to at most
//     0.05 (of the size, or in any unit for \resizebox).
//   - Fewer false positives for §4 ([DeclaredDigest], [InURL],
//     [CarriesText]): declared digests are not blobs; an opaque blob
//     inside a URL is reported only when a path segment of it decodes to
//     printable text.
//
// # Bounds
//
// Every function takes time linear in its input. Chars, References and
// LaTeX keep at most the number of spans asked for and count the rest;
// Strip holds no list of spans. LaTeX matches braces in one pass with a
// stack (8 bytes per brace of the text, made only when a command it knows
// is followed by a group), reads a group of at most 4096 bytes, an option
// of at most 64, and looks at most 4096 bytes on for the end of a
// \color or \fontsize's scope.
//
// # What it does not claim
//
// These are the techniques seen in public attack samples, not a complete
// list of ways to hide text: colour in other markup languages, fonts that
// draw nothing, and text off the page are not looked for. The allow-rules
// trade a little: a single joiner between two Persian letters could carry
// one bit.
package extclass
