package store

import (
	"context"
	"time"
)

// ReceiptEntry is one stored entry of a receipt log (the Agent-Shield
// protocol's conformance Level 3, §5): who had what scanned, the content's
// hash, when, the engine, the verdict and what the enforcer did. It never
// holds the content. Package shield gives Entry its form (a LogEntry in
// its versioned JSON, scores and signature included); a store keeps it as
// given and indexes the other fields. Seq orders the log; it is assigned
// by the store.
type ReceiptEntry struct {
	Seq int64
	// ScanID is the receipt's scan_id, unique among the entries; empty
	// when no scan was made (the scanner could not be reached), and then
	// not unique.
	ScanID      string
	Who         string
	ContentHash string // "sha256:" and 64 lowercase hex digits; empty when no scan
	At          time.Time
	Engine      string // engine id and version, e.g. "plainsight/shield-1"; empty when no scan
	Verdict     string // empty when no scan
	Outcome     string // what the enforcer did: "proceed", "flag" or "block"
	Entry       []byte // the whole entry, JSON
}

// Bound of a receipt entry's JSON.
const ReceiptEntryMaxBytes = 64 << 10

// ReceiptQuery selects receipt entries, oldest (lowest Seq) first. Empty
// fields select anything.
type ReceiptQuery struct {
	Who         string
	ContentHash string
	// ScanID, when not empty, selects the entry logged under that scan id
	// (at most one: ScanID is unique among the entries).
	ScanID string
	// From and To, when not zero, select the entries with From ≤ At < To.
	From, To time.Time
	// After, when positive, selects the entries with Seq > After (the next
	// page after one ending at After).
	After int64
	Limit int // 0 or more than MaxListLimit means MaxListLimit
}

// Receipts holds the receipt log. Append-only: no update, no delete.
type Receipts interface {
	// AppendReceipt stores r with the next sequence number and returns it
	// (r.Seq is ignored). Numbers increase; on PostgreSQL they may have
	// gaps (a number drawn by an append refused or rolled back is not used
	// again), and ListReceipts lists no entry while one numbered below it
	// is still in flight, so that paging by Seq never steps over an entry
	// committed later (issue 33, item 3). ErrDuplicate when an entry has
	// its non-empty ScanID; ErrInvalid when a field breaks a bound, or
	// Who, Outcome or Entry is empty.
	AppendReceipt(ctx context.Context, r ReceiptEntry) (int64, error)
	// ListReceipts returns the entries q selects, oldest first.
	ListReceipts(ctx context.Context, q ReceiptQuery) ([]ReceiptEntry, error)
}

// LimitOrMax returns q's limit with MaxListLimit applied.
func (q *ReceiptQuery) LimitOrMax() int { return limitOrMax(q.Limit) }

// CheckReceiptEntry checks r's bounds. It is for backends.
func CheckReceiptEntry(op string, r *ReceiptEntry) error {
	if err := checkStrings(op, [2]string{"scan id", r.ScanID}, [2]string{"who", r.Who}, [2]string{"content hash", r.ContentHash},
		[2]string{"engine", r.Engine}, [2]string{"verdict", r.Verdict}, [2]string{"outcome", r.Outcome}); err != nil {
		return err
	}
	if len(r.ScanID) > IDMaxBytes || len(r.ContentHash) > 2*IDMaxBytes || len(r.Verdict) > IDMaxBytes || len(r.Outcome) > IDMaxBytes {
		return Errorf(op, ErrInvalid, "a receipt entry's id, hash, verdict or outcome breaks a bound")
	}
	if r.Who == "" || r.Outcome == "" || len(r.Entry) == 0 {
		return Errorf(op, ErrInvalid, "a receipt entry needs who, an outcome and the entry")
	}
	if len(r.Entry) > ReceiptEntryMaxBytes {
		return Errorf(op, ErrInvalid, "a receipt entry is longer than %d bytes", ReceiptEntryMaxBytes)
	}
	return nil
}
