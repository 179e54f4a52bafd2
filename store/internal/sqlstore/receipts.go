package sqlstore

import (
	"context"

	"github.com/plainsight/plainsight/store"
)

const receiptColumns = `seq, COALESCE(scan_id, ''), who, content_hash, at, engine, verdict, outcome, entry`

// AppendReceipt implements store.Receipts.AppendReceipt. The entry takes
// the next sequence number in the statement that inserts it, as the
// database's only writer ([Conn.Append]), so that concurrent appends never
// collide and a reader paging by Seq never sees a later entry before an
// earlier one.
func (c Records) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	const op = "AppendReceipt"
	if err := store.CheckReceiptEntry(op, &r); err != nil {
		return 0, err
	}
	var seq int64
	err := c.Append(ctx, Receipts, `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM receipts), NULLIF(?, ''), ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
		r.ScanID, r.Who, r.ContentHash, c.Time(r.At), r.Engine, r.Verdict, r.Outcome, r.Entry).Scan(&seq)
	switch c.Class(err) {
	case Unique:
		return 0, &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case Refused: // the schema's trigger: an entry out of sequence
		// SQLite's receipts_no_replace refuses a taken scan id before its
		// unique index sees it (migration 6): still a duplicate.
		if r.ScanID != "" {
			if dup, _ := exists(ctx, c, `SELECT 1 FROM receipts WHERE scan_id = ?`, r.ScanID); dup {
				return 0, &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
			}
		}
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

// ListReceipts implements store.Receipts.ListReceipts.
func (c Records) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return c.ListReceiptsUpTo(ctx, q, -1)
}

// ListReceiptsUpTo is ListReceipts of the entries numbered upTo or less
// (all when upTo is negative): a backend whose appends commit out of
// their numbers' order lists only the numbers below the oldest append
// still in flight, so that a reader paging by Seq never steps over an
// entry that commits later.
func (c Records) ListReceiptsUpTo(ctx context.Context, q store.ReceiptQuery, upTo int64) ([]store.ReceiptEntry, error) {
	const op = "ListReceipts"
	query := `SELECT ` + receiptColumns + ` FROM receipts WHERE seq > ?`
	args := []any{max(q.After, 0)}
	if upTo >= 0 {
		query += ` AND seq <= ?`
		args = append(args, upTo)
	}
	if q.Who != "" {
		query += ` AND who = ?`
		args = append(args, q.Who)
	}
	if q.ContentHash != "" {
		query += ` AND content_hash = ?`
		args = append(args, q.ContentHash)
	}
	if q.ScanID != "" {
		query += ` AND scan_id = ?`
		args = append(args, q.ScanID)
	}
	if !q.From.IsZero() {
		query += ` AND at >= ?`
		args = append(args, c.Time(q.From))
	}
	if !q.To.IsZero() {
		query += ` AND at < ?`
		args = append(args, c.Time(q.To))
	}
	query += ` ORDER BY seq LIMIT ?`
	args = append(args, q.LimitOrMax())
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer rows.Close()
	out := []store.ReceiptEntry{}
	for rows.Next() {
		var r store.ReceiptEntry
		if err := rows.Scan(&r.Seq, &r.ScanID, &r.Who, &r.ContentHash, c.ScanTime(&r.At), &r.Engine, &r.Verdict, &r.Outcome, &r.Entry); err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, r)
	}
	return out, store.Wrap(op, rows.Err())
}
