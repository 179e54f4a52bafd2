package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
)

// visible renders text from outside (a path, a tool or server name, a
// description, a server's message) for a terminal by the excerpt rules of
// package scan: every codepoint of a §2 class, every
// Default_Ignorable_Code_Point and every other non-printing codepoint (line
// breaks and tabs included) is written ⟨U+XXXX NAME⟩, so that nothing in it
// can move the cursor, erase a line, forge another line of output or
// reorder what is shown. A lone surrogate (WTF-8, from a JSON escape) is
// ⟨U+D800 SURROGATE⟩, and a byte that is not UTF-8 ⟨byte 0xFF⟩. Text
// formats only: JSON output carries the exact string.
func visible(s string) string {
	if !needsAnnotation(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			if sur, ok := wtf8Surrogate(s[i:]); ok {
				fmt.Fprintf(&b, "⟨U+%04X SURROGATE⟩", sur)
				i += 3
				continue
			}
			fmt.Fprintf(&b, "⟨byte 0x%02X⟩", s[i])
			i++
			continue
		}
		if annotated(r) {
			fmt.Fprintf(&b, "⟨U+%04X %s⟩", r, ucd.Name(r))
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needsAnnotation(s string) bool {
	for i, r := range s {
		if annotated(r) || r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return true
		}
	}
	return false
}

// annotated is the excerpt rule: controls, and every codepoint that is
// non-printing (General_Category C* or Z* but U+0020) or default-ignorable.
func annotated(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7F
	}
	return ucd.Lookup(r)&(ucd.NonPrinting|ucd.DefaultIgnorable) != 0
}

// wtf8Surrogate reads a surrogate encoded as WTF-8 (ED A0..BF 80..BF).
func wtf8Surrogate(s string) (rune, bool) {
	if len(s) < 3 || s[0] != 0xED || s[1] < 0xA0 || s[1] > 0xBF || s[2] < 0x80 || s[2] > 0xBF {
		return 0, false
	}
	return 0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), true
}

// printable is visible, by the name the commands written before it use.
func printable(s string) string { return visible(s) }
