package scan

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestVisible checks Visible against the excerpt rendering: idempotent,
// nothing that annotates left bare, and the documented bound on growth.
func TestVisible(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		v := Visible(s)
		if len(v) > 64*len(s) {
			t.Fatalf("Visible(%U) is %d bytes, more than 64 times %d", r, len(v), len(s))
		}
		if annotates(r) == (v == s) {
			t.Fatalf("Visible(%U) = %q: annotated %v", r, v, annotates(r))
		}
		if w := Visible(v); w != v {
			t.Fatalf("Visible(Visible(%U)) = %q, want %q", r, w, v)
		}
	}
	if got, want := Visible("a\xffb"), "a\uFFFDb"; got != want {
		t.Errorf("Visible of an ill-formed byte = %q, want %q", got, want)
	}
	if got := Visible("line\nnext"); !strings.Contains(got, "⟨U+000A LINE FEED⟩") {
		t.Errorf("Visible of a line feed = %q, want it annotated", got)
	}
}
