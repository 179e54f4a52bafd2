package memory_test

import (
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		New: func(t testing.TB) store.Store {
			m := memory.New()
			t.Cleanup(func() { m.Close() })
			return m
		},
	})
}

func TestSignaturesConformance(t *testing.T) {
	storetest.RunSignatures(t, storetest.Opener{
		New: func(t testing.TB) store.Store {
			m := memory.New()
			t.Cleanup(func() { m.Close() })
			return m
		},
	})
}
