package intent

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// verifyCodes maps the codes of the re-check vectors to the sentinels.
var verifyCodes = map[string]error{
	"INTENT_HASH_MISMATCH": ErrHashMismatch,
	"INTENT_EXPIRED":       ErrExpired,
	"INTENT_REPLAYED":      ErrReplayed,
	"INTENT_MALFORMED":     ErrMalformedBinding,
}

// TestVerifyVectors runs the executor's re-check vectors: each test with a
// fresh MemoryGuard, its steps in order, each at its own clock. (The file
// is linted in package vectors.)
func TestVerifyVectors(t *testing.T) {
	for _, tc := range vectortest.Verify(t) {
		t.Run(tc.Name, func(t *testing.T) {
			var now time.Time
			guard := NewMemoryGuard(func() time.Time { return now })
			v := &Verifier{Now: func() time.Time { return now }, Guard: guard}
			for i, st := range tc.Steps {
				var err error
				now, err = time.Parse(time.RFC3339Nano, st.Now)
				if err != nil {
					t.Fatalf("step %d: now %q: %v", i, st.Now, err)
				}
				_, err = v.Verify(context.Background(), []byte(st.Binding(tc.VerifyTest)), tc.Hash)
				switch st.Result {
				case "valid":
					if err != nil {
						t.Errorf("step %d at %s: %v, want valid", i, st.Now, err)
					}
				case "invalid":
					want, ok := verifyCodes[st.Error]
					if !ok {
						t.Fatalf("step %d: error %q has no sentinel", i, st.Error)
					}
					if !errors.Is(err, want) {
						t.Errorf("step %d at %s: %v, want %s", i, st.Now, err, st.Error)
					}
				}
			}
		})
	}
}
