package markup

import "strings"

// mayHoldElements reports whether the HTML tokenizer could find a
// css_hide_rule or hidden_element in text, whose first '<' is at from. It
// can only if some start tag is named style (without one there is no
// stylesheet, no css_hide_rule, and a class hides nothing), carries the
// hidden attribute, or carries a style attribute that the style test finds
// hiding. Every start tag the tokenizer reads begins at a '<' followed by
// an ASCII letter (in its data state; in its other states it reads no
// tag), so it is enough that no such '<' begins a tag, read from there as
// the tokenizer reads it (with its readTag), that is one of those; a tag
// that the end of the text cuts off is none, as the tokenizer's tokens end
// there. This is a pass of a few instructions a byte; the tokenizer it
// saves costs about a hundred (and on ordinary prose, where "i<n" opens a
// tag that runs to the next '>', often pages away, it finds nothing).
// Reading every candidate is linear while their spans add up to a few
// times the text; past that (text built to make them overlap) it reports
// true, and the tokenizer, linear in any case, decides.
func mayHoldElements(text string, from int) bool {
	budget := 4*len(text) + 1024
	z := tokenizer{s: text}
	for i := from; i < len(text); {
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		if i == len(text) || !isASCIILetter(text[i]) {
			continue
		}
		z.style, z.class, z.hidden = attrValue{}, attrValue{}, false
		end, ok := z.readTag(i+1, true)
		if budget -= end - (i - 1); budget < 0 || ok && z.mayHide() {
			return true
		}
	}
	return false
}

// mayHide reports whether the start tag just read may hide or open a
// stylesheet: it is named style, or has the hidden attribute, or a style
// attribute that hides or that HTML rewrites (then it is not looked at
// further).
func (z *tokenizer) mayHide() bool {
	if z.hidden || foldEqual(z.s[z.name0:z.name1], "style") {
		return true
	}
	return z.style.ok && (z.style.rewritten || StyleTest(z.s[z.style.start:z.style.end]) != Visible)
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
