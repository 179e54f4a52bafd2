package postgres

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/store"
)

const receiptColumns = `seq, COALESCE(scan_id, ''), who, content_hash, at, engine, verdict, outcome, entry`

func (c *conn) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	const op = "AppendReceipt"
	if err := store.CheckReceiptEntry(op, &r); err != nil {
		return 0, err
	}
	if err := c.read(ctx); err != nil {
		return 0, err
	}
	// Outside Atomic the log's sequence is taken under the same advisory
	// lock, so that concurrent appends never collide and a reader paging by
	// Seq never sees a later entry before an earlier one.
	q := `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM receipts), NULLIF($1, ''), $2, $3, $4, $5, $6, $7, $8) RETURNING seq`
	args := []any{r.ScanID, r.Who, r.ContentHash, r.At.UTC(), r.Engine, r.Verdict, r.Outcome, r.Entry}
	var seq int64
	var err error
	if c.tx != nil {
		err = c.q.QueryRow(ctx, q, args...).Scan(&seq)
	} else {
		err = pgx.BeginFunc(ctx, c.q.(beginner), func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, lockClass); err != nil {
				return err
			}
			return tx.QueryRow(ctx, q, args...).Scan(&seq)
		})
	}
	switch sqlState(err) {
	case uniqueViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case integrityViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

func (c *conn) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	const op = "ListReceipts"
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	query := `SELECT ` + receiptColumns + ` FROM receipts WHERE seq > $1`
	args := []any{max(q.After, 0), q.LimitOrMax()}
	if q.Who != "" {
		args = append(args, q.Who)
		query += ` AND who = $` + strconv.Itoa(len(args))
	}
	if q.ContentHash != "" {
		args = append(args, q.ContentHash)
		query += ` AND content_hash = $` + strconv.Itoa(len(args))
	}
	if !q.From.IsZero() {
		args = append(args, q.From.UTC())
		query += ` AND at >= $` + strconv.Itoa(len(args))
	}
	if !q.To.IsZero() {
		args = append(args, q.To.UTC())
		query += ` AND at < $` + strconv.Itoa(len(args))
	}
	query += ` ORDER BY seq LIMIT $2`
	rows, err := c.q.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer rows.Close()
	out := []store.ReceiptEntry{}
	for rows.Next() {
		var r store.ReceiptEntry
		if err := rows.Scan(&r.Seq, &r.ScanID, &r.Who, &r.ContentHash, &r.At, &r.Engine, &r.Verdict, &r.Outcome, &r.Entry); err != nil {
			return nil, store.Wrap(op, err)
		}
		r.At = r.At.UTC()
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
