package signature

import (
	"html"
	"strings"
	"unicode/utf8"
)

// MaxExcerptChars bounds an excerpt (Shield method 1.0, "Excerpts").
const MaxExcerptChars = 280

// Excerpt returns at most MaxExcerptChars characters (codepoints) of a
// signature's cleaned text, made inert for a page: cut at the last space
// before the bound when the text is longer (and then ending in "…",
// counted in the 280), and defanged so that no reader or renderer turns
// it into a link — "://" becomes "[:]//" and "www." becomes "www[.]".
// It is plain text: a page must still escape it ([ExcerptHTML] does).
func Excerpt(cleaned string) string {
	t := strings.ReplaceAll(cleaned, "://", "[:]//")
	t = strings.ReplaceAll(t, "www.", "www[.]")
	if utf8.RuneCountInString(t) <= MaxExcerptChars {
		return t
	}
	// Keep MaxExcerptChars-1 codepoints and the ellipsis.
	cut, n := 0, 0
	for i := range t {
		if n == MaxExcerptChars-1 {
			cut = i
			break
		}
		n++
	}
	head := t[:cut]
	if sp := strings.LastIndexByte(head, ' '); sp > len(head)/2 {
		head = head[:sp]
	}
	return head + "…"
}

// ExcerptHTML returns the excerpt as an HTML fragment that shows it as
// someone else's words: HTML-escaped, inside a blockquote marked as
// untrusted, with no element a browser would follow.
func ExcerptHTML(cleaned string) string {
	return `<blockquote class="untrusted-excerpt" translate="no">` + html.EscapeString(Excerpt(cleaned)) + `</blockquote>`
}
