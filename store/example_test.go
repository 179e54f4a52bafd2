package store_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// Atomic keeps all of fn's writes or none of them.
func ExampleStore_Atomic() {
	ctx := context.Background()
	var s store.Store = memory.New()
	errRefused := errors.New("refused")
	err := s.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.AppendLedgerEntry(ctx, store.LedgerEntry{Seq: 1, Type: "example", Hash: "00", Body: []byte("{}")}); err != nil {
			return err
		}
		return errRefused // nothing above is kept
	})
	_, headErr := s.LedgerHead(ctx)
	fmt.Println(err == errRefused, errors.Is(headErr, store.ErrNotFound))
	// Output: true true
}
