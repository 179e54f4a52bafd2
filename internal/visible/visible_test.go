package visible

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"":                 "",
		"plain text":       "plain text",
		"a\u200bb":         "a⟨U+200B ZERO WIDTH SPACE⟩b",
		"x\ny":             "x⟨U+000A LINE FEED⟩y",
		"\t":               "⟨U+0009 CHARACTER TABULATION⟩",
		"\u202eevil":       "⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩evil",
		"\U000E0041":       "⟨U+E0041 TAG LATIN CAPITAL LETTER A⟩",
		"\u00a0":           "⟨U+00A0 NO-BREAK SPACE⟩",
		"a\xed\xa0\x80b":   "a⟨U+D800 SURROGATE⟩b",
		"a\xffb":           "a\ufffdb",
		"caf\u00e9 \u65e5": "caf\u00e9 \u65e5",
		"\x7f":             "⟨U+007F DELETE⟩",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestIdempotent: what String writes holds nothing it would annotate.
func TestIdempotent(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r += 13 {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		v := String(s)
		if Annotates(r) == (v == s) {
			t.Fatalf("String(%U) = %q, annotated %v", r, v, Annotates(r))
		}
		if String(v) != v {
			t.Fatalf("String(String(%U)) changed", r)
		}
		if len(v) > 64*len(s) {
			t.Fatalf("String(%U) is %d bytes", r, len(v))
		}
		if Annotates(r) && !strings.HasPrefix(v, "⟨"+Codepoint(r)+" ") {
			t.Fatalf("String(%U) = %q", r, v)
		}
	}
}
