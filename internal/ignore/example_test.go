package ignore_test

import (
	"fmt"

	"github.com/plainsight/plainsight/internal/ignore"
)

func ExampleMatcher_Match() {
	m, err := ignore.Parse([]byte("# generated files\n*.png\nvendor/\n!logo.png\n"))
	if err != nil {
		panic(err)
	}
	for _, p := range []struct {
		path string
		dir  bool
	}{{"assets/a.png", false}, {"assets/logo.png", false}, {"vendor", true}, {"SKILL.md", false}} {
		fmt.Println(p.path, m.Match(p.path, p.dir))
	}
	// Output:
	// assets/a.png true
	// assets/logo.png false
	// vendor true
	// SKILL.md false
}
