package postgres

import (
	"context"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// The receipt log takes no lock (migration 10): each entry's number is
// drawn from the sequence receipts_seq by plainsight_receipt_seq(), which
// marks it in flight until its transaction ends, and a reader lists only
// the entries numbered below every number still in flight
// (plainsight_receipt_bound()). Appends of several instances commit
// concurrently, in any order; a reader paging by Seq sees the log grow by
// its end only. A number whose transaction rolled back is a gap.

const appendReceiptSQL = `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
	VALUES (plainsight_receipt_seq(), NULLIF(?, ''), ?, ?, ?, ?, ?, ?, ?) RETURNING seq`

// AppendReceipt implements store.Receipts.AppendReceipt with a number
// from the sequence: outside a transaction, one statement.
func (c *conn) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	const op = "AppendReceipt"
	if err := store.CheckReceiptEntry(op, &r); err != nil {
		return 0, err
	}
	var seq int64
	err := c.QueryRow(ctx, appendReceiptSQL,
		r.ScanID, r.Who, r.ContentHash, r.At.UTC(), r.Engine, r.Verdict, r.Outcome, r.Entry).Scan(&seq)
	switch c.Class(err) {
	case sqlstore.Unique:
		return 0, &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case sqlstore.Refused:
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

// ListReceipts implements store.Receipts.ListReceipts, bounded by the
// oldest append in flight in another transaction (this one's own entries
// it sees). The bound is taken by a statement of its own, before the
// query's: an entry that commits between the two is then either listed
// or above the bound, never skipped.
func (c *conn) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	var bound int64
	if err := c.QueryRow(ctx, `SELECT plainsight_receipt_bound()`).Scan(&bound); err != nil {
		return nil, store.Wrap("ListReceipts", err)
	}
	return c.records.ListReceiptsUpTo(ctx, q, bound)
}
