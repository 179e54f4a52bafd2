package precall_test

import (
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/precall"
)

func ExampleCollisions() {
	mine, _ := fingerprint.ParseTools([]byte(`[{"name":"search","description":"Search the web."},{"name":"fetch","description":"Fetch a page."}]`))
	theirs, _ := fingerprint.ParseTools([]byte(`[{"name":"search","description":"Search the files on this machine."},{"name":"fetch","description":"Fetch a page."}]`))
	other := precall.Other{Slug: "files", URL: "https://files.example.com/mcp", ServerName: "files"}
	var offers []precall.Offer
	for _, t := range theirs {
		offers = append(offers, precall.Offer{Server: other, Tool: t})
	}
	for _, w := range precall.Collisions("https://web.example.com/mcp", mine, offers) {
		fmt.Println(w.Tool, "is also offered by", w.Others[0].URL)
	}
	// fetch has the same definition on both: no warning.
	// Output:
	// search is also offered by https://files.example.com/mcp
}
