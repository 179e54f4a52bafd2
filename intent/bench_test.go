package intent

import (
	"fmt"
	"strings"
	"testing"
)

// binding2K is a binding of about 2 KB: the reference's fields, and
// parameters enough to reach the size.
var binding2K = func() []byte {
	var params []string
	for i := range 30 {
		params = append(params, fmt.Sprintf(`"line_%02d":{"sku":"SKU-%04d","quantity":%d,"priceMinor":%d}`, i, i*7, i%5+1, 1999+i))
	}
	return []byte(`{"protocol_version":"agent-safe.intent/1","tenant_id":"00000000-0000-4000-8000-000000000002",` +
		`"intent_id":"11111111-1111-4111-8111-111111111111","idempotency_key":"refund-synthetic-1001-v1",` +
		`"captured_at":"2026-08-14T10:00:00.000Z","expires_at":"2026-08-14T10:01:00.000Z",` +
		`"actor":{"id":"synthetic-refund-agent","type":"AI_AGENT","runtime":"mcp"},` +
		`"action":{"type":"refund_order","resource":"shopify:order:synthetic-1","parameters":{` + strings.Join(params, ",") + `}},` +
		`"context":{"source":"conformance"},"downstream_target":{"system":"shopify","operation":"refund","endpoint":"POST /refunds"}}`)
}()

func BenchmarkHash2K(b *testing.B) {
	b.SetBytes(int64(len(binding2K)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Hash(binding2K); err != nil {
			b.Fatal(err)
		}
	}
}
