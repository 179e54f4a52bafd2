package intent_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plainsight/plainsight/intent"
)

// The canonical form and hash of a binding, as the reference computes
// them: keys sorted, JavaScript's number spelling (-0 is 0). The binding
// and hash are the published vector negative-zero.json.
func ExampleHash() {
	binding := []byte(`{ "amount": -0 }`)
	canonical, err := intent.Canonical(binding)
	if err != nil {
		panic(err)
	}
	hash, err := intent.Hash(binding)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(canonical))
	fmt.Println(hash)
	// Output:
	// {"amount":0}
	// sha256:e6a312b1d452aa705e11d045f19ba9f7097fbbc3a7ef956573c98e6d81203b6a
}

// The executor's re-check before it commits: the binding it was handed
// must hash to the hash captured with the intent, must not have expired,
// and must not have run before. The binding and hash are the reference
// implementation's published vector.
func ExampleVerifier() {
	binding := []byte(`{"protocol_version":"agent-safe.intent/1","tenant_id":"00000000-0000-4000-8000-000000000002","intent_id":"11111111-1111-4111-8111-111111111111","idempotency_key":"refund-synthetic-1001-v1","captured_at":"2026-08-14T10:00:00.000Z","expires_at":"2026-08-14T10:01:00.000Z","actor":{"id":"synthetic-refund-agent","type":"AI_AGENT","runtime":"mcp"},"action":{"type":"refund_order","resource":"shopify:order:synthetic-1","parameters":{"amountMinor":35000,"currency":"USD","orderId":"synthetic-1"}},"context":{"source":"conformance"},"downstream_target":{"system":"shopify","operation":"refund","endpoint":"POST /refunds"}}`)
	captured := "sha256:5dd988f21a3e6d342fc2b787ba94deddcfa776170bc4f5814ffccdcf7a0b5d83"

	now := time.Date(2026, 8, 14, 10, 0, 30, 0, time.UTC)
	clock := func() time.Time { return now }
	v := &intent.Verifier{Now: clock, Guard: intent.NewMemoryGuard(clock)}

	b, err := v.Verify(context.Background(), binding, captured)
	fmt.Println(err, b.Action.Type, b.Action.Resource)

	_, err = v.Verify(context.Background(), binding, captured) // the same intent again
	fmt.Println(errors.Is(err, intent.ErrReplayed))

	now = now.Add(time.Minute) // past expires_at
	_, err = v.Verify(context.Background(), binding, captured)
	fmt.Println(errors.Is(err, intent.ErrExpired))
	// Output:
	// <nil> refund_order shopify:order:synthetic-1
	// true
	// true
}
