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
//
// Such tags overlap: in prose "i<n && j<m" opens two that end at the same
// '>', and most of the bytes read are read again for a tag that starts
// within another. A tag is read to its first attribute where readTag may
// stop (see readTag); if the reading of the tag before it, read on to
// there, stops there too, the rest of both is that reading's, and is read
// once. The parts of a tag are told apart (each part's first style
// attribute is tested, which includes each tag's first), so a part may
// say that a tag hides which the text then cuts off: that is safe.
// Reading every candidate is linear while the bytes read add up to a few
// times the text; past that (text built to make them overlap) it reports
// true, and the tokenizer, linear in any case, decides.
//
// It gives every "<!" it meets to comments (when not nil), which finds
// the html_comments there, and returns to: it read every '<' before it.
func mayHoldElements(text string, from int, comments *htmlComments) (holds bool, to int) {
	budget := 4*len(text) + 1024
	// z reads each tag from its '<'; r reads on the last tag that z
	// stopped in and that the reading before did not take over: it
	// stopped at rAt, or rAt is -1.
	z, r := tokenizer{s: text}, tokenizer{s: text}
	rAt := -1
	for i := from; i < len(text); {
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		if i == len(text) {
			break
		}
		if c := text[i]; !isASCIILetter(c) {
			if c == '!' && comments != nil {
				comments.at(text, i-1)
			}
			continue
		}
		lt := i - 1
		at, ok, hides := z.readPart(i+1, i)
		if budget -= at - lt; budget < 0 {
			return true, lt
		}
		if !ok && at == len(text) {
			continue // cut off by the end of the text: no tag
		}
		if hides || foldEqual(text[z.name0:z.name1], "style") {
			return true, lt
		}
		if ok {
			continue
		}
		// z stopped at an attribute, at: does r stop there too?
		if rAt >= 0 && rAt < at {
			end, ok, hides := r.readPart(rAt-1, at)
			budget -= end - rAt
			if hides && (ok || end < len(text)) {
				return true, lt
			}
			rAt = end
			if ok || end == len(text) {
				rAt = -1 // r's tag read to its end
			}
		}
		switch {
		case rAt == at:
			// The rest of this tag is the rest of r's.
		case rAt < 0:
			r, rAt = z, at
		default:
			end, ok, hides := z.readPart(at-1, 0)
			if budget -= end - at; budget < 0 || ok && hides {
				return true, lt
			}
		}
	}
	if rAt >= 0 {
		_, ok, hides := r.readPart(rAt-1, 0)
		return ok && hides, len(text)
	}
	return false, len(text)
}

// readPart reads a start tag with readTag from p, stopping where it may
// at or after pause (none when pause is 0). It returns where readTag
// returned and whether the tag (when ok) or the part read may hide: holds
// the hidden attribute, or a style attribute, the part's first, that hides
// or that HTML rewrites (then it is not looked at further). Whether the
// name is style the caller asks.
func (z *tokenizer) readPart(p, pause int) (at int, ok, hides bool) {
	z.style, z.class, z.hidden, z.pause = attrValue{}, attrValue{}, false, pause
	at, ok = z.readTag(p, true)
	hides = z.hidden || z.style.ok && (z.style.rewritten || StyleTest(z.s[z.style.start:z.style.end]) != Visible)
	return at, ok, hides
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
