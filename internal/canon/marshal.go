package canon

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"sync"
	"unicode/utf8"
)

// Marshal writes the canonical form of v: the bytes JavaScript's
// JSON.stringify writes for v with its object keys in order, as UTF-8 (a
// lone surrogate is escaped, so the output is always well-formed UTF-8).
// There is no whitespace; strings escape `"`, `\`, \b, \f, \n, \r, \t, the
// other controls and lone surrogates as \u with lowercase hex, and nothing
// else (not U+2028, not "<"); numbers are written as ECMAScript's
// Number::toString writes them ("-0" as 0, 1e21 as 1e+21, 1e-7 as 1e-7).
//
// Marshal checks v against lim, and checks what Parse and FromGo guarantee
// but a hand-built Value may lack: every number finite (ErrInvalidNumber),
// every string WTF-8 (ErrInvalidUTF8). Of repeated keys in an object, the
// last member is written. Marshal panics if order is not SortedUTF16 or
// JSObject.
func Marshal(v Value, order Order, lim Limits) ([]byte, error) {
	w := workPool.Get().(*work)
	defer w.put()
	buf, err := w.marshal(w.buf[:0], &v, order, lim)
	if err != nil {
		return nil, err
	}
	w.buf = buf[:0]
	return bytes.Clone(buf), nil
}

// Canonicalize appends to dst the canonical form of the JSON text data, as
// Marshal(Parse(data, parseLim), order, lim) would write it, and returns the
// extended buffer. The parsed value is not kept, so its memory is reused by
// the next call: apart from dst's growth, Canonicalize allocates only for
// strings with escapes, on error, and for documents larger than its pools.
// data must not change during the call.
func Canonicalize(dst, data []byte, order Order, parseLim, lim Limits) ([]byte, error) {
	p := newScratchParser(data, parseLim)
	v, err := p.run()
	if err == nil && parseLim.RequireObject && v.Kind != KindObject {
		err = &Error{Err: ErrNotObject, Path: "$", Offset: 0}
	}
	if err == nil {
		w := workPool.Get().(*work)
		dst, err = w.marshal(dst, &v, order, lim)
		w.put()
	}
	p.release()
	return dst, err
}

// marshal appends the canonical form of v to dst; on error it returns dst
// unchanged.
func (w *work) marshal(dst []byte, v *Value, order Order, lim Limits) ([]byte, error) {
	e := encoder{lim: lim, maxDepth: lim.maxDepth(), scratch: w.scratch[:0]}
	switch order {
	case SortedUTF16:
	case JSObject:
		e.js = true
	default:
		panic("canon: Marshal with invalid order " + order.String())
	}
	if lim.RequireObject && v.Kind != KindObject {
		return dst, &Error{Err: ErrNotObject, Path: "$", Offset: -1}
	}
	start := len(dst)
	buf, err := e.value(dst, v, 0)
	w.scratch = e.scratch[:0]
	if err != nil {
		return buf[:start], err.finish()
	}
	if lim.MaxBytes > 0 && len(buf)-start > lim.MaxBytes {
		return buf[:start], &Error{Err: ErrTooLarge, Path: "$", Offset: -1}
	}
	return buf, nil
}

// work is Marshal's working memory, reused across calls: the output is
// built in buf and copied out at its final length.
type work struct {
	buf     []byte
	scratch []*Member
}

var workPool = sync.Pool{New: func() any {
	return &work{buf: make([]byte, 0, 1024), scratch: make([]*Member, 0, 32)}
}}

// maxPooledBuf bounds the output buffer kept for reuse.
const maxPooledBuf = 64 << 10

func (w *work) put() {
	clear(w.scratch[:cap(w.scratch)]) // drop references for the collector
	if cap(w.buf) > maxPooledBuf || cap(w.scratch) > maxPooled {
		return
	}
	workPool.Put(w)
}

// walkError is an error found during a recursive walk; its path is collected
// leaf first as the walk unwinds.
type walkError struct {
	err   error
	cause error
	segs  []segment
}

func (w *walkError) at(s segment) *walkError {
	w.segs = append(w.segs, s)
	return w
}

func (w *walkError) finish() *Error {
	slices.Reverse(w.segs)
	return &Error{Err: w.err, Path: formatPath(w.segs), Offset: -1, Cause: w.cause}
}

type encoder struct {
	lim      Limits
	maxDepth int
	entries  int
	js       bool      // the order is JSObject, else SortedUTF16
	scratch  []*Member // the members of the objects being written
}

func (e *encoder) value(buf []byte, v *Value, depth int) ([]byte, *walkError) {
	if depth > e.maxDepth {
		return buf, &walkError{err: ErrTooDeep}
	}
	switch v.Kind {
	case KindNull:
		return append(buf, "null"...), nil
	case KindBool:
		if v.Bool {
			return append(buf, "true"...), nil
		}
		return append(buf, "false"...), nil
	case KindNumber:
		if math.IsInf(v.Num, 0) || math.IsNaN(v.Num) {
			return buf, &walkError{err: ErrInvalidNumber}
		}
		return appendNumber(buf, v.Num), nil
	case KindString:
		buf, err := appendString(buf, v.Str)
		if err != nil {
			return buf, &walkError{err: err}
		}
		return buf, nil
	case KindArray:
		if e.lim.MaxArrayLen > 0 && len(v.Elems) > e.lim.MaxArrayLen {
			return buf, &walkError{err: ErrArrayTooLarge}
		}
		buf = append(buf, '[')
		for i := range v.Elems {
			if e.entries++; e.lim.MaxEntries > 0 && e.entries > e.lim.MaxEntries {
				return buf, (&walkError{err: ErrTooComplex}).at(segment{index: i})
			}
			if i > 0 {
				buf = append(buf, ',')
			}
			var err *walkError
			if buf, err = e.value(buf, &v.Elems[i], depth+1); err != nil {
				return buf, err.at(segment{index: i})
			}
		}
		return append(buf, ']'), nil
	case KindObject:
		return e.object(buf, v, depth)
	}
	return buf, &walkError{err: ErrUnsupported}
}

func (e *encoder) object(buf []byte, v *Value, depth int) ([]byte, *walkError) {
	base := len(e.scratch)
	for i := range v.Members {
		e.scratch = append(e.scratch, &v.Members[i])
	}
	defer func() { e.scratch = e.scratch[:base] }()
	ms := e.scratch[base:]
	if e.js && slices.ContainsFunc(v.Members, isIndexMember) {
		sortMembers(ms, compareJS)
	} else {
		// Without array-index keys, compareJS is compareUTF16.
		sortMembers(ms, compareUTF16)
	}
	buf = append(buf, '{')
	first := true
	for i := range ms {
		// e.scratch may move as nested objects use it; index it afresh.
		m := e.scratch[base+i]
		if i+1 < len(ms) && e.scratch[base+i+1].Key == m.Key {
			continue // a later member has the same key
		}
		seg := segment{key: true, name: m.Key}
		if e.lim.RejectUnsafeKeys && unsafeKey(m.Key) {
			return buf, (&walkError{err: ErrUnsafeKey}).at(seg)
		}
		if e.entries++; e.lim.MaxEntries > 0 && e.entries > e.lim.MaxEntries {
			return buf, (&walkError{err: ErrTooComplex}).at(seg)
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		var err error
		if buf, err = appendString(buf, m.Key); err != nil {
			return buf, (&walkError{err: err}).at(seg)
		}
		buf = append(buf, ':')
		var werr *walkError
		if buf, werr = e.value(buf, &m.Value, depth+1); werr != nil {
			return buf, werr.at(seg)
		}
	}
	return append(buf, '}'), nil
}

// compareJS orders keys as JavaScript orders the properties of an object:
// array indexes first, by value, then the rest by UTF-16 code units. (The
// rest would be in insertion order; inserting them sorted makes it this.)
func compareJS(a, b string) int {
	ia, aok := arrayIndex(a)
	ib, bok := arrayIndex(b)
	switch {
	case aok && bok:
		return cmp.Compare(ia, ib)
	case aok:
		return -1
	case bok:
		return 1
	}
	return compareUTF16(a, b)
}

// sortMembers sorts ms stably by key: an insertion sort for the small
// objects that are most of them.
func sortMembers(ms []*Member, compare func(a, b string) int) {
	if len(ms) > 12 {
		byKey := func(a, b *Member) int { return compare(a.Key, b.Key) }
		if !slices.IsSortedFunc(ms, byKey) {
			slices.SortStableFunc(ms, byKey)
		}
		return
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && compare(ms[j].Key, ms[j-1].Key) < 0; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

func isIndexMember(m Member) bool {
	_, ok := arrayIndex(m.Key)
	return ok
}

// arrayIndex reports whether k is an array index (ECMAScript §6.1.7: a
// canonical numeric string of an integer 0 … 2³²−2) and its value.
func arrayIndex(k string) (uint32, bool) {
	if len(k) == 0 || len(k) > 10 || (k[0] == '0' && len(k) > 1) {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	if n > math.MaxUint32-1 {
		return 0, false
	}
	return uint32(n), true
}

// compareUTF16 compares two WTF-8 strings by their UTF-16 code units, the
// order of JavaScript's default sort. UTF-8 byte order is code point order,
// which agrees with it except where an astral character (a surrogate pair
// in UTF-16) meets U+E000–U+FFFF or a lone surrogate.
func compareUTF16(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	if a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
		return cmp.Compare(a[i], b[i])
	}
	// Back up to the start of the code point that differs: the common
	// prefix ends with the same code points in both strings.
	for i > 0 && a[i]&0xC0 == 0x80 {
		i--
	}
	ra, rb := unitReader{s: a[i:]}, unitReader{s: b[i:]}
	for {
		ua, oka := ra.next()
		ub, okb := rb.next()
		switch {
		case !oka || !okb:
			return cmp.Compare(btoi(oka), btoi(okb))
		case ua != ub:
			return cmp.Compare(ua, ub)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unitReader reads the UTF-16 code units of a WTF-8 string.
type unitReader struct {
	s       string
	low     uint16 // second unit of a pair, when pending
	pending bool
}

func (r *unitReader) next() (uint16, bool) {
	if r.pending {
		r.pending = false
		return r.low, true
	}
	if len(r.s) == 0 {
		return 0, false
	}
	var u [2]uint16
	n, size := units(r.s, &u)
	r.s = r.s[size:]
	if n == 2 {
		r.low, r.pending = u[1], true
	}
	return u[0], true
}

// units decodes the first code point of the non-empty WTF-8 string s into
// UTF-16 code units; it returns their count and the code point's length in
// bytes. Ill-formed bytes count as one unit each (Marshal rejects them).
func units(s string, u *[2]uint16) (n, size int) {
	c := s[0]
	if c < utf8.RuneSelf {
		u[0] = uint16(c)
		return 1, 1
	}
	if c == 0xED && len(s) >= 3 && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80 {
		u[0] = 0xD000 | uint16(s[1]&0x3F)<<6 | uint16(s[2]&0x3F)
		return 1, 3
	}
	r, size := utf8.DecodeRuneInString(s)
	if r >= 0x10000 {
		r -= 0x10000
		u[0], u[1] = 0xD800+uint16(r>>10), 0xDC00+uint16(r&0x3FF)
		return 2, size
	}
	u[0] = uint16(r)
	if r == utf8.RuneError && size == 1 {
		u[0] = 0xFFFF
	}
	return 1, size
}

// CompareUTF16 compares two WTF-8 strings by their UTF-16 code units, the
// order of JavaScript's default Array.prototype.sort and of SortedUTF16.
func CompareUTF16(a, b string) int { return compareUTF16(a, b) }
