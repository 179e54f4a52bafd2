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
// the tokenizer reads it (see readTag), that is one of those. This is a
// pass of a few instructions a byte; the tokenizer it saves costs about a
// hundred (and on ordinary prose, where "i<n" opens a tag that runs to the
// next '>', often pages away, it finds nothing). Reading every candidate
// is linear while their spans add up to a few times the text; past that
// (text built to make them overlap) it reports true, and the tokenizer,
// linear in any case, decides.
func mayHoldElements(text string, from int) bool {
	budget := 4*len(text) + 1024
	for i := from; i < len(text); {
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		if i == len(text) || !isASCIILetter(text[i]) {
			continue
		}
		end, hides := readTag(text, i-1)
		if budget -= end - (i - 1); budget < 0 || hides {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isTagSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

func skipTagSpace(s string, i int) int {
	for i < len(s) && isTagSpace(s[i]) {
		i++
	}
	return i
}

// readTag reads the start tag at s[i:], which begins with '<' and a
// letter, as golang.org/x/net/html's tokenizer reads it (its readTag,
// readTagName, readTagAttrKey and readTagAttrVal, step for step). It
// returns the end of the tag (just after its '>', or the end of s), and
// whether the tag may hide or open a stylesheet: it is named style, or
// has a hidden attribute, or a style attribute that hides or holds a
// character reference or NUL (which the tokenizer decodes; then it is not
// looked at further).
func readTag(s string, i int) (end int, hides bool) {
	// The name: up to whitespace (read), '/' or '>' (not read).
	name := i + 1
	for i += 2; i < len(s) && tagByte[s[i]]&(tagSpace|tagSlash|tagClose) == 0; {
		i++
	}
	// Names compare in ASCII only, as the tokenizer compares them.
	hides = foldEqual(s[name:i], "style")
	if i < len(s) && isTagSpace(s[i]) {
		i++
	}
	i = skipTagSpace(s, i)
	for i < len(s) {
		if s[i] == '>' {
			return i + 1, hides
		}
		// The key: up to whitespace, '/', '>' or an '=' that is not its
		// first byte.
		k := i
		if s[i] == '=' {
			i++
		}
		for i < len(s) && tagByte[s[i]] == 0 {
			i++
		}
		key := s[k:i]
		hides = hides || foldEqual(key, "hidden")
		// The value, if any.
		i = skipTagSpace(s, i)
		if i == len(s) {
			return i, hides
		}
		switch s[i] {
		case '/':
			i++
		case '=':
			i = skipTagSpace(s, i+1)
			if i == len(s) {
				return i, hides
			}
			v := i
			switch q := s[i]; q {
			case '>':
			case '\'', '"':
				n := strings.IndexByte(s[i+1:], q)
				if n < 0 {
					return len(s), hides || foldEqual(key, "style")
				}
				v, i = i+1, i+1+n
			default:
				for i++; i < len(s) && !isTagSpace(s[i]) && s[i] != '>'; i++ {
				}
			}
			if foldEqual(key, "style") {
				val := s[v:i]
				hides = hides || strings.ContainsAny(val, "&\x00\r") || StyleTest(val) != Visible
			}
			if i < len(s) && s[i] != '>' {
				i++ // the closing quote, or the whitespace that ended the value
			}
		}
		i = skipTagSpace(s, i)
	}
	return len(s), hides
}
