package sqlite

import (
	"context"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
)

const (
	receiptColumns   = `seq, COALESCE(scan_id, ''), who, content_hash, at, engine, verdict, outcome, entry`
	insertReceiptSQL = `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM receipts), NULLIF(?, ''), ?, ?, ?, ?, ?, ?, ?) RETURNING seq`
)

func (c *conn) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	const op = "AppendReceipt"
	if err := store.CheckReceiptEntry(op, &r); err != nil {
		return 0, err
	}
	var seq int64
	err := c.queryRowW(ctx, insertReceiptSQL, r.ScanID, r.Who, r.ContentHash, ts(r.At), r.Engine, r.Verdict, r.Outcome, r.Entry).Scan(&seq)
	switch code(err) {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return 0, &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return seq, store.Wrap(op, err)
}

func (c *conn) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	const op = "ListReceipts"
	query := `SELECT ` + receiptColumns + ` FROM receipts WHERE seq > ?`
	args := []any{max(q.After, 0)}
	if q.Who != "" {
		query += ` AND who = ?`
		args = append(args, q.Who)
	}
	if q.ContentHash != "" {
		query += ` AND content_hash = ?`
		args = append(args, q.ContentHash)
	}
	if !q.From.IsZero() {
		query += ` AND at >= ?`
		args = append(args, ts(q.From))
	}
	if !q.To.IsZero() {
		query += ` AND at < ?`
		args = append(args, ts(q.To))
	}
	query += ` ORDER BY seq LIMIT ?`
	args = append(args, q.LimitOrMax())
	rows, release, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer release()
	defer rows.Close()
	out := []store.ReceiptEntry{}
	for rows.Next() {
		var r store.ReceiptEntry
		var at string
		if err := rows.Scan(&r.Seq, &r.ScanID, &r.Who, &r.ContentHash, &at, &r.Engine, &r.Verdict, &r.Outcome, &r.Entry); err != nil {
			return nil, store.Wrap(op, err)
		}
		if r.At, err = parseTS(at); err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, r)
	}
	return out, store.Wrap(op, rows.Err())
}

// AppendReceipt implements store.Receipts.
func (s *Store) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	return s.c().AppendReceipt(ctx, r)
}

// ListReceipts implements store.Receipts.
func (s *Store) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return s.c().ListReceipts(ctx, q)
}
