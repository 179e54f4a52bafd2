package markup

// The pass over the text with golang.org/x/net/html's Tokenizer that the
// package's own tokenizer replaced, kept to check that the constructs
// found are the same (TestElementsDifferential, FuzzElements).

import (
	"strings"

	"golang.org/x/net/html"
)

// oldOpenElement is an element whose start tag may hide it, waiting for its
// end tag.
type oldOpenElement struct {
	name          string
	start, tagEnd int
	depth         int // how many oldElements of its name were open, itself included
	reason        Reason
	classes       []string
}

// oldClassCandidate is an element that hides only if one of its classes is
// hidden by a css_hide_rule, which may come later in the text.
type oldClassCandidate struct {
	start, end    int
	name          string
	classes       []string
	selfContained bool
}

// oldElements is the state of one pass of the HTML tokenizer over the text.
type oldElements struct {
	out          []Construct
	keep         *keeper
	hiddenOpened int // hidden oldElements opened and waiting for their end tags, or closed since
	candidates   []oldClassCandidate
	comments     [][2]int // the comment tokens, as the tokenizer reads them
	hidden       map[classSelector]bool
	sels         []classSelector // scratch space for styleRules
	// Tag names are numbered in order of appearance; count and open are
	// indexed by that number.
	names   map[string]int
	nameOf  []string
	nameBuf []byte
	count   []int              // oldElements of the name open now
	open    [][]oldOpenElement // the ones among them whose start tag may hide them

	// classed counts the oldElements with classes kept, open or as
	// candidates, and overflow says that they were more than
	// maxCandidates: then they are let go, and once the hiding class
	// selectors are all known a second pass (resolve) finds the oldElements
	// they hide, keeping none that they do not.
	classed  int
	overflow bool
	resolve  bool
}

// oldAppendElements finds the css_hide_rule and hidden_element constructs of
// §3 with an HTML tokenizer (so that tags inside comments, <script> or
// <style> are not oldElements), starting at from, the first '<'.
//
// An element's span runs from its start tag through the matching end tag,
// found by counting the start and end tags of its name: an element is
// "simply nested" (§6) when such an end tag follows. A void element, and an
// element with no matching end tag, spans its start tag alone. A "/>" on a
// non-void element is ignored, as HTML ignores it.
//
// An element hidden by a class rule is known only at the end of the text,
// where the last rule may be. The oldElements with classes wait for it as
// candidates; when there are too many (maxCandidates), they are let go and,
// if any rule hides a class, a second pass over the text finds the
// oldElements that the rules hide.
func oldAppendElements(out []Construct, text string, from int, keep *keeper) []Construct {
	e := &oldElements{out: out, keep: keep, hidden: map[classSelector]bool{}, names: map[string]int{}}
	e.pass(text, from)
	for _, c := range e.candidates {
		if e.hiddenByClass(c.name, c.classes) {
			e.out = e.keep.add(e.out, Construct{Kind: HiddenElement, Reason: HiddenClass, Start: c.start, End: c.end, SelfContained: c.selfContained})
		}
	}
	if e.overflow && len(e.hidden) > 0 {
		e.resolve, e.hiddenOpened = true, 0
		for id := range e.count {
			e.count[id], e.open[id] = 0, nil
		}
		e.pass(text, from)
	}
	if e.keep.max >= 0 {
		return e.out // FindN: no comment is known to be self-contained
	}
	// A literal comment that is also one comment token of the tokenizer
	// starts and ends between tokens in the data state.
	// Both lists are in order of start: the literal comments lead the
	// constructs (keeper.each), and the tokens came in order.
	k := 0
	e.keep.each(e.out, func(c *Construct) {
		if c.Kind != HTMLComment {
			return
		}
		for k < len(e.comments) && e.comments[k][0] < c.Start {
			k++
		}
		if k < len(e.comments) && e.comments[k] == [2]int{c.Start, c.End} {
			c.SelfContained = true
		}
	})
	return e.out
}

// pass reads the text from from with the tokenizer. The first pass finds
// the rules, the hidden oldElements and the candidates; the second
// (e.resolve) only the oldElements hidden by their classes.
func (e *oldElements) pass(text string, from int) {
	z := html.NewTokenizer(strings.NewReader(text[from:]))
	off := from
	inStyle := false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break // the end of the text: the tokenizer reads from memory
		}
		n := len(z.Raw())
		switch tt {
		case html.CommentToken:
			if !e.resolve {
				e.comments = append(e.comments, [2]int{off, off + n})
			}
			inStyle = false
		case html.TextToken:
			if inStyle && !e.resolve {
				styleRules(text[off:off+n], off, &e.sels, func(c Construct, sels []classSelector) {
					c.SelfContained = true // a whole rule, between rules
					e.out = e.keep.add(e.out, c)
					for _, s := range sels {
						e.hidden[s] = true
					}
				})
			}
			inStyle = false
		case html.StartTagToken, html.SelfClosingTagToken:
			// The text after <style> is its stylesheet; "<style/>" opens
			// one too, as HTML ignores the slash.
			inStyle = e.startTag(z, off, off+n) == "style"
		default:
			inStyle = false
			if tt == html.EndTagToken {
				e.endTag(z, off+n)
			}
		}
		off += n
	}
	for _, stack := range e.open {
		for _, el := range stack {
			e.closed(el, el.tagEnd) // no end tag: the start tag alone
		}
	}
}

// id returns the number of a tag name, and the name as a string; only a
// name not seen before costs an allocation.
func (e *oldElements) id(name []byte) (int, string) {
	if id, ok := e.names[string(name)]; ok {
		return id, e.nameOf[id]
	}
	id := len(e.count)
	s := string(name)
	e.names[s] = id
	e.nameOf = append(e.nameOf, s)
	e.count = append(e.count, 0)
	e.open = append(e.open, nil)
	return id, s
}

// startTag reads a start tag at [start, end) and returns its name.
func (e *oldElements) startTag(z *html.Tokenizer, start, end int) string {
	// Only three attributes matter; a tag that names none of them (most
	// tags) need not have its attributes copied out of the tokenizer.
	raw := z.Raw()
	hasAttr := oldMayHaveAttr(raw)
	rawName := e.tagName(z, raw)
	id, name := e.id(rawName)
	reason := Visible
	hiddenAttr := false
	var classes []string
	for hasAttr {
		var key, val []byte
		key, val, hasAttr = z.TagAttr() // val is entity-decoded, as a browser reads it
		if key == nil {
			break
		}
		switch string(key) {
		case "style":
			reason = StyleTest(string(val))
		case "hidden":
			hiddenAttr = true
		case "class":
			classes = strings.Fields(string(val))
		}
	}
	if reason == Visible && hiddenAttr {
		reason = HiddenAttribute
	}
	switch {
	case e.resolve:
		// The second pass: the oldElements hidden otherwise were found in
		// the first; those hidden by a class are hidden oldElements now
		// that every rule is known.
		if reason == Visible && len(classes) > 0 && e.hiddenByClass(name, classes) {
			reason = HiddenClass
		} else {
			reason = Visible
		}
		classes = nil
	case reason == Visible && len(classes) > 0 && !e.keepClassed():
		classes = nil // let go: the second pass finds it
	}
	// The tokenizer lowercases names and keeps the first of duplicated
	// attributes, as HTML does.
	el := oldOpenElement{name: name, start: start, tagEnd: end, reason: reason, classes: classes}
	if voidElements[name] {
		e.closed(el, end)
		return name
	}
	e.count[id]++
	if reason != Visible && (e.keep.beyond(start) || e.keep.max >= 0 && e.hiddenOpened >= e.keep.max) {
		// FindN keeps as many constructs that start before this one as it
		// keeps (those kept, or the hidden oldElements opened before it, each
		// a construct wherever it ends): the element is one construct
		// more, and need not wait for its end tag.
		e.keep.total++
		return name
	}
	if reason != Visible {
		e.hiddenOpened++
	}
	if reason != Visible || len(classes) > 0 {
		el.depth = e.count[id]
		e.open[id] = append(e.open[id], el)
	}
	return name
}

func (e *oldElements) endTag(z *html.Tokenizer, end int) {
	rawName := e.tagName(z, z.Raw())
	id, ok := e.names[string(rawName)]
	if !ok || e.count[id] == 0 {
		return // an end tag that closes nothing
	}
	depth := e.count[id]
	e.count[id]--
	stack := e.open[id]
	if len(stack) > 0 && stack[len(stack)-1].depth == depth {
		el := stack[len(stack)-1]
		e.open[id] = stack[:len(stack)-1]
		e.closed(el, end)
	}
}

// tagName returns the lowercased name of the current tag token, read from
// its raw text as the tokenizer reads it (up to whitespace, '/' or '>'),
// into a buffer reused from tag to tag; only a name with a NUL byte, which
// the tokenizer rewrites, is asked of the tokenizer.
func (e *oldElements) tagName(z *html.Tokenizer, raw []byte) []byte {
	i := 1 // past '<'
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	j := i
name:
	for ; j < len(raw); j++ {
		switch raw[j] {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			break name
		case 0:
			name, _ := z.TagName()
			return name
		}
	}
	e.nameBuf = append(e.nameBuf[:0], raw[i:j]...)
	for k, c := range e.nameBuf {
		if 'A' <= c && c <= 'Z' {
			e.nameBuf[k] = c + 'a' - 'A'
		}
	}
	return e.nameBuf
}

// oldMayHaveAttr reports whether a raw start tag may carry a style, hidden or
// class attribute: whether it holds one of those words in any case.
func oldMayHaveAttr(raw []byte) bool {
	for i := 0; i+5 <= len(raw); i++ {
		switch raw[i] | 0x20 {
		case 's':
			if oldASCIIFoldEqual(raw[i:i+5], "style") {
				return true
			}
		case 'c':
			if oldASCIIFoldEqual(raw[i:i+5], "class") {
				return true
			}
		case 'h':
			if i+6 <= len(raw) && oldASCIIFoldEqual(raw[i:i+6], "hidden") {
				return true
			}
		}
	}
	return false
}

// oldASCIIFoldEqual reports whether b equals the lowercase ASCII word w,
// ignoring ASCII case.
func oldASCIIFoldEqual(b []byte, w string) bool {
	for i := range len(w) {
		if b[i]|0x20 != w[i] {
			return false
		}
	}
	return true
}

// closed records an element that spans [el.start, end): a hidden one as a
// construct, one with classes as a candidate for the class rules.
func (e *oldElements) closed(el oldOpenElement, end int) {
	// Closed by its end tag, or a start tag alone that opens no raw text:
	// the tokenizer is between tokens in its data state on both sides.
	self := end != el.tagEnd || !rawTextElements[el.name]
	switch {
	case el.reason != Visible:
		e.out = e.keep.add(e.out, Construct{Kind: HiddenElement, Reason: el.reason, Start: el.start, End: end, SelfContained: self})
	case len(el.classes) > 0 && !e.overflow:
		e.candidates = append(e.candidates, oldClassCandidate{start: el.start, end: end, name: el.name, classes: el.classes, selfContained: self})
	}
}

// keepClassed reports whether the first pass keeps one more element with
// classes, open or as a candidate; past maxCandidates it lets them all go.
func (e *oldElements) keepClassed() bool {
	if e.overflow {
		return false
	}
	if e.classed++; e.classed > maxCandidates {
		e.overflow, e.candidates = true, nil
		return false
	}
	return true
}

// hiddenByClass reports whether one of the classes of an element named
// name is hidden by a plain class selector that, if it names a type, names
// the element's.
func (e *oldElements) hiddenByClass(name string, classes []string) bool {
	if len(e.hidden) == 0 {
		return false
	}
	for _, class := range classes {
		if e.hidden[classSelector{class: class}] || e.hidden[classSelector{typ: name, class: class}] {
			return true
		}
	}
	return false
}
