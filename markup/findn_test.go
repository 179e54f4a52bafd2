package markup

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFindNKeepsTheFirst checks that FindN, which drops constructs as it
// finds them, keeps exactly the first max of Find's (SelfContained aside,
// which it does not report) and counts them all, on texts with many
// constructs of every kind.
func TestFindNKeepsTheFirst(t *testing.T) {
	tokens := []string{"<!-- c -->", "<!--", "-->", "<p hidden>", "</p>", "<div style=\"display:none\">", "</div>",
		"<style>.h{display:none}</style>", "<i class=h>", "</i>", "<br hidden>", "[x]: # (c)\n", "text ", "\n", "<script>", "</script>"}
	rng := rand.New(rand.NewPCG(4, 5))
	most := 0
	for range 200 {
		var b strings.Builder
		for range 100 + rng.IntN(2000) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		text := b.String()
		all := Find(text)
		most = max(most, len(all))
		for i := range all {
			all[i].SelfContained = false
		}
		for _, n := range []int{0, 1, 10, len(all), len(all) + 3} {
			got, total := FindN(text, n)
			want := all[:min(n, len(all))]
			if total != len(all) || len(got) != len(want) {
				t.Fatalf("FindN(%d): %d kept, %d in all; want %d, %d", n, len(got), total, len(want), len(all))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("FindN(%d): construct %d is %+v, want %+v", n, i, got[i], want[i])
				}
			}
		}
	}
	if most < 2*10+256 {
		t.Errorf("the texts hold at most %d constructs: too few for FindN to drop any at 10", most)
	}
}
