package skills_test

import (
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/skills"
)

// A server serves the pre-call skill with its own URLs.
func ExamplePrecallFor() {
	text := skills.PrecallFor("https://plainsight.example.org")
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "curl -s 'https://") {
			fmt.Println(line)
		}
	}
	// Output:
	// curl -s 'https://plainsight.example.org/v1/security/precall?url=https%3A%2F%2Fmcp.example.com%2Fmcp&tool=search'
	// curl -s 'https://plainsight.example.org/v1/security/changes?limit=20'
}
