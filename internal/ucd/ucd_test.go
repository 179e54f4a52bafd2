package ucd

import (
	"fmt"
	"testing"
	"unicode"
)

// The expectations below are taken from the Unicode 17.0.0 data files
// (UnicodeData.txt, PropList.txt, DerivedCoreProperties.txt, Scripts.txt,
// NameAliases.txt, DerivedAge.txt), never from the generated tables.

func u(r rune) string { return fmt.Sprintf("U+%04X", r) }

func TestProps(t *testing.T) {
	tests := []struct {
		r       rune
		has     Props // every one of these bits is set
		hasNot  Props // none of these bits is set
		comment string
	}{
		{0x0000, NonPrinting, Unassigned | DefaultIgnorable, "NULL, Cc"},
		{0x0009, NonPrinting, Unassigned | DefaultIgnorable, "CHARACTER TABULATION, Cc"},
		{0x0020, 0, NonPrinting | Unassigned | DefaultIgnorable, "SPACE is Zs but printing"},
		{0x0041, 0, NonPrinting | Unassigned | DefaultIgnorable, "LATIN CAPITAL LETTER A"},
		{0x00A0, NonPrinting, Unassigned | DefaultIgnorable, "NO-BREAK SPACE, Zs"},
		{0x00AD, NonPrinting | DefaultIgnorable, Unassigned, "SOFT HYPHEN, Cf"},
		{0x0378, Unassigned | NonPrinting, Noncharacter | PrivateUse | Surrogate, "Cn in 17.0.0"},
		{0x115F, DefaultIgnorable, NonPrinting | Unassigned, "HANGUL CHOSEONG FILLER, Lo, Other_Default_Ignorable_Code_Point"},
		{0x200B, NonPrinting | DefaultIgnorable, Unassigned, "ZERO WIDTH SPACE, Cf"},
		{0x2028, NonPrinting, Unassigned | DefaultIgnorable, "LINE SEPARATOR, Zl"},
		{0x2029, NonPrinting, Unassigned | DefaultIgnorable, "PARAGRAPH SEPARATOR, Zp"},
		{0x202E, NonPrinting | DefaultIgnorable, Unassigned, "RIGHT-TO-LEFT OVERRIDE, Cf"},
		{0xD800, Surrogate | NonPrinting, Unassigned | PrivateUse, "Cs"},
		{0xDFFF, Surrogate | NonPrinting, Unassigned | PrivateUse, "Cs"},
		{0xE000, PrivateUse | NonPrinting, Unassigned | Surrogate, "Co"},
		{0xF8FF, PrivateUse | NonPrinting, Unassigned | Surrogate, "Co"},
		{0xFDCF, 0, Unassigned | Noncharacter, "ARABIC LIGATURE SALAAMUHU ALAYNAA, assigned in 14.0"},
		{0xFDD0, Unassigned | Noncharacter | NonPrinting, PrivateUse, "noncharacter"},
		{0xFDEF, Unassigned | Noncharacter, PrivateUse, "noncharacter"},
		{0xFDF0, 0, Unassigned | Noncharacter, "ARABIC LIGATURE SALLA USED AS KORANIC STOP SIGN ISOLATED FORM"},
		{0xFE0F, DefaultIgnorable, Unassigned | NonPrinting, "VARIATION SELECTOR-16, Mn"},
		{0xFEFF, NonPrinting | DefaultIgnorable, Unassigned, "ZERO WIDTH NO-BREAK SPACE, Cf"},
		{0xFFFD, 0, Unassigned | NonPrinting | DefaultIgnorable, "REPLACEMENT CHARACTER, So"},
		{0xFFFE, Unassigned | Noncharacter | NonPrinting, 0, "noncharacter"},
		{0xFFFF, Unassigned | Noncharacter | NonPrinting, 0, "noncharacter"},
		{0x1FAE9, 0, Unassigned | NonPrinting, "FACE WITH BAGS UNDER EYES, new in 16.0"},
		{0x1FFFE, Unassigned | Noncharacter, 0, "noncharacter"},
		{0xE0000, Unassigned | DefaultIgnorable | NonPrinting, Noncharacter, "Cn, Other_Default_Ignorable_Code_Point"},
		{0xE0001, NonPrinting | DefaultIgnorable, Unassigned, "LANGUAGE TAG, Cf"},
		{0xE0002, Unassigned | DefaultIgnorable, Noncharacter, "Cn"},
		{0xE0041, NonPrinting | DefaultIgnorable, Unassigned, "TAG LATIN CAPITAL LETTER A, Cf"},
		{0xE0100, DefaultIgnorable, Unassigned | NonPrinting, "VARIATION SELECTOR-17, Mn"},
		{0xE01F0, Unassigned | DefaultIgnorable, Noncharacter, "Cn, Other_Default_Ignorable_Code_Point"},
		{0xF0000, PrivateUse, Unassigned, "Plane 15 Private Use"},
		{0xFFFFD, PrivateUse, Unassigned, "Plane 15 Private Use"},
		{0x100000, PrivateUse, Unassigned, "Plane 16 Private Use"},
		{0x10FFFD, PrivateUse, Unassigned, "Plane 16 Private Use"},
		{0x10FFFE, Unassigned | Noncharacter, PrivateUse, "noncharacter"},
		{0x10FFFF, Unassigned | Noncharacter, PrivateUse, "noncharacter"},
	}
	for _, tt := range tests {
		p := Lookup(tt.r)
		if p&tt.has != tt.has || p&tt.hasNot != 0 {
			t.Errorf("Lookup(%s) = %#x, want bits %#x set and %#x clear (%s)", u(tt.r), p, tt.has, tt.hasNot, tt.comment)
		}
	}
}

func TestOutsideCodespace(t *testing.T) {
	for _, r := range []rune{-1, 0x110000, 0x7FFFFFFF, -0x80000000} {
		if got, want := Lookup(r), Unassigned|NonPrinting; got != want {
			t.Errorf("Lookup(%#x) = %#x, want %#x", r, got, want)
		}
		if got, want := Name(r), "UNASSIGNED"; got != want {
			t.Errorf("Name(%#x) = %q, want %q", r, got, want)
		}
	}
}

// TestNewCharacters checks characters that Unicode 15.1, 16.0 and 17.0
// added (DerivedAge.txt), which Go's unicode package (15.0.0) does not know.
func TestNewCharacters(t *testing.T) {
	tests := []struct {
		r       rune
		comment string
	}{
		{0x2FFC, "15.1: IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM RIGHT"},
		{0x31EF, "15.1: CJK STROKE HXG"},
		{0x2EBF0, "15.1: first of CJK Unified Ideographs Extension I"},
		{0x2EE5D, "15.1: last of CJK Unified Ideographs Extension I"},
		{0x0897, "16.0: ARABIC PEPET"},
		{0x1C89, "16.0: CYRILLIC CAPITAL LETTER TJE"},
		{0x1FAE9, "16.0: FACE WITH BAGS UNDER EYES"},
		{0x20C1, "17.0: SAUDI RIYAL SIGN"},
		{0x10940, "17.0: SIDETIC LETTER N01"},
		{0x11DB0, "17.0: TOLONG SIKI LETTER I"},
		{0x16EA0, "17.0: BERIA ERFE CAPITAL LETTER ARKAB"},
		{0x1E6C0, "17.0: TAI YO LETTER LOW KO"},
		{0x1CEBA, "17.0: FRAGILE SYMBOL"},
		{0x1F6D8, "17.0: LANDSLIDE"},
		{0x1FAEA, "17.0: DISTORTED FACE"},
	}
	for _, tt := range tests {
		if unicode.In(tt.r, goAssigned...) {
			t.Errorf("%s (%s) is assigned in Go's unicode %s; not a new character", u(tt.r), tt.comment, unicode.Version)
		}
		if p := Lookup(tt.r); p&(Unassigned|NonPrinting) != 0 {
			t.Errorf("Lookup(%s) = %#x, want assigned and printing (%s)", u(tt.r), p, tt.comment)
		}
	}
	if got, want := Lookup(0x1C89).Script(), Cyrillic; got != want {
		t.Errorf("Lookup(U+1C89).Script() = %v, want Cyrillic", got)
	}
}

func TestName(t *testing.T) {
	tests := []struct {
		r    rune
		want string
	}{
		{0x0000, "NULL"},                                // control alias; UnicodeData has <control>
		{0x0009, "CHARACTER TABULATION"},                // first of two control aliases
		{0x000A, "LINE FEED"},                           // first of three control aliases
		{0x007F, "DELETE"},                              // control alias
		{0x0080, "PADDING CHARACTER"},                   // figment alias
		{0x0084, "INDEX"},                               // control alias
		{0x0099, "SINGLE GRAPHIC CHARACTER INTRODUCER"}, // figment alias
		{0x00A0, "NO-BREAK SPACE"},
		{0x00AD, "SOFT HYPHEN"},
		{0x200B, "ZERO WIDTH SPACE"},
		{0x200D, "ZERO WIDTH JOINER"},
		{0x2028, "LINE SEPARATOR"},
		{0x202E, "RIGHT-TO-LEFT OVERRIDE"},
		{0x2066, "LEFT-TO-RIGHT ISOLATE"},
		{0xFE0F, "VARIATION SELECTOR-16"},
		{0xFEFF, "ZERO WIDTH NO-BREAK SPACE"}, // not the alternate alias BYTE ORDER MARK
		{0xE0001, "LANGUAGE TAG"},
		{0xE0041, "TAG LATIN CAPITAL LETTER A"},
		{0xE007F, "CANCEL TAG"},
		{0xE01EF, "VARIATION SELECTOR-256"},
		{0xE000, "PRIVATE USE"},
		{0xF0000, "PRIVATE USE"},
		{0x10FFFD, "PRIVATE USE"},
		{0xD800, "SURROGATE"},
		{0xDFFF, "SURROGATE"},
		{0xFFFE, "NONCHARACTER"},
		{0xFDD0, "NONCHARACTER"},
		{0x10FFFF, "NONCHARACTER"},
		{0x0378, "UNASSIGNED"},
		{0xE0000, "UNASSIGNED"},
		{0xE0002, "UNASSIGNED"},
	}
	for _, tt := range tests {
		if got := Name(tt.r); got != tt.want {
			t.Errorf("Name(%s) = %q, want %q", u(tt.r), got, tt.want)
		}
	}
}

// TestNameCoversAnnotated checks that every codepoint an excerpt annotates
// has a name.
func TestNameCoversAnnotated(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if Lookup(r)&(NonPrinting|DefaultIgnorable) != 0 && Name(r) == "" {
			t.Errorf("Name(%s) is empty, but the codepoint is annotated", u(r))
		}
	}
}

func TestScript(t *testing.T) {
	tests := []struct {
		r    rune
		want Script
	}{
		{0x0030, ScriptOther}, // DIGIT ZERO, Common
		{0x0041, Latin},
		{0x00E9, Latin},
		{0x03B1, Greek},
		{0x1F00, Greek},
		{0x0430, Cyrillic},
		{0x0301, ScriptOther}, // COMBINING ACUTE ACCENT, Inherited
		{0x4E00, ScriptOther}, // Han
		{0x0378, ScriptOther}, // Unknown
	}
	for _, tt := range tests {
		if got := Lookup(tt.r).Script(); got != tt.want {
			t.Errorf("Lookup(%s).Script() = %d, want %d", u(tt.r), got, tt.want)
		}
	}
}

// goAssigned is every General_Category of Go's unicode package but Cn.
// (unicode.C is not used: its table includes the Cn codepoints.)
var goAssigned = []*unicode.RangeTable{
	unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
	unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs,
}

// rangeSet returns the codepoints of t as a bitmap over the codespace.
func rangeSet(t *unicode.RangeTable) []bool {
	set := make([]bool, unicode.MaxRune+1)
	for _, rg := range t.R16 {
		for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
			set[r] = true
		}
	}
	for _, rg := range t.R32 {
		for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
			set[r] = true
		}
	}
	return set
}

func union(tables ...*unicode.RangeTable) []bool {
	set := make([]bool, unicode.MaxRune+1)
	for _, t := range tables {
		for r, ok := range rangeSet(t) {
			if ok {
				set[r] = true
			}
		}
	}
	return set
}

// addedSince15 is the number of characters that Unicode 15.1.0 (627),
// 16.0.0 (5,185) and 17.0.0 (4,803) added: the counts of DerivedAge.txt
// for ages 15.1 and 16.0, and the 17.0.0 total of 159,801 characters less
// 16.0.0's 154,998 (both excluding controls, private use and surrogates).
const addedSince15 = 627 + 5185 + 4803

// TestAgainstGoUnicode compares the whole codespace with Go's unicode
// package, which follows Unicode 15.0.0.
func TestAgainstGoUnicode(t *testing.T) {
	if unicode.Version != "15.0.0" {
		t.Logf("Go's unicode package is at %s; addedSince15 assumes 15.0.0", unicode.Version)
	}
	assigned := union(goAssigned...)
	co, cs := rangeSet(unicode.Co), rangeSet(unicode.Cs)
	nonPrinting := union(unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Z)
	nonchar := rangeSet(unicode.Noncharacter_Code_Point)
	odi := rangeSet(unicode.Other_Default_Ignorable_Code_Point)
	scripts := map[Script][]bool{
		Latin:    rangeSet(unicode.Latin),
		Greek:    rangeSet(unicode.Greek),
		Cyrillic: rangeSet(unicode.Cyrillic),
	}
	added := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		p := Lookup(r)
		if assigned[r] && p&Unassigned != 0 {
			t.Errorf("%s is assigned in Go's unicode but Unassigned here", u(r))
		}
		if !assigned[r] && p&Unassigned == 0 {
			added++
		}
		if co[r] != (p&PrivateUse != 0) {
			t.Errorf("%s: Co is %v in Go's unicode, PrivateUse %v here", u(r), co[r], p&PrivateUse != 0)
		}
		if cs[r] != (p&Surrogate != 0) {
			t.Errorf("%s: Cs is %v in Go's unicode, Surrogate %v here", u(r), cs[r], p&Surrogate != 0)
		}
		if nonchar[r] != (p&Noncharacter != 0) {
			t.Errorf("%s: Noncharacter_Code_Point is %v in Go's unicode, %v here", u(r), nonchar[r], p&Noncharacter != 0)
		}
		if assigned[r] && (nonPrinting[r] && r != ' ') != (p&NonPrinting != 0) {
			t.Errorf("%s: C* or Z* is %v in Go's unicode, NonPrinting %v here", u(r), nonPrinting[r], p&NonPrinting != 0)
		}
		if !assigned[r] && p&NonPrinting == 0 && p&Unassigned != 0 {
			t.Errorf("%s: Unassigned but not NonPrinting", u(r))
		}
		if odi[r] && p&DefaultIgnorable == 0 {
			t.Errorf("%s is Other_Default_Ignorable_Code_Point in Go's unicode but not DefaultIgnorable here", u(r))
		}
		for s, set := range scripts {
			if set[r] && p.Script() != s {
				t.Errorf("%s: script %d in Go's unicode, %d here", u(r), s, p.Script())
			}
		}
	}
	if added != addedSince15 {
		t.Errorf("%d codepoints are unassigned in Go's unicode but assigned here, want %d", added, addedSince15)
	}
}

// multilingual is text in several scripts, with emoji and format characters.
const multilingual = "Ünïcödé façade naïve — Ελληνικά κείμενα, русский текст, українська, " +
	"中文文本和日本語のテキスト、한국어 텍스트, العربية النص, עברית, हिन्दी पाठ, ไทย, " +
	"emoji 👩‍💻🏳️‍🌈🫩, zero\u200bwidth\u200d, bidi \u202Eabc\u202C, tags \U000E0041\U000E007F."

func BenchmarkLookup(b *testing.B) {
	runes := []rune(multilingual)
	b.SetBytes(int64(len(multilingual)))
	var sink Props
	for b.Loop() {
		for i := range runes { // the runes decoded once, outside the timed loop
			sink |= Lookup(runes[i])
		}
	}
	if sink == 0 {
		b.Fatal("no properties")
	}
}

func TestIsLetterMarkNumber(t *testing.T) {
	for r, want := range map[rune]bool{
		'A': true, 'z': true, '0': true, 'é': true, 'ж': true, '中': true,
		0x0301:  true, // COMBINING ACUTE ACCENT, Mn
		0x2160:  true, // ROMAN NUMERAL ONE, Nl
		0x00B2:  true, // SUPERSCRIPT TWO, No
		0x10940: true, // a letter of Sidetic, new in 17.0
		' ':     false, '.': false, '-': false, '\t': false, 0x2019: false, 0x00B7: false,
		0x1F600: false, // an emoji, So
		0x0378:  false, // unassigned
		0x200B:  false, // Cf
		-1:      false, 0x110000: false,
	} {
		if got := IsLetterMarkNumber(r); got != want {
			t.Errorf("IsLetterMarkNumber(U+%04X) = %v, want %v", r, got, want)
		}
	}
}

// Go's unicode package (15.0) and these tables (17.0) agree on L, M and N
// for every codepoint Go knows, but for those whose category changed since
// (none, so far).
func TestIsLetterMarkNumberAgainstGo(t *testing.T) {
	lmn := []*unicode.RangeTable{unicode.L, unicode.M, unicode.N}
	differ := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.Is(unicode.C, r) && !unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) {
			continue // unassigned in 15.0
		}
		if unicode.In(r, lmn...) != IsLetterMarkNumber(r) {
			differ++
		}
		want := NotLMN
		switch {
		case unicode.Is(unicode.L, r):
			want = Letter
		case unicode.Is(unicode.M, r):
			want = Mark
		case unicode.Is(unicode.N, r):
			want = Number
		}
		if LetterMarkNumber(r) != want {
			differ++
		}
	}
	if differ > 0 {
		t.Errorf("%d codepoints assigned in Unicode 15.0 differ in L/M/N", differ)
	}
}
