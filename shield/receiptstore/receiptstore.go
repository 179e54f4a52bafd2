// Package receiptstore keeps the Agent-Shield receipt log of conformance
// Level 3 (§5) in a store: [Log] is a [enforce.ReceiptLog] on a
// [store.Receipts] (memory, SQLite or PostgreSQL), so the audit trail of a
// guarded agent ([github.com/plainsight/plainsight/shield/mcpguard])
// outlives the process and can be looked up by who, by content hash and
// by time range.
//
// It sits apart from package shield so that the scanner never imports a
// store, and so never a database driver: only hosts that keep receipts
// pull this package in.
//
// Each [enforce.LogEntry] is stored whole, in its versioned JSON form
// ([enforce.LogSchema]), next to the fields a look-up needs: who, the
// receipt's scan_id (one entry per scan id: a second is
// [store.ErrDuplicate]), content_hash and timestamp, the engine, the
// verdict and the enforcer's outcome. An outcome the enforcer reports
// after the scan ([Log.AppendOutcome]) is an entry of its own, after the
// scan's: the log is never changed. An entry without a scan (the scanner
// could not be reached) is stored at the time of the append, without a
// scan id. Level 3 names who scanned: an entry without Who is refused
// ([store.ErrInvalid]), so a guard logging here must set its Who (else its
// log fails, and the guard treats every action as it treats an
// unreachable scanner).
//
// # Bounds
//
// An entry's JSON is at most [store.ReceiptEntryMaxBytes]; [Decode] refuses
// a longer one, unknown members, repeated or case-folded member names,
// trailing data and another schema. A list
// is capped as the store caps it ([store.MaxListLimit]). Each Append is one
// transaction of the store: on SQLite a durable commit, which is most of
// a guarded call's time (BenchmarkGuardedCall).
//
// # What it does not claim
//
// A stored entry holds what shield put in it: hashes, scores and the
// enforcer's reason, never the content. The store's append-only schema
// guards against the application and its mistakes, not against the
// database's owner; the receipts' signatures ([github.com/plainsight/plainsight/shield/receipt.Verify]) are
// what make an edited verdict or score detectable.
package receiptstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plainsight/plainsight/internal/strictjson"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/enforce"
	"github.com/plainsight/plainsight/store"
)

// ErrMalformed: a stored entry, or one given to Append, is not a
// shield-receipt-log/1 entry.
var ErrMalformed = errors.New("receiptstore: malformed receipt log entry")

// Error wraps ErrMalformed with a detail.
type Error struct {
	Err    error
	Detail string
}

// Error says what was refused and why.
func (e *Error) Error() string { return e.Err.Error() + ": " + e.Detail }

// Unwrap returns the error class.
func (e *Error) Unwrap() error { return e.Err }

func malformed(format string, args ...any) error {
	return &Error{Err: ErrMalformed, Detail: fmt.Sprintf(format, args...)}
}

// Log is a enforce.ReceiptLog kept in a store. It is safe for concurrent
// use as its store is.
type Log struct {
	r store.Receipts
	// Now is the clock of an entry without a scan; nil means time.Now.
	Now func() time.Time
}

var _ enforce.ReceiptLog = (*Log)(nil)

// New returns the log kept in r (a store.Store, or a store.Tx inside
// Atomic).
func New(r store.Receipts) *Log { return &Log{r: r} }

// Record is a stored entry: its place in the log, its time, and the entry.
type Record struct {
	Seq   int64
	At    time.Time
	Entry enforce.LogEntry
	// Report is true for an outcome reported after the scan
	// ([Log.AppendOutcome]): At is the time of the report, and the entry
	// repeats the scan's receipt.
	Report bool
}

// Append stores e. Its schema must be enforce.LogSchema and its Who not
// empty (store.ErrInvalid otherwise: Level 3 names who); a scan id
// already logged is store.ErrDuplicate. Errors of the store are returned
// as they are.
func (l *Log) Append(ctx context.Context, e enforce.LogEntry) error {
	if e.Schema != enforce.LogSchema {
		return malformed("schema %.32q, want %s", e.Schema, enforce.LogSchema)
	}
	at, err := l.at(e)
	if err != nil {
		return err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return malformed("%v", err)
	}
	_, err = l.r.AppendReceipt(ctx, store.ReceiptEntry{
		ScanID: e.Receipt.ScanID, Who: e.Who, ContentHash: e.Receipt.ContentHash, At: at,
		Engine: engine(e.Engine), Verdict: string(e.Verdict), Outcome: string(e.Outcome), Entry: b,
	})
	return err
}

// AppendOutcome stores e as the enforcer's outcome reported on a scan
// logged before (§5 Level 3: "what the enforcer did", known to the
// requester only after the scan): e repeats the scan's receipt, engine,
// verdict and scores, and its Outcome, Action and Reason are the report.
// The log is append-only, so a report is a new entry after the scan's,
// never a change of it; it is stored at the log's clock, not indexed by
// scan id (a look-up by scan id finds the scan's entry alone), and
// listed with Record.Report set. Its schema must be enforce.LogSchema,
// its Who and its receipt's scan id not empty (store.ErrInvalid, or
// ErrMalformed for the scan id). It does not check that the scan was
// logged: the caller does (see store.ReceiptQuery.ScanID). It returns
// the stored record.
func (l *Log) AppendOutcome(ctx context.Context, e enforce.LogEntry) (Record, error) {
	if e.Schema != enforce.LogSchema {
		return Record{}, malformed("schema %.32q, want %s", e.Schema, enforce.LogSchema)
	}
	if e.Receipt.ScanID == "" {
		return Record{}, malformed("an outcome report names the scan id it reports on")
	}
	b, err := json.Marshal(e)
	if err != nil {
		return Record{}, malformed("%v", err)
	}
	at := time.Now().UTC()
	if l.Now != nil {
		at = l.Now().UTC()
	}
	seq, err := l.r.AppendReceipt(ctx, store.ReceiptEntry{
		Who: e.Who, ContentHash: e.Receipt.ContentHash, At: at,
		Engine: engine(e.Engine), Verdict: string(e.Verdict), Outcome: string(e.Outcome), Entry: b,
	})
	if err != nil {
		return Record{}, err
	}
	return Record{Seq: seq, At: at, Entry: e, Report: true}, nil
}

func (l *Log) at(e enforce.LogEntry) (time.Time, error) {
	if e.Receipt.Timestamp == "" {
		if e.Receipt.ScanID != "" {
			return time.Time{}, malformed("a receipt with a scan id has no timestamp")
		}
		if l.Now != nil {
			return l.Now().UTC(), nil
		}
		return time.Now().UTC(), nil
	}
	t, err := time.Parse(time.RFC3339Nano, e.Receipt.Timestamp)
	if err != nil {
		return time.Time{}, malformed("timestamp %.40q is not RFC 3339", e.Receipt.Timestamp)
	}
	return t.UTC(), nil
}

func engine(e shield.Engine) string {
	if e.ID == "" && e.Version == "" {
		return ""
	}
	return e.ID + "/" + e.Version
}

// List returns the entries q selects, oldest first, decoded. An entry
// whose JSON is malformed, or disagrees with the fields it was looked up
// by (written to the store by other means), is ErrMalformed: a look-up by
// who or hash never returns an entry of another.
func (l *Log) List(ctx context.Context, q store.ReceiptQuery) ([]Record, error) {
	rs, err := l.r.ListReceipts(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(rs))
	for _, r := range rs {
		e, err := Decode(r.Entry)
		// An outcome report (AppendOutcome) is stored without its scan id.
		report := r.ScanID == "" && e.Receipt.ScanID != ""
		if err == nil && ((r.ScanID != e.Receipt.ScanID && !report) || r.Who != e.Who || r.ContentHash != e.Receipt.ContentHash ||
			r.Engine != engine(e.Engine) || r.Verdict != string(e.Verdict) || r.Outcome != string(e.Outcome)) {
			err = malformed("its indexed fields disagree with its JSON")
		}
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", r.Seq, err)
		}
		out = append(out, Record{Seq: r.Seq, At: r.At, Entry: e, Report: report})
	}
	return out, nil
}

// Decode parses a stored entry: one JSON object of schema
// enforce.LogSchema, without unknown members or trailing data, at most
// store.ReceiptEntryMaxBytes long, read as strictly as
// receipt.ParseResponse reads a response (no member name twice, none
// differing from a member's only by case, I-JSON strings).
func Decode(b []byte) (enforce.LogEntry, error) {
	var e enforce.LogEntry
	if len(b) > store.ReceiptEntryMaxBytes {
		return e, malformed("%d bytes, more than %d", len(b), store.ReceiptEntryMaxBytes)
	}
	// Read strictly (issue 29): the entry's verdict, scores and receipt
	// are verified against their signature, so a member given twice, or
	// spelt with another case, which encoding/json would read one way and
	// another reader of the database another, is refused.
	lim := strictjson.Limits{MaxBytes: store.ReceiptEntryMaxBytes, MaxDepth: 8, DisallowUnknown: true, IJSON: true}
	if err := strictjson.Unmarshal(b, &e, lim); err != nil {
		return enforce.LogEntry{}, malformed("%s", strings.TrimPrefix(err.Error(), "strictjson: "))
	}
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return enforce.LogEntry{}, malformed("not a JSON object")
	}
	if e.Schema != enforce.LogSchema {
		return enforce.LogEntry{}, malformed("schema %.32q, want %s", e.Schema, enforce.LogSchema)
	}
	return e, nil
}
