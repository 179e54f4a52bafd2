package scan_test

import (
	"fmt"

	"github.com/plainsight/plainsight/scan"
)

// A tool name from a JSON response that escaped a lone surrogate,
// "search\ud800", as a JSON decoder that keeps it gives it to Go: the
// surrogate's three WTF-8 bytes. It is one codepoint of the class
// unassigned_codepoint.
func ExampleScanWTF8() {
	name := "search\xed\xa0\x80"
	res, err := scan.ScanWTF8(name, nil)
	if err != nil {
		panic(err)
	}
	f := res.Findings[0]
	fmt.Println(res.Status, f.Class, f.Codepoints)
	fmt.Println(f.Start, f.End, f.UTF16Start, f.UTF16End, f.ByteStart, f.ByteEnd)
	fmt.Printf("%q\n", res.Sanitized)
	// Output:
	// flagged unassigned_codepoint [U+D800]
	// 6 7 6 7 6 9
	// "search"
}
