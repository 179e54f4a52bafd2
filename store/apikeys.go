package store

import (
	"context"
	"regexp"
	"time"
)

// Scopes of an API key: what its holder may write. A route names the
// scope it needs; a key holds one or more.
const (
	// ScopeSubmit: submit content through the §8 ingestion gate.
	ScopeSubmit = "submit"
	// ScopeRegister: register external servers (§9 registration).
	ScopeRegister = "register"
	// ScopeDispute: file disputes of flags attributed to the key's owner.
	ScopeDispute = "dispute"
	// ScopeArbitrate: apply arbitration awards (overturn or uphold a
	// disputed flag).
	ScopeArbitrate = "arbitrate"
	// ScopeCheckIn: send Shield method check-ins with reports.
	ScopeCheckIn = "checkin"
	// ScopeReview: take review jobs and answer them.
	ScopeReview = "review"
	// ScopeAudit: read every requester's entries of the receipt log
	// (without it, a key reads its own owner's entries only: issue 28,
	// item 1).
	ScopeAudit = "audit"
)

// Scopes lists every scope, in this order.
var Scopes = []string{ScopeSubmit, ScopeRegister, ScopeDispute, ScopeArbitrate, ScopeCheckIn, ScopeReview, ScopeAudit}

// APIKey is a stored API key. The secret is never stored: Hash is the
// lowercase hex SHA-256 of it (a key's secret holds 256 random bits, so a
// fast hash is enough: nothing can be guessed from it). A key is never
// deleted; the only change is its revocation, once.
type APIKey struct {
	ID        string   // public name of the key, e.g. "key_" and 16 hex digits
	Hash      string   // lowercase hex SHA-256 of the secret
	Owner     string   // the account the key acts for
	Scopes    []string // sorted, no repeats, each one of Scopes
	Label     string   // for people, may be empty
	CreatedAt time.Time
	RevokedAt time.Time // zero while the key is live
}

// APIKeys holds the API keys. No delete; the only update is RevokeAPIKey.
type APIKeys interface {
	// InsertAPIKey stores a new, live key. ErrDuplicate when a key has its
	// ID or its Hash; ErrInvalid when a field breaks a bound or a rule of
	// CheckAPIKey.
	InsertAPIKey(ctx context.Context, k APIKey) error
	// APIKeyByHash returns the key whose secret hashes to hash, revoked or
	// not, or ErrNotFound.
	APIKeyByHash(ctx context.Context, hash string) (APIKey, error)
	// RevokeAPIKey sets the key's RevokedAt to at: ErrNotFound when no key
	// has id, ErrConflict when it is revoked already.
	RevokeAPIKey(ctx context.Context, id string, at time.Time) error
}

var (
	keyHash  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	keyScope = map[string]bool{}
)

func init() {
	for _, s := range Scopes {
		keyScope[s] = true
	}
}

// CheckAPIKey checks k against the bounds and the shape InsertAPIKey
// requires. It is for backends.
func CheckAPIKey(op string, k *APIKey) error {
	if err := checkStrings(op, [2]string{"id", k.ID}, [2]string{"owner", k.Owner}, [2]string{"label", k.Label}); err != nil {
		return err
	}
	switch {
	case k.ID == "" || len(k.ID) > IDMaxBytes:
		return Errorf(op, ErrInvalid, "a key id is 1 to %d bytes", IDMaxBytes)
	case !keyHash.MatchString(k.Hash):
		return Errorf(op, ErrInvalid, "a key hash is 64 lowercase hex digits")
	case k.Owner == "":
		return Errorf(op, ErrInvalid, "a key needs its owner")
	case len(k.Scopes) == 0:
		return Errorf(op, ErrInvalid, "a key needs at least one scope")
	case !k.RevokedAt.IsZero():
		return Errorf(op, ErrInvalid, "a new key is live")
	}
	for i, s := range k.Scopes {
		if !keyScope[s] {
			return Errorf(op, ErrInvalid, "unknown scope %q", s)
		}
		if i > 0 && s <= k.Scopes[i-1] {
			return Errorf(op, ErrInvalid, "scopes are sorted, without repeats")
		}
	}
	return nil
}
