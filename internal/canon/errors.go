package canon

import (
	"errors"
	"strconv"
	"strings"
)

// The error classes. Every error this package returns is an [*Error]
// wrapping exactly one of them; test with errors.Is.
var (
	// ErrSyntax: the input is not JSON text (RFC 8259).
	ErrSyntax = errors.New("canon: invalid JSON")
	// ErrInvalidUTF8: the input or a Go string is not well-formed UTF-8
	// (WTF-8 for a Go string, see the package comment).
	ErrInvalidUTF8 = errors.New("canon: invalid UTF-8")
	// ErrTooDeep: a value sits deeper than Limits.MaxDepth
	// (reference code INTENT_TOO_DEEP).
	ErrTooDeep = errors.New("canon: nested too deep")
	// ErrTooComplex: more than Limits.MaxEntries members and elements
	// (INTENT_TOO_COMPLEX).
	ErrTooComplex = errors.New("canon: too many entries")
	// ErrArrayTooLarge: an array longer than Limits.MaxArrayLen
	// (INTENT_ARRAY_TOO_LARGE).
	ErrArrayTooLarge = errors.New("canon: array too large")
	// ErrTooLarge: canonical form longer than Limits.MaxBytes
	// (INTENT_TOO_LARGE).
	ErrTooLarge = errors.New("canon: canonical form too large")
	// ErrUnsafeKey: a key "__proto__", "constructor" or "prototype" under
	// Limits.RejectUnsafeKeys (UNSAFE_INTENT_KEY).
	ErrUnsafeKey = errors.New("canon: unsafe key")
	// ErrInvalidNumber: a number that is not finite, or a number literal too
	// large for a double (INVALID_NUMBER).
	ErrInvalidNumber = errors.New("canon: invalid number")
	// ErrNotObject: a root that is not an object under Limits.RequireObject
	// (INVALID_JSON_OBJECT).
	ErrNotObject = errors.New("canon: root is not an object")
	// ErrCyclic: a Go value that contains itself (CYCLIC_INTENT).
	ErrCyclic = errors.New("canon: cyclic value")
	// ErrUnsupported: a Go value with no JSON form (a struct, a channel,
	// a map with non-string keys, …).
	ErrUnsupported = errors.New("canon: unsupported Go value")
)

// Error is the error of Parse, FromGo and Marshal.
type Error struct {
	// Err is the class: one of the Err… sentinels of this package.
	Err error
	// Path is the JSON path of the value where it happened, such as
	// `$.action.parameters[3]` or `$["a b"]`; "$" is the root.
	Path string
	// Offset is the byte offset in the input of a Parse error, or -1.
	Offset int
	// Cause is the error of a json.Marshaler that FromGo called, or nil.
	Cause error
}

// Error returns the class's message, the path and, for Parse, the offset.
func (e *Error) Error() string {
	s := e.Err.Error() + " at " + e.Path
	if e.Offset >= 0 {
		s += " (byte " + strconv.Itoa(e.Offset) + ")"
	}
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the class and, if there is one, the cause.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// segment is one step of a JSON path: a member key or, when key is false,
// an array index.
type segment struct {
	key   bool
	name  string
	index int
}

// formatPath writes segments (root first) as a path: identifier-like keys
// as .name, others as a bracketed JSON string, indexes as [n].
func formatPath(segs []segment) string {
	var b strings.Builder
	b.WriteByte('$')
	for _, s := range segs {
		if !s.key {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if identifier(s.name) {
			b.WriteByte('.')
			b.WriteString(s.name)
			continue
		}
		b.WriteByte('[')
		buf, err := appendString(nil, s.name)
		if err != nil {
			buf = strconv.AppendQuote(nil, s.name)
		}
		b.Write(buf)
		b.WriteByte(']')
	}
	return b.String()
}

func identifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
