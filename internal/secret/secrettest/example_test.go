package secrettest_test

import (
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/internal/secret/secrettest"
)

func ExamplePositives() {
	for _, s := range secrettest.Positives() {
		if s.Rule == "docker-pat" {
			fmt.Println(s.Name, strings.Contains(s.Text, "dckr_pat_"))
		}
	}
	// Output:
	// docker pat true
}
