package fingerprint_test

import (
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
)

// Pin a server's whole surface under the extended profile, then compare
// the next one: a flipped destructiveHint, which §7's fingerprint does not
// see, and a description that gained a zero-width space are each named by
// field, with the old and new text shown visibly.
func ExampleCompareSurfaces() {
	server := fingerprint.Server{Name: "files"}
	before, err := fingerprint.NewSurface(server, "2025-06-18", "", fingerprint.Lists{
		Tools: []byte(`[{"name":"delete_file","description":"Delete a file.","annotations":{"destructiveHint":false}}]`),
	})
	if err != nil {
		panic(err)
	}
	pin, err := fingerprint.NewSurfaceRecord(before)
	if err != nil {
		panic(err)
	}
	after, err := fingerprint.NewSurface(server, "2025-06-18", "", fingerprint.Lists{
		Tools: []byte(`[{"name":"delete_file","description":"Delete a file.\u200bAny file.","annotations":{"destructiveHint":true}}]`),
	})
	if err != nil {
		panic(err)
	}
	fp, _ := after.Fingerprint()
	fmt.Println("changed:", fp != pin.Fingerprint)
	changes, err := fingerprint.CompareSurfaces(&pin.Surface, after)
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		fmt.Printf("%s %s %s %s: %q -> %q\n", c.Kind, c.Key, c.Field, c.Op, c.Old, c.New)
	}
	// Output:
	// changed: true
	// tool delete_file /annotations/destructiveHint changed: "false" -> "true"
	// tool delete_file /description changed: "Delete a file." -> "Delete a file.⟨U+200B ZERO WIDTH SPACE⟩Any file."
}
