package flag

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store"
)

// Status is a flag's lifecycle state (§8).
type Status string

// The statuses of §8.
const (
	Standing   Status = store.StatusStanding
	Disputed   Status = store.StatusDisputed
	Overturned Status = store.StatusOverturned
)

// Source says how flagged content arrived (§8).
type Source string

// The sources of §8.
const (
	Submission       Source = "submission"
	ExternalPull     Source = "external_pull"
	IntegrityRefresh Source = "integrity_refresh"
)

// Actor kinds (§8).
const (
	KindAccount   = "account"
	KindAnonymous = "anonymous"
)

// MaxExcerpt is the most characters (codepoints) an excerpt holds (§8).
const MaxExcerpt = 600

// Artifact is what flagged content belongs to: { type, ref, label? }. For
// an external server, Ref is its URL.
type Artifact struct {
	Type  string `json:"type"`
	Ref   string `json:"ref"`
	Label string `json:"label,omitempty"`
}

// Evidence is { sha256, excerpt }: the lowercase hex SHA-256 of the exact
// submitted bytes of the field, and the passage rendered visibly (§1), at
// most MaxExcerpt characters.
type Evidence struct {
	SHA256  string `json:"sha256"`
	Excerpt string `json:"excerpt"`
}

// Actor is { account_id, agent_id, handle, kya_level, kind }: the account
// and agent the content is attributed to. Kind is KindAccount or
// KindAnonymous; the identifiers of an anonymous actor may be empty
// strings. KYALevel is a number (the specification names the field, not
// its scale).
type Actor struct {
	AccountID string `json:"account_id"`
	AgentID   string `json:"agent_id"`
	Handle    string `json:"handle"`
	KYALevel  int    `json:"kya_level"`
	Kind      string `json:"kind"`
}

// Case is { case_id, case_number }: the arbitration case of a dispute.
type Case struct {
	CaseID     string `json:"case_id"`
	CaseNumber int64  `json:"case_number"`
}

// Flag is the §8 security flag record. Its JSON has exactly the fields §8
// names, in its order; context, dispute and artifact.label are absent when
// empty, ledger_seq when the flag is not anchored (a flag this package
// creates always is).
type Flag struct {
	ID           string     `json:"id"`
	Status       Status     `json:"status"`
	Artifact     Artifact   `json:"artifact"`
	Field        string     `json:"field"`
	FindingClass scan.Class `json:"finding_class"`
	Heuristic    bool       `json:"heuristic"`
	Evidence     Evidence   `json:"evidence"`
	Actor        Actor      `json:"actor"`
	Source       Source     `json:"source"`
	Context      string     `json:"context,omitempty"`
	Dispute      *Case      `json:"dispute,omitempty"`
	LedgerSeq    int64      `json:"ledger_seq,omitempty"`
	// CreatedAt is written as RFC 3339 in UTC.
	CreatedAt time.Time `json:"created_at"`
}

// Sentinels of the error classes of this package, each returned wrapped in
// an *Error.
var (
	ErrUnknownClass   = errors.New("not a deterministic finding class of §2–§4")
	ErrHeuristic      = errors.New("a heuristic finding never creates a flag")
	ErrExcerptTooLong = errors.New("excerpt longer than 600 characters")
	ErrActorKind      = errors.New("actor kind is neither account nor anonymous")
	ErrInvalid        = errors.New("invalid input")
	ErrNotFound       = errors.New("no such flag")
	ErrWrongState     = errors.New("the flag is not in the state this step needs")
	ErrNotAttributed  = errors.New("only the attributed actor may dispute a flag")
	ErrDecided        = errors.New("the dispute was decided")
	ErrCaseMismatch   = errors.New("the award is not for the flag's dispute case")
	// ErrSelfDecision: the principal deciding a dispute is the one that
	// filed it, or acts for the flag's attributed account (issue 29:
	// separation of duties).
	ErrSelfDecision = errors.New("a dispute is not decided by its own party")
)

// Principal is who takes a lifecycle step: the account it acts for and,
// when it authenticated with one, the API key. Its ID is what the step's
// ledger entry records (filed_by, decided_by).
type Principal struct {
	AccountID string
	KeyID     string // empty when the principal did not use an API key
}

// ID is the principal's recorded form: "key:<key id>" when it used an API
// key (the key's owner is the store's record of that key, never deleted),
// else "account:<account id>".
func (p Principal) ID() string {
	if p.KeyID != "" {
		return "key:" + p.KeyID
	}
	return "account:" + p.AccountID
}

// Error is the error type of this package.
type Error struct {
	Op     string // "Submit", "Dispute", …
	FlagID string // the flag concerned, when there is one
	// Case is the deciding case for ErrDecided, and the flag's dispute
	// case for ErrCaseMismatch.
	Case *Case
	Err  error // a sentinel of this package, or a store error
	Note string
}

func (e *Error) Error() string {
	msg := "flag: " + e.Op
	if e.FlagID != "" {
		msg += " " + e.FlagID
	}
	msg += ": " + e.Err.Error()
	if e.Case != nil {
		msg += fmt.Sprintf(" (case %s, number %d)", e.Case.CaseID, e.Case.CaseNumber)
	}
	if e.Note != "" {
		msg += ": " + e.Note
	}
	return msg
}

// Unwrap returns the error's class.
func (e *Error) Unwrap() error { return e.Err }

// deterministic reports whether c is a class of §2–§4.
func deterministic(c scan.Class) bool {
	switch c {
	case scan.ZeroWidth, scan.BidiControl, scan.UnicodeTag, scan.ControlChar,
		scan.PrivateUse, scan.UnassignedCodepoint, scan.HiddenMarkup, scan.Base64Blob:
		return true
	}
	return false
}

// Item is the evidence of one flag a field gives: its class, the hash of the
// field and the excerpt of the class's first finding.
type Item struct {
	Class    scan.Class
	Evidence Evidence
}

// Items maps one field's findings to the flags they give (see the package
// doc): one Item per deterministic class, in order of first appearance.
// Heuristic findings (§5) are passed over. A finding of a class that is
// neither §2–§4 nor §5 is ErrUnknownClass; a finding whose heuristic mark
// disagrees with its class (a §5 class marked deterministic, or a §2–§4
// class marked heuristic) is ErrHeuristic; an excerpt over MaxExcerpt
// characters is ErrExcerptTooLong, one that is not UTF-8 ErrInvalid.
func Items(field []byte, findings []scan.Finding) ([]Item, error) {
	sum := sha256.Sum256(field)
	hash := hex.EncodeToString(sum[:])
	var items []Item
	for i := range findings {
		f := &findings[i]
		switch {
		case f.Class.Heuristic() && f.Heuristic:
			continue
		case f.Class.Heuristic() || (deterministic(f.Class) && f.Heuristic):
			return nil, &Error{Op: "Items", Err: ErrHeuristic, Note: string(f.Class)}
		case !deterministic(f.Class):
			return nil, &Error{Op: "Items", Err: ErrUnknownClass, Note: fmt.Sprintf("%q", f.Class)}
		}
		if !utf8.ValidString(f.Excerpt) {
			return nil, &Error{Op: "Items", Err: ErrInvalid, Note: "an excerpt is not UTF-8"}
		}
		if utf8.RuneCountInString(f.Excerpt) > MaxExcerpt {
			return nil, &Error{Op: "Items", Err: ErrExcerptTooLong}
		}
		seen := false
		for _, it := range items {
			seen = seen || it.Class == f.Class
		}
		if !seen {
			items = append(items, Item{Class: f.Class, Evidence: Evidence{SHA256: hash, Excerpt: f.Excerpt}})
		}
	}
	return items, nil
}

// newID returns "flg_" and 20 lowercase hex characters from r.
func newID(r io.Reader) (string, error) {
	var b [10]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", err
	}
	return "flg_" + hex.EncodeToString(b[:]), nil
}

var defaultRand io.Reader = rand.Reader

func fromStore(f *store.Flag) Flag {
	out := Flag{
		ID:           f.ID,
		Status:       Status(f.Status),
		Artifact:     Artifact(f.Artifact),
		Field:        f.Field,
		FindingClass: scan.Class(f.Class),
		Evidence:     Evidence{SHA256: f.EvidenceSHA256, Excerpt: f.Excerpt},
		Actor:        Actor(f.Actor),
		Source:       Source(f.Source),
		Context:      f.Context,
		LedgerSeq:    f.LedgerSeq,
		CreatedAt:    f.CreatedAt.UTC(),
	}
	if f.Dispute != nil {
		out.Dispute = &Case{CaseID: f.Dispute.CaseID, CaseNumber: f.Dispute.CaseNumber}
	}
	return out
}
