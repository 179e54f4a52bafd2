package scan

import "github.com/plainsight/plainsight/internal/visible"

// Visible returns s written as an excerpt writes its codepoints (§1; the
// package doc, "Excerpts", step 2): every codepoint in a §2 class, every
// Default_Ignorable_Code_Point and every other non-printing codepoint
// (General_Category C* or Z*, except U+0020 SPACE) as ⟨U+XXXX NAME⟩,
// everything else as itself. Line breaks are written ⟨U+000A LINE FEED⟩
// too; a caller that shows lines splits first. A lone surrogate encoded
// as WTF-8 (as a JSON escape decodes, see ScanUTF16) is written
// ⟨U+D800 SURROGATE⟩; any other ill-formed sequence is read as Scan reads
// it, as U+FFFD (the WHATWG decoder's maximal subparts).
//
// It neither cuts nor adds context: it is for a passage already chosen and
// shown again — a stored excerpt, a tool description on a page — so that
// whatever the passage holds is read by eye, never acted on by the
// renderer (a bidi override, a tag character, a zero-width space). An
// excerpt that Scan wrote is unchanged by it. Its result is at most 64
// times as long as s, in bytes: a caller bounds s first.
//
// It is internal/visible's String, which the layers below scan share.
func Visible(s string) string { return visible.String(s) }
