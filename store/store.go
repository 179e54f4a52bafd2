package store

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"
)

// Sentinels of the error classes every backend reports (see the package
// doc). Each is returned wrapped in an [*Error].
var (
	// ErrNotFound: no record has the given key.
	ErrNotFound = errors.New("not found")
	// ErrDuplicate: a record with the same identity already exists (a flag
	// id, a live flag's §8 identity, a ledger sequence number).
	ErrDuplicate = errors.New("duplicate record")
	// ErrConflict: a compare-and-set lost: the record is no longer in the
	// state the caller read, or the ledger head moved.
	ErrConflict = errors.New("conflict: the record changed")
	// ErrSchemaTooNew: the database was written by a newer schema than this
	// build knows. Opening it fails and changes nothing.
	ErrSchemaTooNew = errors.New("database schema is newer than this build")
	// ErrInvalid: a record breaks a bound or a field rule of its kind.
	ErrInvalid = errors.New("invalid record")
)

// Error is the error type of every backend: the operation that failed, the
// error class (one of the sentinels, or nil for an underlying failure) and
// the underlying error, if any.
type Error struct {
	Op   string // the method, e.g. "InsertFlag"
	Kind error  // ErrNotFound, ErrDuplicate, …; nil for an I/O or driver error
	Err  error  // the underlying error, may be nil
	Note string // a detail for people, may be empty
}

func (e *Error) Error() string {
	msg := "store: " + e.Op
	if e.Kind != nil {
		msg += ": " + e.Kind.Error()
	}
	if e.Note != "" {
		msg += ": " + e.Note
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the error class and the underlying error.
func (e *Error) Unwrap() []error {
	var errs []error
	if e.Kind != nil {
		errs = append(errs, e.Kind)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}

// Errorf returns an *Error of class kind for op, with a formatted note. It
// is for backends.
func Errorf(op string, kind error, format string, args ...any) *Error {
	return &Error{Op: op, Kind: kind, Note: fmt.Sprintf(format, args...)}
}

// Wrap returns err wrapped in an *Error for op, or nil when err is nil. An
// err that already is an *Error is returned as is. It is for backends.
func Wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var se *Error
	if errors.As(err, &se) {
		return err
	}
	return &Error{Op: op, Err: err}
}

// Store is a backend: every record kind, and Atomic. The methods on a
// Store itself are safe for concurrent use; each write is its own
// transaction.
type Store interface {
	Tx
	// Atomic runs fn with a Tx and commits its writes when fn returns nil;
	// when fn returns an error, panics, or ctx ends, nothing fn wrote is
	// kept and Atomic returns fn's error (or the context's), unwrapped, so
	// a caller's own sentinels survive. fn runs exactly once. Transactions
	// are serialized (see the package doc).
	Atomic(ctx context.Context, fn func(tx Tx) error) error
	// Close releases the backend. Methods called after it fail.
	Close() error
}

// Tx is what a transaction sees: every record kind. Later record kinds are
// embedded here.
type Tx interface {
	Flags
	Ledger
	Registry
	Receipts
	Signatures
	APIKeys
	Pins
}

// Flag statuses (§8).
const (
	StatusStanding   = "standing"
	StatusDisputed   = "disputed"
	StatusOverturned = "overturned"
)

// Bounds of the strings a backend stores, in bytes (ExcerptMaxBytes: 600
// characters of at most 4 bytes).
const (
	IDMaxBytes      = 64
	TextMaxBytes    = 2048 // artifact type, ref and label, field, actor fields, context, case id
	ExcerptMaxBytes = 600 * 4
	MaxListLimit    = 1000
)

// Artifact is what flagged content belongs to (§8 artifact).
type Artifact struct {
	Type  string
	Ref   string
	Label string // optional
}

// Actor is the account and agent content is attributed to (§8 actor).
type Actor struct {
	AccountID string
	AgentID   string
	Handle    string
	KYALevel  int
	Kind      string // "account" or "anonymous"
}

// Dispute is the arbitration case of a flag's dispute (§8 dispute).
type Dispute struct {
	CaseID     string
	CaseNumber int64
}

// Flag is the stored form of a §8 flag. Package flag gives it its wire
// form; a store checks only bounds and the lifecycle's shape.
type Flag struct {
	ID             string
	Status         string // StatusStanding, StatusDisputed or StatusOverturned
	Artifact       Artifact
	Field          string
	Class          string
	EvidenceSHA256 string // lowercase hex
	Excerpt        string
	Actor          Actor
	Source         string
	Context        string   // empty when none
	Dispute        *Dispute // nil until disputed
	LedgerSeq      int64    // 0 when not anchored
	CreatedAt      time.Time
	// LifecycleSeq is the sequence number of the ledger entry of the
	// flag's last lifecycle step (Transition.EntrySeq); 0 before its first
	// step, and for a step stored before the schema recorded it. It is not
	// a §8 field: package flag's wire form leaves it out.
	LifecycleSeq int64
}

// Key is the §8 identity of a finding: "same artifact, field, class and
// evidence hash".
type Key struct {
	ArtifactType   string
	ArtifactRef    string
	Field          string
	Class          string
	EvidenceSHA256 string
}

// Key returns the flag's §8 identity.
func (f *Flag) Key() Key {
	return Key{f.Artifact.Type, f.Artifact.Ref, f.Field, f.Class, f.EvidenceSHA256}
}

// FlagQuery selects flags. Empty fields select anything; the result is in
// creation order.
type FlagQuery struct {
	ArtifactType   string
	ArtifactRef    string
	Field          string
	Class          string
	EvidenceSHA256 string
	// EvidenceSHA256s selects flags with any of these hashes (at most
	// MaxListLimit of them; more is ErrInvalid); empty selects any.
	EvidenceSHA256s []string
	ActorAccountID  string
	Statuses        []string // any of these; empty means all
	Offset          int
	Limit           int // 0 or more than MaxListLimit means MaxListLimit
}

// Transition is one compare-and-set step of the §8 lifecycle.
type Transition struct {
	ID   string
	From string // the status the caller read
	To   string
	// Dispute is the case of a standing → disputed step, and nil for every
	// other step.
	Dispute *Dispute
	// EntrySeq is the sequence number of the ledger entry recording the
	// step (issue 29): appended in the same transaction just before the
	// step, so that it is the ledger's head; of the type EntryType names;
	// its data naming the flag (flag_id), its evidence hash
	// (evidence_sha256), its class (finding_class) and its dispute case
	// (case_id). A step whose entry does not hold all this is refused by
	// every backend — the SQL ones in the schema itself, so that no UPDATE
	// sent past the Go code changes a status without its entry.
	EntrySeq int64
}

// The ledger entry types of the lifecycle steps, as package ledger names
// them (security.flag_disputed and security.flag_upheld are extensions of
// §8's security.flag_overturned).
const (
	EntryFlagDisputed   = "security.flag_disputed"
	EntryFlagUpheld     = "security.flag_upheld"
	EntryFlagOverturned = "security.flag_overturned"
)

// EntryType is the ledger entry type that records the step t, or "" for
// a step outside the lifecycle.
func (t *Transition) EntryType() string {
	switch {
	case t.From == StatusStanding && t.To == StatusDisputed:
		return EntryFlagDisputed
	case t.From == StatusDisputed && t.To == StatusStanding:
		return EntryFlagUpheld
	case t.From == StatusDisputed && t.To == StatusOverturned:
		return EntryFlagOverturned
	}
	return ""
}

// Flags holds the §8 flags. It has no delete and no update other than
// TransitionFlag.
type Flags interface {
	// InsertFlag stores a new flag. ErrDuplicate when a flag has its ID, or
	// when a live flag (standing or disputed) has its Key — at most one
	// live flag per §8 identity, whatever the race; ErrInvalid when a
	// field breaks a bound, the status is not standing, or a dispute is
	// set.
	InsertFlag(ctx context.Context, f Flag) error
	// Flag returns the flag with id, or ErrNotFound.
	Flag(ctx context.Context, id string) (Flag, error)
	// ListFlags returns the flags q selects, in creation order.
	ListFlags(ctx context.Context, q FlagQuery) ([]Flag, error)
	// TransitionFlag sets the flag's status from t.From to t.To, its
	// dispute for standing → disputed, and its LifecycleSeq to t.EntrySeq,
	// as one compare-and-set: ErrConflict when its status is not t.From
	// (or it already has a dispute and the step would set one), ErrNotFound
	// when there is no such flag, ErrInvalid for a step outside the
	// lifecycle standing → disputed → (overturned | standing) and for a
	// step without its ledger entry (see Transition.EntrySeq).
	TransitionFlag(ctx context.Context, t Transition) error
	// FlagsByLedgerSeq calls fn for each flag in order of LedgerSeq, then
	// ID, streaming (never all flags in memory at once: the SQL backends
	// let the database sort); an error from fn stops the walk and is
	// returned as is. It is the flags' side of the ledger cross-check
	// (flag.VerifyLedger), which merges it with the ledger's entries.
	FlagsByLedgerSeq(ctx context.Context, fn func(Flag) error) error
}

// LedgerEntry is one stored entry of the hash-chained ledger. Package
// ledger defines Body and Hash; a store keeps them as given.
type LedgerEntry struct {
	Seq  int64  // 1, 2, 3, … without gaps
	Type string // e.g. "security.flagged"
	Prev string // the previous entry's Hash; empty for Seq 1
	Hash string // lowercase hex SHA-256 of Body
	Body []byte // canonical JSON
}

// Bound of a ledger entry's body.
const LedgerBodyMaxBytes = 64 << 10

// Ledger holds the ledger entries. It has no update and no delete.
type Ledger interface {
	// LedgerHead returns the entry with the highest Seq, or ErrNotFound
	// when the ledger is empty.
	LedgerHead(ctx context.Context) (LedgerEntry, error)
	// AppendLedgerEntry stores e, which must extend the head: e.Seq is the
	// head's Seq+1 (1 on an empty ledger) and e.Prev the head's Hash (empty
	// on an empty ledger); otherwise ErrConflict. ErrInvalid when a field
	// breaks a bound.
	AppendLedgerEntry(ctx context.Context, e LedgerEntry) error
	// LedgerEntry returns the entry with seq, or ErrNotFound.
	LedgerEntry(ctx context.Context, seq int64) (LedgerEntry, error)
	// LedgerEntries calls fn for each entry with Seq ≥ from, in order,
	// streaming; an error from fn stops the walk and is returned as is.
	LedgerEntries(ctx context.Context, from int64, fn func(LedgerEntry) error) error
}

// CheckFlag checks f against the bounds and the shape InsertFlag
// requires. It is for backends; op names the caller.
func CheckFlag(op string, f *Flag) error {
	for _, s := range []struct {
		name string
		v    string
		max  int
	}{
		{"id", f.ID, IDMaxBytes},
		{"artifact type", f.Artifact.Type, TextMaxBytes},
		{"artifact ref", f.Artifact.Ref, TextMaxBytes},
		{"artifact label", f.Artifact.Label, TextMaxBytes},
		{"field", f.Field, TextMaxBytes},
		{"class", f.Class, IDMaxBytes},
		{"evidence hash", f.EvidenceSHA256, IDMaxBytes},
		{"excerpt", f.Excerpt, ExcerptMaxBytes},
		{"account id", f.Actor.AccountID, TextMaxBytes},
		{"agent id", f.Actor.AgentID, TextMaxBytes},
		{"handle", f.Actor.Handle, TextMaxBytes},
		{"actor kind", f.Actor.Kind, IDMaxBytes},
		{"source", f.Source, IDMaxBytes},
		{"context", f.Context, TextMaxBytes},
	} {
		if len(s.v) > s.max {
			return Errorf(op, ErrInvalid, "%s longer than %d bytes", s.name, s.max)
		}
		if !utf8.ValidString(s.v) {
			return Errorf(op, ErrInvalid, "%s is not UTF-8", s.name)
		}
	}
	if f.ID == "" {
		return Errorf(op, ErrInvalid, "empty id")
	}
	if f.Status != StatusStanding {
		return Errorf(op, ErrInvalid, "a new flag is standing, not %q", f.Status)
	}
	if f.Dispute != nil {
		return Errorf(op, ErrInvalid, "a new flag has no dispute")
	}
	if f.LedgerSeq < 0 {
		return Errorf(op, ErrInvalid, "negative ledger sequence number")
	}
	if f.LifecycleSeq != 0 {
		return Errorf(op, ErrInvalid, "a new flag has made no lifecycle step")
	}
	return nil
}

// CheckTransition checks that t is a step of the §8 lifecycle. It is for
// backends; op names the caller.
func CheckTransition(op string, t *Transition) error {
	if t.EntrySeq < 1 {
		return Errorf(op, ErrInvalid, "a lifecycle step needs its ledger entry")
	}
	switch {
	case t.From == StatusStanding && t.To == StatusDisputed:
		if t.Dispute == nil || t.Dispute.CaseID == "" || len(t.Dispute.CaseID) > TextMaxBytes || !utf8.ValidString(t.Dispute.CaseID) {
			return Errorf(op, ErrInvalid, "a dispute needs its case id")
		}
		return nil
	case t.From == StatusDisputed && (t.To == StatusStanding || t.To == StatusOverturned):
		if t.Dispute != nil {
			return Errorf(op, ErrInvalid, "only standing → disputed sets a dispute")
		}
		return nil
	}
	return Errorf(op, ErrInvalid, "%q → %q is not a step of the lifecycle", t.From, t.To)
}

// CheckLedgerEntry checks e's bounds. It is for backends.
func CheckLedgerEntry(op string, e *LedgerEntry) error {
	if e.Seq < 1 || len(e.Type) == 0 || len(e.Type) > IDMaxBytes || len(e.Prev) > IDMaxBytes ||
		len(e.Hash) == 0 || len(e.Hash) > IDMaxBytes || len(e.Body) > LedgerBodyMaxBytes {
		return Errorf(op, ErrInvalid, "ledger entry %d breaks a bound", e.Seq)
	}
	return nil
}

// LimitOrMax returns q's limit with MaxListLimit applied. It is for backends.
func (q *FlagQuery) LimitOrMax() int {
	if q.Limit <= 0 || q.Limit > MaxListLimit {
		return MaxListLimit
	}
	return q.Limit
}
