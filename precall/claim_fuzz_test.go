package precall

import (
	"strings"
	"testing"
)

// FuzzClaimFile: the well-known file's reader never panics, and finds the
// token exactly when a line of the first ClaimMaxBody bytes, trimmed, is
// the token (the reference is a plain loop over the lines).
func FuzzClaimFile(f *testing.F) {
	const tok = "psc_00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	for _, s := range []string{"", tok, tok + "\n", "# comment\r\n  " + tok + " \r\n", "x" + tok, tok[:20], strings.Repeat("\n", 5000) + tok} {
		f.Add([]byte(s))
	}
	want := tokenHash(tok)
	f.Fuzz(func(t *testing.T, body []byte) {
		got := fileHolds(body, want)
		head := string(body[:min(len(body), ClaimMaxBody)])
		ref := false
		for _, l := range strings.Split(head, "\n") {
			ref = ref || strings.TrimSpace(l) == tok
		}
		if got != ref {
			t.Errorf("fileHolds(%q) = %v, want %v", body, got, ref)
		}
	})
}
