package intent

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// upstreamBinding is the binding of the reference's main vector, and its
// hash: a captured intent.
func upstreamBinding(t *testing.T) ([]byte, string) {
	t.Helper()
	for _, v := range vectortest.Upstream(t) {
		if v.Name == "agent-safe-intent-v1.json" {
			return v.Binding, v.Hash
		}
	}
	t.Fatal("the reference's main vector agent-safe-intent-v1.json is missing")
	return nil, ""
}

// The spec's three negative tests: a changed parameter, an expired
// authority, a duplicate execution.
func TestVerify(t *testing.T) {
	binding, hash := upstreamBinding(t)
	captured := time.Date(2026, 8, 14, 10, 0, 30, 0, time.UTC) // within the minute it is valid
	clock := func() time.Time { return captured }
	ctx := context.Background()

	v := &Verifier{Now: clock, Guard: NewMemoryGuard(clock)}
	b, err := v.Verify(ctx, binding, hash)
	if err != nil {
		t.Fatalf("a valid intent: %v", err)
	}
	if b.Action.Type != "refund_order" || b.DownstreamTarget.System != "shopify" || b.Actor.Type != "AI_AGENT" {
		t.Errorf("typed binding %+v", b)
	}

	// Duplicate execution.
	if _, err := v.Verify(ctx, binding, hash); !errors.Is(err, ErrReplayed) {
		t.Errorf("executed twice: %v", err)
	}

	// Changed parameter: 35000 → 35001 minor units.
	changed := []byte(strings.Replace(string(binding), "35000", "35001", 1))
	fresh := &Verifier{Now: clock, Guard: NewMemoryGuard(clock)}
	if _, err := fresh.Verify(ctx, changed, hash); !errors.Is(err, ErrHashMismatch) {
		t.Errorf("changed parameter: %v", err)
	}

	// Expired authority: at and after expires_at.
	for _, at := range []time.Time{time.Date(2026, 8, 14, 10, 1, 0, 0, time.UTC), time.Date(2026, 8, 15, 0, 0, 0, 0, time.UTC)} {
		late := &Verifier{Now: func() time.Time { return at }, Guard: NewMemoryGuard(nil)}
		if _, err := late.Verify(ctx, binding, hash); !errors.Is(err, ErrExpired) {
			t.Errorf("verified at %v: %v", at, err)
		}
	}

	// A refused intent is not used up: after a mismatch, the right one passes.
	g := &Verifier{Now: clock, Guard: NewMemoryGuard(clock)}
	g.Verify(ctx, changed, hash)
	if _, err := g.Verify(ctx, binding, hash); err != nil {
		t.Errorf("after a refused attempt: %v", err)
	}
}

func TestVerifyMalformed(t *testing.T) {
	v := &Verifier{Now: time.Now}
	for _, b := range []string{
		`{"protocol_version":"agent-safe.intent/2","intent_id":"x","expires_at":"2999-01-01T00:00:00Z"}`,
		`{"protocol_version":"agent-safe.intent/1","expires_at":"2999-01-01T00:00:00Z"}`,
		`{"protocol_version":"agent-safe.intent/1","intent_id":"x","expires_at":"tomorrow"}`,
	} {
		h, err := Hash([]byte(b))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.Verify(context.Background(), []byte(b), h); !errors.Is(err, ErrMalformedBinding) {
			t.Errorf("%s: %v", b, err)
		}
	}
}
