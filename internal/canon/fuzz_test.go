package canon

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// FuzzParse checks, for any input: no panic; Parse accepts exactly the
// JSON texts encoding/json accepts that are UTF-8 and within bounds; and the
// canonical form is well-formed UTF-8, parses, and is a fixed point; and
// Canonicalize writes what Marshal(Parse(…)) writes, or fails as it fails.
func FuzzParse(f *testing.F) {
	for _, vec := range vectortest.Upstream(f) {
		f.Add([]byte(vec.Binding))
	}
	for _, s := range []string{
		`{"b":1,"a":2,"b":3}`, `"\ud800\udc00\udc00\ud800"`, `[-0,1e21,1e-7,5e-324,1e400]`,
		`{"10":1,"9":2,"01":3,"4294967295":4}`, `[[[[[[]]]]]]`, "\"\u2028\x7f\"", `{"a":[1,{"b":null}]`,
	} {
		f.Add([]byte(s))
	}
	lim := Limits{MaxDepth: 64}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data, lim)
		checkCanonicalize(t, data, v, err)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error %v: not an *Error with an offset in the input", err)
			}
			if errors.Is(err, ErrSyntax) && json.Valid(data) && utf8.Valid(data) {
				t.Fatalf("Parse(%q): %v, but encoding/json accepts it", data, err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("Parse(%q) accepted what encoding/json refuses", data)
		}
		for _, order := range []Order{SortedUTF16, JSObject} {
			m1, err := Marshal(v, order, lim)
			if err != nil {
				t.Fatalf("Marshal(%v) of a parsed value: %v", order, err)
			}
			if !utf8.Valid(m1) || !json.Valid(m1) {
				t.Fatalf("Marshal(%v) = %q: not UTF-8 JSON", order, m1)
			}
			v2, err := Parse(m1, lim)
			if err != nil {
				t.Fatalf("Parse(Marshal(%v)) = %v for %q", order, err, m1)
			}
			m2, err := Marshal(v2, order, lim)
			if err != nil || !bytes.Equal(m1, m2) {
				t.Fatalf("%v not stable:\n%q\n%q (%v)", order, m1, m2, err)
			}
		}
	})
}

// checkCanonicalize checks that Canonicalize of data, in both orders and
// with ReferenceLimits checked after parsing, agrees with Marshal of the
// value (v, perr) that Parse gave, and keeps the buffer's prefix.
func checkCanonicalize(t *testing.T, data []byte, v Value, perr error) {
	t.Helper()
	lim := Limits{MaxDepth: 64}
	prefix := []byte("prefix:")
	for _, order := range []Order{SortedUTF16, JSObject} {
		want, werr := Marshal(v, order, ReferenceLimits)
		if perr != nil {
			want, werr = nil, perr
		}
		got, gerr := Canonicalize(bytes.Clone(prefix), data, order, lim, ReferenceLimits)
		if !bytes.HasPrefix(got, prefix) {
			t.Fatalf("Canonicalize(%q, %v) = %q: lost the prefix", data, order, got)
		}
		got = got[len(prefix):]
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || !bytes.Equal(got, want) {
			t.Fatalf("Canonicalize(%q, %v) = %q, %v; Marshal(Parse(…)) = %q, %v", data, order, got, gerr, want, werr)
		}
	}
}
