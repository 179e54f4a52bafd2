package canon

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
)

// FromGo converts a Go value to a Value, checking it against lim:
//
//   - nil, a nil pointer, map or slice, and a nil json.Marshaler: null;
//   - bool; string (read as WTF-8, see the package comment, so a lone
//     surrogate may be written as its three bytes; anything else that is
//     not UTF-8 is ErrInvalidUTF8);
//   - float64, float32, the int and uint types, converted to the nearest
//     double as JavaScript's Number() converts them; NaN and ±Inf are
//     ErrInvalidNumber;
//   - json.Number, read as a JSON number literal;
//   - a json.Marshaler (json.RawMessage, time.Time, …): its output read by
//     Parse, so an escaped lone surrogate in it stays lone;
//   - a map with string keys (map[string]any, …), a slice or array other
//     than []byte, and a pointer, followed; a map or slice that contains
//     itself is ErrCyclic, while one shared by two branches is written
//     twice, as JavaScript does.
//
// Anything else (a struct, []byte, a channel, a func, a map with other keys)
// is ErrUnsupported: JSON.stringify has no one answer for it.
func FromGo(x any, lim Limits) (Value, error) {
	c := converter{lim: lim, maxDepth: lim.maxDepth(), ancestors: map[identity]struct{}{}}
	v, err := c.value(reflect.ValueOf(x), 0)
	if err != nil {
		return Value{}, err.finish()
	}
	if lim.RequireObject && v.Kind != KindObject {
		return Value{}, &Error{Err: ErrNotObject, Path: "$", Offset: -1}
	}
	return v, nil
}

type identity struct {
	kind reflect.Kind
	ptr  uintptr
	len  int
}

type converter struct {
	lim       Limits
	maxDepth  int
	entries   int
	ancestors map[identity]struct{}
}

var (
	marshalerType = reflect.TypeFor[json.Marshaler]()
	numberType    = reflect.TypeFor[json.Number]()
)

func (c *converter) value(x reflect.Value, depth int) (Value, *walkError) {
	if depth > c.maxDepth {
		return Value{}, &walkError{err: ErrTooDeep}
	}
	if !x.IsValid() {
		return Value{}, nil
	}
	// An interface holding a value: look at the value.
	for x.Kind() == reflect.Interface {
		if x.IsNil() {
			return Value{}, nil
		}
		x = x.Elem()
	}
	t := x.Type()
	if t == numberType {
		return c.marshaled([]byte(x.String()), depth)
	}
	if t.Implements(marshalerType) {
		if (x.Kind() == reflect.Pointer || x.Kind() == reflect.Map || x.Kind() == reflect.Slice) && x.IsNil() {
			return Value{}, nil
		}
		b, err := x.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			return Value{}, &walkError{err: ErrUnsupported, cause: err}
		}
		return c.marshaled(b, depth)
	}
	switch x.Kind() {
	case reflect.Bool:
		return Value{Kind: KindBool, Bool: x.Bool()}, nil
	case reflect.String:
		s := x.String()
		if !validWTF8(s) {
			return Value{}, &walkError{err: ErrInvalidUTF8}
		}
		return Value{Kind: KindString, Str: s}, nil
	case reflect.Float32, reflect.Float64:
		f := x.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return Value{}, &walkError{err: ErrInvalidNumber}
		}
		return Value{Kind: KindNumber, Num: f}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return Value{Kind: KindNumber, Num: float64(x.Int())}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return Value{Kind: KindNumber, Num: float64(x.Uint())}, nil
	case reflect.Pointer:
		if x.IsNil() {
			return Value{}, nil
		}
		id := identity{reflect.Pointer, x.Pointer(), 0}
		if err := c.enter(id); err != nil {
			return Value{}, err
		}
		defer delete(c.ancestors, id)
		// A pointer adds no JSON level.
		return c.value(x.Elem(), depth)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return Value{}, &walkError{err: ErrUnsupported}
		}
		if x.IsNil() {
			return Value{}, nil
		}
		id := identity{reflect.Map, x.Pointer(), 0}
		if err := c.enter(id); err != nil {
			return Value{}, err
		}
		defer delete(c.ancestors, id)
		return c.object(x, depth)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return Value{}, &walkError{err: ErrUnsupported}
		}
		if x.Kind() == reflect.Slice {
			if x.IsNil() {
				return Value{}, nil
			}
			id := identity{reflect.Slice, x.Pointer(), x.Len()}
			if err := c.enter(id); err != nil {
				return Value{}, err
			}
			defer delete(c.ancestors, id)
		}
		return c.array(x, depth)
	}
	return Value{}, &walkError{err: ErrUnsupported}
}

func (c *converter) enter(id identity) *walkError {
	if _, ok := c.ancestors[id]; ok {
		return &walkError{err: ErrCyclic}
	}
	c.ancestors[id] = struct{}{}
	return nil
}

func (c *converter) array(x reflect.Value, depth int) (Value, *walkError) {
	n := x.Len()
	if c.lim.MaxArrayLen > 0 && n > c.lim.MaxArrayLen {
		return Value{}, &walkError{err: ErrArrayTooLarge}
	}
	elems := make([]Value, n)
	for i := range n {
		seg := segment{index: i}
		if c.entries++; c.lim.MaxEntries > 0 && c.entries > c.lim.MaxEntries {
			return Value{}, (&walkError{err: ErrTooComplex}).at(seg)
		}
		v, err := c.value(x.Index(i), depth+1)
		if err != nil {
			return Value{}, err.at(seg)
		}
		elems[i] = v
	}
	return Value{Kind: KindArray, Elems: elems}, nil
}

func (c *converter) object(x reflect.Value, depth int) (Value, *walkError) {
	keys := x.MapKeys()
	// Go's map order is random; JavaScript's order makes errors repeatable.
	slices.SortFunc(keys, func(a, b reflect.Value) int { return compareJS(a.String(), b.String()) })
	members := make([]Member, len(keys))
	for i, k := range keys {
		name := k.String()
		seg := segment{key: true, name: name}
		if !validWTF8(name) {
			return Value{}, (&walkError{err: ErrInvalidUTF8}).at(seg)
		}
		if c.lim.RejectUnsafeKeys && unsafeKey(name) {
			return Value{}, (&walkError{err: ErrUnsafeKey}).at(seg)
		}
		if c.entries++; c.lim.MaxEntries > 0 && c.entries > c.lim.MaxEntries {
			return Value{}, (&walkError{err: ErrTooComplex}).at(seg)
		}
		v, err := c.value(x.MapIndex(k), depth+1)
		if err != nil {
			return Value{}, err.at(seg)
		}
		members[i] = Member{Key: name, Value: v}
	}
	return Value{Kind: KindObject, Members: members}, nil
}

// marshaled parses the JSON text of a json.Marshaler or json.Number found
// at depth, under the same limits and entry count.
func (c *converter) marshaled(b []byte, depth int) (Value, *walkError) {
	p := newParser(b, c.lim)
	p.maxDepth, p.depth0, p.entries = c.maxDepth, depth, c.entries
	v, err := p.run()
	p.release()
	c.entries = p.entries
	if err != nil {
		// The parser's path is relative to this value; the walk adds the
		// segments above it as it unwinds.
		segs := slices.Clone(p.errSegs)
		slices.Reverse(segs)
		return Value{}, &walkError{err: err.(*Error).Err, segs: segs}
	}
	return v, nil
}
