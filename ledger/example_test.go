package ledger_test

import (
	"context"
	"fmt"
	"time"

	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

func ExampleVerify() {
	ctx := context.Background()
	s := memory.New()
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	// Append inside a transaction, with whatever the entry anchors.
	s.Atomic(ctx, func(tx store.Tx) error {
		_, err := ledger.Append(ctx, tx, ledger.TypeFlagged, at, map[string]any{"flag_id": "flg_0123456789abcdef0123"})
		return err
	})
	e, _ := s.LedgerEntry(ctx, 1)
	fmt.Printf("%s\n", e.Body)
	r, err := ledger.Verify(ctx, s)
	fmt.Println(r.Entries, err)
	// Output:
	// {"at":"2026-12-01T00:00:00Z","data":{"flag_id":"flg_0123456789abcdef0123"},"prev":"","seq":1,"type":"security.flagged"}
	// 1 <nil>
}
