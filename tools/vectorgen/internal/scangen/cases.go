package scangen

import "strings"

// Class names, as §2 spells them.
const (
	zw   = "zero_width"
	bidi = "bidi_control"
	tag  = "unicode_tag"
	ctrl = "control_char"
	pua  = "private_use"
	unas = "unassigned_codepoint"
)

// Spec section lists.
var (
	s2    = []string{"§2"}
	s12   = []string{"§1", "§2"}
	s26   = []string{"§2", "§6"}
	s126  = []string{"§1", "§2", "§6"}
	s1    = []string{"§1"}
	s1_12 = []string{"§1", "§12"}
)

// Excerpt pieces, written out by hand from the names in the Unicode Character Database.
const (
	aZWSP = "⟨U+200B ZERO WIDTH SPACE⟩"  // 25 codepoints
	aSIX  = "⟨U+2006 SIX-PER-EM SPACE⟩"  // 25 codepoints
	aNBSP = "⟨U+00A0 NO-BREAK SPACE⟩"    // 23 codepoints
	aZWJ  = "⟨U+200D ZERO WIDTH JOINER⟩" // 26 codepoints
	a30   = "abcdefghij klmnopqrs tuvwxyz A"
	a29   = "bcdefghij klmnopqrs tuvwxyz A"
)

// one is a codepoint between "a" and "b": a finding [1,2) when class is not empty, and a
// sanitized copy of "ab"; otherwise a clean text left as it is.
func one(cat, comment string, r rune, class string, flags ...string) Case {
	in := "a" + string(r) + "b"
	c := Case{Cat: cat, Comment: comment, Spec: s26, In: str(in), Flags: flags}
	if class == "" {
		c.San = sp(in)
	} else {
		c.Want = []Want{w(class, 1, 2, r)}
		c.San = sp("ab")
	}
	return c
}

// withExcerpt sets the hand-written excerpts of c.
func (c Case) withExcerpt(x ...string) Case {
	c.Excerpt = x
	return c
}

// email marks c for the email_html group too.
func (c Case) email() Case {
	c.Email = true
	return c
}

// runes returns the string of rs.
func runes(rs ...rune) string { return string(rs) }

// seq returns the codepoints lo..hi.
func seq(lo, hi rune) []rune {
	var rs []rune
	for r := lo; r <= hi; r++ {
		rs = append(rs, r)
	}
	return rs
}

// Cases returns the hand-written cases, in tcId order. Append new cases at the end of their
// category; the tcIds of the text group follow this order.
func Cases() []Case {
	var cs []Case
	add := func(c ...Case) { cs = append(cs, c...) }

	// ---- basic: the result object (§1), an empty or clean text, the sanitized copy (§6).
	add(
		Case{Cat: "basic", Comment: "empty input: clean, no findings, empty sanitized copy", Spec: s1_12,
			In: str(""), San: sp("")}.email(),
		Case{Cat: "basic", Comment: "plain ASCII sentence is clean", Spec: s1_12,
			In: str("Hello, world."), San: sp("Hello, world.")}.email(),
		Case{Cat: "basic", Comment: "every printable ASCII character U+0020–U+007E is clean", Spec: s12,
			In: str(runes(seq(0x20, 0x7E)...)), San: sp(runes(seq(0x20, 0x7E)...)), Flags: []string{"RangeBoundary"}},
		Case{Cat: "basic", Comment: "tab is excepted from control_char", Spec: s2, In: str("a\tb"), San: sp("a\tb")},
		Case{Cat: "basic", Comment: "line feed is excepted from control_char", Spec: s2, In: str("a\nb"), San: sp("a\nb")},
		Case{Cat: "basic", Comment: "carriage return is excepted from control_char", Spec: s2, In: str("a\rb"), San: sp("a\rb")},
		Case{Cat: "basic", Comment: "CR LF line ending is clean", Spec: s2, In: str("one\r\ntwo\r\n"), San: sp("one\r\ntwo\r\n")},
		Case{Cat: "basic", Comment: "one zero-width space", Spec: s126, In: str("a\u200bb"),
			Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("ab"), Excerpt: []string{"a" + aZWSP + "b"}}.email(),
		Case{Cat: "basic", Comment: "one finding of each of the six classes; the sanitized copy removes them all", Spec: s126,
			In: str("a\u200bb\u202ec\U000E0041d\u0007e\ue000f\u0378g"),
			Want: []Want{w(zw, 1, 2, 0x200B), w(bidi, 3, 4, 0x202E), w(tag, 5, 6, 0xE0041),
				w(ctrl, 7, 8, 0x0007), w(pua, 9, 10, 0xE000), w(unas, 11, 12, 0x0378)},
			San: sp("abcdefg"), Flags: []string{"ClassChange"}}.email(),
		Case{Cat: "basic", Comment: "a text made only of findings sanitizes to the empty string", Spec: s26,
			In: str("\u200b\u202a\ue000"), Want: []Want{w(zw, 0, 1, 0x200B), w(bidi, 1, 2, 0x202A), w(pua, 2, 3, 0xE000)},
			San: sp(""), Flags: []string{"ClassChange"}},
	)

	// ---- zero_width (§2): each codepoint, runs, the byte order mark.
	add(
		one("zero_width", "U+200B ZERO WIDTH SPACE", 0x200B, zw),
		one("zero_width", "U+200C ZERO WIDTH NON-JOINER", 0x200C, zw),
		one("zero_width", "U+200D ZERO WIDTH JOINER", 0x200D, zw).withExcerpt("a"+aZWJ+"b"),
		one("zero_width", "U+2060 WORD JOINER", 0x2060, zw).withExcerpt("a⟨U+2060 WORD JOINER⟩b"),
		one("zero_width", "U+FEFF ZERO WIDTH NO-BREAK SPACE in the middle of a text", 0xFEFF, zw).
			withExcerpt("a⟨U+FEFF ZERO WIDTH NO-BREAK SPACE⟩b"),
		Case{Cat: "zero_width", Comment: "all five zero_width codepoints in one run: one finding listing each", Spec: s126,
			In: str("x\u200b\u200c\u200d\u2060\ufeffy"), Want: []Want{w(zw, 1, 6, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF)}, San: sp("xy")},
		Case{Cat: "zero_width", Comment: "a run of one repeated codepoint lists it once", Spec: s2,
			In: str("\u200b\u200b\u200b"), Want: []Want{w(zw, 0, 3, 0x200B)}, San: sp("")},
		Case{Cat: "zero_width", Comment: "two zero-width spaces separated by a letter are two findings", Spec: s2,
			In: str("\u200bx\u200b"), Want: []Want{w(zw, 0, 1, 0x200B), w(zw, 2, 3, 0x200B)}, San: sp("x"), Flags: []string{"ClassChange"}},
		Case{Cat: "zero_width", Comment: "U+FEFF at position 0 is text, not a byte order mark: a finding", Spec: s126,
			In: str("\ufeffHello"), Want: []Want{w(zw, 0, 1, 0xFEFF)}, San: sp("Hello"), Flags: []string{"Bom"}}.email(),
		Case{Cat: "zero_width", Comment: "two leading U+FEFF are one run", Spec: s2,
			In: str("\ufeff\ufeffx"), Want: []Want{w(zw, 0, 2, 0xFEFF)}, San: sp("x"), Flags: []string{"Bom"}},
		Case{Cat: "zero_width", Comment: "U+FEFF first in UTF-16 input is not stripped either", Spec: s2,
			In: u16(0xFEFF, 'H', 'i'), Want: []Want{w(zw, 0, 1, 0xFEFF)}, San: sp("Hi"), Flags: []string{"Bom"}},
		Case{Cat: "zero_width", Comment: "ZWNJ in Persian is legitimate typography, still reported (presence, never intent)", Spec: s2,
			In: str("می\u200cخواهم"), Want: []Want{w(zw, 2, 3, 0x200C)}, San: sp("میخواهم")},
		Case{Cat: "zero_width", Comment: "ZWJ in a Devanagari conjunct is reported", Spec: s2,
			In: str("क्\u200dष"), Want: []Want{w(zw, 2, 3, 0x200D)}, San: sp("क्ष")},
	)

	// ---- bidi_control (§2): each codepoint, runs, marks that are not in the class.
	for _, c := range []struct {
		r    rune
		name string
	}{
		{0x202A, "LEFT-TO-RIGHT EMBEDDING"}, {0x202B, "RIGHT-TO-LEFT EMBEDDING"},
		{0x202C, "POP DIRECTIONAL FORMATTING"}, {0x202D, "LEFT-TO-RIGHT OVERRIDE"},
		{0x202E, "RIGHT-TO-LEFT OVERRIDE"}, {0x2066, "LEFT-TO-RIGHT ISOLATE"},
		{0x2067, "RIGHT-TO-LEFT ISOLATE"}, {0x2068, "FIRST STRONG ISOLATE"},
		{0x2069, "POP DIRECTIONAL ISOLATE"},
	} {
		add(one("bidi_control", "U+"+strings.ToUpper(hex4(c.r))+" "+c.name, c.r, bidi).
			withExcerpt("a⟨U+" + hex4(c.r) + " " + c.name + "⟩b"))
	}
	add(
		Case{Cat: "bidi_control", Comment: "RLO ... PDF around text: two findings, the text between is kept", Spec: s26,
			In: str("\u202eabc\u202c"), Want: []Want{w(bidi, 0, 1, 0x202E), w(bidi, 4, 5, 0x202C)}, San: sp("abc")}.email(),
		Case{Cat: "bidi_control", Comment: "override and isolate controls in code-like text", Spec: s26,
			In: str("if (x\u202e\u2066) {\u2069\u2066"), Want: []Want{w(bidi, 5, 7, 0x202E, 0x2066), w(bidi, 10, 12, 0x2069, 0x2066)},
			San: sp("if (x) {")},
		Case{Cat: "bidi_control", Comment: "a run of embeddings lists distinct codepoints in order of first appearance", Spec: s2,
			In: str("\u202a\u202b\u202a"), Want: []Want{w(bidi, 0, 3, 0x202A, 0x202B)}, San: sp("")},
		Case{Cat: "bidi_control", Comment: "a run of isolates", Spec: s2,
			In: str("\u2067\u2066\u2068\u2069"), Want: []Want{w(bidi, 0, 4, 0x2067, 0x2066, 0x2068, 0x2069)}, San: sp("")},
		one("bidi_control", "U+200E LEFT-TO-RIGHT MARK is not a bidi_control", 0x200E, ""),
		one("bidi_control", "U+200F RIGHT-TO-LEFT MARK is not a bidi_control", 0x200F, ""),
		one("bidi_control", "U+061C ARABIC LETTER MARK is not a bidi_control", 0x061C, ""),
	)

	// ---- unicode_tag (§2): the block, assigned or not, and tag sequences.
	add(
		one("unicode_tag", "U+E0000, unassigned but in the tag block: unicode_tag wins", 0xE0000, tag, "RangeBoundary").
			withExcerpt("a⟨U+E0000 UNASSIGNED⟩b"),
		one("unicode_tag", "U+E0001 LANGUAGE TAG", 0xE0001, tag).withExcerpt("a⟨U+E0001 LANGUAGE TAG⟩b"),
		one("unicode_tag", "U+E0002, unassigned in the tag block: unicode_tag, not unassigned_codepoint", 0xE0002, tag),
		one("unicode_tag", "U+E001F, last unassigned codepoint before TAG SPACE", 0xE001F, tag),
		one("unicode_tag", "U+E0020 TAG SPACE", 0xE0020, tag).withExcerpt("a⟨U+E0020 TAG SPACE⟩b"),
		one("unicode_tag", "U+E007E TAG TILDE", 0xE007E, tag),
		one("unicode_tag", "U+E007F CANCEL TAG, last of the block", 0xE007F, tag, "RangeBoundary"),
		one("unicode_tag", "U+E0080, just after the tag block, is unassigned_codepoint", 0xE0080, unas, "RangeBoundary"),
		Case{Cat: "unicode_tag", Comment: "U+E0000..U+E0002 (unassigned, assigned, unassigned) form one tag run", Spec: s2,
			In: str("\U000E0000\U000E0001\U000E0002"), Want: []Want{w(tag, 0, 3, 0xE0000, 0xE0001, 0xE0002)}, San: sp("")},
		Case{Cat: "unicode_tag", Comment: "noncharacter U+DFFFF then U+E0000: unassigned_codepoint then unicode_tag", Spec: s2,
			In: str("\U000DFFFF\U000E0000"), Want: []Want{w(unas, 0, 1, 0xDFFFF), w(tag, 1, 2, 0xE0000)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange", "Noncharacter"}},
		Case{Cat: "unicode_tag", Comment: "U+E007F then U+E0080: unicode_tag then unassigned_codepoint", Spec: s2,
			In: str("\U000E007F\U000E0080"), Want: []Want{w(tag, 0, 1, 0xE007F), w(unas, 1, 2, 0xE0080)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange"}},
		Case{Cat: "unicode_tag", Comment: "deprecated language tag sequence (LANGUAGE TAG, e, n)", Spec: s2,
			In: str("\U000E0001\U000E0065\U000E006Ex"), Want: []Want{w(tag, 0, 3, 0xE0001, 0xE0065, 0xE006E)}, San: sp("x")},
		Case{Cat: "unicode_tag", Comment: "hidden text in tag characters after visible text", Spec: s126,
			In:   str("Hi" + tagText("hello world") + "!"),
			Want: []Want{w(tag, 2, 13, 0xE0068, 0xE0065, 0xE006C, 0xE006F, 0xE0020, 0xE0077, 0xE0072, 0xE0064)},
			San:  sp("Hi!")}.email(),
		Case{Cat: "unicode_tag", Comment: "104 tag characters: 12 distinct listed, the excerpt body cut at 600", Spec: s12,
			In:   str("x" + tagText(strings.Repeat("abcdefghijklmnopqrstuvwxyz", 4)) + "y"),
			Want: []Want{w(tag, 1, 105, seq(0xE0061, 0xE006C)...)},
			San:  sp("xy"), Flags: []string{"CodepointCap", "ExcerptCut"}},
	)

	// ---- control_char (§2).
	for _, c := range []struct {
		r       rune
		name    string
		class   string
		comment string
	}{
		{0x0000, "NULL", ctrl, "U+0000 NULL, first of C0"},
		{0x0001, "START OF HEADING", ctrl, "U+0001"},
		{0x0007, "ALERT", ctrl, "U+0007 (name alias ALERT)"},
		{0x0008, "BACKSPACE", ctrl, "U+0008, just before tab"},
		{0x000B, "LINE TABULATION", ctrl, "U+000B, between line feed and carriage return"},
		{0x000C, "FORM FEED", ctrl, "U+000C, just before carriage return"},
		{0x000E, "SHIFT OUT", ctrl, "U+000E, just after carriage return"},
		{0x001B, "ESCAPE", ctrl, "U+001B ESCAPE"},
		{0x001F, "INFORMATION SEPARATOR ONE", ctrl, "U+001F, last of C0"},
		{0x007F, "DELETE", ctrl, "U+007F DELETE"},
		{0x0080, "PADDING CHARACTER", ctrl, "U+0080, first of C1; its name is the figment alias"},
		{0x0085, "NEXT LINE", ctrl, "U+0085 NEXT LINE is a control_char, not a line break"},
		{0x009F, "APPLICATION PROGRAM COMMAND", ctrl, "U+009F, last of C1"},
	} {
		cs := one("control_char", c.comment, c.r, c.class, "RangeBoundary")
		if c.r == 0x0001 || c.r == 0x0007 || c.r == 0x001B || c.r == 0x0085 {
			cs.Flags = nil
		}
		add(cs.withExcerpt("a⟨U+" + hex4(c.r) + " " + c.name + "⟩b"))
	}
	add(
		one("control_char", "U+0020 SPACE, just after C0, is clean", 0x0020, "", "RangeBoundary"),
		one("control_char", "U+007E TILDE, just before DELETE, is clean", 0x007E, "", "RangeBoundary"),
		one("control_char", "U+00A0 NO-BREAK SPACE, just after C1, is clean", 0x00A0, "", "RangeBoundary"),
		Case{Cat: "control_char", Comment: "U+0008 U+0009 U+000A U+000B U+000C U+000D U+000E: tab, LF and CR split the run", Spec: s2,
			In:   str("\u0008\u0009\u000a\u000b\u000c\u000d\u000e"),
			Want: []Want{w(ctrl, 0, 1, 0x0008), w(ctrl, 3, 5, 0x000B, 0x000C), w(ctrl, 6, 7, 0x000E)},
			San:  sp("\t\n\r"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "control_char", Comment: "U+001F then U+0020: one finding", Spec: s2,
			In: str("\u001f\u0020"), Want: []Want{w(ctrl, 0, 1, 0x001F)}, San: sp(" "), Flags: []string{"RangeBoundary"}},
		Case{Cat: "control_char", Comment: "U+007E U+007F U+0080 U+009F U+00A0: DELETE and C1 form one run", Spec: s2,
			In: str("\u007e\u007f\u0080\u009f\u00a0"), Want: []Want{w(ctrl, 1, 4, 0x007F, 0x0080, 0x009F)}, San: sp("~\u00a0"),
			Flags: []string{"RangeBoundary"}},
		Case{Cat: "control_char", Comment: "ANSI colour escape sequences: each ESC is a finding", Spec: s26,
			In: str("\u001b[31mred\u001b[0m"), Want: []Want{w(ctrl, 0, 1, 0x001B), w(ctrl, 8, 9, 0x001B)}, San: sp("[31mred[0m")},
		Case{Cat: "control_char", Comment: "NUL bytes between letters", Spec: s2,
			In: str("a\u0000\u0000b"), Want: []Want{w(ctrl, 1, 3, 0x0000)}, San: sp("ab")},
	)

	// ---- private_use (§2).
	add(
		one("private_use", "U+E000, first of the BMP private use area", 0xE000, pua, "RangeBoundary").withExcerpt("a⟨U+E000 PRIVATE USE⟩b"),
		one("private_use", "U+F8FF, last of the BMP private use area", 0xF8FF, pua, "RangeBoundary"),
		one("private_use", "U+F900 CJK COMPATIBILITY IDEOGRAPH-F900, just after it, is clean", 0xF900, "", "RangeBoundary"),
		one("private_use", "U+F0000, first of plane 15", 0xF0000, pua, "RangeBoundary"),
		one("private_use", "U+FFFFD, last private use codepoint of plane 15", 0xFFFFD, pua, "RangeBoundary"),
		one("private_use", "U+100000, first of plane 16", 0x100000, pua, "RangeBoundary"),
		one("private_use", "U+10FFFD, last private use codepoint of plane 16", 0x10FFFD, pua, "RangeBoundary"),
		Case{Cat: "private_use", Comment: "U+F8FF then U+F900", Spec: s2,
			In: str("\uf8ff\uf900"), Want: []Want{w(pua, 0, 1, 0xF8FF)}, San: sp("\uf900"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "private_use", Comment: "noncharacter U+EFFFF then U+F0000: unassigned_codepoint then private_use", Spec: s2,
			In: str("\U000EFFFF\U000F0000"), Want: []Want{w(unas, 0, 1, 0xEFFFF), w(pua, 1, 2, 0xF0000)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange", "Noncharacter"}},
		Case{Cat: "private_use", Comment: "U+FFFFD then noncharacters U+FFFFE U+FFFFF", Spec: s2,
			In: str("\U000FFFFD\U000FFFFE\U000FFFFF"), Want: []Want{w(pua, 0, 1, 0xFFFFD), w(unas, 1, 3, 0xFFFFE, 0xFFFFF)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange", "Noncharacter"}},
		Case{Cat: "private_use", Comment: "U+10FFFD then noncharacters U+10FFFE U+10FFFF", Spec: s2,
			In: str("\U0010FFFD\U0010FFFE\U0010FFFF"), Want: []Want{w(pua, 0, 1, 0x10FFFD), w(unas, 1, 3, 0x10FFFE, 0x10FFFF)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange", "Noncharacter"}},
		Case{Cat: "private_use", Comment: "a run across the three private use ranges is one finding", Spec: s2,
			In: str("\ue000\U000F0000\U00100000\ue000"), Want: []Want{w(pua, 0, 4, 0xE000, 0xF0000, 0x100000)}, San: sp(""),
			Flags: []string{"AstralOffsets"}},
		Case{Cat: "private_use", Comment: "vendor logo codepoint in a sentence", Spec: s26,
			In: str("Designed by \uf8ff in California"), Want: []Want{w(pua, 12, 13, 0xF8FF)}, San: sp("Designed by  in California")},
	)

	// ---- unassigned_codepoint (§2): Cn, noncharacters.
	add(
		one("unassigned", "U+0378, unassigned in Greek and Coptic", 0x0378, unas).withExcerpt("a⟨U+0378 UNASSIGNED⟩b"),
		Case{Cat: "unassigned", Comment: "U+0378 U+0379: one run of two", Spec: s2,
			In: str("\u0378\u0379"), Want: []Want{w(unas, 0, 2, 0x0378, 0x0379)}, San: sp("")},
		one("unassigned", "U+2065, the unassigned gap between U+2064 and U+2066", 0x2065, unas, "RangeBoundary"),
		one("unassigned", "U+FEFE, unassigned, just before U+FEFF", 0xFEFE, unas, "RangeBoundary"),
		one("unassigned", "U+FF00, unassigned, just after U+FEFF", 0xFF00, unas, "RangeBoundary"),
		one("unassigned", "U+FFF0, unassigned specials", 0xFFF0, unas),
		one("unassigned", "U+FFF8, last unassigned before the interlinear annotation characters", 0xFFF8, unas),
		one("unassigned", "U+D7FC, unassigned after Hangul Jamo Extended-B", 0xD7FC, unas),
		one("unassigned", "U+D7FF, last codepoint before the surrogates, unassigned", 0xD7FF, unas, "RangeBoundary"),
		one("unassigned", "U+D7FB HANGUL JONGSEONG PHIEUPH-THIEUTH is clean", 0xD7FB, ""),
		one("unassigned", "noncharacter U+FDD0, first of the block of 32", 0xFDD0, unas, "Noncharacter").withExcerpt("a⟨U+FDD0 NONCHARACTER⟩b"),
		one("unassigned", "noncharacter U+FDEF, last of the block of 32", 0xFDEF, unas, "Noncharacter"),
		one("unassigned", "U+FDCF ARABIC LIGATURE SALAAMUHU ALAYNAA, just before U+FDD0, is clean", 0xFDCF, "", "Noncharacter"),
		one("unassigned", "U+FDF0, just after U+FDEF, is clean", 0xFDF0, "", "Noncharacter"),
		one("unassigned", "noncharacter U+FFFE", 0xFFFE, unas, "Noncharacter").withExcerpt("a⟨U+FFFE NONCHARACTER⟩b"),
		one("unassigned", "noncharacter U+FFFF", 0xFFFF, unas, "Noncharacter"),
		one("unassigned", "noncharacter U+1FFFE", 0x1FFFE, unas, "Noncharacter"),
		one("unassigned", "noncharacter U+1FFFF", 0x1FFFF, unas, "Noncharacter"),
		one("unassigned", "noncharacter U+DFFFF, just before the tag block", 0xDFFFF, unas, "Noncharacter", "RangeBoundary"),
		one("unassigned", "noncharacter U+EFFFF, just before plane 15", 0xEFFFF, unas, "Noncharacter", "RangeBoundary"),
		one("unassigned", "noncharacter U+FFFFE, just after the plane 15 private use range", 0xFFFFE, unas, "Noncharacter", "RangeBoundary"),
		one("unassigned", "noncharacter U+FFFFF", 0xFFFFF, unas, "Noncharacter"),
		one("unassigned", "noncharacter U+10FFFE, just after the plane 16 private use range", 0x10FFFE, unas, "Noncharacter", "RangeBoundary"),
		one("unassigned", "noncharacter U+10FFFF, the last codepoint", 0x10FFFF, unas, "Noncharacter").
			withExcerpt("a⟨U+10FFFF NONCHARACTER⟩b"),
		one("unassigned", "U+E01F0, unassigned after the variation selectors supplement (default ignorable, still Cn)", 0xE01F0, unas),
		one("unassigned", "U+E0FFF, unassigned in plane 14", 0xE0FFF, unas),
		one("unassigned", "U+FFF9 INTERLINEAR ANNOTATION ANCHOR is assigned (Cf) and clean", 0xFFF9, ""),
		one("unassigned", "U+FFFC OBJECT REPLACEMENT CHARACTER is clean", 0xFFFC, ""),
		one("unassigned", "U+FFFD REPLACEMENT CHARACTER in a string is clean", 0xFFFD, ""),
	)

	// ---- boundaries: adjacent codepoints on both sides of a class range.
	add(
		Case{Cat: "boundary", Comment: "U+200A HAIR SPACE (clean) then U+200B", Spec: s2,
			In: str("\u200a\u200b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("\u200a"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+200D then U+200E LEFT-TO-RIGHT MARK (clean)", Spec: s2,
			In: str("\u200d\u200e"), Want: []Want{w(zw, 0, 1, 0x200D)}, San: sp("\u200e"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+2029 PARAGRAPH SEPARATOR (clean) then U+202A", Spec: s2,
			In: str("\u2029\u202a"), Want: []Want{w(bidi, 1, 2, 0x202A)}, San: sp("\u2029"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+202E then U+202F NARROW NO-BREAK SPACE (clean)", Spec: s2,
			In: str("\u202e\u202f"), Want: []Want{w(bidi, 0, 1, 0x202E)}, San: sp("\u202f"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+205F (clean), U+2060 WORD JOINER, U+2061 FUNCTION APPLICATION (clean)", Spec: s2,
			In: str("\u205f\u2060\u2061"), Want: []Want{w(zw, 1, 2, 0x2060)}, San: sp("\u205f\u2061"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+2064 (clean), U+2065 (unassigned), U+2066 (bidi_control): two findings", Spec: s2,
			In: str("\u2064\u2065\u2066"), Want: []Want{w(unas, 1, 2, 0x2065), w(bidi, 2, 3, 0x2066)}, San: sp("\u2064"),
			Flags: []string{"RangeBoundary", "ClassChange"}},
		Case{Cat: "boundary", Comment: "U+2069 then U+206A INHIBIT SYMMETRIC SWAPPING (clean)", Spec: s2,
			In: str("\u2069\u206a"), Want: []Want{w(bidi, 0, 1, 0x2069)}, San: sp("\u206a"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "U+FEFE (unassigned), U+FEFF (zero_width), U+FF00 (unassigned): three findings", Spec: s2,
			In: str("\ufefe\ufeff\uff00"), Want: []Want{w(unas, 0, 1, 0xFEFE), w(zw, 1, 2, 0xFEFF), w(unas, 2, 3, 0xFF00)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange"}},
		Case{Cat: "boundary", Comment: "U+D7FF (unassigned) then a lone U+D800: one unassigned_codepoint run", Spec: s2,
			In: u16(0xD7FF, 0xD800), Want: []Want{w(unas, 0, 2, 0xD7FF, 0xD800)}, San: sp(""), Flags: []string{"RangeBoundary"}},
		Case{Cat: "boundary", Comment: "a lone U+DFFF then U+E000: unassigned_codepoint then private_use", Spec: s2,
			In: u16(0xDFFF, 0xE000), Want: []Want{w(unas, 0, 1, 0xDFFF), w(pua, 1, 2, 0xE000)}, San: sp(""),
			Flags: []string{"RangeBoundary", "ClassChange"}},
	)

	// ---- runs that change class.
	add(
		Case{Cat: "runs", Comment: "zero_width directly followed by bidi_control: two findings", Spec: s2,
			In: str("\u200b\u202a"), Want: []Want{w(zw, 0, 1, 0x200B), w(bidi, 1, 2, 0x202A)}, San: sp(""), Flags: []string{"ClassChange"}},
		Case{Cat: "runs", Comment: "zero_width, bidi_control, zero_width: three findings", Spec: s2,
			In: str("\u200b\u202a\u200b"), Want: []Want{w(zw, 0, 1, 0x200B), w(bidi, 1, 2, 0x202A), w(zw, 2, 3, 0x200B)}, San: sp(""),
			Flags: []string{"ClassChange"}},
		Case{Cat: "runs", Comment: "control_char then private_use", Spec: s2,
			In: str("\u0000\ue000"), Want: []Want{w(ctrl, 0, 1, 0x0000), w(pua, 1, 2, 0xE000)}, San: sp(""), Flags: []string{"ClassChange"}},
		Case{Cat: "runs", Comment: "zero_width then unicode_tag", Spec: s2,
			In: str("\u2060\U000E0020"), Want: []Want{w(zw, 0, 1, 0x2060), w(tag, 1, 2, 0xE0020)}, San: sp(""), Flags: []string{"ClassChange"}},
		Case{Cat: "runs", Comment: "a lone surrogate and a noncharacter are one unassigned_codepoint run", Spec: s2,
			In: u16(0xD800, 0xFFFF), Want: []Want{w(unas, 0, 2, 0xD800, 0xFFFF)}, San: sp(""), Flags: []string{"Noncharacter"}},
		Case{Cat: "runs", Comment: "zero_width then a lone surrogate: two findings", Spec: s2,
			In: u16(0x200B, 0xD800), Want: []Want{w(zw, 0, 1, 0x200B), w(unas, 1, 2, 0xD800)}, San: sp(""), Flags: []string{"ClassChange"}},
	)

	// ---- the cap of 12 distinct codepoints per finding.
	add(
		Case{Cat: "cap12", Comment: "12 distinct private use codepoints: all listed", Spec: s2,
			In: str(runes(seq(0xE000, 0xE00B)...)), Want: []Want{w(pua, 0, 12, seq(0xE000, 0xE00B)...)}, San: sp(""),
			Flags: []string{"CodepointCap"}},
		Case{Cat: "cap12", Comment: "13 distinct private use codepoints: the first 12 listed, the run covers all 13", Spec: s2,
			In: str(runes(seq(0xE000, 0xE00C)...)), Want: []Want{w(pua, 0, 13, seq(0xE000, 0xE00B)...)}, San: sp(""),
			Flags: []string{"CodepointCap"}}.email(),
		Case{Cat: "cap12", Comment: "13 codepoints, 12 distinct (first repeated): all 12 listed once", Spec: s2,
			In: str(runes(append([]rune{0xE000}, seq(0xE000, 0xE00B)...)...)), Want: []Want{w(pua, 0, 13, seq(0xE000, 0xE00B)...)},
			San: sp(""), Flags: []string{"CodepointCap"}},
		Case{Cat: "cap12", Comment: "each of 12 codepoints twice: 12 listed", Spec: s2,
			In: str(strings.Repeat(runes(seq(0xE000, 0xE00B)...), 2)), Want: []Want{w(pua, 0, 24, seq(0xE000, 0xE00B)...)},
			San: sp(""), Flags: []string{"CodepointCap"}},
		Case{Cat: "cap12", Comment: "11 distinct, a repeat, then a 12th: order of first appearance", Spec: s2,
			In:   str(runes(append(append(seq(0xE000, 0xE00A), 0xE000), 0xE00B)...)),
			Want: []Want{w(pua, 0, 13, seq(0xE000, 0xE00B)...)}, San: sp(""), Flags: []string{"CodepointCap"}},
		Case{Cat: "cap12", Comment: "12 distinct control characters (tab, LF, CR skipped)", Spec: s2,
			In:   str("\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f"),
			Want: []Want{w(ctrl, 0, 12, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B, 0x0C, 0x0E, 0x0F)},
			San:  sp(""), Flags: []string{"CodepointCap"}},
		Case{Cat: "cap12", Comment: "13 distinct control characters: U+0010 not listed", Spec: s2,
			In:   str("\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f\u0010"),
			Want: []Want{w(ctrl, 0, 13, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B, 0x0C, 0x0E, 0x0F)},
			San:  sp(""), Flags: []string{"CodepointCap"}},
	)

	// ---- lone surrogates (UTF-16 input).
	add(
		Case{Cat: "surrogate", Comment: "lone high surrogate U+D800 alone", Spec: s126,
			In: u16(0xD800), Want: []Want{w(unas, 0, 1, 0xD800)}, San: sp(""), Excerpt: []string{"⟨U+D800 SURROGATE⟩"},
			Flags: []string{"RangeBoundary"}}.email(),
		Case{Cat: "surrogate", Comment: "lone high surrogate U+DBFF between letters", Spec: s26,
			In: u16('a', 0xDBFF, 'b'), Want: []Want{w(unas, 1, 2, 0xDBFF)}, San: sp("ab"), Excerpt: []string{"a⟨U+DBFF SURROGATE⟩b"}},
		Case{Cat: "surrogate", Comment: "lone low surrogate U+DC00 between letters", Spec: s26,
			In: u16('a', 0xDC00, 'b'), Want: []Want{w(unas, 1, 2, 0xDC00)}, San: sp("ab")},
		Case{Cat: "surrogate", Comment: "lone low surrogate U+DFFF between letters", Spec: s26,
			In: u16('a', 0xDFFF, 'b'), Want: []Want{w(unas, 1, 2, 0xDFFF)}, San: sp("ab"), Flags: []string{"RangeBoundary"}},
		Case{Cat: "surrogate", Comment: "reversed pair (low, high): two lone surrogates, one run", Spec: s2,
			In: u16(0xDC00, 0xD800), Want: []Want{w(unas, 0, 2, 0xDC00, 0xD800)}, San: sp("")},
		Case{Cat: "surrogate", Comment: "a pair split by a letter: two findings", Spec: s2,
			In: u16(0xD800, 'A', 0xDC00), Want: []Want{w(unas, 0, 1, 0xD800), w(unas, 2, 3, 0xDC00)}, San: sp("A"),
			Flags: []string{"ClassChange"}},
		Case{Cat: "surrogate", Comment: "a well-formed pair is one astral codepoint, clean", Spec: s2,
			In: u16(0xD83D, 0xDE00), San: sp("\U0001F600")},
		Case{Cat: "surrogate", Comment: "a pair then a lone high surrogate: offsets after an astral codepoint", Spec: s12,
			In: u16(0xD83D, 0xDE00, 0xD83D), Want: []Want{w(unas, 1, 2, 0xD83D)}, San: sp("\U0001F600"), Flags: []string{"AstralOffsets"}},
		Case{Cat: "surrogate", Comment: "a lone low surrogate then a pair", Spec: s2,
			In: u16(0xDE00, 0xD83D, 0xDE00), Want: []Want{w(unas, 0, 1, 0xDE00)}, San: sp("\U0001F600")},
		Case{Cat: "surrogate", Comment: "high, high, low: the first is lone, the second pairs into U+10000", Spec: s2,
			In: u16(0xD800, 0xD800, 0xDC00), Want: []Want{w(unas, 0, 1, 0xD800)}, San: sp("\U00010000")},
		Case{Cat: "surrogate", Comment: "a lone high surrogate at the end after text", Spec: s2,
			In: u16('o', 'k', 0xD800), Want: []Want{w(unas, 2, 3, 0xD800)}, San: sp("ok")},
		Case{Cat: "surrogate", Comment: "a pair encoding U+E0001 LANGUAGE TAG", Spec: s2,
			In: u16(0xDB40, 0xDC01), Want: []Want{w(tag, 0, 1, 0xE0001)}, San: sp(""), Flags: []string{"AstralOffsets"}},
		Case{Cat: "surrogate", Comment: "a pair encoding U+100000 (private use)", Spec: s2,
			In: u16(0xDBC0, 0xDC00), Want: []Want{w(pua, 0, 1, 0x100000)}, San: sp(""), Flags: []string{"AstralOffsets"}},
		Case{Cat: "surrogate", Comment: "a pair encoding noncharacter U+10FFFF", Spec: s2,
			In: u16(0xDBFF, 0xDFFF), Want: []Want{w(unas, 0, 1, 0x10FFFF)}, San: sp(""), Flags: []string{"Noncharacter", "AstralOffsets"}},
		Case{Cat: "surrogate", Comment: "UTF-16 input without surrogates: a zero-width space", Spec: s2,
			In: u16('a', 0x200B, 'b'), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("ab")},
	)

	// ---- astral codepoints before a finding: codepoint, UTF-16 and byte offsets differ.
	add(
		Case{Cat: "astral", Comment: "an emoji before a zero-width space", Spec: s12,
			In: str("\U0001F600\u200b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("\U0001F600"), Flags: []string{"AstralOffsets"}},
		Case{Cat: "astral", Comment: "two emoji and a letter before an override", Spec: s12,
			In: str("\U0001F600\U0001F600a\u202eb"), Want: []Want{w(bidi, 3, 4, 0x202E)}, San: sp("\U0001F600\U0001F600ab"),
			Flags: []string{"AstralOffsets"}},
		Case{Cat: "astral", Comment: "mathematical letters before a tag character", Spec: s12,
			In: str("\U0001D400\U0001D401\U000E0041"), Want: []Want{w(tag, 2, 3, 0xE0041)}, San: sp("\U0001D400\U0001D401"),
			Flags: []string{"AstralOffsets"}},
		Case{Cat: "astral", Comment: "CJK Extension B ideograph before a zero-width space", Spec: s12,
			In: str("\U00020000\u200b\U00020001"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("\U00020000\U00020001"),
			Flags: []string{"AstralOffsets"}},
		Case{Cat: "astral", Comment: "three-byte characters before a finding: bytes differ, UTF-16 does not", Spec: s12,
			In: str("日本\u200b語"), Want: []Want{w(zw, 2, 3, 0x200B)}, San: sp("日本語")},
		Case{Cat: "astral", Comment: "a two-byte character before a finding", Spec: s12,
			In: str("é\u200b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("é")},
	)

	// ---- invalid UTF-8 (byte input, WHATWG decoding).
	add(
		Case{Cat: "invalid_utf8", Comment: "E2 82 41: one U+FFFD for the truncated sequence, then A", Spec: s12,
			In: hexIn("e2 82 41"), San: sp("\ufffdA")},
		Case{Cat: "invalid_utf8", Comment: "ED A0 80 (an encoded surrogate): three U+FFFD, not a lone surrogate", Spec: s12,
			In: hexIn("ed a0 80"), San: sp("\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "ED BF BF (encoded U+DFFF): three U+FFFD", Spec: s12,
			In: hexIn("ed bf bf"), San: sp("\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "F4 90 80 80 (above U+10FFFF): four U+FFFD", Spec: s12,
			In: hexIn("f4 90 80 80"), San: sp("\ufffd\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "C0 AF (overlong solidus): two U+FFFD", Spec: s12,
			In: hexIn("c0 af"), San: sp("\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "C1 BF: C1 never starts a sequence, two U+FFFD", Spec: s12,
			In: hexIn("c1 bf"), San: sp("\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "C0 80 (overlong NUL) is two U+FFFD, not a control_char", Spec: s12,
			In: hexIn("c0 80"), San: sp("\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "F0 9F 98 truncated at the end: one U+FFFD", Spec: s12,
			In: hexIn("f0 9f 98"), San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "a lone continuation byte 80", Spec: s12,
			In: hexIn("80"), San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "FE FF (a UTF-16 byte order mark) is two U+FFFD in UTF-8", Spec: s12,
			In: hexIn("fe ff"), San: sp("\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "F5 can never start a sequence", Spec: s12,
			In: hexIn("f5 80"), San: sp("\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "C2 then A: one U+FFFD", Spec: s12,
			In: hexIn("c2 41"), San: sp("\ufffdA")},
		Case{Cat: "invalid_utf8", Comment: "E0 80 AF (overlong): E0 needs A0–BF, three U+FFFD", Spec: s12,
			In: hexIn("e0 80 af"), San: sp("\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "E0 9F BF: E0 needs A0–BF, three U+FFFD", Spec: s12,
			In: hexIn("e0 9f bf"), San: sp("\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "E0 A0 truncated at the end: one U+FFFD", Spec: s12,
			In: hexIn("e0 a0"), San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "F0 80 80: F0 needs 90–BF, three U+FFFD", Spec: s12,
			In: hexIn("f0 80 80"), San: sp("\ufffd\ufffd\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "F0 90 80 then A: one U+FFFD of three bytes", Spec: s12,
			In: hexIn("f0 90 80 41"), San: sp("\ufffdA")},
		Case{Cat: "invalid_utf8", Comment: "F1 80 80 then A: one U+FFFD of three bytes", Spec: s12,
			In: hexIn("f1 80 80 41"), San: sp("\ufffdA")},
		Case{Cat: "invalid_utf8", Comment: "F4 8F BF truncated at the end: one U+FFFD", Spec: s12,
			In: hexIn("f4 8f bf"), San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "A, FF, a zero-width space, B: the finding after the replacement", Spec: s126,
			In: hexIn("41 ff e2 80 8b 42"), Want: []Want{w(zw, 2, 3, 0x200B)}, San: sp("A\ufffdB"),
			Excerpt: []string{"A\ufffd" + aZWSP + "B"}}.email(),
		Case{Cat: "invalid_utf8", Comment: "a truncated four-byte sequence, then a zero-width space", Spec: s12,
			In: hexIn("f0 9f 98 e2 80 8b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "a zero-width space, then a truncated sequence", Spec: s12,
			In: hexIn("e2 80 8b e2 82"), Want: []Want{w(zw, 0, 1, 0x200B)}, San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "a truncated sequence, then a full zero-width space", Spec: s12,
			In: hexIn("e2 80 e2 80 8b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "a U+FFFD replacement splits a run of zero-width spaces", Spec: s12,
			In: hexIn("e2 80 8b 80 e2 80 8b"), Want: []Want{w(zw, 0, 1, 0x200B), w(zw, 2, 3, 0x200B)}, San: sp("\ufffd"),
			Flags: []string{"ClassChange"}},
		Case{Cat: "invalid_utf8", Comment: "an emoji, a stray FF, a zero-width space", Spec: s12,
			In: hexIn("f0 9f 98 80 ff e2 80 8b"), Want: []Want{w(zw, 2, 3, 0x200B)}, San: sp("\U0001F600\ufffd"),
			Flags: []string{"AstralOffsets"}},
		Case{Cat: "invalid_utf8", Comment: "byte input EF BB BF 48: the byte order mark is kept and is a finding", Spec: s12,
			In: hexIn("ef bb bf 48"), Want: []Want{w(zw, 0, 1, 0xFEFF)}, San: sp("H"), Flags: []string{"Bom"}},
		Case{Cat: "invalid_utf8", Comment: "well-formed bytes: é and a zero-width space, no invalid_utf8", Spec: s12,
			In: hexIn("c3 a9 e2 80 8b"), Want: []Want{w(zw, 1, 2, 0x200B)}, San: sp("é")},
		Case{Cat: "invalid_utf8", Comment: "well-formed EF BF BD is a real U+FFFD, clean, no invalid_utf8", Spec: s12,
			In: hexIn("ef bf bd"), San: sp("\ufffd")},
		Case{Cat: "invalid_utf8", Comment: "byte 00 is U+0000, a control_char", Spec: s12,
			In: hexIn("00"), Want: []Want{w(ctrl, 0, 1, 0x0000)}, San: sp("")},
		Case{Cat: "invalid_utf8", Comment: "C2 80 is U+0080, a control_char", Spec: s12,
			In: hexIn("c2 80"), Want: []Want{w(ctrl, 0, 1, 0x0080)}, San: sp("")},
		Case{Cat: "invalid_utf8", Comment: "ED 9F BF is U+D7FF, unassigned", Spec: s12,
			In: hexIn("ed 9f bf"), Want: []Want{w(unas, 0, 1, 0xD7FF)}, San: sp(""), Flags: []string{"RangeBoundary"}},
		Case{Cat: "invalid_utf8", Comment: "EF BF BE is noncharacter U+FFFE", Spec: s12,
			In: hexIn("ef bf be"), Want: []Want{w(unas, 0, 1, 0xFFFE)}, San: sp(""), Flags: []string{"Noncharacter"}},
		Case{Cat: "invalid_utf8", Comment: "F3 B0 80 80 is U+F0000, private_use", Spec: s12,
			In: hexIn("f3 b0 80 80"), Want: []Want{w(pua, 0, 1, 0xF0000)}, San: sp(""), Flags: []string{"AstralOffsets"}},
		Case{Cat: "invalid_utf8", Comment: "F4 8F BF BF is noncharacter U+10FFFF", Spec: s12,
			In: hexIn("f4 8f bf bf"), Want: []Want{w(unas, 0, 1, 0x10FFFF)}, San: sp(""), Flags: []string{"Noncharacter", "AstralOffsets"}},
	)

	// ---- emoji sequences.
	add(
		Case{Cat: "emoji", Comment: "family emoji: each ZWJ is a zero_width finding", Spec: s126,
			In:   str("\U0001F468\u200d\U0001F469\u200d\U0001F467"),
			Want: []Want{w(zw, 1, 2, 0x200D), w(zw, 3, 4, 0x200D)}, San: sp("\U0001F468\U0001F469\U0001F467"),
			Excerpt: []string{"\U0001F468" + aZWJ + "\U0001F469" + aZWJ + "\U0001F467", "\U0001F468" + aZWJ + "\U0001F469" + aZWJ + "\U0001F467"},
			Flags:   []string{"EmojiSequence", "AstralOffsets"}},
		Case{Cat: "emoji", Comment: "rainbow flag: VS16 is in no class but is annotated in the excerpt", Spec: s126,
			In:   str("\U0001F3F3\ufe0f\u200d\U0001F308"),
			Want: []Want{w(zw, 2, 3, 0x200D)}, San: sp("\U0001F3F3\ufe0f\U0001F308"),
			Excerpt: []string{"\U0001F3F3⟨U+FE0F VARIATION SELECTOR-16⟩" + aZWJ + "\U0001F308"},
			Flags:   []string{"EmojiSequence", "AstralOffsets"}},
		Case{Cat: "emoji", Comment: "technologist: person ZWJ laptop", Spec: s2,
			In: str("\U0001F9D1\u200d\U0001F4BB"), Want: []Want{w(zw, 1, 2, 0x200D)}, San: sp("\U0001F9D1\U0001F4BB"),
			Flags: []string{"EmojiSequence", "AstralOffsets"}},
		Case{Cat: "emoji", Comment: "heart with VS16 is clean", Spec: s2,
			In: str("\u2764\ufe0f"), San: sp("\u2764\ufe0f"), Flags: []string{"EmojiSequence"}},
		Case{Cat: "emoji", Comment: "thumbs up with a skin-tone modifier is clean", Spec: s2,
			In: str("\U0001F44D\U0001F3FD"), San: sp("\U0001F44D\U0001F3FD"), Flags: []string{"EmojiSequence"}},
		Case{Cat: "emoji", Comment: "keycap sequence 1 VS16 U+20E3 is clean", Spec: s2,
			In: str("1\ufe0f\u20e3"), San: sp("1\ufe0f\u20e3"), Flags: []string{"EmojiSequence"}},
		Case{Cat: "emoji", Comment: "flag of Scotland: the tag characters are a unicode_tag finding", Spec: s2,
			In:   str("\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"),
			Want: []Want{w(tag, 1, 7, 0xE0067, 0xE0062, 0xE0073, 0xE0063, 0xE0074, 0xE007F)}, San: sp("\U0001F3F4"),
			Flags: []string{"EmojiSequence", "AstralOffsets"}},
	)

	// ---- codepoints assigned in Unicode 15.1, 16.0 and 17.0, and unassigned ones next to them.
	nu := []string{"NewerUnicode"}
	add(
		Case{Cat: "unicode_17", Comment: "U+2FFC, ideographic description character new in 15.1, is clean", Spec: s2,
			In: str("\u2ffc\u2ffd\u2ffe\u2fff"), San: sp("\u2ffc\u2ffd\u2ffe\u2fff"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+31EF IDEOGRAPHIC DESCRIPTION CHARACTER SUBTRACTION (15.1) is clean", Spec: s2,
			In: str("\u31ef"), San: sp("\u31ef"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+2EBF0, first of CJK Extension I (15.1), is clean", Spec: s2,
			In: str("\U0002EBF0"), San: sp("\U0002EBF0"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+2EE5D, last of CJK Extension I, then unassigned U+2EE5E", Spec: s2,
			In: str("\U0002EE5D\U0002EE5E"), Want: []Want{w(unas, 1, 2, 0x2EE5E)}, San: sp("\U0002EE5D"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+1FAE9 FACE WITH BAGS UNDER EYES (16.0) is clean", Spec: s2,
			In: str("tired \U0001FAE9"), San: sp("tired \U0001FAE9"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+1FBCB WHITE CROSS MARK (16.0) is clean", Spec: s2,
			In: str("\U0001FBCB"), San: sp("\U0001FBCB"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+1FAEA DISTORTED FACE (17.0) is clean", Spec: s2,
			In: str("\U0001FAEA"), San: sp("\U0001FAEA"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+1FAE9 (16.0), U+1FAEA (17.0), U+1FAEB (unassigned)", Spec: s2,
			In: str("\U0001FAE9\U0001FAEA\U0001FAEB"), Want: []Want{w(unas, 2, 3, 0x1FAEB)}, San: sp("\U0001FAE9\U0001FAEA"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+20C1 SAUDI RIYAL SIGN (17.0) in a price is clean", Spec: s2,
			In: str("100 \u20c1"), San: sp("100 \u20c1"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+20C1 (17.0) then unassigned U+20C2", Spec: s2,
			In: str("\u20c1\u20c2"), Want: []Want{w(unas, 1, 2, 0x20C2)}, San: sp("\u20c1"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "Sidetic letters U+10940 and U+10959 (17.0) are clean", Spec: s2,
			In: str("\U00010940\U00010959"), San: sp("\U00010940\U00010959"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+10959 (17.0) then unassigned U+1095A", Spec: s2,
			In: str("\U00010959\U0001095A"), Want: []Want{w(unas, 1, 2, 0x1095A)}, San: sp("\U00010959"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+1F6D8 LANDSLIDE (17.0) then unassigned U+1F6D9", Spec: s2,
			In: str("\U0001F6D8\U0001F6D9"), Want: []Want{w(unas, 1, 2, 0x1F6D9)}, San: sp("\U0001F6D8"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+323B0, first of CJK Extension J (17.0), is clean", Spec: s2,
			In: str("\U000323B0"), San: sp("\U000323B0"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+33479, last of CJK Extension J, then unassigned U+3347A", Spec: s2,
			In: str("\U00033479\U0003347A"), Want: []Want{w(unas, 1, 2, 0x3347A)}, San: sp("\U00033479"), Flags: nu},
		Case{Cat: "unicode_17", Comment: "U+0C5C and U+0CDC, Telugu and Kannada letters new in 17.0, are clean", Spec: s2,
			In: str("\u0c5c \u0cdc"), San: sp("\u0c5c \u0cdc"), Flags: nu},
	)

	// ---- codepoints in no class, some of them invisible: clean (annotated only in excerpts).
	for _, c := range []struct {
		r       rune
		comment string
	}{
		{0x00AD, "U+00AD SOFT HYPHEN"},
		{0x034F, "U+034F COMBINING GRAPHEME JOINER"},
		{0x115F, "U+115F HANGUL CHOSEONG FILLER"},
		{0x180E, "U+180E MONGOLIAN VOWEL SEPARATOR"},
		{0x2028, "U+2028 LINE SEPARATOR"},
		{0x2061, "U+2061 FUNCTION APPLICATION"},
		{0x2062, "U+2062 INVISIBLE TIMES"},
		{0x2063, "U+2063 INVISIBLE SEPARATOR"},
		{0x2064, "U+2064 INVISIBLE PLUS"},
		{0x206F, "U+206F NOMINAL DIGIT SHAPES"},
		{0x3000, "U+3000 IDEOGRAPHIC SPACE"},
		{0x3164, "U+3164 HANGUL FILLER"},
		{0xFE00, "U+FE00 VARIATION SELECTOR-1"},
		{0xFFA0, "U+FFA0 HALFWIDTH HANGUL FILLER"},
		{0xFFFB, "U+FFFB INTERLINEAR ANNOTATION TERMINATOR"},
		{0x1D173, "U+1D173 MUSICAL SYMBOL BEGIN BEAM"},
		{0xE0100, "U+E0100 VARIATION SELECTOR-17"},
		{0xE01EF, "U+E01EF VARIATION SELECTOR-256, last assigned codepoint of plane 14"},
	} {
		add(one("not_a_class", c.comment+" is in no class: clean", c.r, ""))
	}

	// ---- excerpts (§1; the exact algorithm is in the README).
	x := []string{"ExcerptCut"}
	add(
		Case{Cat: "excerpt", Comment: "exactly 30 codepoints of context on each side: nothing cut, no ellipsis", Spec: s1,
			In: str(a30 + "\u200b" + a30), Want: []Want{w(zw, 30, 31, 0x200B)}, Excerpt: []string{a30 + aZWSP + a30}, Flags: x},
		Case{Cat: "excerpt", Comment: "31 codepoints on each side: one dropped each side, an ellipsis each side", Spec: s1,
			In: str("X" + a30 + "\u200b" + a30 + "Y"), Want: []Want{w(zw, 31, 32, 0x200B)},
			Excerpt: []string{"…" + a30 + aZWSP + a30 + "…"}, Flags: x},
		Case{Cat: "excerpt", Comment: "31 codepoints on the left only", Spec: s1,
			In: str("X" + a30 + "\u200b"), Want: []Want{w(zw, 31, 32, 0x200B)}, Excerpt: []string{"…" + a30 + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "31 codepoints on the right only", Spec: s1,
			In: str("\u200b" + a30 + "Y"), Want: []Want{w(zw, 0, 1, 0x200B)}, Excerpt: []string{aZWSP + a30 + "…"}, Flags: x},
		Case{Cat: "excerpt", Comment: "line feeds on both sides cut the context, with no ellipsis", Spec: s1,
			In: str("one\ntwo\u200bthree\nfour"), Want: []Want{w(zw, 7, 8, 0x200B)}, Excerpt: []string{"two" + aZWSP + "three"}, Flags: x},
		Case{Cat: "excerpt", Comment: "carriage returns on both sides cut the context, with no ellipsis", Spec: s1,
			In: str("one\rtwo\u200bthree\rfour"), Want: []Want{w(zw, 7, 8, 0x200B)}, Excerpt: []string{"two" + aZWSP + "three"}, Flags: x},
		Case{Cat: "excerpt", Comment: "a line feed just before the finding: empty left context, no ellipsis", Spec: s1,
			In: str("ab\n\u200b"), Want: []Want{w(zw, 3, 4, 0x200B)}, Excerpt: []string{aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "CR LF just after the finding: empty right context, no ellipsis", Spec: s1,
			In: str("\u200b\r\nab"), Want: []Want{w(zw, 0, 1, 0x200B)}, Excerpt: []string{aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "CR LF before the finding: the cut is after the last line break (the LF)", Spec: s1,
			In: str("line\r\n\u200bx"), Want: []Want{w(zw, 6, 7, 0x200B)}, Excerpt: []string{aZWSP + "x"}, Flags: x},
		Case{Cat: "excerpt", Comment: "a line feed just outside the 30-codepoint window: the whole line fits, no ellipsis", Spec: s1,
			In: str("a\n" + a30 + "\u200b"), Want: []Want{w(zw, 32, 33, 0x200B)}, Excerpt: []string{a30 + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "a line feed two before the 30-codepoint window: the line is cut, ellipsis", Spec: s1,
			In: str("a\nb" + a30 + "\u200b"), Want: []Want{w(zw, 33, 34, 0x200B)}, Excerpt: []string{"…" + a30 + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "a line feed as the first codepoint of the window is cut off", Spec: s1,
			In: str("x\n" + a29 + "\u200b"), Want: []Want{w(zw, 31, 32, 0x200B)}, Excerpt: []string{a29 + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "a tab in the context is annotated, not a line break", Spec: s1,
			In: str("a\tb\u200b"), Want: []Want{w(zw, 3, 4, 0x200B)}, Excerpt: []string{"a⟨U+0009 CHARACTER TABULATION⟩b" + aZWSP}},
		Case{Cat: "excerpt", Comment: "U+2028 LINE SEPARATOR is annotated and does not cut", Spec: s1,
			In: str("a\u2028b\u200b"), Want: []Want{w(zw, 3, 4, 0x200B)}, Excerpt: []string{"a⟨U+2028 LINE SEPARATOR⟩b" + aZWSP}},
		Case{Cat: "excerpt", Comment: "U+0085 NEXT LINE is a finding and does not cut another finding's context", Spec: s1,
			In: str("x\u0085y\u200b"), Want: []Want{w(ctrl, 1, 2, 0x0085), w(zw, 3, 4, 0x200B)},
			Excerpt: []string{"x⟨U+0085 NEXT LINE⟩y" + aZWSP, "x⟨U+0085 NEXT LINE⟩y" + aZWSP}},
		Case{Cat: "excerpt", Comment: "soft hyphen and no-break space around a finding are annotated", Spec: s1,
			In: str("\u00ad\u200b\u00a0"), Want: []Want{w(zw, 1, 2, 0x200B)},
			Excerpt: []string{"⟨U+00AD SOFT HYPHEN⟩" + aZWSP + aNBSP}},
		Case{Cat: "excerpt", Comment: "two findings each show the other in their context", Spec: s1,
			In: str("\u200bab\u202e"), Want: []Want{w(zw, 0, 1, 0x200B), w(bidi, 3, 4, 0x202E)},
			Excerpt: []string{aZWSP + "ab⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩", aZWSP + "ab⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩"}},
		Case{Cat: "excerpt", Comment: "a rendered left context of exactly 150 is kept whole", Spec: s1,
			In: str(strings.Repeat("\u2006", 6) + "\u200b"), Want: []Want{w(zw, 6, 7, 0x200B)},
			Excerpt: []string{strings.Repeat(aSIX, 6) + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "a rendered left context of 175: drop codepoints from the far end until 150", Spec: s1,
			In: str(strings.Repeat("\u2006", 7) + "\u200b"), Want: []Want{w(zw, 7, 8, 0x200B)},
			Excerpt: []string{"…" + strings.Repeat(aSIX, 6) + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "a rendered right context of 175: drop codepoints from the far end until 150", Spec: s1,
			In: str("\u200b" + strings.Repeat("\u2006", 7)), Want: []Want{w(zw, 0, 1, 0x200B)},
			Excerpt: []string{aZWSP + strings.Repeat(aSIX, 6) + "…"}, Flags: x},
		Case{Cat: "excerpt", Comment: "30 no-break spaces of context render to 690: six are kept (138)", Spec: s1,
			In: str(strings.Repeat("\u00a0", 30) + "\u200b"), Want: []Want{w(zw, 30, 31, 0x200B)},
			Excerpt: []string{"…" + strings.Repeat(aNBSP, 6) + aZWSP}, Flags: x},
		Case{Cat: "excerpt", Comment: "24 zero-width spaces render to exactly 600: not cut", Spec: s1,
			In: str(strings.Repeat("\u200b", 24)), Want: []Want{w(zw, 0, 24, 0x200B)},
			Excerpt: []string{strings.Repeat(aZWSP, 24)}, Flags: x},
		Case{Cat: "excerpt", Comment: "25 zero-width spaces render to 625: 23 whole renders (575 <= 599), then an ellipsis", Spec: s1,
			In: str(strings.Repeat("\u200b", 25)), Want: []Want{w(zw, 0, 25, 0x200B)},
			Excerpt: []string{strings.Repeat(aZWSP, 23) + "…"}, Flags: x},
		Case{Cat: "excerpt", Comment: "a run of 40 zero-width spaces between letters: the body is cut, the contexts kept", Spec: s1,
			In: str("a" + strings.Repeat("\u200b", 40) + "b"), Want: []Want{w(zw, 1, 41, 0x200B)},
			Excerpt: []string{"a" + strings.Repeat(aZWSP, 23) + "…b"}, Flags: x},
		Case{Cat: "excerpt", Comment: "40 zero-width spaces with 30 codepoints of context each side: 21 renders fit 539", Spec: s1,
			In: str(a30 + strings.Repeat("\u200b", 40) + a30), Want: []Want{w(zw, 30, 70, 0x200B)},
			Excerpt: []string{a30 + strings.Repeat(aZWSP, 21) + "…" + a30}, Flags: x},
		Case{Cat: "excerpt", Comment: "40 zero-width spaces, both contexts cut: the ellipses count toward 600", Spec: s1,
			In: str("X" + a30 + strings.Repeat("\u200b", 40) + a30 + "Y"), Want: []Want{w(zw, 31, 71, 0x200B)},
			Excerpt: []string{"…" + a30 + strings.Repeat(aZWSP, 21) + "…" + a30 + "…"}, Flags: x},
	)

	// ---- multilingual text without any class: clean.
	for _, c := range []struct{ comment, text string }{
		{"Greek", "Καλημέρα κόσμε"},
		{"Cyrillic", "Привет, мир"},
		{"Chinese", "你好，世界"},
		{"Japanese", "こんにちは、世界"},
		{"Korean", "안녕하세요 세계"},
		{"Arabic, with no bidi controls", "مرحبا بالعالم"},
		{"Hebrew, with no bidi controls", "שלום עולם"},
		{"Hindi (Devanagari with virama)", "नमस्ते दुनिया"},
		{"Thai", "สวัสดีชาวโลก"},
		{"several scripts in separate words", "English, Ελληνικά, Русский, 中文"},
	} {
		add(Case{Cat: "multilingual", Comment: c.comment + " text is clean", Spec: s12, In: str(c.text), San: sp(c.text)})
	}
	return cs
}

// tagText maps ASCII text to tag characters (U+E0000 + the ASCII value).
func tagText(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(0xE0000 + r)
	}
	return b.String()
}

// hex4 formats r as at least four uppercase hexadecimal digits.
func hex4(r rune) string {
	const digits = "0123456789ABCDEF"
	var out []byte
	for r > 0 || len(out) < 4 {
		out = append([]byte{digits[r%16]}, out...)
		r /= 16
	}
	return string(out)
}
