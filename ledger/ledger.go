// Package ledger implements plainsight's append-only, hash-chained ledger:
// the log in which §8 anchors a flag's creation (security.flagged) and its
// overturn (security.flag_overturned), and in which later record kinds may
// anchor theirs.
//
// Two entry types extend §8 (issue 29), so that every change of a flag's
// status has its entry: security.flag_disputed (standing → disputed; data
// flag_id, finding_class, evidence_sha256, artifact, case_id, case_number,
// filed_by) and security.flag_upheld (disputed → standing; the same with
// decided_by in place of filed_by); security.flag_overturned carries the
// same data with decided_by. filed_by and decided_by are flag.Principal
// IDs ("key:<id>" or "account:<id>"). The SQL stores refuse a status
// change whose entry is not the ledger's head (see package store).
//
// # Entries
//
// An entry's body is the canonical JSON (keys sorted by UTF-16 code units,
// no whitespace, strings and numbers as JavaScript's JSON.stringify writes
// them — the canonical form of §7) of the object
//
//	{ "at": "2026-12-01T00:00:00Z", "data": { … }, "prev": "<hex>",
//	  "seq": 7, "type": "security.flagged" }
//
// where seq counts from 1 without gaps, prev is the previous entry's hash
// (the empty string for entry 1), at is an RFC 3339 UTC time, and data is
// the entry's payload. An entry's hash is the lowercase hex SHA-256 of its
// body's bytes. So each entry commits to its predecessor, and changing,
// removing or reordering any entry breaks every link after it.
//
// [Append] writes the entry that extends the head; call it inside
// [store.Store.Atomic] together with the record it anchors. [Verify] walks
// the chain and reports the first broken link; [VerifyEach] does the same
// and hands each entry to a reader of the payloads on the way — the
// cross-check of the flags against their entries (flag.VerifyLedger, what
// `plainsight ledger verify` runs) is one.
//
// # Bounds
//
// A body is at most [store.LedgerBodyMaxBytes]; Verify and VerifyEach
// stream the entries and hold one at a time.
//
// # What it does not claim
//
// The chain shows that the entries were not changed after the fact
// relative to each other. It does not show that the newest entries were not
// replaced as a whole, nor that nothing was appended: anyone who can write
// the database can extend the chain. Anchor the head hash somewhere else
// (print it, publish it; `plainsight ledger verify --pin SEQ:HASH` checks
// it later) to pin a prefix. The chain does not check the payloads: that
// each flag has its entry and each entry its flag is flag.VerifyLedger's
// work. An entry says an event was
// recorded; it is not a verdict about anything (§12).
package ledger

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/store"
)

// Entry types of §8.
const (
	TypeFlagged        = "security.flagged"
	TypeFlagOverturned = store.EntryFlagOverturned
)

// Extension entry types, not named by §8 (issue 29): the other lifecycle
// steps, so that every change of a flag's status has its entry.
const (
	TypeFlagDisputed = store.EntryFlagDisputed
	TypeFlagUpheld   = store.EntryFlagUpheld
)

// ErrBroken is the class of a broken chain; Verify returns it wrapped in a
// *BrokenError.
var ErrBroken = errors.New("ledger: chain broken")

// ErrInvalidData is returned (wrapped) by Append for data that has no
// canonical JSON form.
var ErrInvalidData = errors.New("ledger: entry data has no canonical form")

// BrokenError is the first broken link Verify finds.
type BrokenError struct {
	Seq    int64  // the entry at which the chain breaks
	Reason string // what does not hold there
}

func (e *BrokenError) Error() string {
	return fmt.Sprintf("ledger: chain broken at entry %d: %s", e.Seq, e.Reason)
}

// Unwrap returns ErrBroken.
func (e *BrokenError) Unwrap() error { return ErrBroken }

// Entry is a decoded ledger entry.
type Entry struct {
	Seq  int64           `json:"seq"`
	Type string          `json:"type"`
	At   time.Time       `json:"at"`
	Prev string          `json:"prev"`
	Hash string          `json:"hash"`
	Data json.RawMessage `json:"data"`
}

// Body returns the canonical body of an entry (see the package doc).
func Body(seq int64, typ string, at time.Time, prev string, data map[string]any) ([]byte, error) {
	v, err := canon.FromGo(map[string]any{
		"seq":  seq,
		"type": typ,
		"at":   at.UTC().Format(time.RFC3339Nano),
		"prev": prev,
		"data": data,
	}, canon.Limits{MaxDepth: 16})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidData, err)
	}
	b, err := canon.Marshal(v, canon.SortedUTF16, canon.Limits{MaxDepth: 16, MaxBytes: store.LedgerBodyMaxBytes})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidData, err)
	}
	return b, nil
}

// Hash returns the lowercase hex SHA-256 of body.
func Hash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// Append writes an entry of typ carrying data after the ledger's head and
// returns it. Inside store.Store.Atomic it cannot be raced; outside, a
// concurrent append makes it fail with store.ErrConflict.
func Append(ctx context.Context, l store.Ledger, typ string, at time.Time, data map[string]any) (store.LedgerEntry, error) {
	head, err := l.LedgerHead(ctx)
	var seq int64 = 1
	prev := ""
	switch {
	case err == nil:
		seq, prev = head.Seq+1, head.Hash
	case !errors.Is(err, store.ErrNotFound):
		return store.LedgerEntry{}, err
	}
	body, err := Body(seq, typ, at, prev, data)
	if err != nil {
		return store.LedgerEntry{}, err
	}
	e := store.LedgerEntry{Seq: seq, Type: typ, Prev: prev, Hash: Hash(body), Body: body}
	if err := l.AppendLedgerEntry(ctx, e); err != nil {
		return store.LedgerEntry{}, err
	}
	return e, nil
}

// Decode decodes a stored entry's body. It does not check the hash.
func Decode(e store.LedgerEntry) (Entry, error) {
	var b struct {
		Seq  int64           `json:"seq"`
		Type string          `json:"type"`
		At   string          `json:"at"`
		Prev string          `json:"prev"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(e.Body, &b); err != nil {
		return Entry{}, &BrokenError{Seq: e.Seq, Reason: "body is not JSON"}
	}
	at, err := time.Parse(time.RFC3339Nano, b.At)
	if err != nil {
		return Entry{}, &BrokenError{Seq: e.Seq, Reason: "body time is not RFC 3339"}
	}
	return Entry{Seq: b.Seq, Type: b.Type, At: at, Prev: b.Prev, Hash: e.Hash, Data: b.Data}, nil
}

// Report is what Verify found on an unbroken chain.
type Report struct {
	Entries  int64  `json:"entries"`   // the number of entries walked
	HeadHash string `json:"head_hash"` // the last entry's hash; empty for an empty ledger
}

// Verify walks the whole ledger from entry 1 and checks every link: the
// sequence numbers count 1, 2, 3, … without gaps; each entry's hash is the
// SHA-256 of its body; each body is an object that begins with its "at"
// member and ends with its own prev, seq and type, exactly as the
// canonical form writes them, and prev is the previous entry's hash. The
// first link that does not hold is returned as a *BrokenError
// (errors.Is(err, ErrBroken)); a store error is returned as is. Verify
// checks the chain, not the payloads: Decode reads an entry's data, and
// flag.VerifyLedger cross-checks the flags against their entries.
func Verify(ctx context.Context, l store.Ledger) (Report, error) {
	return VerifyEach(ctx, l, nil)
}

// VerifyEach is Verify calling fn, when it is not nil, with each entry
// whose link holds, in order, as it walks: one walk of the ledger both
// checks the chain and feeds a reader of the payloads (flag.VerifyLedger).
// An error from fn stops the walk and is returned as is, with the Report
// of the entries walked before it.
func VerifyEach(ctx context.Context, l store.Ledger, fn func(store.LedgerEntry) error) (Report, error) {
	var r Report
	var prev string
	var tail []byte
	err := l.LedgerEntries(ctx, 1, func(e store.LedgerEntry) error {
		want := r.Entries + 1
		switch {
		case e.Seq != want:
			return &BrokenError{Seq: want, Reason: fmt.Sprintf("entry %d follows entry %d", e.Seq, r.Entries)}
		case e.Prev != prev:
			return &BrokenError{Seq: e.Seq, Reason: "prev is not the previous entry's hash"}
		case Hash(e.Body) != e.Hash:
			return &BrokenError{Seq: e.Seq, Reason: "hash is not the SHA-256 of the body"}
		}
		// The canonical body ends with "prev", "seq" and "type", the last
		// three keys in sorted order; a suffix check binds the columns to
		// the hashed bytes without decoding them.
		var err error
		tail, err = bodyTail(tail[:0], e.Seq, e.Type, e.Prev)
		if err != nil || !bytes.HasPrefix(e.Body, []byte(`{"at":"`)) || !bytes.HasSuffix(e.Body, tail) {
			return &BrokenError{Seq: e.Seq, Reason: "body does not name the entry's seq, type and prev"}
		}
		r.Entries, prev = e.Seq, e.Hash
		if fn != nil {
			return fn(e)
		}
		return nil
	})
	if err != nil {
		return Report{Entries: r.Entries}, err
	}
	r.HeadHash = prev
	return r, nil
}

// bodyTail appends to dst the end of the canonical body of an entry:
// ,"prev":…,"seq":…,"type":…}.
func bodyTail(dst []byte, seq int64, typ, prev string) ([]byte, error) {
	dst = append(dst, `,"prev":`...)
	dst, err := canon.AppendString(dst, prev)
	if err != nil {
		return nil, err
	}
	dst = append(dst, `,"seq":`...)
	dst = strconv.AppendInt(dst, seq, 10)
	dst = append(dst, `,"type":`...)
	if dst, err = canon.AppendString(dst, typ); err != nil {
		return nil, err
	}
	return append(dst, '}'), nil
}
