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
