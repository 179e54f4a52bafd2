package store

import (
	"context"
	"time"
	"unicode/utf8"
)

// Publisher statuses of a registered server (§9 registration).
const (
	// PublisherUnclaimed: the publisher has not proved control of the
	// server's domain. Every server is registered unclaimed.
	PublisherUnclaimed = "unclaimed"
	// PublisherClaimed: an account proved control of the server's domain
	// (issue 28, item 3); Server.PublisherAccount names it. The only step
	// is unclaimed → claimed, once (ClaimServer).
	PublisherClaimed = "claimed"
	// PublisherVerified is the stored spelling of PublisherClaimed: the
	// SQL schemas' check of migration 2 names it, and the backends read
	// it back as PublisherClaimed. A Server never carries it.
	PublisherVerified = "verified"
)

// Server is a registered external server (§9 registration). Its URL is
// its identity; Version is the fingerprint version currently recorded.
type Server struct {
	URL             string
	Slug            string
	PageURL         string
	PublisherStatus string // PublisherUnclaimed until proven, then PublisherClaimed
	// PublisherAccount is the account that claimed the server; empty while
	// unclaimed (and for a server a database from before migration 7 holds
	// as verified without one).
	PublisherAccount   string
	LinkedStoreListing string // empty when none
	FirstSeen          time.Time
	LastChecked        time.Time
	Version            int // the current fingerprint version, 1 at registration
}

// ServerQuery selects registered servers.
type ServerQuery struct {
	// CheckedBefore, when not zero, selects the servers whose last check
	// is strictly older, oldest check first; otherwise the order is
	// registration order.
	CheckedBefore time.Time
	Offset        int
	Limit         int // 0 or more than MaxListLimit means MaxListLimit
}

// DueQuery selects the servers [Servers.TakeDue] takes.
type DueQuery struct {
	// CheckedBefore selects the servers whose last check is strictly
	// older.
	CheckedBefore time.Time
	// At is the last check the taken servers are given: not before
	// CheckedBefore.
	At    time.Time
	Limit int // 0 or more than MaxListLimit means MaxListLimit
}

// LimitOrMax returns q's limit with MaxListLimit applied.
func (q *DueQuery) LimitOrMax() int { return limitOrMax(q.Limit) }

// CheckDue checks q. It is for backends.
func CheckDue(op string, q *DueQuery) error {
	if q.CheckedBefore.IsZero() || q.At.IsZero() || q.At.Before(q.CheckedBefore) {
		return Errorf(op, ErrInvalid, "a due query needs its times, At not before CheckedBefore")
	}
	return nil
}

// Servers holds the registered servers. There is no delete; the only
// updates are compare-and-sets: AdvanceServer (the fingerprint version,
// one step at a time), MarkChecked and TakeDue (the last-check time,
// never backwards) and ClaimServer (unclaimed to claimed, once).
type Servers interface {
	// InsertServer registers s, whose Version must be 1 and whose
	// fingerprint version 1 must be inserted in the same transaction
	// (InsertFingerprintVersion). ErrDuplicate when a server has its URL
	// or slug; ErrInvalid when a field breaks a bound, the URL or slug is
	// empty, the publisher status is not unclaimed or the version is not 1.
	InsertServer(ctx context.Context, s Server) error
	// Server returns the server registered at url, or ErrNotFound.
	Server(ctx context.Context, url string) (Server, error)
	// ListServers returns the servers q selects.
	ListServers(ctx context.Context, q ServerQuery) ([]Server, error)
	// TakeDue takes the servers due for a check: at most q.Limit of those
	// whose last check is strictly older than q.CheckedBefore, the oldest
	// checks first, each one's last check set to q.At, returned as taken
	// (LastChecked is q.At), in no particular order. Of concurrent callers
	// — in one process, or instances sharing a database — each server is
	// taken by one: PostgreSQL takes the rows with SELECT … FOR UPDATE SKIP
	// LOCKED, so callers take disjoint sets without waiting on each other;
	// SQLite and memory serialize the callers (issue 33, item 4).
	// ErrInvalid when q.At is before q.CheckedBefore (a check time would
	// go backwards) or either is zero.
	TakeDue(ctx context.Context, q DueQuery) ([]Server, error)
	// AdvanceServer sets the server's version from `from` to from+1 and
	// its last check to checked, as one compare-and-set: ErrConflict when
	// its version is not `from`, ErrNotFound when there is no such
	// server, ErrInvalid when checked is before its last check. The
	// fingerprint version from+1 must have been inserted before, in the
	// same transaction.
	AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error
	// MarkChecked sets the server's last check from `from` to `to`, as a
	// compare-and-set: ErrConflict when its last check is not `from` (so
	// of two callers that read the same time, one wins), ErrNotFound when
	// there is no such server, ErrInvalid when to is before from.
	MarkChecked(ctx context.Context, url string, from, to time.Time) error
	// ClaimServer records that account proved control of the server's
	// domain: its publisher status from unclaimed to claimed and its
	// publisher account set, as one compare-and-set (issue 28, item 3):
	// ErrConflict when it is claimed already (by any account), ErrNotFound
	// when there is no such server, ErrInvalid when account is empty or
	// breaks a bound.
	ClaimServer(ctx context.Context, url, account string) error
	// PutClaimChallenge stores c as the challenge of its server and
	// account, replacing that pair's earlier one: a challenge is a
	// working record, not history. ErrNotFound when no server is
	// registered at c.ServerURL; ErrInvalid when a field breaks a bound.
	PutClaimChallenge(ctx context.Context, c ClaimChallenge) error
	// ClaimChallenge returns the challenge of the server at url for
	// account, or ErrNotFound.
	ClaimChallenge(ctx context.Context, url, account string) (ClaimChallenge, error)
}

// ClaimChallenge is a challenge an account answers to claim a registered
// server (issue 28, item 3). The token itself is never stored: TokenSHA256
// is the lowercase hex SHA-256 of it.
type ClaimChallenge struct {
	ServerURL   string
	AccountID   string
	TokenSHA256 string
	CreatedAt   time.Time
	ExpiresAt   time.Time
}

// CheckClaimChallenge checks c's bounds. It is for backends.
func CheckClaimChallenge(op string, c *ClaimChallenge) error {
	if err := checkStrings(op, [2]string{"url", c.ServerURL}, [2]string{"account", c.AccountID}); err != nil {
		return err
	}
	if c.ServerURL == "" || c.AccountID == "" || !keyHash.MatchString(c.TokenSHA256) || !c.ExpiresAt.After(c.CreatedAt) {
		return Errorf(op, ErrInvalid, "a claim challenge needs its url, account, token hash and a later expiry")
	}
	return nil
}

// CheckClaim checks the account of a ClaimServer. It is for backends.
func CheckClaim(op, account string) error {
	if err := checkStrings(op, [2]string{"account", account}); err != nil {
		return err
	}
	if account == "" {
		return Errorf(op, ErrInvalid, "a claim names its account")
	}
	return nil
}

// StoredPublisherStatus is the spelling of status in the SQL schemas
// (PublisherClaimed is stored as PublisherVerified). It is for backends.
func StoredPublisherStatus(status string) string {
	if status == PublisherClaimed {
		return PublisherVerified
	}
	return status
}

// ReadPublisherStatus is the inverse of StoredPublisherStatus: a stored
// PublisherVerified reads as PublisherClaimed. It is for backends.
func ReadPublisherStatus(stored string) string {
	if stored == PublisherVerified {
		return PublisherClaimed
	}
	return stored
}

// FingerprintVersion is one recorded fingerprint of a server (§7): the
// version, the fingerprint and the definitions it was computed from,
// serialized by the caller (package precall) and kept as given.
type FingerprintVersion struct {
	ServerURL   string
	Version     int
	Fingerprint string // lowercase hex SHA-256
	Definitions []byte // JSON
	RecordedAt  time.Time
}

// Bound of recorded definitions.
const DefinitionsMaxBytes = 16 << 20

// FingerprintVersions holds the recorded fingerprints. Append-only: no
// update, no delete.
type FingerprintVersions interface {
	// InsertFingerprintVersion records v, which must be the server's next
	// version: 1 for a server with none, else the highest + 1; otherwise
	// ErrConflict. ErrNotFound when no server is registered at
	// v.ServerURL (a server and its version 1 are inserted in one
	// transaction, the server first); ErrInvalid when a field breaks a
	// bound.
	InsertFingerprintVersion(ctx context.Context, v FingerprintVersion) error
	// FingerprintVersion returns the server's version v, or ErrNotFound.
	FingerprintVersion(ctx context.Context, url string, version int) (FingerprintVersion, error)
}

// ChangeEvent is one §11 change-feed event: an integrity check observed
// the definitions of a registered server change. Seq orders the feed; it
// is assigned by the store.
type ChangeEvent struct {
	Seq               int64
	ServerURL         string
	ServerName        string // the name the server reported after the change
	At                time.Time
	FromVersion       int
	ToVersion         int
	FingerprintBefore string
	FingerprintAfter  string
	Diff              []byte // the §7 diff, JSON
	// Redirects is the redirect chain of a redirect event (issue 28, item
	// 4): JSON, the list of hops ({"from","to","status"}, §9's
	// redirects), "[]" when the URL stopped redirecting, nil for a change
	// of the definitions. A redirect event records no fingerprint
	// version: ToVersion is FromVersion.
	Redirects []byte
}

// ChangeQuery selects change events, newest first.
type ChangeQuery struct {
	// Before, when not zero, selects the events with Seq < Before (the
	// next page after one ending at Before).
	Before int64
	// ServerURL, when not empty, selects one server's events.
	ServerURL string
	// RedirectsOnly selects the redirect events (Redirects not nil).
	RedirectsOnly bool
	Limit         int // 0 or more than MaxListLimit means MaxListLimit
}

// ChangeEvents holds the §11 feed. Append-only: no update, no delete.
type ChangeEvents interface {
	// AppendChangeEvent stores e with the next sequence number and returns
	// it (e.Seq is ignored). ErrNotFound when no server is registered at
	// e.ServerURL; ErrInvalid when a field breaks a bound or ToVersion is
	// not FromVersion + 1 (FromVersion for a redirect event).
	AppendChangeEvent(ctx context.Context, e ChangeEvent) (int64, error)
	// ListChangeEvents returns the events q selects, newest (highest Seq)
	// first.
	ListChangeEvents(ctx context.Context, q ChangeQuery) ([]ChangeEvent, error)
}

// Review is a review of a registered server by a KYA-verified agent,
// bound to the fingerprint version it was written about (§9 reviews).
type Review struct {
	ID                 string
	ServerURL          string
	FingerprintVersion int
	AgentID            string
	KYAVerified        bool // must be true: only verified agents review
	Rating             int  // 1 to 5
	CreatedAt          time.Time
}

// ReviewCounts is the aggregate of a server's reviews against one
// fingerprint version.
type ReviewCounts struct {
	Current    int   // reviews of that version
	CurrentSum int64 // the sum of their ratings
	Older      int   // reviews of earlier versions
}

// Reviews holds the reviews. Append-only: no update, no delete.
type Reviews interface {
	// InsertReview stores r. ErrInvalid when the agent is not
	// KYA-verified, the rating is outside 1–5 or a field breaks a bound;
	// ErrNotFound when the server has no such fingerprint version;
	// ErrDuplicate when a review has its ID.
	InsertReview(ctx context.Context, r Review) error
	// CountReviews returns the aggregate of the server's reviews against
	// version.
	CountReviews(ctx context.Context, url string, version int) (ReviewCounts, error)
}

// PublicURLs records where the instance serving the registry is reached
// (`plainsight serve --public-url`), so that every reader of the database
// names a registered server's page the same way (issue 28, item 5).
// Append-only: a new public URL is a new record, the latest one holds.
type PublicURLs interface {
	// RecordPublicURL records u (empty: none, pages named by path alone)
	// as the instance's public URL from at on, unless it is the latest
	// recorded one already (then it records nothing). ErrInvalid when u
	// breaks a bound.
	RecordPublicURL(ctx context.Context, u string, at time.Time) error
	// PublicURL returns the latest recorded public URL; "" when none was
	// ever recorded (or the latest is empty).
	PublicURL(ctx context.Context) (string, error)
}

// Registry is every record kind of the external registry.
type Registry interface {
	Servers
	FingerprintVersions
	ChangeEvents
	Reviews
	PublicURLs
}

// LimitOrMax returns q's limit with MaxListLimit applied.
func (q *ServerQuery) LimitOrMax() int { return limitOrMax(q.Limit) }

// LimitOrMax returns q's limit with MaxListLimit applied.
func (q *ChangeQuery) LimitOrMax() int { return limitOrMax(q.Limit) }

func limitOrMax(n int) int {
	if n <= 0 || n > MaxListLimit {
		return MaxListLimit
	}
	return n
}

func checkStrings(op string, fields ...[2]string) error {
	for _, f := range fields {
		if len(f[1]) > TextMaxBytes {
			return Errorf(op, ErrInvalid, "%s longer than %d bytes", f[0], TextMaxBytes)
		}
		if !utf8.ValidString(f[1]) {
			return Errorf(op, ErrInvalid, "%s is not UTF-8", f[0])
		}
	}
	return nil
}

// CheckServer checks s against the bounds and the shape InsertServer
// requires. It is for backends.
func CheckServer(op string, s *Server) error {
	if err := checkStrings(op, [2]string{"url", s.URL}, [2]string{"slug", s.Slug}, [2]string{"page url", s.PageURL},
		[2]string{"publisher status", s.PublisherStatus}, [2]string{"publisher account", s.PublisherAccount}, [2]string{"linked store listing", s.LinkedStoreListing}); err != nil {
		return err
	}
	if s.URL == "" || s.Slug == "" {
		return Errorf(op, ErrInvalid, "a server needs its url and slug")
	}
	if s.PublisherStatus != PublisherUnclaimed || s.PublisherAccount != "" {
		// A server is registered unclaimed; ClaimServer is the one way on.
		return Errorf(op, ErrInvalid, "a server is registered unclaimed, not %q", s.PublisherStatus)
	}
	if s.Version != 1 {
		return Errorf(op, ErrInvalid, "a server is registered at version 1, not %d", s.Version)
	}
	if s.LastChecked.Before(s.FirstSeen) {
		return Errorf(op, ErrInvalid, "last check before first seen")
	}
	return nil
}

// CheckFingerprintVersion checks v's bounds. It is for backends.
func CheckFingerprintVersion(op string, v *FingerprintVersion) error {
	if err := checkStrings(op, [2]string{"url", v.ServerURL}, [2]string{"fingerprint", v.Fingerprint}); err != nil {
		return err
	}
	if v.Version < 1 || v.Fingerprint == "" || len(v.Fingerprint) > IDMaxBytes || len(v.Definitions) > DefinitionsMaxBytes {
		return Errorf(op, ErrInvalid, "fingerprint version %d breaks a bound", v.Version)
	}
	return nil
}

// CheckChangeEvent checks e's bounds. It is for backends.
func CheckChangeEvent(op string, e *ChangeEvent) error {
	if err := checkStrings(op, [2]string{"url", e.ServerURL}, [2]string{"server name", e.ServerName},
		[2]string{"fingerprint before", e.FingerprintBefore}, [2]string{"fingerprint after", e.FingerprintAfter}); err != nil {
		return err
	}
	to := e.FromVersion + 1
	if e.Redirects != nil {
		to = e.FromVersion // a redirect event records no version
	}
	if e.FromVersion < 1 || e.ToVersion != to || len(e.Diff) > DefinitionsMaxBytes || len(e.Redirects) > DefinitionsMaxBytes {
		return Errorf(op, ErrInvalid, "change event %d → %d breaks a bound", e.FromVersion, e.ToVersion)
	}
	return nil
}

// CheckPublicURL checks a public URL's bounds. It is for backends.
func CheckPublicURL(op, u string) error {
	return checkStrings(op, [2]string{"public url", u})
}

// CheckReview checks r against the bounds and the rules InsertReview
// requires. It is for backends.
func CheckReview(op string, r *Review) error {
	if err := checkStrings(op, [2]string{"id", r.ID}, [2]string{"url", r.ServerURL}, [2]string{"agent id", r.AgentID}); err != nil {
		return err
	}
	if r.ID == "" || len(r.ID) > IDMaxBytes || r.AgentID == "" {
		return Errorf(op, ErrInvalid, "a review needs its id and agent")
	}
	if !r.KYAVerified {
		return Errorf(op, ErrInvalid, "reviews come only from KYA-verified agents")
	}
	if r.Rating < 1 || r.Rating > 5 {
		return Errorf(op, ErrInvalid, "rating %d is outside 1–5", r.Rating)
	}
	if r.FingerprintVersion < 1 {
		return Errorf(op, ErrInvalid, "a review is bound to a fingerprint version")
	}
	return nil
}
