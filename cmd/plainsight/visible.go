package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/scan"
)

// visible renders text from outside (a path, a tool or server name, a
// description, a server's message) for a terminal by the excerpt rules,
// through scan.Visible: every codepoint of a §2 class, every
// Default_Ignorable_Code_Point and every other non-printing codepoint (line
// breaks and tabs included) is written ⟨U+XXXX NAME⟩, so that nothing in it
// can move the cursor, erase a line, forge another line of output or
// reorder what is shown. A lone surrogate (WTF-8, from a JSON escape) is
// ⟨U+D800 SURROGATE⟩. The one difference from scan.Visible: a byte that is
// not UTF-8 is written ⟨byte 0xFF⟩, not U+FFFD, so that a file name that is
// not UTF-8 can still be told from another. Text formats only: JSON output
// carries the exact string.
func visible(s string) string {
	var b strings.Builder
	start := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n != 1 {
			i += n
			continue
		}
		if _, ok := wtf8Surrogate(s[i:]); ok {
			i += 3 // scan.Visible names it
			continue
		}
		b.WriteString(scan.Visible(s[start:i]))
		fmt.Fprintf(&b, "⟨byte 0x%02X⟩", s[i])
		i++
		start = i
	}
	if start == 0 {
		return scan.Visible(s)
	}
	b.WriteString(scan.Visible(s[start:]))
	return b.String()
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
