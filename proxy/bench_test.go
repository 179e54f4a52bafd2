package proxy_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/plainsight/plainsight/proxy"
)

// BenchmarkProxyCall measures one tools/call through the proxy against a
// direct SDK connection to the same loopback Streamable HTTP server,
// paired: each iteration makes one direct call, one through the proxy
// without the guard, and one through the proxy with the guard (both
// scans: the arguments and the result), and the benchmark reports the
// median of each and the median of the paired differences (issue 30,
// item 5: at most 1 ms p50 added, plus the scan's own cost).
//
//	go test -run '^$' -bench ProxyCall -benchtime 2000x ./proxy
func BenchmarkProxyCall(b *testing.B) {
	url := httpUpstream(b, "")
	ctx := context.Background()
	direct, err := mcp.NewClient(&mcp.Implementation{Name: "direct", Version: "1"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer direct.Close()
	via := func(cfg proxy.Config) *mcp.ClientSession {
		p, err := proxy.New(ctx, cfg)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { p.Close() })
		st, ct := mcp.NewInMemoryTransports()
		ss, err := p.Server().Connect(ctx, st, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { ss.Close() })
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "via", Version: "1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { cs.Close() })
		return cs
	}
	up := proxy.Upstream{URL: url}
	plain := via(proxy.WithoutGuard(proxy.Config{Upstream: up}))
	guarded := via(proxy.Config{Upstream: up})
	params := &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "The forecast for Paris tomorrow, please, in degrees Celsius."}}
	timed := func(cs *mcp.ClientSession) time.Duration {
		start := time.Now()
		r, err := cs.CallTool(ctx, params)
		d := time.Since(start)
		if err != nil || r.IsError {
			b.Fatalf("call: %v %+v", err, r)
		}
		return d
	}
	for _, cs := range []*mcp.ClientSession{direct, plain, guarded} {
		timed(cs) // warm: connections, schemas
	}
	var d, pl, g, addPlain, addGuard []time.Duration
	b.ResetTimer()
	for range b.N {
		a, c, e := timed(direct), timed(plain), timed(guarded)
		d, pl, g = append(d, a), append(pl, c), append(g, e)
		addPlain, addGuard = append(addPlain, c-a), append(addGuard, e-a)
	}
	b.StopTimer()
	p50 := func(x []time.Duration) float64 {
		slices.Sort(x)
		return float64(x[len(x)/2].Microseconds())
	}
	b.ReportMetric(p50(d), "direct-p50-µs")
	b.ReportMetric(p50(pl), "proxy-p50-µs")
	b.ReportMetric(p50(g), "guarded-p50-µs")
	b.ReportMetric(p50(addPlain), "added-p50-µs")
	b.ReportMetric(p50(addGuard), "added-guarded-p50-µs")
	b.ReportMetric(0, "ns/op")
}
