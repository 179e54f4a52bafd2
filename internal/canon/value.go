package canon

// Kind is the JSON type of a [Value].
type Kind uint8

// The JSON types.
const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// String returns the JSON name of the kind ("null", "boolean", …).
func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	case KindObject:
		return "object"
	}
	return "invalid"
}

// Value is a JSON value. Only the field that belongs to Kind is meaningful;
// the zero Value is null.
type Value struct {
	Kind Kind
	// Bool is the value of a KindBool.
	Bool bool
	// Num is the value of a KindNumber, a finite double.
	Num float64
	// Str is the value of a KindString, in WTF-8 (see the package comment).
	Str string
	// Elems are the elements of a KindArray, in order.
	Elems []Value
	// Members are the members of a KindObject in insertion order. Parse and
	// FromGo give each key once; Marshal keeps the last of repeated keys.
	Members []Member
}

// Member is one key and value of an object.
type Member struct {
	// Key is the member name, in WTF-8.
	Key   string
	Value Value
}

// Null returns the JSON null.
func Null() Value { return Value{} }

// Bool returns a JSON boolean.
func Bool(b bool) Value { return Value{Kind: KindBool, Bool: b} }

// Number returns a JSON number.
func Number(f float64) Value { return Value{Kind: KindNumber, Num: f} }

// String returns a JSON string; s is read as WTF-8.
func String(s string) Value { return Value{Kind: KindString, Str: s} }

// Array returns a JSON array of elems.
func Array(elems ...Value) Value { return Value{Kind: KindArray, Elems: elems} }

// Object returns a JSON object of members, in insertion order.
func Object(members ...Member) Value { return Value{Kind: KindObject, Members: members} }

// Order is an order of object keys in the canonical form.
type Order uint8

const (
	// SortedUTF16 sorts the keys of every object by their UTF-16 code units,
	// the order of JavaScript's default Array.prototype.sort on strings.
	SortedUTF16 Order = iota + 1
	// JSObject is the order JavaScript's JSON.stringify writes the keys of an
	// object built by inserting them in SortedUTF16 order: the array-index
	// keys (the canonical decimal form of an integer 0 … 2³²−2: "0", "7",
	// "4294967294", but not "01", "-1", "1.0" or "4294967295") first, in
	// numeric order, then every other key in SortedUTF16 order.
	JSObject
)

// String returns the Go name of the order.
func (o Order) String() string {
	switch o {
	case SortedUTF16:
		return "SortedUTF16"
	case JSObject:
		return "JSObject"
	}
	return "Order(invalid)"
}

// DefaultMaxDepth is the nesting bound used when Limits.MaxDepth is zero:
// nesting is never unbounded.
const DefaultMaxDepth = 1000

// Limits bounds a value. A zero field sets no bound of its kind, except
// MaxDepth: zero means [DefaultMaxDepth].
type Limits struct {
	// MaxDepth is the deepest a value may sit: the root is at depth 0, its
	// elements and member values at depth 1. A value (of any kind) deeper is
	// ErrTooDeep.
	MaxDepth int
	// MaxEntries bounds the object members plus array elements of the whole
	// value, counted together; more is ErrTooComplex.
	MaxEntries int
	// MaxArrayLen bounds the elements of one array; more is ErrArrayTooLarge.
	MaxArrayLen int
	// MaxBytes bounds the length of the canonical UTF-8; longer is
	// ErrTooLarge. Only Marshal checks it.
	MaxBytes int
	// RejectUnsafeKeys makes the keys "__proto__", "constructor" and
	// "prototype" ErrUnsafeKey, at any depth.
	RejectUnsafeKeys bool
	// RequireObject makes a root that is not an object ErrNotObject.
	RequireObject bool
}

// ReferenceLimits are the bounds of the agent-safe.intent/1 reference
// implementation: depth 20, 5,000 entries, arrays of 1,000 elements,
// 102,400 canonical bytes, no prototype keys, an object at the root.
var ReferenceLimits = Limits{
	MaxDepth:         20,
	MaxEntries:       5000,
	MaxArrayLen:      1000,
	MaxBytes:         100 * 1024,
	RejectUnsafeKeys: true,
	RequireObject:    true,
}

func (l *Limits) maxDepth() int {
	if l.MaxDepth <= 0 {
		return DefaultMaxDepth
	}
	return l.MaxDepth
}

func unsafeKey(k string) bool {
	return k == "__proto__" || k == "constructor" || k == "prototype"
}
