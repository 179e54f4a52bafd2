package precall

import (
	"context"
	"fmt"
	"testing"

	"github.com/plainsight/plainsight/guard"
)

// BenchmarkCheckUnregistered: a whole unregistered check of an SDK server
// on loopback (guard, probe of three pages, fingerprint, scan, answer).
func BenchmarkCheckUnregistered(b *testing.B) {
	var tools []tool
	for i := range 30 {
		tools = append(tools, tool{fmt.Sprintf("tool%02d", i), "Does thing number " + fmt.Sprint(i) + ".",
			`{"type":"object","properties":{"q":{"type":"string","description":"the query"}}}`})
	}
	srv := sdkServer(b, "bench", "1", nil, tools...)
	c := &Checker{Guard: testGuard(b, guard.Policy{AllowLoopback: true})}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Check(context.Background(), srv.URL, "tool07"); err != nil {
			b.Fatal(err)
		}
	}
}
