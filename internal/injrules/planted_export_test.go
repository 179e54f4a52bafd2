package injrules

import "slices"

// PlantedAnchorsWidened returns the words planted.go anchors with a
// next-word set that other files' checks share: the set is the anchor's,
// so planted.go would widen theirs.
func PlantedAnchorsWidened() []string {
	var out []string
	for w, a := range plAnchors {
		if a.next == "" {
			continue
		}
		for _, c := range wordAnchors[w].checks {
			if !slices.Contains(a.checks, c) {
				out = append(out, w)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}
