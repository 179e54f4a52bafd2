package intent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// The executor's refusals (plainsight's codes: the reference names the
// checks, not codes for them).
var (
	// ErrHashMismatch: the binding does not hash to the expected hash — a
	// parameter, the target, the actor or any other field changed.
	ErrHashMismatch = errors.New("INTENT_HASH_MISMATCH")
	// ErrExpired: the binding's expires_at is not after the verifier's now.
	ErrExpired = errors.New("INTENT_EXPIRED")
	// ErrReplayed: the intent was executed before.
	ErrReplayed = errors.New("INTENT_REPLAYED")
	// ErrMalformedBinding: a field the executor needs is missing or not of
	// its form (protocol_version, intent_id, expires_at).
	ErrMalformedBinding = errors.New("INTENT_MALFORMED")
)

// Binding is an agent-safe.intent/1 binding, typed. It is a view for the
// executor: the hash is always computed over the binding's own JSON text,
// never over this struct, so fields it does not name, and lone surrogates
// that a Go string cannot hold, still count.
type Binding struct {
	ProtocolVersion  string          `json:"protocol_version"`
	TenantID         string          `json:"tenant_id"`
	IntentID         string          `json:"intent_id"`
	IdempotencyKey   string          `json:"idempotency_key,omitempty"`
	CapturedAt       string          `json:"captured_at"`
	ExpiresAt        string          `json:"expires_at"`
	Actor            Actor           `json:"actor"`
	Action           Action          `json:"action"`
	Context          json.RawMessage `json:"context,omitempty"`
	DownstreamTarget Target          `json:"downstream_target"`
}

// Actor is who proposed the action.
type Actor struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Runtime string `json:"runtime,omitempty"`
}

// Action is what is to be done, with its parameters as JSON text.
type Action struct {
	Type       string          `json:"type"`
	Resource   string          `json:"resource"`
	Parameters json.RawMessage `json:"parameters"`
}

// Target is the downstream system the action is sent to.
type Target struct {
	System    string `json:"system"`
	Operation string `json:"operation"`
	Endpoint  string `json:"endpoint,omitempty"`
}

// ReplayGuard remembers which intents were executed. Claim records that
// the intent is being executed and returns an error wrapping ErrReplayed if
// it was claimed before; it may forget a claim once expiresAt has passed
// (an expired intent is refused before it is claimed). Implementations must
// be safe for concurrent use.
type ReplayGuard interface {
	Claim(ctx context.Context, intentID, hash string, expiresAt time.Time) error
}

// MemoryGuard is a ReplayGuard in memory, for one process. Use a shared,
// persistent one when several processes execute intents.
type MemoryGuard struct {
	mu      sync.Mutex
	claimed map[string]time.Time // intent id → expiry
	now     func() time.Time
}

var _ ReplayGuard = (*MemoryGuard)(nil)

// NewMemoryGuard returns an empty MemoryGuard; now is used to forget
// expired claims (nil: time.Now).
func NewMemoryGuard(now func() time.Time) *MemoryGuard {
	if now == nil {
		now = time.Now
	}
	return &MemoryGuard{claimed: map[string]time.Time{}, now: now}
}

// Claim implements ReplayGuard.
func (g *MemoryGuard) Claim(_ context.Context, intentID, _ string, expiresAt time.Time) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for id, exp := range g.claimed {
		if !exp.After(now) {
			delete(g.claimed, id) // expired: refused by expiry before any claim
		}
	}
	if _, ok := g.claimed[intentID]; ok {
		return fmt.Errorf("intent %q: %w", intentID, ErrReplayed)
	}
	g.claimed[intentID] = expiresAt
	return nil
}

// Verifier is the executor's re-check of a binding before it commits.
type Verifier struct {
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Guard refuses a second execution; nil means no replay check, which
	// the caller must then make itself.
	Guard ReplayGuard
}

// Verify checks a binding, given as the JSON text that was hashed, against
// the hash captured with it: the hash must match (so no parameter, target
// or other field changed), the intent must not have expired, and it must
// not have been executed before (the claim comes last, so a refused intent
// is not used up). It returns the typed binding, or an *Error whose Code is
// ErrHashMismatch, ErrExpired, ErrReplayed, ErrMalformedBinding or a code
// of Hash.
func (v *Verifier) Verify(ctx context.Context, binding []byte, hash string) (*Binding, error) {
	got, err := Hash(binding)
	if err != nil {
		return nil, err
	}
	if got != hash {
		return nil, &Error{Code: ErrHashMismatch, Path: "$", Err: fmt.Errorf("binding hashes to %s, not %s", got, hash)}
	}
	var b Binding
	if err := json.Unmarshal(binding, &b); err != nil {
		return nil, &Error{Code: ErrMalformedBinding, Path: "$", Err: err}
	}
	if b.ProtocolVersion != ProtocolVersion {
		return nil, &Error{Code: ErrMalformedBinding, Path: "$.protocol_version", Err: fmt.Errorf("protocol %q, want %q", b.ProtocolVersion, ProtocolVersion)}
	}
	if b.IntentID == "" {
		return nil, &Error{Code: ErrMalformedBinding, Path: "$.intent_id", Err: errors.New("no intent id")}
	}
	expires, err := time.Parse(time.RFC3339Nano, b.ExpiresAt)
	if err != nil {
		return nil, &Error{Code: ErrMalformedBinding, Path: "$.expires_at", Err: err}
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	if t := now(); !expires.After(t) {
		return nil, &Error{Code: ErrExpired, Path: "$.expires_at", Err: fmt.Errorf("expired at %s, now %s", expires.Format(time.RFC3339Nano), t.Format(time.RFC3339Nano))}
	}
	if v.Guard != nil {
		if err := v.Guard.Claim(ctx, b.IntentID, hash, expires); err != nil {
			code := ErrReplayed
			if !errors.Is(err, ErrReplayed) {
				code = err // a guard that failed: not a replay, but no execution either
			}
			return nil, &Error{Code: code, Path: "$.intent_id", Err: err}
		}
	}
	return &b, nil
}
