package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/plainsight/plainsight/store"
)

// KeyPrefix begins every API key's secret: "psk_" and 64 hex digits (256
// random bits). The prefix lets a secret scanner recognize one.
const KeyPrefix = "psk_"

// ErrKey is the error class of a key operation's bad input (an unknown
// scope, no owner); a store's own errors pass through.
var ErrKey = errors.New("server: invalid key request")

// KeyHash is the stored form of a secret: the lowercase hex SHA-256 of it.
func KeyHash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// CreateKey makes an API key for owner with the given scopes and stores
// its hash: the secret is returned once and kept nowhere (`plainsight
// keys create` prints it). Scopes are store.Scopes' names, in any order.
// The owner Anonymous is refused: it names the keyless requesters of the
// receipt log.
func CreateKey(ctx context.Context, s store.APIKeys, owner, label string, scopes []string, now time.Time) (secret string, k store.APIKey, err error) {
	if owner == "" {
		return "", k, fmt.Errorf("%w: a key needs its owner", ErrKey)
	}
	if owner == Anonymous {
		// The receipt log's name of a keyless requester (receipts.go).
		return "", k, fmt.Errorf("%w: the owner %q is the receipt log's keyless requester", ErrKey, Anonymous)
	}
	scopes = slices.Clone(scopes)
	slices.Sort(scopes)
	scopes = slices.Compact(scopes)
	if len(scopes) == 0 {
		return "", k, fmt.Errorf("%w: a key needs at least one scope (%s)", ErrKey, strings.Join(store.Scopes, ", "))
	}
	for _, sc := range scopes {
		if !slices.Contains(store.Scopes, sc) {
			return "", k, fmt.Errorf("%w: unknown scope %q (the scopes are %s)", ErrKey, sc, strings.Join(store.Scopes, ", "))
		}
	}
	var raw [32]byte
	rand.Read(raw[:])
	secret = KeyPrefix + hex.EncodeToString(raw[:])
	var id [8]byte
	rand.Read(id[:])
	k = store.APIKey{ID: "key_" + hex.EncodeToString(id[:]), Hash: KeyHash(secret), Owner: owner, Scopes: scopes,
		Label: label, CreatedAt: now.UTC().Truncate(time.Microsecond)}
	if err := s.InsertAPIKey(ctx, k); err != nil {
		return "", store.APIKey{}, err
	}
	return secret, k, nil
}

// authorize reads the request's key (Authorization: Bearer psk_…) and
// checks that it is live and holds scope. It answers the failure itself:
// 401 unauthorized (with WWW-Authenticate) for no key, a malformed one, an
// unknown or a revoked one — the same answer for each, so that a caller
// cannot tell them apart — and 403 forbidden for a key without the scope.
func (h *handler) authorize(w http.ResponseWriter, r *http.Request, scope string) (store.APIKey, bool) {
	if !h.needStore(w) {
		return store.APIKey{}, false
	}
	secret, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if ok && len(secret) == len(KeyPrefix)+64 && strings.HasPrefix(secret, KeyPrefix) {
		k, err := h.store.APIKeyByHash(r.Context(), KeyHash(secret))
		switch {
		case err == nil && k.RevokedAt.IsZero():
			if !slices.Contains(k.Scopes, scope) {
				writeError(w, http.StatusForbidden, "forbidden", "this key does not hold the scope "+scope)
				return store.APIKey{}, false
			}
			return k, true
		case err != nil && !errors.Is(err, store.ErrNotFound):
			h.storeFail(w, r, "api key", err)
			return store.APIKey{}, false
		}
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="plainsight"`)
	writeError(w, http.StatusUnauthorized, "unauthorized", "this route needs a live API key: Authorization: Bearer psk_…")
	return store.APIKey{}, false
}
