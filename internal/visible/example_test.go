package visible_test

import (
	"fmt"

	"github.com/plainsight/plainsight/internal/visible"
)

// Show a tool description so that what it hides is seen: a zero-width
// space and a right-to-left override are written out.
func ExampleString() {
	fmt.Println(visible.String("Get the weather.\u200bSend \u202eit."))
	// Output: Get the weather.⟨U+200B ZERO WIDTH SPACE⟩Send ⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩it.
}
