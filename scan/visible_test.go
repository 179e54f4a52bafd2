package scan

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/testkit"
	"github.com/plainsight/plainsight/internal/visible"
)

// TestVisible checks Visible against the excerpt rendering: idempotent,
// nothing that annotates left bare, and the documented bound on growth.
func TestVisible(t *testing.T) {
	stride := rune(7) // sampled: every 7th codepoint
	if testkit.Exhaustive(t) {
		stride = 1
	}
	for r := rune(0); r <= utf8.MaxRune; r += stride {
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
	if got, want := Visible("a\xed\xa0\x80b"), "a⟨U+D800 SURROGATE⟩b"; got != want {
		t.Errorf("Visible of a WTF-8 lone surrogate = %q, want %q", got, want)
	}
	if got := Visible("line\nnext"); !strings.Contains(got, "⟨U+000A LINE FEED⟩") {
		t.Errorf("Visible of a line feed = %q, want it annotated", got)
	}
}

// FuzzVisible: whatever the bytes, the result is UTF-8 holding no
// codepoint that annotates, and writing it again changes nothing.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"", "a\u202Eb", "\U000E0041\u200B", "\xed\xa0\x80\xff\xc0", "⟨U+200B ZERO WIDTH SPACE⟩", "x\ny\r\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := Visible(s)
		if !utf8.ValidString(v) {
			t.Fatalf("Visible(%q) = %q, not UTF-8", s, v)
		}
		for _, r := range v {
			if annotates(r) {
				t.Fatalf("Visible(%q) = %q holds %U", s, v, r)
			}
		}
		if w := Visible(v); w != v {
			t.Fatalf("Visible(Visible(%q)) = %q, want %q", s, w, v)
		}
	})
}

// TestVisibleSharesAnnotates: the rendering internal/visible shares with the
// layers below annotates exactly the codepoints an excerpt annotates.
func TestVisibleSharesAnnotates(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if annotates(r) != visible.Annotates(r) {
			t.Fatalf("%U: excerpt annotates %v, internal/visible %v", r, annotates(r), visible.Annotates(r))
		}
	}
}
