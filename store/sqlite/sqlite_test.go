package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

func open(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), path, nil)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		New: func(t testing.TB) store.Store {
			return open(t, filepath.Join(t.TempDir(), "plainsight.db"))
		},
		Again: func(t testing.TB, s store.Store) store.Store {
			return open(t, s.(*sqlite.Store).Path())
		},
	})
}

func TestSignaturesConformance(t *testing.T) {
	storetest.RunSignatures(t, storetest.Opener{
		New: func(t testing.TB) store.Store {
			return open(t, filepath.Join(t.TempDir(), "plainsight.db"))
		},
	})
}
