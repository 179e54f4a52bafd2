package scan_test

import (
	"fmt"

	"github.com/plainsight/plainsight/scan"
)

// A GlassWorm-style payload: bytes written as variation selectors after an
// ordinary character. The specification names no class for it; the Strict
// profile does, flags it, and shows what it carries.
func ExampleOptions_strict() {
	text := "x\U000E0158\U000E0159y" // "hi", one selector a byte
	spec, _ := scan.Scan(text, nil)
	strict, _ := scan.Scan(text, &scan.Options{Profile: scan.Strict})
	fmt.Println(spec.Status, strict.Status)
	f := strict.Findings[0]
	fmt.Println(f.Class, f.Extension, f.Carried)
	fmt.Println(f.Excerpt)
	// Output:
	// clean flagged
	// variation_selector true hi
	// x⟨2 VARIATION SELECTORS CARRYING "hi"⟩y
}

// A raw e-mail message: the quoted-printable body is decoded before it is
// scanned, and the finding names its part.
func ExampleContextEmail() {
	msg := "Subject: hello\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"pay=E2=80=8Bment\r\n"
	res, _ := scan.Scan(msg, &scan.Options{Context: scan.ContextEmail})
	for _, f := range res.Findings {
		fmt.Println(f.Part, f.Class, f.Start, f.End)
	}
	// Output:
	// body zero_width 3 4
}
