package store

import (
	"context"
	"time"
	"unicode/utf8"
)

// Reasons of a pin version (issue 30: trust on first use).
const (
	// PinFirstUse: version 1, what was seen the first time.
	PinFirstUse = "first_use"
	// PinApproved: a later version, approved by a person.
	PinApproved = "approved"
)

// Bounds of a pin and a sighting, in bytes.
const (
	// PinKeyMaxBytes bounds a key (package pin's keys hash a longer
	// command line or URL down to a fixed length).
	PinKeyMaxBytes = 4096
	// PinRecordMaxBytes bounds a record: the probe's default bound on the
	// list results of a server all together (probe.DefaultMaxBody).
	PinRecordMaxBytes = 16 << 20
)

// Pin is one version of what is trusted for one upstream (issue 30,
// items 2 and 3: trust on first use). Append-only: a new version per
// approval; Version is 1, 2, … per Key.
type Pin struct {
	Key         string // the upstream, as package pin names it; 1 to PinKeyMaxBytes bytes
	Version     int64  // 1, 2, … per Key, without gaps
	Fingerprint string // the record's fingerprint; 1 to IDMaxBytes bytes
	Record      []byte // the pinned surface (a fingerprint.SurfaceRecord's JSON); 1 to PinRecordMaxBytes
	Reason      string // PinFirstUse (version 1) or PinApproved (later versions)
	By          string // who approved it; may be empty; at most TextMaxBytes
	CreatedAt   time.Time
}

// Sighting is a surface seen for one upstream that differs from its pin
// (or, once, the pinned one again, to close a pending sighting): the
// newest is the pending one, older ones are kept as history. Seq is 1, 2,
// … per Key, assigned by the store.
type Sighting struct {
	Key         string
	Seq         int64
	Fingerprint string
	Record      []byte
	SeenAt      time.Time
}

// Pins holds the pins and sightings. Both are append-only: no update, no
// delete.
type Pins interface {
	// AppendPin stores p as its key's next version and returns it as
	// stored (times in UTC, to the microsecond). ErrConflict when
	// p.Version is not the key's head version + 1 (1 for a new key) — the
	// compare-and-set of concurrent approvers; ErrInvalid when a field
	// breaks a bound, the key, fingerprint or record is empty, or the
	// reason is neither PinFirstUse nor PinApproved.
	AppendPin(ctx context.Context, p Pin) (Pin, error)
	// LatestPin returns the key's highest version, or ErrNotFound.
	LatestPin(ctx context.Context, key string) (Pin, error)
	// RecordSighting stores s with its key's next Seq (s.Seq is ignored)
	// and returns it as stored. ErrInvalid as for AppendPin.
	RecordSighting(ctx context.Context, s Sighting) (Sighting, error)
	// LatestSighting returns the key's newest sighting (the highest
	// Seq), or ErrNotFound.
	LatestSighting(ctx context.Context, key string) (Sighting, error)
	// ListPins returns the latest version of every key, records included,
	// by key (byte order), at most MaxListLimit of them (the first by
	// key): its memory is bounded by MaxListLimit × PinRecordMaxBytes.
	ListPins(ctx context.Context) ([]Pin, error)
}

// CheckPin checks p against the bounds and the shape AppendPin requires.
// It is for backends.
func CheckPin(op string, p *Pin) error {
	if err := checkPinned(op, p.Key, p.Fingerprint, p.Record); err != nil {
		return err
	}
	if p.Version < 1 {
		return Errorf(op, ErrInvalid, "a pin version is 1 or more")
	}
	if p.Reason != PinFirstUse && p.Reason != PinApproved {
		return Errorf(op, ErrInvalid, "a pin's reason is %q or %q, not %q", PinFirstUse, PinApproved, p.Reason)
	}
	return checkStrings(op, [2]string{"approver", p.By})
}

// CheckSighting checks s against the bounds RecordSighting requires. It
// is for backends.
func CheckSighting(op string, s *Sighting) error {
	return checkPinned(op, s.Key, s.Fingerprint, s.Record)
}

func checkPinned(op, key, fingerprint string, record []byte) error {
	switch {
	case key == "" || len(key) > PinKeyMaxBytes || !utf8.ValidString(key):
		return Errorf(op, ErrInvalid, "a pin key is 1 to %d bytes of UTF-8", PinKeyMaxBytes)
	case fingerprint == "" || len(fingerprint) > IDMaxBytes || !utf8.ValidString(fingerprint):
		return Errorf(op, ErrInvalid, "a fingerprint is 1 to %d bytes of UTF-8", IDMaxBytes)
	case len(record) == 0 || len(record) > PinRecordMaxBytes:
		return Errorf(op, ErrInvalid, "a pinned record is 1 to %d bytes", PinRecordMaxBytes)
	}
	return nil
}
