package scanref

import (
	"encoding/hex"
	"strings"
	"testing"
)

// decoded formats decoded text as "U+XXXX/width" items, a replacement marked with "!".
func decoded(t Text) string {
	var parts []string
	for _, c := range t {
		s := U(c.R) + "/" + string(rune('0'+c.Bytes))
		if c.Replacement {
			s += "!"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestDecodeBytes(t *testing.T) {
	tests := []struct {
		hex, want, why string
	}{
		{"", "", "empty input decodes to no codepoints"},
		{"41", "U+0041/1", "ASCII"},
		{"c3a9", "U+00E9/2", "two-byte sequence"},
		{"e2808b", "U+200B/3", "three-byte sequence"},
		{"f09f9880", "U+1F600/4", "four-byte sequence"},
		{"efbbbf41", "U+FEFF/3 U+0041/1", "a byte order mark is kept, never stripped"},
		{"e28241", "U+FFFD/2! U+0041/1", "E2 82 then a non-continuation: one maximal subpart of two bytes"},
		{"eda080", "U+FFFD/1! U+FFFD/1! U+FFFD/1!", "ED needs 80–9F: an encoded surrogate is three subparts"},
		{"f4908080", "U+FFFD/1! U+FFFD/1! U+FFFD/1! U+FFFD/1!", "F4 needs 80–8F: above U+10FFFF is four subparts"},
		{"c0af", "U+FFFD/1! U+FFFD/1!", "C0 can never lead: overlong slash is two subparts"},
		{"c1bf", "U+FFFD/1! U+FFFD/1!", "C1 can never lead"},
		{"f09f98", "U+FFFD/3!", "a truncated four-byte sequence at the end is one subpart"},
		{"f09f9841", "U+FFFD/3! U+0041/1", "a truncated four-byte sequence before ASCII is one subpart"},
		{"e080af", "U+FFFD/1! U+FFFD/1! U+FFFD/1!", "E0 needs A0–BF: overlong three-byte is three subparts"},
		{"e0a0", "U+FFFD/2!", "E0 A0 truncated at the end is one subpart"},
		{"f08080", "U+FFFD/1! U+FFFD/1! U+FFFD/1!", "F0 needs 90–BF"},
		{"f1808041", "U+FFFD/3! U+0041/1", "F1 80 80 then ASCII"},
		{"80", "U+FFFD/1!", "a lone continuation byte"},
		{"bfbf", "U+FFFD/1! U+FFFD/1!", "each lone continuation byte is its own subpart"},
		{"f5feff", "U+FFFD/1! U+FFFD/1! U+FFFD/1!", "F5–FF can never lead"},
		{"c241", "U+FFFD/1! U+0041/1", "C2 then ASCII"},
		{"c2", "U+FFFD/1!", "a lone lead byte at the end"},
		{"ed9fbf", "U+D7FF/3", "ED 9F BF is the well-formed U+D7FF"},
		{"f48fbfbf", "U+10FFFF/4", "the last codepoint"},
		{"e280e2808b", "U+FFFD/2! U+200B/3", "a truncated sequence followed by a full one"},
	}
	for _, tc := range tests {
		b, err := hex.DecodeString(tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := decoded(DecodeBytes(b)); got != tc.want {
			t.Errorf("DecodeBytes(%s) (%s): got %q, want %q", tc.hex, tc.why, got, tc.want)
		}
	}
}

func TestDecodeUTF16(t *testing.T) {
	tests := []struct {
		in        []uint16
		want, why string
	}{
		{[]uint16{0x41}, "U+0041/1", "BMP"},
		{[]uint16{0xD83D, 0xDE00}, "U+1F600/4", "a surrogate pair joins"},
		{[]uint16{0xD800}, "U+D800/3", "a lone high surrogate stays, three bytes as in WTF-8"},
		{[]uint16{0xDC00, 0xD800}, "U+DC00/3 U+D800/3", "a reversed pair is two lone surrogates"},
		{[]uint16{0xD800, 0x41, 0xDC00}, "U+D800/3 U+0041/1 U+DC00/3", "a pair split by a character"},
		{[]uint16{0xD800, 0xD800, 0xDC00}, "U+D800/3 U+10000/4", "high, then a pair"},
	}
	for _, tc := range tests {
		if got := decoded(DecodeUTF16(tc.in)); got != tc.want {
			t.Errorf("DecodeUTF16(%04X) (%s): got %q, want %q", tc.in, tc.why, got, tc.want)
		}
	}
	// UTF-16 widths.
	for _, c := range DecodeUTF16([]uint16{0xD83D, 0xDE00, 0xD800, 0x41}) {
		if want := map[rune]int{0x1F600: 2, 0xD800: 1, 0x41: 1}[c.R]; c.UTF16 != want {
			t.Errorf("UTF16 width of %s: got %d, want %d", U(c.R), c.UTF16, want)
		}
	}
}

func TestClass(t *testing.T) {
	tests := []struct {
		r    rune
		want string
	}{
		{0x200A, ""}, {0x200B, ZeroWidth}, {0x200D, ZeroWidth}, {0x200E, ""},
		{0x2029, ""}, {0x202A, BidiControl}, {0x202E, BidiControl}, {0x202F, ""},
		{0x205F, ""}, {0x2060, ZeroWidth}, {0x2061, ""}, {0x2065, Unassigned},
		{0x2066, BidiControl}, {0x2069, BidiControl}, {0x206A, ""},
		{0xFEFE, Unassigned}, {0xFEFF, ZeroWidth}, {0xFF00, Unassigned},
		{0x0000, ControlChar}, {0x0008, ControlChar}, {0x0009, ""}, {0x000A, ""},
		{0x000B, ControlChar}, {0x000C, ControlChar}, {0x000D, ""}, {0x000E, ControlChar},
		{0x001F, ControlChar}, {0x0020, ""}, {0x007E, ""}, {0x007F, ControlChar},
		{0x0080, ControlChar}, {0x009F, ControlChar}, {0x00A0, ""},
		{0xD7FF, Unassigned}, {0xD800, Unassigned}, {0xDFFF, Unassigned}, {0xE000, PrivateUse},
		{0xF8FF, PrivateUse}, {0xF900, ""},
		{0xDFFFF, Unassigned}, {0xE0000, UnicodeTag}, {0xE0002, UnicodeTag}, {0xE007F, UnicodeTag},
		{0xE0080, Unassigned}, {0xEFFFF, Unassigned}, {0xF0000, PrivateUse},
		{0xFFFFD, PrivateUse}, {0xFFFFE, Unassigned}, {0xFFFFF, Unassigned},
		{0x100000, PrivateUse}, {0x10FFFD, PrivateUse}, {0x10FFFE, Unassigned}, {0x10FFFF, Unassigned},
		{0xFFFD, ""}, {0x1FAE9, ""}, {0x20C1, ""}, {0x1FAEA, ""}, {0x20C2, Unassigned},
	}
	for _, tc := range tests {
		if got := Class(tc.r); got != tc.want {
			t.Errorf("Class(%s): got %q, want %q", U(tc.r), got, tc.want)
		}
	}
}

const (
	zwsp = "⟨U+200B ZERO WIDTH SPACE⟩" // 25 codepoints
	sixp = "⟨U+2006 SIX-PER-EM SPACE⟩" // 25 codepoints
)

func TestExcerpt(t *testing.T) {
	a30 := "abcdefghij klmnopqrs tuvwxyz A" // 30 codepoints
	tests := []struct {
		in, want, why string
	}{
		{"a\u200bb", "a" + zwsp + "b", "short contexts are whole; no ellipsis"},
		{a30 + "\u200b" + a30, a30 + zwsp + a30, "exactly 30 codepoints each side: nothing cut"},
		{"X" + a30 + "\u200b" + a30 + "Y", "…" + a30 + zwsp + a30 + "…", "31 each side: one dropped each side"},
		{"one\ntwo\u200bthree\nfour", "two" + zwsp + "three", "cut after the last LF on the left and at the first LF on the right, no ellipsis"},
		{"one\rtwo\u200bthree\rfour", "two" + zwsp + "three", "CR cuts like LF"},
		{"ab\n\u200b", zwsp, "a line break just before the finding leaves an empty left context"},
		{"\u200b\r\nab", zwsp, "a line break just after the finding leaves an empty right context"},
		{"a\tb\u200b", "a⟨U+0009 CHARACTER TABULATION⟩b" + zwsp, "tab is annotated, not a line break"},
		{"a\u2028b\u200b", "a⟨U+2028 LINE SEPARATOR⟩b" + zwsp, "U+2028 is annotated and does not cut"},
		{strings.Repeat("\u2006", 6) + "\u200b", strings.Repeat(sixp, 6) + zwsp, "a rendered context of exactly 150 stays"},
		{strings.Repeat("\u2006", 7) + "\u200b", "…" + strings.Repeat(sixp, 6) + zwsp, "151 or more: drop from the far end"},
		{"\u200b" + strings.Repeat("\u2006", 7), zwsp + strings.Repeat(sixp, 6) + "…", "the same on the right"},
		{strings.Repeat("\u200b", 24), strings.Repeat(zwsp, 24), "a body of exactly 600 is whole"},
		{strings.Repeat("\u200b", 25), strings.Repeat(zwsp, 23) + "…", "625 > 600: whole renders up to 599, then the ellipsis"},
		{"a" + strings.Repeat("\u200b", 40) + "b", "a" + strings.Repeat(zwsp, 23) + "…b", "the body is cut, the contexts are kept"},
		{"\U0001F3F3\uFE0F\u200D\U0001F308", "\U0001F3F3⟨U+FE0F VARIATION SELECTOR-16⟩⟨U+200D ZERO WIDTH JOINER⟩\U0001F308", "variation selectors are annotated"},
	}
	for _, tc := range tests {
		res, _ := FromString(tc.in)
		if len(res.Findings) == 0 {
			t.Errorf("%q (%s): no finding", tc.in, tc.why)
			continue
		}
		if got := res.Findings[0].Excerpt; got != tc.want {
			t.Errorf("%q (%s):\n got %q\nwant %q", tc.in, tc.why, got, tc.want)
		}
	}
}

func TestExcerptLoneSurrogate(t *testing.T) {
	res, _ := FromUTF16([]uint16{'a', 0xD800, 'b'})
	if got, want := res.Findings[0].Excerpt, "a⟨U+D800 SURROGATE⟩b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestScan(t *testing.T) {
	res, ext := FromBytes([]byte("A\xff\u200bB"))
	if res.Status != "flagged" || res.DeterministicCount != 1 || res.Sanitized != "A\uFFFDB" {
		t.Errorf("got %+v", res)
	}
	f := res.Findings[0]
	if f.Class != ZeroWidth || f.Start != 2 || f.End != 3 {
		t.Errorf("finding: got %+v", f)
	}
	if o := ext.Findings[0]; o != (Offsets{ByteStart: 2, ByteEnd: 5, UTF16Start: 2, UTF16End: 3}) {
		t.Errorf("offsets: got %+v", o)
	}
	if len(ext.InvalidUTF8) != 1 || ext.InvalidUTF8[0] != (InvalidUTF8{Start: 1, ByteStart: 1, ByteEnd: 2}) {
		t.Errorf("invalid_utf8: got %+v", ext.InvalidUTF8)
	}
	res, ext = FromString("")
	if res.Findings == nil || ext.Findings == nil || res.Status != "clean" || res.Note != Note {
		t.Errorf("empty: got %+v %+v", res, ext)
	}
	var cps []rune
	for r := rune(0xE000); r < 0xE000+13; r++ {
		cps = append(cps, r)
	}
	res, _ = FromString(string(cps))
	if n := len(res.Findings[0].Codepoints); n != 12 {
		t.Errorf("13 distinct: got %d codepoints listed, want 12", n)
	}
}
