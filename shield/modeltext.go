package shield

import "strings"

// htmlElements are the element names whose tags blankMarkup removes: the
// ones documents are built of. A tag of another name (<IMPORTANT>,
// <system>, <|im_start|>) stays, since it is the shape of an attack the
// model has learned, not page structure.
var htmlElements = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`a abbr address article aside audio b bdi bdo blockquote body br button
		canvas caption center cite code col colgroup data datalist dd del details dfn dialog div dl dt em
		embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i
		iframe img input ins kbd label legend li link main mark menu meta meter nav noscript object ol
		optgroup option output p param picture pre progress q rp rt ruby s samp script section select
		slot small source span strong style sub summary sup svg table tbody td template textarea tfoot th
		thead time title tr track tt u ul var video wbr path g rect circle line polyline polygon use`) {
		m[n] = true
	}
	return m
}()

// maxTagBytes bounds the tag blankMarkup reads: a "<" with no ">" within
// it is text.
const maxTagBytes = 1024

// blankMarkup returns text with the tags of HTML elements (and comments'
// delimiters, doctype lines) replaced by spaces of the same length, so
// that the model reads a page's words rather than its markup and every
// offset stays the content's. The model was trained on text (its
// documentation says it reads visible text only); a page of navigation
// links is not an instruction. Text without "<" is returned as it is.
func blankMarkup(text string) string {
	i := strings.IndexByte(text, '<')
	if i < 0 {
		return text
	}
	var b []byte
	for i >= 0 && i < len(text) {
		end := tagEnd(text, i)
		if end > i {
			if b == nil {
				b = []byte(text)
			}
			for k := i; k < end; k++ {
				b[k] = ' '
			}
			i = end
		} else {
			i++
		}
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			break
		}
		i += j
	}
	if b == nil {
		return text
	}
	return string(b)
}

// tagEnd returns the end of the HTML element tag or doctype that starts
// at text[i] ('<'), or i when there is none.
func tagEnd(text string, i int) int {
	j := i + 1
	if j < len(text) && text[j] == '/' {
		j++
	}
	if j < len(text) && text[j] == '!' {
		// <!DOCTYPE …>: structure, never words.
		if len(text)-j >= 8 && strings.EqualFold(text[j+1:j+8], "doctype") {
			return closeAngle(text, i)
		}
		return i
	}
	n := j
	for n < len(text) && n-j < 16 && isTagNameByte(text[n]) {
		n++
	}
	if n == j || !htmlElements[strings.ToLower(text[j:n])] {
		return i
	}
	if n < len(text) && text[n] != '>' && text[n] != ' ' && text[n] != '/' && text[n] != '\t' && text[n] != '\n' && text[n] != '\r' {
		return i
	}
	return closeAngle(text, i)
}

// closeAngle returns the index after the ">" that closes the tag at
// text[i], or i when there is none within maxTagBytes.
func closeAngle(text string, i int) int {
	rest := text[i:min(len(text), i+maxTagBytes)]
	if k := strings.IndexByte(rest, '>'); k > 0 {
		return i + k + 1
	}
	return i
}

func isTagNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
