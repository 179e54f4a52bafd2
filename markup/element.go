package markup

import (
	"unicode"
	"unicode/utf8"
)

// voidElements have no end tag (HTML: "void elements").
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
	"param": true, "keygen": true,
}

// openElement is an element whose start tag may hide it, waiting for its
// end tag.
type openElement struct {
	name          string
	id            int32
	start, tagEnd int
	depth         int // how many elements of its name were open, itself included
	reason        Reason
	classes       string // the class attribute's value, naming at least one class; or ""
}

// classCandidate is an element that hides only if one of its classes is
// hidden by a css_hide_rule, which may come later in the text. It names
// its element by number (id): a text may hold maxCandidates of them.
type classCandidate struct {
	start, end    int
	classes       string
	id            int32
	selfContained bool
}

// elements is the state of one pass of the HTML tokenizer over the text.
type elements struct {
	out          []Construct
	keep         *keeper
	hiddenOpened int // hidden elements opened and waiting for their end tags, or closed since
	candidates   []classCandidate
	comments     [][2]int // the comment tokens, as the tokenizer reads them (for Find)
	// The classes that css_hide_rules hide: on any element (a selector
	// without a type, the common case, found with one lookup of the
	// class), and on elements of one type.
	hiddenClass map[string]bool
	hiddenTyped map[classSelector]bool
	sels        []classSelector // scratch space for styleRules
	// Tag names are numbered in order of appearance; tags is indexed by
	// that number.
	names   map[string]int
	tags    []tagName
	styleID int // the number of the name style, or -1
	// opened counts the elements in the tags' open lists. While it is
	// zero, the counts of the names do not matter: a count matters only
	// relative to the depth of an element of its name waiting for its
	// end tag, from when it starts waiting. Then neither end tags nor
	// start tags of elements that will not wait are counted, or their
	// names looked up.
	opened  int
	nameBuf []byte
	cache   [256]nameEntry  // names by their keys (nameKey)
	styles  [64]styleEntry  // style values seen last (styleTest)
	answers [16]classAnswer // classes seen last (hiddenByKnownClass)

	// classed counts the elements with classes kept, open or as
	// candidates, and overflow says that they were more than
	// maxCandidates: then they are let go, and once the hiding class
	// selectors are all known a second pass (resolve) finds the elements
	// they hide, keeping none that they do not.
	classed  int
	overflow bool
	resolve  bool
}

// tagName is a tag name and the elements of that name open now, in one
// place: a tag reads them together.
type tagName struct {
	name  string
	void  bool          // whether the name is of a void element
	count int           // elements of the name open now
	open  []openElement // the ones among them whose start tag may hide them
}

// maxCandidates is how many elements with classes the first pass keeps
// before it lets them go: a text can hold one every few bytes, and each
// costs many times its bytes.
var maxCandidates = 1 << 12 // a variable for the tests

// appendElements finds the css_hide_rule and hidden_element constructs of
// §3 with an HTML tokenizer (so that tags inside comments, <script> or
// <style> are not elements), starting at from, the first '<'.
//
// An element's span runs from its start tag through the matching end tag,
// found by counting the start and end tags of its name: an element is
// "simply nested" (§6) when such an end tag follows. A void element, and an
// element with no matching end tag, spans its start tag alone. A "/>" on a
// non-void element is ignored, as HTML ignores it.
//
// An element hidden by a class rule is known only at the end of the text,
// where the last rule may be. The elements with classes wait for it as
// candidates; when there are too many (maxCandidates), they are let go and,
// if any rule hides a class, a second pass over the text finds the
// elements that the rules hide.
func appendElements(out []Construct, text string, from int, keep *keeper) []Construct {
	e := &elements{out: out, keep: keep, hiddenClass: map[string]bool{}, hiddenTyped: map[classSelector]bool{}, names: map[string]int{}, styleID: -1}
	e.pass(text, from)
	for _, c := range e.candidates {
		if e.hiddenByKnownClass(c.id, c.classes) {
			e.out = e.keep.add(e.out, Construct{Kind: HiddenElement, Reason: HiddenClass, Start: c.start, End: c.end, SelfContained: c.selfContained})
		}
	}
	if e.overflow && e.hides() {
		e.resolve, e.hiddenOpened = true, 0
		for id := range e.tags {
			e.tags[id].count, e.tags[id].open = 0, nil
		}
		e.opened = 0
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
// the rules, the hidden elements and the candidates; the second
// (e.resolve) only the elements hidden by their classes. The only text it
// reads is a stylesheet, the raw text after <style>; the tokenizer passes
// over the other text, before tags (skipText), none of which follows a
// <style>.
func (e *elements) pass(text string, from int) {
	z := tokenizer{s: text, pos: from, skipText: true}
	inStyle := false
	for {
		tt := z.next()
		if tt == errorToken {
			break // the end of the text, or a tag it cuts off
		}
		switch tt {
		case commentToken:
			if !e.resolve && e.keep.max < 0 {
				// Find tells the self-contained comments by them;
				// FindN reports none.
				e.comments = append(e.comments, [2]int{z.start, z.end})
			}
			inStyle = false
		case textToken:
			if inStyle && !e.resolve {
				styleRules(text[z.start:z.end], z.start, &e.sels, func(c Construct, sels []classSelector) {
					c.SelfContained = true // a whole rule, between rules
					e.out = e.keep.add(e.out, c)
					for _, s := range sels {
						if s.typ == "" {
							e.hiddenClass[s.class] = true
						} else {
							e.hiddenTyped[s] = true
						}
					}
				})
			}
			inStyle = false
		case startTagToken, selfClosingTagToken:
			// The text after <style> is its stylesheet; "<style/>" opens
			// one too, as HTML ignores the slash.
			inStyle = e.startTag(&z)
		default:
			inStyle = false
			if tt == endTagToken {
				e.endTag(&z)
			}
		}
	}
	for _, t := range e.tags {
		for _, el := range t.open {
			e.closed(el, el.tagEnd) // no end tag: the start tag alone
		}
	}
}

// rawTextElements are those whose start tag makes the HTML tokenizer read
// what follows as text up to their end tag.
var rawTextElements = map[string]bool{
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true,
	"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true,
}

// nameEntry is a tag name's number, remembered by its raw bytes: their
// first eight as a word (nameKey), their length, and for a longer name
// the bytes themselves.
type nameEntry struct {
	key uint64
	n   int
	raw string
	id  int32
}

// nameKey returns the first eight bytes of a tag name at most, as a
// little-endian word with zeros past the name: a text uses a few names,
// most of them often, and finding the number of a name among the entries
// costs a word's comparison rather than a map lookup. Names are
// remembered as they are spelled, not lowered: a text rarely spells a
// name in more than one way, and another spelling takes an entry of its
// own. The name is s[i:i+n]; it ends at least eight bytes before the end
// of s, or nameKeyAtEnd reads it.
func nameKey(s string, i, n int) uint64 {
	return load64(s, i) & (^uint64(0) >> ((64 - 8*min(n, 8)) & 63))
}

// nameKeyAtEnd is nameKey for a name nearer the end of the text, read a
// byte at a time.
func nameKeyAtEnd(name string) uint64 {
	var key uint64
	for k := min(len(name), 8) - 1; k >= 0; k-- {
		key = key<<8 | uint64(name[k])
	}
	return key
}

// id returns the number of the current tag's name; for a name not seen
// before, a new number when add, or false.
func (e *elements) id(z *tokenizer, add bool) (int, bool) {
	i, n := z.name0, z.name1-z.name0
	var key uint64
	if i+8 <= len(z.s) {
		key = nameKey(z.s, i, n)
	} else {
		key = nameKeyAtEnd(z.s[i:z.name1])
	}
	const golden = 0x9e3779b97f4a7c15 // mixes the key's bytes into the top one
	h := int(key*golden>>56) & (len(e.cache) - 1)
	if c := &e.cache[h]; c.key == key && c.n == n && (n <= 8 || c.raw == z.s[i:z.name1]) {
		return int(c.id), true
	}
	return e.lookUp(z.s[i:z.name1], key, h, add)
}

// lookUp is id for a name not among the entries: it finds the name's
// number, or gives it one when add, and makes it entry h.
func (e *elements) lookUp(raw string, key uint64, h int, add bool) (int, bool) {
	// The name as the tokenizer gives it: lowercased, NUL bytes as
	// U+FFFD.
	b := e.nameBuf[:0]
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == 0:
			b = append(b, "\uFFFD"...)
		default:
			b = append(b, c)
		}
	}
	e.nameBuf = b
	id, ok := e.names[string(b)]
	if !ok {
		if !add {
			return 0, false
		}
		name := string(b)
		id = len(e.tags)
		e.names[name] = id
		e.tags = append(e.tags, tagName{name: name, void: voidElements[name]})
		if name == "style" {
			e.styleID = id
		}
	}
	e.cache[h] = nameEntry{key: key, n: len(raw), raw: raw, id: int32(id)}
	return id, true
}

// startTag reads the start tag the tokenizer is at, and reports whether
// it is named style.
func (e *elements) startTag(z *tokenizer) bool {
	// The tokenizer keeps the first of duplicated attributes, as HTML
	// does, and gives their values entity-decoded, as a browser reads
	// them.
	reason := Visible
	if style, ok := z.styleValue(); ok {
		reason = e.styleTest(style)
	}
	if reason == Visible && z.hidden {
		reason = HiddenAttribute
	}
	classes := ""
	if v, ok := z.classValue(); ok && hasClass(v) {
		classes = v
	}
	if classes == "" && (reason == Visible || e.resolve) && e.opened == 0 {
		// Nothing waits for its end tag, and this element will not: the
		// counts do not matter (see opened), and the name is not looked
		// up. The tokenizer says whether it opens a stylesheet: rawTag is
		// the name lowered.
		return z.rawTag == "style"
	}
	id, _ := e.id(z, true)
	switch {
	case e.resolve:
		// The second pass: the elements hidden otherwise were found in
		// the first; those hidden by a class are hidden elements now
		// that every rule is known.
		if reason == Visible && classes != "" && e.hiddenByKnownClass(int32(id), classes) {
			reason = HiddenClass
		} else {
			reason = Visible
		}
		classes = ""
	case reason == Visible && classes != "" && !e.keepClassed():
		classes = "" // let go: the second pass finds it
	}
	if reason == Visible && classes == "" {
		// Most tags: an element that neither hides nor waits for the
		// class rules is only counted, to match end tags.
		if t := &e.tags[id]; !t.void {
			t.count++
		}
		return id == e.styleID
	}
	start, end := z.start, z.end
	t := &e.tags[id]
	el := openElement{name: t.name, id: int32(id), start: start, tagEnd: end, reason: reason, classes: classes}
	if t.void {
		e.closed(el, end)
		return false
	}
	t.count++
	if reason != Visible && (e.keep.beyond(start) || e.keep.max >= 0 && e.hiddenOpened >= e.keep.max) {
		// FindN keeps as many constructs that start before this one as it
		// keeps (those kept, or the hidden elements opened before it, each
		// a construct wherever it ends): the element is one construct
		// more, and need not wait for its end tag.
		e.keep.total++
		return id == e.styleID
	}
	if reason != Visible {
		e.hiddenOpened++
	}
	if reason != Visible || classes != "" {
		el.depth = t.count
		t.open = append(t.open, el)
		e.opened++
	}
	return id == e.styleID
}

// styleEntry is a style attribute's value and the reason the style test
// gives it.
type styleEntry struct {
	value  string
	reason Reason
}

// styleTest is StyleTest(style), remembered for the values seen last:
// the style attributes of a text repeat a few values (a page's template,
// a mail's inline styles), and comparing one with the value remembered
// costs a fraction of the test.
func (e *elements) styleTest(style string) Reason {
	if style == "" {
		return Visible
	}
	c := &e.styles[shortHash(style)&(len(e.styles)-1)]
	if c.value != style {
		c.value, c.reason = style, StyleTest(style)
	}
	return c.reason
}

// shortHash returns a hash of a short string s, not empty, for a small
// table of them: of its length and three of its bytes, mixed into the
// top bits.
func shortHash(s string) int {
	const golden = 0x9e3779b97f4a7c15
	n := len(s)
	return int((uint64(n) | uint64(s[0])<<16 | uint64(s[n/2])<<24 | uint64(s[n-1])<<32) * golden >> 56)
}

// classAnswer is hiddenByClass's answer for an element by the number of
// its name and its class attribute's value.
type classAnswer struct {
	classes string
	id      int32
	hidden  bool
}

// hiddenByKnownClass is hiddenByClass for the element whose name is
// number id, once every rule is known (after the first pass), remembered
// for the names and classes seen last: a text's elements with classes
// repeat a few of them, and a class is looked up in a map.
func (e *elements) hiddenByKnownClass(id int32, classes string) bool {
	if classes == "" {
		return false
	}
	a := &e.answers[shortHash(classes)&(len(e.answers)-1)]
	if a.classes != classes || a.id != id {
		*a = classAnswer{classes: classes, id: id, hidden: e.hiddenByClass(e.tags[id].name, classes)}
	}
	return a.hidden
}

// endTag reads the end tag the tokenizer is at. While no element waits
// for its end tag (see opened), it can close none, and is passed over.
func (e *elements) endTag(z *tokenizer) {
	if e.opened == 0 {
		return
	}
	id, ok := e.id(z, false)
	if !ok || e.tags[id].count == 0 {
		return // an end tag that closes nothing
	}
	t := &e.tags[id]
	depth := t.count
	t.count--
	if n := len(t.open); n > 0 && t.open[n-1].depth == depth {
		el := t.open[n-1]
		t.open = t.open[:n-1]
		e.opened--
		e.closed(el, z.end)
	}
}

// closed records an element that spans [el.start, end): a hidden one as a
// construct, one with classes as a candidate for the class rules.
func (e *elements) closed(el openElement, end int) {
	// Closed by its end tag, or a start tag alone that opens no raw text:
	// the tokenizer is between tokens in its data state on both sides.
	self := end != el.tagEnd || !rawTextElements[el.name]
	switch {
	case el.reason != Visible:
		e.out = e.keep.add(e.out, Construct{Kind: HiddenElement, Reason: el.reason, Start: el.start, End: end, SelfContained: self})
	case el.classes != "" && !e.overflow:
		if len(e.candidates) == cap(e.candidates) {
			// Doubling: append grows a list this long by a quarter at a
			// time, which allocates five times its size on the way.
			e.candidates = append(make([]classCandidate, 0, max(16, 2*cap(e.candidates))), e.candidates...)
		}
		e.candidates = append(e.candidates, classCandidate{start: el.start, end: end, id: el.id, classes: el.classes, selfContained: self})
	}
}

// keepClassed reports whether the first pass keeps one more element with
// classes, open or as a candidate; past maxCandidates it lets them all go.
func (e *elements) keepClassed() bool {
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
// name (the words of its class attribute, split as strings.Fields splits)
// is hidden by a plain class selector that, if it names a type, names the
// element's.
func (e *elements) hiddenByClass(name string, classes string) bool {
	if !e.hides() {
		return false
	}
	for i := 0; ; {
		start, end := nextClass(classes, i)
		if start == end {
			return false
		}
		class := classes[start:end]
		if e.hiddenClass[class] || len(e.hiddenTyped) > 0 && e.hiddenTyped[classSelector{typ: name, class: class}] {
			return true
		}
		i = end
	}
}

// hides reports whether a css_hide_rule hides some class.
func (e *elements) hides() bool {
	return len(e.hiddenClass) > 0 || len(e.hiddenTyped) > 0
}

// hasClass reports whether a class attribute's value names a class: holds
// a rune other than those unicode.IsSpace reports.
func hasClass(classes string) bool {
	return classStart(classes, 0) < len(classes)
}

// nextClass returns the span [start, end) of the first class name in
// classes at or after i, split as strings.Fields splits (at the runes
// that unicode.IsSpace reports); start == end when there is none.
func nextClass(classes string, i int) (start, end int) {
	start = classStart(classes, i)
	i = start
	for i < len(classes) {
		if c := classes[i]; c < utf8.RuneSelf {
			if asciiSpace[c] {
				break
			}
			i++
		} else if space, n := runeSpaceAt(classes, i); !space {
			i += n
		} else {
			break
		}
	}
	return start, i
}

// classStart returns the index of the first rune of classes at or after i
// that unicode.IsSpace does not report, or len(classes). An ASCII byte is
// looked up, as strings.Fields looks it up, rather than asked of
// unicode.IsSpace.
func classStart(classes string, i int) int {
	for i < len(classes) {
		if c := classes[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				return i
			}
			i++
		} else if space, n := runeSpaceAt(classes, i); space {
			i += n
		} else {
			return i
		}
	}
	return i
}

// runeSpaceAt reports whether the rune at s[i], outside ASCII, is one that
// unicode.IsSpace reports, and its length.
func runeSpaceAt(s string, i int) (space bool, n int) {
	r, n := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r), n
}

// asciiSpace holds the ASCII bytes that unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
