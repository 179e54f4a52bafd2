package store

import (
	"context"
	"time"
	"unicode/utf8"
)

// Candidate statuses (Shield method 1.0): a candidate is open until the
// confirmation rules confirm it (it is then a signature) or the poisoning
// guard blocks it; a confirmed signature can be retired.
const (
	CandidateOpen      = "open"
	CandidateBlocked   = "blocked"
	CandidateConfirmed = "confirmed"
	CandidateRetired   = "retired"
)

// Feed change kinds.
const (
	FeedConfirmed = "confirmed"
	FeedRetired   = "retired"
)

// Bounds of the signature records, in bytes.
const (
	SignatureTextMaxBytes = 1000 * 4 // a cleaned snippet: 1,000 characters
	NoteMaxBytes          = 2048
	MaxShingles           = 1000 // a snippet of 1,000 characters has fewer
)

// SignatureReport is one cleaned report of a check-in (package signature
// cleans it; Text is the normalized text, never the raw snippet).
type SignatureReport struct {
	ID           string
	CandidateID  string
	Owner        string
	Agent        string
	ReceivedAt   time.Time
	ObservedAt   time.Time
	SourceType   string
	SourceDomain string // registrable domain, or empty
	Category     string
	SHA256       string   // lowercase hex of Text
	Shingles     []uint64 // sorted
	Text         string
}

// Candidate is a candidate signature and, once confirmed, the signature.
type Candidate struct {
	ID        string
	Status    string // CandidateOpen, …
	Category  string
	SHA256    string
	Shingles  []uint64
	Text      string
	CreatedAt time.Time
	// Set by the transitions: the rule that decided (reports, review,
	// benign_corpus), the owners counted, when; and the retirement's
	// public note.
	Rule      string
	Owners    int
	DecidedAt time.Time // zero while open
	Note      string
	RetiredAt time.Time // zero unless retired
}

// CandidateQuery selects candidates, in creation order.
type CandidateQuery struct {
	Statuses []string // any of these; empty means all
	Category string   // empty means any
	Offset   int
	Limit    int // 0 or more than MaxListLimit means MaxListLimit
}

// CandidateTransition is one compare-and-set step of the candidate
// lifecycle: open → confirmed | blocked (Rule, Owners, At), confirmed →
// retired (Note, At).
type CandidateTransition struct {
	ID     string
	From   string
	To     string
	Rule   string
	Owners int
	Note   string
	At     time.Time
}

// ReviewJob is a review job given to an agent that opted into review
// jobs. It holds no text: the job's wire form carries the candidate's
// text in its untrusted_snippet field only.
type ReviewJob struct {
	ID          string
	CandidateID string
	Agent       string
	Owner       string
	CreatedAt   time.Time
}

// ReviewVote is the answer to a review job: one per job.
type ReviewVote struct {
	JobID       string
	CandidateID string
	Agent       string
	Owner       string
	Hostile     bool
	At          time.Time
}

// FeedChange is one change of the signature feed: ids, categories,
// hashes and counts, never text.
type FeedChange struct {
	Seq         int64 // 1, 2, 3, … assigned by AppendFeedChange
	Kind        string
	SignatureID string
	Category    string
	SHA256      string
	Shingles    []uint64
	Owners      int
	Note        string // the public note of a retirement
	At          time.Time
}

// Signatures holds the records of the Shield method: reports, candidates
// (and signatures, which are confirmed candidates), review jobs and votes,
// and the feed. Reports, jobs, votes and feed changes are append-only;
// the only update is TransitionCandidate, a compare-and-set.
type Signatures interface {
	// InsertSignatureReport stores a report. ErrDuplicate for a known ID,
	// ErrNotFound when its candidate does not exist, ErrInvalid for a
	// bound.
	InsertSignatureReport(ctx context.Context, r SignatureReport) error
	// SignatureReports returns a candidate's reports in insertion order,
	// at most MaxListLimit.
	SignatureReports(ctx context.Context, candidateID string) ([]SignatureReport, error)
	// InsertCandidate stores a new open candidate. ErrDuplicate for a known
	// ID; ErrInvalid for a bound or a status other than open.
	InsertCandidate(ctx context.Context, c Candidate) error
	// Candidate returns the candidate with id, or ErrNotFound.
	Candidate(ctx context.Context, id string) (Candidate, error)
	// ListCandidates returns the candidates q selects, in creation order.
	ListCandidates(ctx context.Context, q CandidateQuery) ([]Candidate, error)
	// TransitionCandidate applies t as one compare-and-set: ErrConflict
	// when the status is not t.From, ErrNotFound when there is no such
	// candidate, ErrInvalid for a step outside the lifecycle.
	TransitionCandidate(ctx context.Context, t CandidateTransition) error
	// InsertReviewJob stores a job. ErrDuplicate for a known ID,
	// ErrNotFound for an unknown candidate.
	InsertReviewJob(ctx context.Context, j ReviewJob) error
	// InsertReviewVote stores the vote of a job: ErrNotFound for an
	// unknown job, ErrDuplicate when the job has a vote, ErrInvalid when
	// the vote's candidate, agent or owner is not the job's.
	InsertReviewVote(ctx context.Context, v ReviewVote) error
	// ReviewVotes returns a candidate's votes in insertion order, at most
	// MaxListLimit.
	ReviewVotes(ctx context.Context, candidateID string) ([]ReviewVote, error)
	// AppendFeedChange stores c with the next sequence number (c.Seq is
	// ignored) and returns it.
	AppendFeedChange(ctx context.Context, c FeedChange) (int64, error)
	// FeedChanges returns the changes with Seq > since, in order, at most
	// limit (MaxListLimit when 0 or more).
	FeedChanges(ctx context.Context, since int64, limit int) ([]FeedChange, error)
}

func checkSigStrings(op string, fields ...any) error {
	for i := 0; i+2 < len(fields); i += 3 {
		name, v, max := fields[i].(string), fields[i+1].(string), fields[i+2].(int)
		if len(v) > max {
			return Errorf(op, ErrInvalid, "%s longer than %d bytes", name, max)
		}
		if !utf8.ValidString(v) {
			return Errorf(op, ErrInvalid, "%s is not UTF-8", name)
		}
	}
	return nil
}

// CheckSignatureReport checks r's bounds. It is for backends.
func CheckSignatureReport(op string, r *SignatureReport) error {
	if r.ID == "" || r.CandidateID == "" || len(r.Shingles) > MaxShingles {
		return Errorf(op, ErrInvalid, "empty id or too many shingles")
	}
	return checkSigStrings(op, "id", r.ID, IDMaxBytes, "candidate id", r.CandidateID, IDMaxBytes,
		"owner", r.Owner, TextMaxBytes, "agent", r.Agent, TextMaxBytes, "source type", r.SourceType, IDMaxBytes,
		"source domain", r.SourceDomain, 253, "category", r.Category, IDMaxBytes, "sha256", r.SHA256, IDMaxBytes,
		"text", r.Text, SignatureTextMaxBytes)
}

// CheckCandidate checks a new candidate. It is for backends.
func CheckCandidate(op string, c *Candidate) error {
	if c.ID == "" || c.Status != CandidateOpen || len(c.Shingles) > MaxShingles || c.Rule != "" || c.Note != "" || !c.DecidedAt.IsZero() || !c.RetiredAt.IsZero() {
		return Errorf(op, ErrInvalid, "a new candidate is open, with an id and nothing decided")
	}
	return checkSigStrings(op, "id", c.ID, IDMaxBytes, "category", c.Category, IDMaxBytes, "sha256", c.SHA256, IDMaxBytes,
		"text", c.Text, SignatureTextMaxBytes)
}

// CheckCandidateTransition checks that t is a step of the lifecycle. It
// is for backends.
func CheckCandidateTransition(op string, t *CandidateTransition) error {
	ok := t.From == CandidateOpen && (t.To == CandidateConfirmed || t.To == CandidateBlocked) && t.Note == "" ||
		t.From == CandidateConfirmed && t.To == CandidateRetired && t.Note != ""
	if !ok || t.At.IsZero() {
		return Errorf(op, ErrInvalid, "%q → %q is not a step of the candidate lifecycle", t.From, t.To)
	}
	return checkSigStrings(op, "rule", t.Rule, IDMaxBytes, "note", t.Note, NoteMaxBytes)
}

// CheckReviewJob checks a job's bounds. It is for backends.
func CheckReviewJob(op string, j *ReviewJob) error {
	if j.ID == "" || j.CandidateID == "" {
		return Errorf(op, ErrInvalid, "empty id")
	}
	return checkSigStrings(op, "id", j.ID, IDMaxBytes, "agent", j.Agent, TextMaxBytes, "owner", j.Owner, TextMaxBytes)
}

// CheckFeedChange checks a change's bounds. It is for backends.
func CheckFeedChange(op string, c *FeedChange) error {
	if c.Kind != FeedConfirmed && c.Kind != FeedRetired || c.SignatureID == "" || len(c.Shingles) > MaxShingles {
		return Errorf(op, ErrInvalid, "feed change kind %q", c.Kind)
	}
	return checkSigStrings(op, "signature id", c.SignatureID, IDMaxBytes, "category", c.Category, IDMaxBytes,
		"sha256", c.SHA256, IDMaxBytes, "note", c.Note, NoteMaxBytes)
}

// LimitOrMax returns q's limit with MaxListLimit applied.
func (q *CandidateQuery) LimitOrMax() int {
	if q.Limit <= 0 || q.Limit > MaxListLimit {
		return MaxListLimit
	}
	return q.Limit
}
