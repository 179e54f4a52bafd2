package scan_test

import (
	"fmt"

	"github.com/plainsight/plainsight/scan"
)

func ExampleScan() {
	res, err := scan.Scan("pay\u200bment", nil)
	if err != nil {
		panic(err)
	}
	f := res.Findings[0]
	fmt.Println(res.Status, res.DeterministicCount)
	fmt.Println(f.Class, f.Start, f.End, f.Codepoints)
	fmt.Println(f.Excerpt)
	fmt.Println(res.Sanitized)
	// Output:
	// flagged 1
	// zero_width 3 4 [U+200B]
	// pay⟨U+200B ZERO WIDTH SPACE⟩ment
	// payment
}

func ExampleScanUTF16() {
	// A lone high surrogate, as a UTF-16 host or a JSON "\ud800" escape
	// can carry it.
	res, err := scan.ScanUTF16([]uint16{'o', 'k', 0xD800}, nil)
	if err != nil {
		panic(err)
	}
	f := res.Findings[0]
	fmt.Println(f.Class, f.Start, f.End, f.UTF16Start, f.ByteStart)
	fmt.Println(f.Excerpt)
	// Output:
	// unassigned_codepoint 2 3 2 2
	// ok⟨U+D800 SURROGATE⟩
}

func ExampleScan_invalidUTF8() {
	// Ill-formed UTF-8 is read as the WHATWG decoder reads it: here the
	// truncated sequence E2 82 is one U+FFFD, not two.
	res, err := scan.Scan("a\xE2\x82b\u2060", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.InvalidUTF8[0].Start, res.InvalidUTF8[0].ByteStart, res.InvalidUTF8[0].ByteEnd)
	fmt.Println(res.Findings[0].Start, res.Findings[0].ByteStart)
	fmt.Printf("%+q\n", res.Sanitized)
	// Output:
	// 1 1 3
	// 3 4
	// "a\ufffdb"
}

func ExampleVisible() {
	// A stored passage shown again: the right-to-left override and the tag
	// characters are written out, never obeyed.
	fmt.Println(scan.Visible("safe\u202Etxt.exe \U000E0041\U000E0042"))
	// Output: safe⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩txt.exe ⟨U+E0041 TAG LATIN CAPITAL LETTER A⟩⟨U+E0042 TAG LATIN CAPITAL LETTER B⟩
}
