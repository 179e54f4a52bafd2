// Package intent implements the binding hash of agent-safe.intent/1: the
// canonical form of an intent binding (objects rebuilt with JavaScript's
// Object.keys().sort() order, then JSON.stringify, encoded as UTF-8) and
// its "sha256:" hash, byte-compatible with the Apache-2.0 reference
// implementation, so that a Go executor can check an intent that a
// JavaScript agent captured, and the other way round.
//
// A binding is given as JSON text ([Canonical], [Hash]) or as Go values
// ([CanonicalValue], [HashValue]: maps with string keys, slices, strings,
// numbers, bools, nil and json.Marshalers). The reference's limits apply:
// depth 20, 5,000 entries, arrays of 1,000 elements, 102,400 canonical
// bytes, no prototype keys, finite numbers, an object at the root, no
// cycles. A binding that breaks one is refused with an [*Error] carrying
// the reference's error code; test the class with errors.Is against the
// Err… sentinels.
//
// Unicode is not normalized: composed and decomposed strings hash
// differently. Lone surrogates written as JSON escapes ("\ud800") are kept
// and serialized as JSON.stringify writes them.
//
// # What a hash does not claim
//
// A hash establishes a binding; it does not authenticate the proposal nor
// authorize its execution, and passing the vectors shows byte compatibility
// for those cases, not a security review.
//
// # The executor's re-check
//
// [Verifier.Verify] checks a binding against the hash captured with it
// before the executor commits: a changed field changes the hash, an
// expired intent is refused (against an injected clock), and a second
// execution is refused through a pluggable [ReplayGuard] ([MemoryGuard] for
// one process).
package intent

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/plainsight/plainsight/internal/canon"
)

// ProtocolVersion is the protocol this package implements.
const ProtocolVersion = "agent-safe.intent/1"

// The error classes. Each message is the reference implementation's code
// (which the command line prints), and INVALID_JSON is plainsight's, for
// text that is no JSON at all: the reference takes parsed objects, so it
// has no code for that.
var (
	// ErrTooDeep: a value deeper than 20 (the root is at depth 0).
	ErrTooDeep = errors.New("INTENT_TOO_DEEP")
	// ErrTooComplex: more than 5,000 object keys and array elements.
	ErrTooComplex = errors.New("INTENT_TOO_COMPLEX")
	// ErrArrayTooLarge: an array of more than 1,000 elements.
	ErrArrayTooLarge = errors.New("INTENT_ARRAY_TOO_LARGE")
	// ErrTooLarge: a canonical form of more than 102,400 bytes.
	ErrTooLarge = errors.New("INTENT_TOO_LARGE")
	// ErrUnsafeKey: a key __proto__, constructor or prototype.
	ErrUnsafeKey = errors.New("UNSAFE_INTENT_KEY")
	// ErrInvalidNumber: a number that is not finite.
	ErrInvalidNumber = errors.New("INVALID_NUMBER")
	// ErrCyclic: a Go value that contains itself.
	ErrCyclic = errors.New("CYCLIC_INTENT")
	// ErrNotObject: a binding that is not a JSON object.
	ErrNotObject = errors.New("INVALID_JSON_OBJECT")
	// ErrInvalidJSON: text that is not JSON, or not UTF-8.
	ErrInvalidJSON = errors.New("INVALID_JSON")
	// ErrUnsupportedGo: a Go value with no JSON form (a struct, a channel,
	// a map with keys that are not strings).
	ErrUnsupportedGo = errors.New("UNSUPPORTED_VALUE")
)

// classOf maps the classes of the canonical JSON to these.
var classOf = map[error]error{
	canon.ErrTooDeep:       ErrTooDeep,
	canon.ErrTooComplex:    ErrTooComplex,
	canon.ErrArrayTooLarge: ErrArrayTooLarge,
	canon.ErrTooLarge:      ErrTooLarge,
	canon.ErrUnsafeKey:     ErrUnsafeKey,
	canon.ErrInvalidNumber: ErrInvalidNumber,
	canon.ErrCyclic:        ErrCyclic,
	canon.ErrNotObject:     ErrNotObject,
	canon.ErrSyntax:        ErrInvalidJSON,
	canon.ErrInvalidUTF8:   ErrInvalidJSON,
	canon.ErrUnsupported:   ErrUnsupportedGo,
}

// Error is a refused binding: the class (one of the Err… sentinels, whose
// message is the reference's code), where in the binding, and why.
type Error struct {
	// Code is the class, such as ErrTooDeep.
	Code error
	// Path is the JSON path of the value that broke the rule, "$" for the
	// root.
	Path string
	// Err is the underlying error.
	Err error
}

// Error returns "intent: CODE at PATH: detail".
func (e *Error) Error() string {
	return fmt.Sprintf("intent: %v at %s: %v", e.Code, e.Path, e.Err)
}

// Unwrap returns the class and the underlying error.
func (e *Error) Unwrap() []error { return []error{e.Code, e.Err} }

// refused turns an error of the canonical JSON into an *Error.
func refused(err error) error {
	var ce *canon.Error
	if !errors.As(err, &ce) {
		return err
	}
	code, ok := classOf[ce.Err]
	if !ok {
		code = ErrInvalidJSON
	}
	return &Error{Code: code, Path: ce.Path, Err: err}
}

// Canonical returns the canonical form of a binding given as JSON text.
//
// The reference's limits apply to the binding as JSON.parse leaves it: of
// a repeated key only the last value is kept, so an earlier value that
// breaks a limit is dropped, not refused. The text is therefore parsed
// within looser bounds (parseLimits) and the limits are checked on the
// result.
func Canonical(binding []byte) ([]byte, error) {
	c, err := canon.Canonicalize(nil, binding, canon.JSObject, parseLimits, canon.ReferenceLimits)
	if err != nil {
		return nil, refused(err)
	}
	return c, nil
}

// CanonicalValue returns the canonical form of a binding given as Go values.
func CanonicalValue(binding any) ([]byte, error) {
	v, err := canon.FromGo(binding, canon.ReferenceLimits)
	if err != nil {
		return nil, refused(err)
	}
	return marshal(v)
}

// parseLimits bound the work of parsing a binding: ten times the
// reference's entries and array length, so that a text that repeats keys
// (whose dropped values the reference never sees) still parses, while a
// hostile one cannot make the parse take memory out of proportion. A text
// beyond them is refused as the reference would refuse its result, or
// (with more than 50,000 entries, duplicates counted) as too complex where
// the reference, deduplicating first, might not.
var parseLimits = canon.Limits{
	MaxDepth:    canon.DefaultMaxDepth,
	MaxEntries:  10 * canon.ReferenceLimits.MaxEntries,
	MaxArrayLen: 10 * canon.ReferenceLimits.MaxArrayLen,
}

func marshal(v canon.Value) ([]byte, error) {
	b, err := canon.Marshal(v, canon.JSObject, canon.ReferenceLimits)
	if err != nil {
		return nil, refused(err)
	}
	return b, nil
}

// Hash returns "sha256:" and the lowercase hex SHA-256 of the canonical form
// of a binding given as JSON text.
func Hash(binding []byte) (string, error) {
	bp := hashBufs.Get().(*[]byte)
	c, err := canon.Canonicalize((*bp)[:0], binding, canon.JSObject, parseLimits, canon.ReferenceLimits)
	if err != nil {
		hashBufs.Put(bp)
		return "", refused(err)
	}
	h := HashCanonical(c)
	if cap(c) <= maxPooledBuf {
		*bp = c[:0]
		hashBufs.Put(bp)
	}
	return h, nil
}

// hashBufs are Hash's buffers for the canonical form, reused across calls.
var hashBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// maxPooledBuf bounds the buffers kept in hashBufs: every canonical form
// the reference accepts fits.
const maxPooledBuf = 128 << 10

// HashValue is Hash for a binding given as Go values.
func HashValue(binding any) (string, error) {
	c, err := CanonicalValue(binding)
	if err != nil {
		return "", err
	}
	return HashCanonical(c), nil
}

// HashCanonical returns the hash of bytes that are already canonical.
func HashCanonical(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	var b [len(hashPrefix) + 2*sha256.Size]byte
	copy(b[:], hashPrefix)
	hex.Encode(b[len(hashPrefix):], sum[:])
	return string(b[:])
}

// hashPrefix starts every intent hash.
const hashPrefix = "sha256:"
