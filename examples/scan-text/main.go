// Command scan-text shows the smallest useful wiring of the scan package: an
// agent host scans a tool description before showing it to a model, refuses
// it when the scan is flagged, and logs each finding's visible excerpt.
package main

import (
	"fmt"
	"log"

	"github.com/plainsight/plainsight/scan"
)

func main() {
	description := "Returns the weather.\u200b\U000E0049\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065"

	res, err := scan.Scan(description, nil)
	if err != nil {
		log.Fatal(err)
	}
	if res.Status == scan.Flagged {
		for _, f := range res.Findings {
			fmt.Printf("%s at [%d,%d): %s\n", f.Class, f.Start, f.End, f.Excerpt)
		}
		fmt.Printf("refused; the sanitized copy would read %q\n", res.Sanitized)
		return
	}
	fmt.Println(res.Note)
}
