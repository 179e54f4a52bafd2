package memory

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/plainsight/plainsight/store"
)

// Readers of a fresh store's registry hold only the read lock: none of
// them may create it (a data race under -race before New made it).
func TestConcurrentFirstReads(t *testing.T) {
	m := New()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := m.Server(context.Background(), "https://a.example.com/"); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Server: %v", err)
			}
		}()
	}
	wg.Wait()
}
