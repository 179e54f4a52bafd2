package intent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// TestUpstreamVectors checks the seven published vectors of the reference
// implementation, shipped in the corpus with their provenance: the hash,
// and the canonical form where the vector gives it.
func TestUpstreamVectors(t *testing.T) {
	for _, v := range vectortest.Upstream(t) {
		got, err := Hash(v.Binding)
		if err != nil || got != v.Hash {
			t.Errorf("%s: Hash = %q, %v; want %q", v.Name, got, err, v.Hash)
		}
		if v.Canonical != nil {
			c, err := Canonical(v.Binding)
			if err != nil || string(c) != *v.Canonical {
				t.Errorf("%s: Canonical = %q, %v; want %q", v.Name, c, err, *v.Canonical)
			}
		}
		// The same binding as Go values hashes the same.
		var goValue any
		if err := json.Unmarshal(v.Binding, &goValue); err == nil && !strings.Contains(string(v.Binding), `\ud`) {
			if got, err := HashValue(goValue); err != nil || got != v.Hash {
				t.Errorf("%s: HashValue = %q, %v; want %q", v.Name, got, err, v.Hash)
			}
		}
	}
}

func TestRefused(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 21) + `1` + strings.Repeat(`}`, 21)
	tests := []struct {
		why     string
		binding string
		want    error
	}{
		{"a root that is no object", `[1]`, ErrNotObject},
		{"not JSON", `{"a":`, ErrInvalidJSON},
		{"ill-formed UTF-8", "{\"a\":\"\xff\"}", ErrInvalidJSON},
		{"a prototype key", `{"__proto__":1}`, ErrUnsafeKey},
		{"constructor", `{"a":{"constructor":1}}`, ErrUnsafeKey},
		{"a number too large for a double", `{"a":1e400}`, ErrInvalidNumber},
		{"depth 21", deep, ErrTooDeep},
		{"an array of 1001", `{"a":[` + strings.TrimSuffix(strings.Repeat("0,", 1001), ",") + `]}`, ErrArrayTooLarge},
		{"more than 5000 entries", `{"a":[` + strings.TrimSuffix(strings.Repeat("[0,0,0,0,0,0,0,0,0],", 501), ",") + `]}`, ErrTooComplex},
		{"over 102,400 canonical bytes", `{"a":"` + strings.Repeat("x", 102400) + `"}`, ErrTooLarge},
	}
	for _, tt := range tests {
		_, err := Hash([]byte(tt.binding))
		var ie *Error
		if !errors.Is(err, tt.want) || !errors.As(err, &ie) || ie.Code != tt.want {
			t.Errorf("%s: err %v, want %v", tt.why, err, tt.want)
		}
	}
	// At the limits, not beyond: accepted.
	for _, ok := range []string{
		strings.Repeat(`{"a":`, 20) + `1` + strings.Repeat(`}`, 20),
		`{"a":[` + strings.TrimSuffix(strings.Repeat("0,", 1000), ",") + `]}`,
	} {
		if _, err := Hash([]byte(ok)); err != nil {
			t.Errorf("at the limit: %v", err)
		}
	}
	// Go values: a cycle.
	m := map[string]any{}
	m["self"] = m
	if _, err := HashValue(m); !errors.Is(err, ErrCyclic) {
		t.Errorf("a cyclic map: %v", err)
	}
}

func TestOrderAndForms(t *testing.T) {
	tests := []struct{ in, want string }{
		// Integer-index keys first in numeric order, then the rest by UTF-16
		// code units (Object.keys().sort() rebuilt into an object).
		{`{"b":1,"10":2,"9":3,"a":4,"01":5,"4294967295":6}`, `{"9":3,"10":2,"01":5,"4294967295":6,"a":4,"b":1}`},
		{`{"a":-0,"b":1e21,"c":1e-7,"d":0.1}`, `{"a":0,"b":1e+21,"c":1e-7,"d":0.1}`},
		{`{"s":"\ud800\u2028\u0001é"}`, "{\"s\":\"\\ud800\u2028\\u0001é\"}"},
		{`{"a":1,"a":2}`, `{"a":2}`},
	}
	for _, tt := range tests {
		got, err := Canonical([]byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("Canonical(%s) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}
