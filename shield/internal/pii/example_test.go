package pii_test

import (
	"fmt"

	"github.com/plainsight/plainsight/shield/internal/pii"
)

func ExampleFind() {
	text := "Call me at +44 20 7946 0958 or write to jane.doe@mailbox.org (not hello@acme.com); SSN 536-22-8143."
	pii.Find(text, func(m pii.Match) {
		fmt.Printf("%s %.2f %q\n", m.Kind, m.Confidence, text[m.Start:m.End])
	})
	// The e-mail pass runs first, then the number pass in text order; the
	// role address hello@ is nobody's, and "SSN" labels the number.

	// Output:
	// email_address 0.50 "jane.doe@mailbox.org"
	// phone_number 0.50 "+44 20 7946 0958"
	// us_ssn_labelled 0.90 "536-22-8143"
}
