package extclass_test

import (
	"fmt"

	"github.com/plainsight/plainsight/internal/extclass"
)

func ExampleChars() {
	// An emoji variation sequence is typography; a selector after a Latin
	// letter modifies nothing.
	spans, _ := extclass.Chars("\u263A\uFE0F a\uFE0F", -1)
	for _, sp := range spans {
		fmt.Println(sp.Class, sp.Start, sp.End)
	}
	// Output:
	// variation_selector 8 11
}
