package sqlite

import (
	"context"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

func (c *conn) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	return sqlstore.AppendReceipt(ctx, c, r)
}

func (c *conn) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return sqlstore.ListReceipts(ctx, c, q)
}

// AppendReceipt implements store.Receipts.
func (s *Store) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	return sqlstore.AppendReceipt(ctx, s.c(), r)
}

// ListReceipts implements store.Receipts.
func (s *Store) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return sqlstore.ListReceipts(ctx, s.c(), q)
}
