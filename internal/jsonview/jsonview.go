// Package jsonview reads a JSON value as the text its strings make, with
// the way back from every byte of that text to the JSON string it was read
// from. It is how package shield reads a tool definition (an MCP tool, a
// tools/list result, a server's instructions, prompts and resources) as one
// text (issue 27: "scan the whole tool definition as one text … with
// field-aware offsets, so splitting an attack across fields does not evade
// it"): a detector reads [View.Text], where JSON escapes are decoded and the
// fields follow one another, and [View.Span] maps what it found back to the
// content; [View.Pointer] names the field (RFC 6901 JSON Pointer).
//
// # The text
//
// [Parse] accepts one JSON text (RFC 8259, strictly: no comments, no
// trailing commas, no byte order mark) whose value is an object or an
// array, and reads its strings in document order, each decoded (the escapes
// of §7: "\u003c" is "<", a surrogate pair is its character, a lone
// surrogate is U+FFFD as encoding/json reads it), one after another with a
// line feed between two (": " after a member's name, below). The text is
// what the author of the value wrote:
//
//   - every string value, except a short identifier (at most 64 bytes of
//     ASCII letters, digits and _$#./:@+-) given to a member whose name is
//     structure ("type", "format", "required", "$schema", "$ref", "$id",
//     "mimeType", "contentEncoding", "contentMediaType", "protocolVersion",
//     "jsonrpc"): "type": "string" is not text, "type": "string. Before
//     using this tool…" is;
//   - every member name that is not a word of the JSON Schema or MCP
//     vocabulary ("description", "properties", "inputSchema", "enum",
//     "default", "examples", "annotations", "_meta", … see [Vocabulary]):
//     a parameter named "content_from_ssh_key" is text, the member name
//     "description" is not;
//   - empty strings, numbers, true, false and null are not read.
//
// No label is written: a field is a line of the text (a line feed inside a
// string is a line feed of the text too), so a detector reads a
// description and the parameter descriptions that follow it as one text,
// and no word of the view comes from anywhere but the content. The one
// other separator is ": " between a member name that is read and its
// string value ("API_KEY": "…" reads "API_KEY: …", as a configuration
// file or a form would write it, so that a label stays next to its value).
//
// # Offsets
//
// Every byte of a string's text maps to the bytes of the content it was
// decoded from: a plain byte to itself, the bytes of an escaped character
// to its whole escape sequence (six bytes for "\u003c", twelve for a
// surrogate pair). A separator maps to the start of the next string (as a
// span's start) or the end of the one before (as its end). A span of the
// text maps to a span of the content inside the quotes of JSON strings:
// decoding the content bytes of a span that lies in one string gives back
// the text of the span, widened to whole escapes.
//
// # Bounds
//
// Content of at most [MaxBytes] (16 MiB), nested at most [MaxDepth] (64)
// arrays and objects deep, with at most [MaxStrings] (131072) strings read
// and [MaxSegments] (1<<20) plain runs and escapes among them, and
// [MaxNodes] (1<<20) members and elements that are strings or
// containers; beyond any
// bound, or on any syntax error, Parse reports false and the content is
// not a view (the caller reads it as it is). The text is never longer
// than the content: each string loses its two quotes and gains at most a
// separator of one or two bytes, where the content has at least three
// (a quote, a comma or colon, a quote), and no escape decodes to more
// bytes than it has. Parse reads
// the content once, without recursion, in time linear in its length;
// memory is at most the content's length for the text, 24 bytes a string
// read, 16 a run or escape and 16 a member or element, each within its
// bound (so at most about 36 MiB beside the text). Span and Field cost a
// binary search; Pointer builds its pointer, O(depth).
//
// # What it does not claim
//
// The view is a reading of JSON as text, not a JSON Schema or MCP
// validator: a member is read wherever it is, whatever the value claims to
// be. A repeated member name is read twice (both values: readers disagree
// on which one wins). JSON inside another format (a mail, an HTML page, a
// JSON string holding JSON) is not unwrapped. Ill-formed UTF-8 inside a
// string is copied to the text as it is (byte for byte, mapped to itself).
package jsonview

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// The bounds of a view (see the package comment).
const (
	MaxBytes    = 16 << 20
	MaxDepth    = 64
	MaxStrings  = 1 << 17
	MaxSegments = 1 << 20
	MaxNodes    = 1 << 20
)

// Vocabulary is the set of member names that are structure, not text: the
// keywords of JSON Schema 2020-12 (and the older "definitions",
// "example", "nullable") and the member names of MCP's tools, prompts,
// resources, server results and JSON-RPC. A member name outside it is read
// as text.
var Vocabulary = map[string]bool{}

// words holds, for each member name of the vocabulary, its kind: a word
// (not read) and, for the structural ones, whose short identifier values
// are not read either. One look-up a member.
var words = map[string]uint8{}

const (
	word       = 1
	structural = 2
)

// special marks the bytes a string's scan stops at: the quote, the
// backslash and the control characters.
var special [256]bool

func init() {
	for _, w := range strings.Fields(`
		$schema $id $ref $defs $anchor $dynamicRef $dynamicAnchor $vocabulary $comment definitions
		type properties patternProperties additionalProperties propertyNames required items prefixItems
		contains minContains maxContains enum const default examples example title description format
		pattern minimum maximum exclusiveMinimum exclusiveMaximum minLength maxLength minItems maxItems
		uniqueItems minProperties maxProperties multipleOf allOf anyOf oneOf not if then else
		dependentRequired dependentSchemas dependencies contentEncoding contentMediaType contentSchema
		deprecated readOnly writeOnly unevaluatedProperties unevaluatedItems nullable
		name inputSchema outputSchema annotations _meta icons src mimeType sizes theme
		readOnlyHint destructiveHint idempotentHint openWorldHint
		tools nextCursor cursor prompts arguments resources resourceTemplates uri uriTemplate size
		instructions serverInfo capabilities protocolVersion version websiteUrl
		jsonrpc id result method params`) {
		Vocabulary[w] = true
		words[w] = word
	}
	for _, w := range strings.Fields(`type format required $schema $ref $id mimeType contentEncoding
		contentMediaType protocolVersion jsonrpc`) {
		words[w] |= structural
	}
	for c := range 0x20 {
		special[c] = true
	}
	special['"'], special['\\'] = true, true
}

// View is a JSON value read as text (see the package comment).
type View struct {
	// Text is the text of the value's strings, a line feed between two
	// (": " between a member name and its string value).
	Text string

	content string
	pieces  []piece
	segs    []seg
	nodes   []node
}

// piece is one string read into the text.
type piece struct {
	v0, v1 int32 // its bytes in the text
	c0, c1 int32 // the content inside its quotes
	seg    int32 // its first segment
	node   int32 // the member or element it is (for a name: the member)
	name   bool  // a member name
}

// seg is a plain run (vl == cl) or one escape of a string.
type seg struct {
	v, c   int32 // offsets in the text and the content
	vl, cl int32 // lengths
}

// node is a member or an element of a container, for pointers.
type node struct {
	parent int32
	k0, k1 int32 // a member's raw name (inside its quotes); k0 < 0 for an element
	index  int32
}

// Piece is one string of a view: where its text is and where it was read
// from.
type Piece struct {
	// TextStart and TextEnd are its bytes in View.Text.
	TextStart, TextEnd int
	// Start and End are the content bytes inside its quotes.
	Start, End int
	// Name reports a member name (otherwise a string value).
	Name bool
}

// Len is the number of strings read.
func (v *View) Len() int { return len(v.pieces) }

// Piece returns the i-th string read, in document order.
func (v *View) Piece(i int) Piece {
	p := v.pieces[i]
	return Piece{int(p.v0), int(p.v1), int(p.c0), int(p.c1), p.name}
}

// Span maps the bytes [start, end) of v.Text to the bytes of the content
// they were read from (see the package comment). Offsets are clamped to
// the text.
func (v *View) Span(start, end int) (int, int) {
	start = min(max(start, 0), len(v.Text))
	end = min(max(end, start), len(v.Text))
	s := v.mapStart(start)
	if end == start {
		return s, s
	}
	return s, max(s, v.mapEnd(end))
}

// mapStart is the content offset where the text's byte x starts.
func (v *View) mapStart(x int) int {
	// The first segment ending after x.
	i, _ := slices.BinarySearchFunc(v.segs, x, func(s seg, x int) int {
		if int(s.v+s.vl) <= x {
			return -1
		}
		return 1
	})
	if i == len(v.segs) {
		if len(v.segs) == 0 {
			return 0
		}
		l := v.segs[len(v.segs)-1]
		return int(l.c + l.cl)
	}
	s := v.segs[i]
	switch {
	case x <= int(s.v): // at its start, or in the separator before it
		return int(s.c)
	case s.vl == s.cl:
		return int(s.c) + x - int(s.v)
	}
	return int(s.c)
}

// mapEnd is the content offset where the text's bytes before x end.
func (v *View) mapEnd(x int) int {
	// The last segment starting before x.
	i, _ := slices.BinarySearchFunc(v.segs, x, func(s seg, x int) int {
		if int(s.v) < x {
			return -1
		}
		return 1
	})
	if i == 0 {
		if len(v.segs) == 0 {
			return 0
		}
		return int(v.segs[0].c)
	}
	s := v.segs[i-1]
	if s.vl == s.cl && x < int(s.v+s.vl) {
		return int(s.c) + x - int(s.v)
	}
	return int(s.c + s.cl)
}

// Field returns the index of the string read whose JSON text (quotes
// included) holds the content's byte at offset, and false when none does
// (the byte is syntax, or in a string that is not read).
func (v *View) Field(offset int) (int, bool) {
	i, found := slices.BinarySearchFunc(v.pieces, offset, func(p piece, off int) int {
		switch {
		case int(p.c1) < off: // the closing quote is at c1
			return -1
		case int(p.c0)-1 > off:
			return 1
		}
		return 0
	})
	return i, found
}

// Pointer returns the RFC 6901 JSON Pointer of the i-th string read: of
// the value for a string value, of the member for a member name. Names
// are decoded (ill-formed UTF-8 kept as it is) and "~" and "/" escaped as
// "~0" and "~1".
func (v *View) Pointer(i int) string {
	var toks []string
	for n := v.pieces[i].node; n > 0; n = v.nodes[n].parent {
		nd := v.nodes[n]
		if nd.k0 < 0 {
			toks = append(toks, itoa(int(nd.index)))
			continue
		}
		name := v.content[nd.k0:nd.k1]
		if strings.IndexByte(name, '\\') >= 0 {
			name = string(decode(nil, name))
		}
		name = strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
		toks = append(toks, name)
	}
	var b strings.Builder
	for j := len(toks) - 1; j >= 0; j-- {
		b.WriteByte('/')
		b.WriteString(toks[j])
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [12]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// IsJSON reports cheaply whether content may be a view: its first byte
// after JSON whitespace opens an object or an array.
func IsJSON(content string) bool {
	for i := 0; i < len(content); i++ {
		switch content[i] {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', '[':
			return true
		}
		return false
	}
	return false
}

// Parse reads content as a view. It reports false when content is not one
// JSON text whose value is an object or an array, or breaks a bound.
func Parse(content string) (*View, bool) {
	if len(content) > MaxBytes || !IsJSON(content) {
		return nil, false
	}
	v := &View{content: content, nodes: []node{{parent: -1, k0: -1}}}
	p := parser{src: content, v: v}
	if !p.run() {
		return nil, false
	}
	if len(p.buf) > 0 {
		// The text is never longer than the content, so buf never grew
		// and is not written again.
		v.Text = unsafe.String(&p.buf[0], len(p.buf))
	}
	return v, true
}

type frame struct {
	obj   bool
	node  int32 // the container's node
	index int32 // the next element's index
	// structural: an array that is the value of a structural member
	// ("required": [...], "type": ["string", "null"]).
	structural bool
}

type parser struct {
	src   string
	pos   int
	v     *View
	buf   []byte
	stack []frame
	sized bool
}

// size makes room for everything at the first member or element, so that
// content that is not JSON past its first byte (a script's "{ a: 1 }")
// costs nothing, and the slices of JSON never grow: at most one string
// read per two quotes, one segment more per escape, one node per string
// and container, and the text no longer than the content.
func (p *parser) size() {
	p.sized = true
	c := p.src
	nq := strings.Count(c, `"`) / 2
	ne := strings.Count(c, `\`)
	nc := strings.Count(c, "{") + strings.Count(c, "[")
	v := p.v
	v.pieces = make([]piece, 0, min(nq, MaxStrings))
	v.segs = make([]seg, 0, min(nq+ne, MaxSegments))
	v.nodes = append(make([]node, 0, min(1+nq+nc, MaxNodes)), v.nodes...)
	p.buf = make([]byte, 0, len(c))
}

func (p *parser) ws() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// newNode adds a node, or returns -1 past MaxNodes.
func (p *parser) newNode(n node) int32 {
	if !p.sized {
		p.size()
	}
	if len(p.v.nodes) == MaxNodes {
		return -1
	}
	p.v.nodes = append(p.v.nodes, n)
	return int32(len(p.v.nodes) - 1)
}

// run parses the whole text: values and the punctuation between them.
func (p *parser) run() bool {
	p.ws()
	parent := int32(0)
	structuralValue := false
	for {
		// A value, for the member or element whose node is parent.
		p.ws()
		switch c := p.peek(); c {
		case '{', '[':
			if len(p.stack) == MaxDepth {
				return false
			}
			p.pos++
			p.stack = append(p.stack, frame{obj: c == '{', node: parent, structural: c == '[' && structuralValue})
			p.ws()
			if p.peek() == c+2 { // '}' and ']' follow '{' and '[' by two
				p.pos++
				p.stack = p.stack[:len(p.stack)-1]
				break
			}
			var ok bool
			parent, structuralValue, ok = p.next()
			if !ok {
				return false
			}
			continue
		case '"':
			start := p.pos
			if !p.str() {
				return false
			}
			raw := p.src[start+1 : p.pos-1]
			if !(structuralValue && identifier(raw)) && !p.read(start+1, p.pos-1, parent, false) {
				return false
			}
		case 't':
			if !p.lit("true") {
				return false
			}
		case 'f':
			if !p.lit("false") {
				return false
			}
		case 'n':
			if !p.lit("null") {
				return false
			}
		default:
			if !p.num() {
				return false
			}
		}
		// After a value: close containers, or go to the next member or
		// element.
		for {
			if len(p.stack) == 0 {
				p.ws()
				return p.pos == len(p.src)
			}
			p.ws()
			top := &p.stack[len(p.stack)-1]
			closer := byte(']')
			if top.obj {
				closer = '}'
			}
			switch p.peek() {
			case ',':
				p.pos++
				var ok bool
				parent, structuralValue, ok = p.next()
				if !ok {
					return false
				}
			case closer:
				p.pos++
				p.stack = p.stack[:len(p.stack)-1]
				continue
			default:
				return false
			}
			break
		}
	}
}

// next starts the next member or element of the open container: for a
// member, it reads the name and the colon. It returns the node of the
// value to come and whether that value is structure.
func (p *parser) next() (int32, bool, bool) {
	top := &p.stack[len(p.stack)-1]
	p.ws()
	if !top.obj {
		top.index++
		if c := p.peek(); c != '"' && c != '{' && c != '[' {
			return 0, false, true // a number or a literal: nothing to name
		}
		n := p.newNode(node{parent: top.node, k0: -1, index: top.index - 1})
		return n, top.structural, n >= 0
	}
	if p.peek() != '"' {
		return 0, false, false
	}
	start := p.pos
	if !p.str() {
		return 0, false, false
	}
	n := p.newNode(node{parent: top.node, k0: int32(start + 1), k1: int32(p.pos - 1)})
	if n < 0 {
		return 0, false, false
	}
	raw := p.src[start+1 : p.pos-1]
	name := raw
	if strings.IndexByte(raw, '\\') >= 0 {
		name = string(decode(nil, raw))
	}
	kind := words[name]
	if kind&word == 0 && !p.read(start+1, p.pos-1, n, true) {
		return 0, false, false
	}
	p.ws()
	if p.peek() != ':' {
		return 0, false, false
	}
	p.pos++
	return n, kind&structural != 0, true
}

// identifier reports a short token of ASCII letters, digits and _$#./:@+-
// (raw: an escape makes it text).
func identifier(raw string) bool {
	if len(raw) > 64 {
		return false
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_$#./:@+-", c) >= 0) {
			return false
		}
	}
	return true
}

func (p *parser) lit(w string) bool {
	if !strings.HasPrefix(p.src[p.pos:], w) {
		return false
	}
	p.pos += len(w)
	return true
}

// num reads a number (RFC 8259 §6).
func (p *parser) num() bool {
	s, i := p.src, p.pos
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	p.pos = i
	return true
}

// str checks the string literal at p.pos (RFC 8259 §7) and moves past it.
func (p *parser) str() bool {
	s := p.src
	i := p.pos + 1
	for i < len(s) {
		for i < len(s) && !special[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 >= len(s) {
				return false
			}
			switch s[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(s) || !hex4ok(s[i+2:i+6]) {
					return false
				}
				i += 6
			default:
				return false
			}
		default:
			i++
		}
	}
	return false
}

func hex4ok(h string) bool {
	_, ok := hex4(h)
	return ok
}

func hex4(h string) (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		c := h[i]
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// read appends the checked string whose contents are src[c0:c1] to the
// text, with its segments. An empty string is not read.
func (p *parser) read(c0, c1 int, n int32, name bool) bool {
	if c0 == c1 {
		return true
	}
	v := p.v
	if len(v.pieces) == MaxStrings {
		return false
	}
	if last := len(v.pieces) - 1; last >= 0 && !name && v.pieces[last].name && v.pieces[last].node == n {
		// A string value right after its member's name: "name: value".
		p.buf = append(p.buf, ':', ' ')
	} else if len(p.buf) > 0 {
		p.buf = append(p.buf, '\n')
	}
	pc := piece{v0: int32(len(p.buf)), c0: int32(c0), c1: int32(c1), seg: int32(len(v.segs)), node: n, name: name}
	raw := p.src[c0:c1]
	for i := 0; i < len(raw); {
		if len(v.segs) == MaxSegments {
			return false
		}
		j := strings.IndexByte(raw[i:], '\\')
		if j != 0 {
			if j < 0 {
				j = len(raw) - i
			}
			v.segs = append(v.segs, seg{v: int32(len(p.buf)), c: int32(c0 + i), vl: int32(j), cl: int32(j)})
			p.buf = append(p.buf, raw[i:i+j]...)
			i += j
			continue
		}
		vb := len(p.buf)
		var size int
		p.buf, size = unescape(p.buf, raw[i:])
		v.segs = append(v.segs, seg{v: int32(vb), c: int32(c0 + i), vl: int32(len(p.buf) - vb), cl: int32(size)})
		i += size
	}
	pc.v1 = int32(len(p.buf))
	v.pieces = append(v.pieces, pc)
	return true
}

// unescape appends the character of the checked escape at the start of s
// and returns how many bytes of s it took: a \u escape of a high surrogate
// followed by one of a low surrogate is one character, a lone surrogate is
// U+FFFD (as encoding/json reads it).
func unescape(b []byte, s string) ([]byte, int) {
	switch s[1] {
	case 'b':
		return append(b, '\b'), 2
	case 'f':
		return append(b, '\f'), 2
	case 'n':
		return append(b, '\n'), 2
	case 'r':
		return append(b, '\r'), 2
	case 't':
		return append(b, '\t'), 2
	case 'u':
		r, _ := hex4(s[2:6])
		if utf16.IsSurrogate(r) {
			if r < 0xDC00 && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
				if r2, ok := hex4(s[8:12]); ok && 0xDC00 <= r2 && r2 <= 0xDFFF {
					return utf8.AppendRune(b, utf16.DecodeRune(r, r2)), 12
				}
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(b, r), 6
	}
	return append(b, s[1]), 2 // " \ /
}

// decode appends the text of a checked string's contents.
func decode(b []byte, raw string) []byte {
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			b = append(b, raw[i])
			i++
			continue
		}
		var n int
		b, n = unescape(b, raw[i:])
		i += n
	}
	return b
}
