package memory

import (
	"context"
	"slices"

	"github.com/plainsight/plainsight/store"
)

// AppendReceipt implements store.Receipts.
func (m *Memory) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.appendReceipt(nil, r)
}

func (m *Memory) appendReceipt(undo *[]func(), r store.ReceiptEntry) (int64, error) {
	const op = "AppendReceipt"
	if err := store.CheckReceiptEntry(op, &r); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, store.Wrap(op, errClosed)
	}
	if m.scans == nil {
		m.scans = map[string]bool{}
	}
	if r.ScanID != "" && m.scans[r.ScanID] {
		return 0, store.Errorf(op, store.ErrDuplicate, "scan id %s", r.ScanID)
	}
	r.Seq = int64(len(m.rc)) + 1
	r.Entry = slices.Clone(r.Entry)
	m.rc = append(m.rc, r)
	if r.ScanID != "" {
		m.scans[r.ScanID] = true
	}
	if undo != nil {
		*undo = append(*undo, func() {
			m.rc = m.rc[:len(m.rc)-1]
			delete(m.scans, r.ScanID)
		})
	}
	return r.Seq, nil
}

// ListReceipts implements store.Receipts.
func (m *Memory) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, store.Wrap("ListReceipts", errClosed)
	}
	limit := q.LimitOrMax()
	out := []store.ReceiptEntry{}
	for i := max(q.After, 0); i < int64(len(m.rc)) && len(out) < limit; i++ {
		r := m.rc[i]
		switch {
		case q.Who != "" && r.Who != q.Who:
		case q.ContentHash != "" && r.ContentHash != q.ContentHash:
		case q.ScanID != "" && r.ScanID != q.ScanID:
		case !q.From.IsZero() && r.At.Before(q.From):
		case !q.To.IsZero() && !r.At.Before(q.To):
		default:
			r.Entry = slices.Clone(r.Entry)
			out = append(out, r)
		}
	}
	return out, nil
}

func (t *tx) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	if err := t.check("AppendReceipt"); err != nil {
		return 0, err
	}
	return t.m.appendReceipt(&t.undo, r)
}

func (t *tx) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	if err := t.check("ListReceipts"); err != nil {
		return nil, err
	}
	return t.m.ListReceipts(ctx, q)
}
