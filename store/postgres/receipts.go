package postgres

import (
	"context"

	"github.com/plainsight/plainsight/store"
)

// AppendReceipt implements store.Receipts.
func (s *Store) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	return s.c().AppendReceipt(ctx, r)
}

// ListReceipts implements store.Receipts.
func (s *Store) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return s.c().ListReceipts(ctx, q)
}
