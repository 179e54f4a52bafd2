package canon

import "testing"

// binding2K is a typical agent-safe.intent/1 binding of about 2 KB: the
// reference's own fields and a refund with line items.
const binding2K = `{
  "protocol_version": "agent-safe.intent/1",
  "tenant_id": "00000000-0000-4000-8000-000000000002",
  "intent_id": "11111111-1111-4111-8111-111111111111",
  "idempotency_key": "refund-synthetic-1001-v1",
  "captured_at": "2026-08-14T10:00:00.000Z",
  "expires_at": "2026-08-14T10:01:00.000Z",
  "actor": {"id": "synthetic-refund-agent", "type": "AI_AGENT", "runtime": "mcp", "trust_level": "supervised"},
  "action": {
    "type": "refund_order",
    "resource": "shopify:order:synthetic-1",
    "parameters": {
      "orderId": "synthetic-1",
      "currency": "USD",
      "amountMinor": 35000,
      "reason": "Customer reported the parcel arrived damaged; photos attached to ticket 48213.",
      "notifyCustomer": true,
      "restock": false,
      "lineItems": [
        {"sku": "TSHIRT-BLK-M", "quantity": 2, "unitPriceMinor": 2500, "taxMinor": 412, "discountMinor": 0, "title": "T-shirt, black, M"},
        {"sku": "HOODIE-GRY-L", "quantity": 1, "unitPriceMinor": 6000, "taxMinor": 990, "discountMinor": 600, "title": "Hoodie, grey, L"},
        {"sku": "CAP-NVY", "quantity": 3, "unitPriceMinor": 1800, "taxMinor": 297, "discountMinor": 0, "title": "Cap, navy"},
        {"sku": "SOCKS-3PK", "quantity": 4, "unitPriceMinor": 1200, "taxMinor": 198, "discountMinor": 120, "title": "Socks, 3-pack"},
        {"sku": "MUG-CAFÉ", "quantity": 1, "unitPriceMinor": 1450, "taxMinor": 239, "discountMinor": 0, "title": "Mug \u201ccaf\u00e9\u201d"}
      ],
      "shipping": {"refundMinor": 599, "carrier": "UPS", "tracking": "1Z999AA10123456784", "weightKg": 1.25},
      "adjustments": [{"kind": "goodwill", "amountMinor": 500}, {"kind": "rounding", "amountMinor": -1}],
      "metadata": {"10": "ten", "9": "nine", "ticket": "48213", "channel": "email", "locale": "en-US", "rate": 0.0825}
    }
  },
  "context": {"source": "conformance", "session": "sess-7f3a9c", "model": "synthetic-model-1", "prompt_hash": "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
  "downstream_target": {"system": "shopify", "operation": "refund", "endpoint": "POST /admin/api/2026-07/orders/synthetic-1/refunds.json"}
}`

func BenchmarkCanonical2K(b *testing.B) {
	data := []byte(binding2K)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		v, err := Parse(data, ReferenceLimits)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Marshal(v, JSObject, ReferenceLimits); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParse2K(b *testing.B) {
	data := []byte(binding2K)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data, ReferenceLimits); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshal2K(b *testing.B) {
	v, err := Parse([]byte(binding2K), ReferenceLimits)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(v, JSObject, ReferenceLimits); err != nil {
			b.Fatal(err)
		}
	}
}
