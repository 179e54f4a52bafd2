package intent

import (
	"errors"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// codes maps the error codes of the vectors to the sentinels.
var codes = map[string]error{}

func init() {
	for _, e := range []error{ErrTooDeep, ErrTooComplex, ErrArrayTooLarge, ErrTooLarge, ErrUnsafeKey,
		ErrInvalidNumber, ErrCyclic, ErrNotObject, ErrInvalidJSON} {
		codes[e.Error()] = e
	}
}

// TestVectors runs every intent vector of the corpus through Canonical and
// Hash.
func TestVectors(t *testing.T) {
	vs := vectortest.Intent(t)
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			c, cerr := Canonical(v.Binding)
			h, herr := Hash(v.Binding)
			switch v.Result {
			case "valid":
				if cerr != nil || string(c) != v.Canonical {
					t.Errorf("Canonical = %.200q, %v; want %.200q", c, cerr, v.Canonical)
				}
				if herr != nil || h != v.Hash {
					t.Errorf("Hash = %q, %v; want %q", h, herr, v.Hash)
				}
			case "invalid":
				want, ok := codes[v.Error]
				if !ok {
					t.Fatalf("error code %q has no sentinel", v.Error)
				}
				if !errors.Is(cerr, want) || !errors.Is(herr, want) {
					t.Errorf("got %v / %v, want %s", cerr, herr, v.Error)
				}
			}
		})
	}
	if len(vs) < 100 {
		t.Errorf("only %d intent vectors", len(vs))
	}
}
