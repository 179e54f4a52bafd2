package pin

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
	"github.com/plainsight/plainsight/store/sqlite"
)

// BenchmarkObserveUnchanged is the common case of a proxy's every list: a
// surface of 50 tools, pinned, seen again unchanged.
func BenchmarkObserveUnchanged(b *testing.B) {
	var tools []string
	for i := range 50 {
		tools = append(tools, fmt.Sprintf(`{"name":"tool_%d","description":"Does thing %d with care, and reports what it did.","inputSchema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}}`, i, i))
	}
	s := surface(b, "Use the tools with care.", "["+strings.Join(tools, ",")+"]")
	for _, bc := range []struct {
		name string
		open func(b *testing.B) store.Store
	}{
		{"memory", func(*testing.B) store.Store { return memory.New() }},
		{"sqlite", func(b *testing.B) store.Store {
			st, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "p.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			return st
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			k := &Keeper{Store: bc.open(b)}
			if _, err := k.Observe(b.Context(), key, s); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if out, err := k.Observe(b.Context(), key, s); err != nil || out.Status != StatusUnchanged {
					b.Fatal(out.Status, err)
				}
			}
		})
	}
}
