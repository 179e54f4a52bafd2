package server

import (
	"errors"
	"net/http"

	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/store"
)

// The publisher claim routes (issue 28, item 3; §9 registration's
// "unclaimed until the publisher proves control of its domain"). Both
// need a key with scope register and act for its owner: the challenge is
// bound to the key's account, and only that account's check can answer
// it.

// claims returns the claim service over the handler's checker, with the
// TXT resolver r (nil: the system's).
func (h *handler) claims(r precall.TXTResolver) *precall.Claims {
	return &precall.Claims{Checker: h.checker, Resolver: r}
}

// claimURL reads {"url"} and the key; it answers the error itself.
func (h *handler) claimURL(w http.ResponseWriter, r *http.Request) (store.APIKey, string, bool) {
	key, ok := h.authorize(w, r, store.ScopeRegister)
	if !ok {
		return key, "", false
	}
	m, ok := h.request(w, r, "url")
	if !ok {
		return key, "", false
	}
	u, err := m.str("url", true)
	if err != nil {
		invalid(w, err)
		return key, "", false
	}
	return key, u, true
}

// claimRefusal answers an error of package precall's claims.
func (h *handler) claimRefusal(w http.ResponseWriter, r *http.Request, op string, err error) {
	var np *precall.NotProvenError
	switch {
	case errors.Is(err, precall.ErrNotRegistered):
		writeError(w, http.StatusNotFound, "not_registered", "no server is registered at this URL")
	case errors.Is(err, precall.ErrClaimed):
		writeError(w, http.StatusConflict, "already_claimed", "the server is claimed; a claim is made once")
	case errors.Is(err, precall.ErrNoChallenge):
		writeError(w, http.StatusConflict, "no_challenge", "this account has no live challenge for the server: ask POST /v1/registry/servers/claims for one")
	case errors.As(err, &np):
		writeError(w, http.StatusUnprocessableEntity, "not_proven", "the token was not found: https: "+np.HTTPS+"; dns: "+np.DNS)
	case errors.Is(err, store.ErrInvalid):
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "the claim breaks a bound of the registry")
	default:
		h.storeFail(w, r, op, err)
	}
}

// claimChallenge is POST /v1/registry/servers/claims (scope register):
// {"url"} of a registered, unclaimed server answered 201 with a challenge
// for the key's owner — the token (shown once, stored as its hash), where
// to publish it (https_url, or dns_name and dns_value) and its expiry. A
// new challenge replaces the account's earlier one for the server.
func (h *handler) claimChallenge(res precall.TXTResolver) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, u, ok := h.claimURL(w, r)
		if !ok {
			return
		}
		ch, err := h.claims(res).Challenge(r.Context(), u, key.Owner)
		if err != nil {
			h.claimRefusal(w, r, "claim challenge", err)
			return
		}
		writeJSON(w, http.StatusCreated, ch)
	}
}

// claimVerify is POST /v1/registry/servers/claims/verify (scope
// register): {"url"} checked for the key's owner's live challenge — the
// token at the well-known HTTPS path of the server's host, through the
// guard, else in the TXT record — and on success the server claimed:
// publisher status claimed, the owner its publisher, a
// registry.server_claimed ledger entry. A server the owner claimed before
// answers its claim again.
func (h *handler) claimVerify(res precall.TXTResolver) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, u, ok := h.claimURL(w, r)
		if !ok {
			return
		}
		c, err := h.claims(res).Verify(r.Context(), u, key.Owner)
		if err != nil {
			h.claimRefusal(w, r, "claim verify", err)
			return
		}
		writeJSON(w, http.StatusOK, c)
	}
}
