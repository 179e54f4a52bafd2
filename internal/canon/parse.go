package canon

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Parse reads one JSON text (RFC 8259) the way JavaScript's JSON.parse reads
// it, and checks it against lim:
//
//   - a number becomes the double nearest its literal, as in JavaScript;
//     "-0" is negative zero, and a literal beyond the largest double (1e400)
//     is ErrInvalidNumber rather than JavaScript's Infinity, which no
//     canonical form can carry;
//   - a key given twice keeps the position of its first occurrence and the
//     value of its last, as JSON.parse's object does;
//   - the \u escape of a lone surrogate gives a lone surrogate, and the
//     escapes of a surrogate pair give its astral character (see the
//     package comment for how strings hold them);
//   - data must be well-formed UTF-8 (ErrInvalidUTF8), with no byte order
//     mark; whitespace is space, tab, LF and CR only.
//
// Parse does not recurse: its memory is bounded by the input and the depth
// by lim (DefaultMaxDepth when lim.MaxDepth is zero), and its time is linear
// in the input.
func Parse(data []byte, lim Limits) (Value, error) {
	p := newParser(data, lim)
	v, err := p.run()
	p.release()
	if err != nil {
		return Value{}, err
	}
	if lim.RequireObject && v.Kind != KindObject {
		return Value{}, &Error{Err: ErrNotObject, Path: "$", Offset: 0}
	}
	return v, nil
}

func newParser(data []byte, lim Limits) parser {
	st := stackPool.Get().(*stacks)
	return parser{
		data:     data,
		src:      string(data),
		lim:      lim,
		maxDepth: lim.maxDepth(),
		stacks:   st,
		frames:   st.frames[:0],
		vals:     st.vals[:0],
		mems:     st.mems[:0],
		valNext:  8,
	}
}

// newScratchParser is newParser for a value that is dropped before data
// changes and before release: its strings share data's memory instead of a
// copy of it, and its slabs come from the pool and go back to it.
func newScratchParser(data []byte, lim Limits) parser {
	p := newParser(nil, lim)
	p.data = data
	p.src = unsafe.String(unsafe.SliceData(data), len(data))
	p.scratch = true
	p.valSlab, p.memSlab = p.stacks.valSlab[:0], p.stacks.memSlab[:0]
	return p
}

// stacks are the parser's working stacks, reused across parses: they hold
// only the pending children of open containers, which are copied into the
// slabs as each container closes.
type stacks struct {
	frames []frame
	vals   []Value
	mems   []Member
	// The slabs of a scratch parse (see newScratchParser).
	valSlab []Value
	memSlab []Member
}

var stackPool = sync.Pool{New: func() any {
	return &stacks{
		frames: make([]frame, 0, 16),
		vals:   make([]Value, 0, 32),
		mems:   make([]Member, 0, 32),
	}
}}

// maxPooled bounds the stacks kept for reuse, so that one large document
// does not pin its memory.
const maxPooled = 1024

// maxPooledSlab bounds the slabs kept for reuse by scratch parses.
const maxPooledSlab = 4096

// release returns the stacks to the pool, cleared of references. The parser
// must not read or grow them afterwards.
func (p *parser) release() {
	st := p.stacks
	if st == nil {
		return
	}
	p.stacks = nil
	// Drop references for the collector: closed containers leave their
	// children in vals and mems up to the high-water marks, and popped
	// frames keep their keys and indexes.
	clear(p.frames[:cap(p.frames)])
	clear(p.vals[:max(len(p.vals), p.valsHigh)])
	clear(p.mems[:max(len(p.mems), p.memsHigh)])
	if p.scratch {
		// The value is gone: the slabs in use (the last of each kind, if a
		// parse needed more) are kept for the next scratch parse.
		clear(p.valSlab)
		clear(p.memSlab)
		if cap(p.valSlab) <= maxPooledSlab && cap(p.memSlab) <= maxPooledSlab {
			st.valSlab, st.memSlab = p.valSlab[:0], p.memSlab[:0]
		}
		p.valSlab, p.memSlab = nil, nil
	}
	if cap(p.frames) > maxPooled || cap(p.vals) > maxPooled || cap(p.mems) > maxPooled {
		return
	}
	st.frames, st.vals, st.mems = p.frames[:0], p.vals[:0], p.mems[:0]
	p.frames, p.vals, p.mems = nil, nil, nil
	stackPool.Put(st)
}

// frame is an open array or object.
type frame struct {
	obj   bool
	start int // index of the first child in parser.vals or parser.mems
	// For an object: the key of the member being read, and its position in
	// parser.mems if the key was seen before, else -1.
	key     string
	dup     int
	haveKey bool
	// index maps keys to positions in parser.mems once the object is large,
	// so that looking up repeated keys stays linear overall.
	index map[string]int
}

// indexFrom is the member count at which an object gets a key index;
// below it a linear search for a repeated key costs less than a map.
const indexFrom = 64

type parser struct {
	data []byte
	// src is data as a string: strings without escapes are slices of it,
	// which costs one copy of the input in all rather than one per string.
	src      string
	pos      int
	lim      Limits
	maxDepth int
	depth0   int // depth of the root (non-zero inside FromGo)
	entries  int
	errSegs  []segment // path of the error, once there is one

	frames []frame
	vals   []Value  // elements of the open arrays
	mems   []Member // members of the open objects
	// The closed containers' elements and members are carved from these,
	// a few allocations per document rather than one per container.
	valSlab []Value
	memSlab []Member
	valNext int // the size of the next valSlab, growing geometrically
	// memCounted records that the input was counted for the first memSlab.
	memCounted bool
	// scratch marks a parse whose value is dropped at release (see
	// newScratchParser).
	scratch bool

	stacks *stacks // where frames, vals and mems came from (nil once released)
	// The longest vals and mems have been: beyond their lengths, they hold
	// stale children up to these.
	valsHigh, memsHigh int
}

// maxValSlab bounds the geometric growth of valSlab sizes.
const maxValSlab = 1024

func (p *parser) fail(err error, at int) *Error {
	var segs []segment
	for i := range p.frames {
		f := &p.frames[i]
		if f.obj {
			if !f.haveKey {
				break
			}
			segs = append(segs, segment{key: true, name: f.key})
		} else {
			segs = append(segs, segment{index: p.childCount(i)})
		}
	}
	p.errSegs = segs
	return &Error{Err: err, Path: formatPath(segs), Offset: at}
}

// childCount is the number of elements read so far by array frame i.
func (p *parser) childCount(i int) int {
	end := len(p.vals)
	if i+1 < len(p.frames) {
		// A deeper array frame starts where this one's pending elements end;
		// deeper object frames do not use vals.
		for j := i + 1; j < len(p.frames); j++ {
			if !p.frames[j].obj {
				end = p.frames[j].start
				break
			}
		}
	}
	return end - p.frames[i].start
}

func (p *parser) skipWS() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// run reads the text: a loop over an explicit stack of open containers.
func (p *parser) run() (Value, error) {
	var v Value
	for {
		// Read the start of a value.
		p.skipWS()
		if p.pos >= len(p.data) {
			return Value{}, p.fail(ErrSyntax, p.pos)
		}
		if p.depth0+len(p.frames) > p.maxDepth {
			return Value{}, p.fail(ErrTooDeep, p.pos)
		}
		switch c := p.data[p.pos]; c {
		case '{':
			p.pos++
			p.frames = append(p.frames, frame{obj: true, start: len(p.mems)})
			p.skipWS()
			if p.pos < len(p.data) && p.data[p.pos] == '}' {
				p.pos++
				v = p.closeObject()
				break
			}
			if err := p.readKey(); err != nil {
				return Value{}, err
			}
			continue
		case '[':
			p.pos++
			p.frames = append(p.frames, frame{start: len(p.vals)})
			p.skipWS()
			if p.pos < len(p.data) && p.data[p.pos] == ']' {
				p.pos++
				v = p.closeArray()
				break
			}
			if err := p.beginElement(); err != nil {
				return Value{}, err
			}
			continue
		case '"':
			s, err := p.readString()
			if err != nil {
				return Value{}, err
			}
			v = Value{Kind: KindString, Str: s}
		case 't':
			if err := p.literal("true"); err != nil {
				return Value{}, err
			}
			v = Value{Kind: KindBool, Bool: true}
		case 'f':
			if err := p.literal("false"); err != nil {
				return Value{}, err
			}
			v = Value{Kind: KindBool}
		case 'n':
			if err := p.literal("null"); err != nil {
				return Value{}, err
			}
			v = Value{}
		default:
			f, err := p.readNumber()
			if err != nil {
				return Value{}, err
			}
			v = Value{Kind: KindNumber, Num: f}
		}

		// Hand the complete value v to the open containers, closing those
		// that end after it, until one expects another value.
	attach:
		for {
			if len(p.frames) == 0 {
				p.skipWS()
				if p.pos != len(p.data) {
					return Value{}, p.fail(ErrSyntax, p.pos)
				}
				return v, nil
			}
			f := &p.frames[len(p.frames)-1]
			if f.obj {
				p.addMember(f, v)
			} else {
				p.vals = append(p.vals, v)
			}
			p.skipWS()
			if p.pos >= len(p.data) {
				return Value{}, p.fail(ErrSyntax, p.pos)
			}
			c := p.data[p.pos]
			switch {
			case c == ',' && f.obj:
				p.pos++
				p.skipWS()
				if err := p.readKey(); err != nil {
					return Value{}, err
				}
				break attach
			case c == ',':
				p.pos++
				if err := p.beginElement(); err != nil {
					return Value{}, err
				}
				break attach
			case c == '}' && f.obj:
				p.pos++
				v = p.closeObject()
			case c == ']' && !f.obj:
				p.pos++
				v = p.closeArray()
			default:
				return Value{}, p.fail(ErrSyntax, p.pos)
			}
		}
	}
}

// beginElement counts the next element of the innermost (array) frame.
func (p *parser) beginElement() error {
	f := &p.frames[len(p.frames)-1]
	if p.lim.MaxArrayLen > 0 && len(p.vals)-f.start >= p.lim.MaxArrayLen {
		return p.fail(ErrArrayTooLarge, p.pos)
	}
	p.entries++
	if p.lim.MaxEntries > 0 && p.entries > p.lim.MaxEntries {
		return p.fail(ErrTooComplex, p.pos)
	}
	return nil
}

// readKey reads `"key" :` into the innermost (object) frame and counts the
// key if it is new.
func (p *parser) readKey() error {
	f := &p.frames[len(p.frames)-1]
	f.haveKey = false
	at := p.pos
	if p.pos >= len(p.data) || p.data[p.pos] != '"' {
		return p.fail(ErrSyntax, p.pos)
	}
	k, err := p.readString()
	if err != nil {
		return err
	}
	f.key, f.dup, f.haveKey = k, p.lookup(f, k), true
	if p.lim.RejectUnsafeKeys && unsafeKey(k) {
		return p.fail(ErrUnsafeKey, at)
	}
	if f.dup < 0 {
		p.entries++
		if p.lim.MaxEntries > 0 && p.entries > p.lim.MaxEntries {
			return p.fail(ErrTooComplex, at)
		}
	}
	p.skipWS()
	if p.pos >= len(p.data) || p.data[p.pos] != ':' {
		return p.fail(ErrSyntax, p.pos)
	}
	p.pos++
	return nil
}

func (p *parser) lookup(f *frame, k string) int {
	if f.index != nil {
		if i, ok := f.index[k]; ok {
			return i
		}
		return -1
	}
	if len(k) == 0 {
		for i := f.start; i < len(p.mems); i++ {
			if len(p.mems[i].Key) == 0 {
				return i
			}
		}
		return -1
	}
	// Keys of one object often share a prefix ("line_01", "line_02"):
	// check the length and last byte before comparing the whole.
	last := k[len(k)-1]
	for i := f.start; i < len(p.mems); i++ {
		mk := p.mems[i].Key
		if len(mk) == len(k) && mk[len(mk)-1] == last && mk == k {
			return i
		}
	}
	return -1
}

// addMember stores v under the frame's key: a repeated key keeps its first
// position and takes the new value, as JSON.parse's CreateDataProperty does.
func (p *parser) addMember(f *frame, v Value) {
	if f.dup >= 0 {
		p.mems[f.dup].Value = v
		return
	}
	p.mems = append(p.mems, Member{Key: f.key, Value: v})
	n := len(p.mems) - f.start
	switch {
	case f.index != nil:
		f.index[f.key] = len(p.mems) - 1
	case n >= indexFrom:
		f.index = make(map[string]int, 2*n)
		for i := f.start; i < len(p.mems); i++ {
			f.index[p.mems[i].Key] = i
		}
	}
}

func (p *parser) closeObject() Value {
	f := &p.frames[len(p.frames)-1]
	var ms []Member
	if n := len(p.mems) - f.start; n > 0 {
		if cap(p.memSlab)-len(p.memSlab) < n {
			p.memSlab = make([]Member, 0, p.memSlabSize(n))
		}
		ms = p.memSlab[len(p.memSlab) : len(p.memSlab)+n : len(p.memSlab)+n]
		p.memSlab = p.memSlab[:len(p.memSlab)+n]
		copy(ms, p.mems[f.start:])
	}
	clear(p.mems[f.start:]) // drop references for the collector
	p.mems = p.mems[:f.start]
	p.frames = p.frames[:len(p.frames)-1]
	return Value{Kind: KindObject, Members: ms}
}

// memSlabSize is the size of a fresh memSlab that must take n members now.
// The first one is made large enough for every member still to close, so
// that a document usually needs one: the members pending in open objects,
// one per open object whose current member's value is being read, and at
// most one per ':' left in the input (and at most one per four bytes of it:
// `"":0`). Every slab is bounded by maxMemSlab (and by Limits.MaxEntries),
// so that hostile input cannot make one allocation out of proportion; the
// input is counted once, and later slabs grow by doubling.
func (p *parser) memSlabSize(n int) int {
	size := 2 * cap(p.memSlab)
	if !p.memCounted {
		p.memCounted = true
		rest := p.data[p.pos:]
		size = len(p.mems) + len(p.frames) + min(bytes.Count(rest, colon), len(rest)/4+1)
	}
	size = min(size, maxMemSlab)
	if p.lim.MaxEntries > 0 {
		size = min(size, p.lim.MaxEntries+1)
	}
	return max(n, size)
}

// maxMemSlab bounds the size of one memSlab: 16,384 members, 1.5 MiB.
const maxMemSlab = 1 << 14

var colon = []byte{':'}

func (p *parser) closeArray() Value {
	f := &p.frames[len(p.frames)-1]
	var es []Value
	if n := len(p.vals) - f.start; n > 0 {
		if cap(p.valSlab)-len(p.valSlab) < n {
			p.valSlab = make([]Value, 0, max(n, p.valNext))
			p.valNext = min(2*p.valNext, maxValSlab)
		}
		es = p.valSlab[len(p.valSlab) : len(p.valSlab)+n : len(p.valSlab)+n]
		p.valSlab = p.valSlab[:len(p.valSlab)+n]
		copy(es, p.vals[f.start:])
	}
	clear(p.vals[f.start:])
	p.vals = p.vals[:f.start]
	p.frames = p.frames[:len(p.frames)-1]
	return Value{Kind: KindArray, Elems: es}
}

func (p *parser) literal(word string) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.fail(ErrSyntax, p.pos)
	}
	p.pos += len(word)
	return nil
}

// readNumber reads a number with the grammar of RFC 8259 §6:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *parser) readNumber() (float64, error) {
	d := p.data
	start, i := p.pos, p.pos
	neg := false
	if i < len(d) && d[i] == '-' {
		neg = true
		i++
	}
	digits := i
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && '1' <= d[i] && d[i] <= '9':
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	default:
		return 0, p.fail(ErrSyntax, i)
	}
	intEnd := i
	simple := true
	if i < len(d) && d[i] == '.' {
		simple = false
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return 0, p.fail(ErrSyntax, i)
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		simple = false
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return 0, p.fail(ErrSyntax, i)
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	p.pos = i
	// Integers of up to 15 digits are exact in a double.
	if simple && intEnd-digits <= 15 {
		var n uint64
		for _, c := range d[digits:intEnd] {
			n = n*10 + uint64(c-'0')
		}
		f := float64(n)
		if neg {
			f = -f
		}
		return f, nil
	}
	f, err := strconv.ParseFloat(string(d[start:i]), 64)
	if err != nil || math.IsInf(f, 0) {
		// The grammar was checked above, so this is a literal beyond the
		// largest double (JSON.parse would give ±Infinity).
		return 0, p.fail(ErrInvalidNumber, start)
	}
	return f, nil
}

// readString reads a string literal at p.pos into WTF-8.
func (p *parser) readString() (string, error) {
	d := p.data
	start := p.pos + 1
	i := start
	for i < len(d) {
		// Eight bytes at a time while they are plain ASCII: no quote,
		// no backslash, no control character (issue 33, item 5: a 16
		// KiB text is one string of a scan request's body).
		for i+8 <= len(d) && plain8(binary.LittleEndian.Uint64(d[i:])) {
			i += 8
		}
		if i >= len(d) {
			break
		}
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return p.src[start:i], nil
		case c == '\\':
			return p.readEscaped(start, i)
		case c < 0x20:
			return "", p.fail(ErrSyntax, i)
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail(ErrInvalidUTF8, i)
			}
			i += size
		}
	}
	return "", p.fail(ErrSyntax, i)
}

// plain8 reports whether the eight bytes of x are ASCII, none of them a
// quote, a backslash or a control character below 0x20: bytes readString
// passes over. (The tests of a zero byte and of a byte below 0x20 are
// exact when no byte has its top bit set.)
func plain8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) bool { return (v-ones)&^v&highs != 0 }
	return x&highs == 0 && (x-0x20*ones)&^x&highs == 0 && !zero(x^'"'*ones) && !zero(x^'\\'*ones)
}

// readEscaped finishes a string that has an escape at i.
func (p *parser) readEscaped(start, i int) (string, error) {
	d := p.data
	buf := make([]byte, 0, i-start+16)
	buf = append(buf, d[start:i]...)
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return string(buf), nil
		case c == '\\':
			if i+1 >= len(d) {
				return "", p.fail(ErrSyntax, i)
			}
			i += 2
			switch d[i-1] {
			case '"', '\\', '/':
				buf = append(buf, d[i-1])
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				u, ok := hex4(d[i:])
				if !ok {
					return "", p.fail(ErrSyntax, i-2)
				}
				i += 4
				// A high surrogate escape directly followed by a low one is
				// the pair's astral character; any other surrogate is lone.
				if 0xD800 <= u && u < 0xDC00 && len(d)-i >= 6 && d[i] == '\\' && d[i+1] == 'u' {
					if lo, ok := hex4(d[i+2:]); ok && 0xDC00 <= lo && lo < 0xE000 {
						buf = utf8.AppendRune(buf, 0x10000+(rune(u)-0xD800)<<10+(rune(lo)-0xDC00))
						i += 6
						continue
					}
				}
				buf = appendWTF8(buf, u)
			default:
				return "", p.fail(ErrSyntax, i-2)
			}
		case c < 0x20:
			return "", p.fail(ErrSyntax, i)
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail(ErrInvalidUTF8, i)
			}
			buf = append(buf, d[i:i+size]...)
			i += size
		}
	}
	return "", p.fail(ErrSyntax, i)
}

func hex4(b []byte) (uint16, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var u uint16
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		u = u<<4 | uint16(c)
	}
	return u, true
}

// appendWTF8 appends the code unit u as WTF-8: UTF-8, with a surrogate in
// the three-byte pattern.
func appendWTF8(b []byte, u uint16) []byte {
	if u < 0xD800 || u >= 0xE000 {
		return utf8.AppendRune(b, rune(u))
	}
	return append(b, 0xE0|byte(u>>12), 0x80|byte(u>>6)&0x3F, 0x80|byte(u)&0x3F)
}
