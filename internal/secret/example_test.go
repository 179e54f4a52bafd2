package secret_test

import (
	"fmt"

	"github.com/plainsight/plainsight/internal/secret"
)

func ExampleFind() {
	text := "export AWS_ACCESS_KEY_ID=AKIAZ3VQ7MXR5NB2KL4P # not AKIAIOSFODNN7EXAMPLE"
	secret.Find(text, func(f secret.Finding) {
		fmt.Println(f.Rule, f.Start, f.End, f.Confidence)
	})
	// Output:
	// aws_access_key_id 25 45 0.9
}

// The refusal of the Shield method prefers safety: a live-prefixed key of
// low entropy is no finding of the detector, but Holds refuses it.
func ExampleHolds() {
	text := "pay with sk_live_aaaaaaaaaaaaaaaaaaaaaaaa"
	found := false
	secret.Find(text, func(secret.Finding) { found = true })
	fmt.Println(found, secret.Holds(text))
	// Output:
	// false true
}
