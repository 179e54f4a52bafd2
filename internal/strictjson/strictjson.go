// Package strictjson reads JSON whose every reader must see the same
// value: signed data (Agent-Shield receipts) and request bodies. It refuses
// what encoding/json, JavaScript's JSON.parse, Python's json and jq read
// in different ways:
//
//   - a member name given twice in one object, at any depth (RFC 8259 §4
//     leaves the outcome to the reader: the last one wins in most, the
//     first in some; RFC 7493 §2.3 forbids it), names compared after
//     their escapes are decoded ("a" and "\u0061" are one name);
//   - a member name that differs from a known member of the Go type it is
//     decoded into only by case ("VERDICT" for "verdict", "ſcores" for
//     "scores"): encoding/json folds it onto the member, every other
//     reader does not;
//   - with [Limits.IJSON], text that is not UTF-8 and \u escapes of lone
//     surrogates (RFC 7493 §2.1): encoding/json reads both as U+FFFD,
//     JavaScript keeps the surrogate;
//   - with [Limits.DisallowUnknown], a member name no field has.
//
// [Check] applies these rules to a JSON text against the type of a Go
// value; [Unmarshal] checks, then decodes with encoding/json. Canonical
// forms (package canon) keep JSON.parse's last-wins reading: this package
// is for input that must mean one thing, not for canonicalisation.
//
// # Bounds
//
// Input is at most Limits.MaxBytes (DefaultMaxBytes when zero) and nests at
// most Limits.MaxDepth (DefaultMaxDepth when zero) arrays and objects. The
// check reads the text once with encoding/json's tokenizer, without
// recursion; it keeps the names of the open objects, so its memory is
// bounded by the input. A type's member names are read once per check.
//
// # What it does not claim
//
// Names are compared as encoding/json decodes them: two names that differ
// only in ill-formed UTF-8 or in which lone surrogate they escape are one
// name to it (both become U+FFFD), so such a pair is refused as a
// duplicate (use IJSON to refuse them outright). A type that decodes
// itself (json.Unmarshaler, encoding.TextUnmarshaler) is opaque: its
// members are checked for duplicates only. Case folding is encoding/json's
// (Unicode simple folding, as strings.EqualFold).
package strictjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The error classes. Every error of this package is an [*Error] wrapping
// one of them; test with errors.Is.
var (
	// ErrSyntax: the text is not one JSON value (RFC 8259), or a value
	// does not decode into its Go type.
	ErrSyntax = errors.New("strictjson: not one JSON value")
	// ErrDuplicate: a member name appears twice in one object.
	ErrDuplicate = errors.New("strictjson: duplicate member name")
	// ErrFoldedName: a member name differs only by case from a member of
	// the type it is decoded into.
	ErrFoldedName = errors.New("strictjson: member name differs from a known member only by case")
	// ErrUnknown: with Limits.DisallowUnknown, a member name no field has.
	ErrUnknown = errors.New("strictjson: unknown member")
	// ErrNotIJSON: with Limits.IJSON, text that is not UTF-8, or the \u
	// escape of a lone surrogate.
	ErrNotIJSON = errors.New("strictjson: not I-JSON text")
	// ErrTooDeep: arrays and objects nested deeper than Limits.MaxDepth.
	ErrTooDeep = errors.New("strictjson: nested too deeply")
	// ErrTooLarge: the text is longer than Limits.MaxBytes.
	ErrTooLarge = errors.New("strictjson: too large")
)

// Error is a refusal: the class, where (the JSON path of the member and
// the byte offset) and, for a name, the name cut to 32 bytes.
type Error struct {
	Err    error
	Path   string // "$", "$.scores", "$.signals[0]"
	Offset int64
	Name   string
	cause  error
}

// Error says what was refused and where.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	if e.Name != "" {
		fmt.Fprintf(&b, " %q", e.Name)
	}
	fmt.Fprintf(&b, " at %s (byte %d)", e.Path, e.Offset)
	if e.cause != nil {
		b.WriteString(": ")
		b.WriteString(e.cause.Error())
	}
	return b.String()
}

// Unwrap returns the class.
func (e *Error) Unwrap() error { return e.Err }

// Default bounds.
const (
	DefaultMaxBytes = 1 << 20
	DefaultMaxDepth = 32
)

// Limits are the bounds and options of a check.
type Limits struct {
	// MaxBytes bounds the text (DefaultMaxBytes when zero).
	MaxBytes int
	// MaxDepth bounds the nesting of arrays and objects (DefaultMaxDepth
	// when zero).
	MaxDepth int
	// DisallowUnknown refuses a member of a struct that no field has.
	DisallowUnknown bool
	// IJSON refuses text that is not UTF-8 and \u escapes of lone
	// surrogates (RFC 7493 §2.1).
	IJSON bool
}

// Check checks data against the rules of the package comment, the member
// names against the type of v (nil, or a value whose members are free,
// checks duplicates only). It decodes nothing.
func Check(data []byte, v any, lim Limits) error {
	var t reflect.Type
	if v != nil {
		t = reflect.TypeOf(v)
	}
	return check(data, t, lim)
}

// Unmarshal checks data against v's type (see Check) and decodes it into
// v, a non-nil pointer, with encoding/json.
func Unmarshal(data []byte, v any, lim Limits) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Err: ErrSyntax, Path: "$", cause: errors.New("decoding needs a non-nil pointer")}
	}
	if err := check(data, rv.Type(), lim); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if lim.DisallowUnknown {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		e := &Error{Err: ErrSyntax, Path: "$", Offset: dec.InputOffset(), cause: err}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			e.Offset, e.cause = te.Offset, fmt.Errorf("a %s where %s is a %s", te.Value, "$."+te.Field, te.Type)
		}
		return e
	}
	return nil
}

// frame is an open object or array.
type frame struct {
	obj     bool
	wantKey bool
	key     string              // the member being read
	index   int                 // the element being read
	t       reflect.Type        // the Go type of the container; nil: free
	names   map[string]struct{} // the names seen, for an object
	fields  *fieldSet           // the struct's member names, if any
	elem    reflect.Type        // the type of the member or element being read
}

func check(data []byte, t reflect.Type, lim Limits) error {
	maxBytes, maxDepth := lim.MaxBytes, lim.MaxDepth
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	if len(data) > maxBytes {
		return &Error{Err: ErrTooLarge, Path: "$", cause: fmt.Errorf("%d bytes, more than %d", len(data), maxBytes)}
	}
	if lim.IJSON {
		if err := checkIJSON(data); err != nil {
			return err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []frame
	fail := func(err error, name string, cause error) *Error {
		return &Error{Err: err, Path: path(stack), Offset: dec.InputOffset(), Name: cut(name), cause: cause}
	}
	// valueType is the type of the value about to be read.
	valueType := func() reflect.Type {
		if len(stack) == 0 {
			return t
		}
		return stack[len(stack)-1].elem
	}
	// done marks the end of a value in its container.
	done := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if f.obj {
			f.wantKey = true
		} else {
			f.index++
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) != 0 {
				return fail(ErrSyntax, "", io.ErrUnexpectedEOF)
			}
			return &Error{Err: ErrSyntax, Path: "$", cause: errors.New("no value")}
		}
		if err != nil {
			return fail(ErrSyntax, "", err)
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].wantKey {
			f := &stack[n-1]
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:n-1]
				done()
			} else if name, ok := tok.(string); ok {
				if _, dup := f.names[name]; dup {
					return fail(ErrDuplicate, name, nil)
				}
				f.names[name] = struct{}{}
				f.key, f.wantKey, f.elem = name, false, nil
				if f.fields != nil {
					ft, known, folded := f.fields.lookup(name)
					switch {
					case folded:
						return fail(ErrFoldedName, name, nil)
					case !known && lim.DisallowUnknown:
						return fail(ErrUnknown, name, nil)
					}
					f.elem = ft
				} else if f.t != nil && f.t.Kind() == reflect.Map {
					f.elem = f.t.Elem()
				}
			} else {
				return fail(ErrSyntax, "", errors.New("a member name is not a string"))
			}
		} else if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) >= maxDepth {
					return fail(ErrTooDeep, "", fmt.Errorf("more than %d levels", maxDepth))
				}
				vt := container(valueType())
				f := frame{obj: d == '{', wantKey: d == '{', t: vt}
				if f.obj {
					f.names = map[string]struct{}{}
					if vt != nil && vt.Kind() == reflect.Struct {
						f.fields = fieldsOf(vt)
					}
				} else if vt != nil && (vt.Kind() == reflect.Slice || vt.Kind() == reflect.Array) {
					f.elem = vt.Elem()
				}
				stack = append(stack, f)
			case ']':
				stack = stack[:len(stack)-1]
				done()
			}
		} else {
			done()
		}
		if len(stack) == 0 {
			break
		}
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail(ErrSyntax, "", errors.New("data after the value"))
	}
	return nil
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// container is the type whose members or elements a JSON container is
// checked against: pointers followed, nil for one that is free (an
// interface) or decodes itself.
func container(t reflect.Type) reflect.Type {
	for t != nil {
		if t.Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(jsonUnmarshaler) ||
			t.Implements(textUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
			return nil
		}
		switch t.Kind() {
		case reflect.Pointer:
			t = t.Elem()
		case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array:
			return t
		default:
			return nil
		}
	}
	return nil
}

// fieldSet is the member names encoding/json gives a struct's fields.
type fieldSet struct {
	names []string
	types map[string]reflect.Type
}

// lookup returns the type of the member name: known when a field has
// exactly that name, folded when one has it only up to case.
func (s *fieldSet) lookup(name string) (t reflect.Type, known, folded bool) {
	if t, ok := s.types[name]; ok {
		return t, true, false
	}
	for _, n := range s.names {
		if strings.EqualFold(n, name) {
			return nil, false, true
		}
	}
	return nil, false, false
}

var fieldCache sync.Map // reflect.Type → *fieldSet

func fieldsOf(t reflect.Type) *fieldSet {
	if s, ok := fieldCache.Load(t); ok {
		return s.(*fieldSet)
	}
	s := &fieldSet{types: map[string]reflect.Type{}}
	addFields(s, t, 0)
	fieldCache.Store(t, s)
	return s
}

// addFields adds t's fields as encoding/json names them: the tag's name,
// else the field's; "-" and unexported fields left out; the fields of an
// untagged embedded struct promoted (an outer name wins).
func addFields(s *fieldSet, t reflect.Type, depth int) {
	if depth > 8 {
		return
	}
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := s.types[name]; !ok {
			s.names = append(s.names, name)
			s.types[name] = f.Type
		}
	}
	for _, e := range embedded {
		addFields(s, e, depth+1)
	}
}

// checkIJSON refuses text that is not UTF-8 and \u escapes of lone
// surrogates. Outside strings JSON has no backslash, so every backslash
// starts an escape.
func checkIJSON(data []byte) error {
	if !utf8.Valid(data) {
		return &Error{Err: ErrNotIJSON, Path: "$", Offset: int64(invalidAt(data)), cause: errors.New("not UTF-8")}
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if i+1 < len(data) && data[i+1] != 'u' {
			i++
			continue
		}
		r, ok := hex4(data, i+2)
		if !ok {
			continue // a syntax error, reported by the tokenizer
		}
		switch {
		case r >= 0xd800 && r < 0xdc00:
			if lo, ok := hex4(data, i+8); ok && i+7 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' && lo >= 0xdc00 && lo < 0xe000 {
				i += 11
				continue
			}
			return &Error{Err: ErrNotIJSON, Path: "$", Offset: int64(i), cause: errors.New("the escape of a lone surrogate")}
		case r >= 0xdc00 && r < 0xe000:
			return &Error{Err: ErrNotIJSON, Path: "$", Offset: int64(i), cause: errors.New("the escape of a lone surrogate")}
		}
		i += 5
	}
	return nil
}

func hex4(data []byte, at int) (rune, bool) {
	if at < 0 || at+4 > len(data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(data[at:at+4]), 16, 16)
	return rune(n), err == nil
}

func invalidAt(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(data)
}

// path writes the path of the open containers ("$.a[2]").
func path(stack []frame) string {
	var b strings.Builder
	b.WriteString("$")
	for i, f := range stack {
		last := i == len(stack)-1
		if f.obj {
			if last && f.wantKey {
				break
			}
			if identifier(f.key) {
				b.WriteString("." + f.key)
			} else {
				b.WriteString("[" + strconv.Quote(cut(f.key)) + "]")
			}
		} else {
			fmt.Fprintf(&b, "[%d]", f.index)
		}
	}
	return b.String()
}

func identifier(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// cut shortens a name to 32 bytes of valid UTF-8 for a message: it is the
// caller's data.
func cut(s string) string {
	if len(s) > 32 {
		s = s[:32]
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
