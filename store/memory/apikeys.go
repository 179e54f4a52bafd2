package memory

import (
	"context"
	"slices"
	"time"

	"github.com/plainsight/plainsight/store"
)

// keyState holds the API keys (store.APIKeys).
type keyState struct {
	byID   map[string]*store.APIKey
	byHash map[string]*store.APIKey
}

func newKeyState() keyState {
	return keyState{byID: map[string]*store.APIKey{}, byHash: map[string]*store.APIKey{}}
}

func cloneKey(k *store.APIKey) store.APIKey {
	c := *k
	c.Scopes = slices.Clone(k.Scopes)
	return c
}

// InsertAPIKey implements store.APIKeys.
func (m *Memory) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertAPIKey(nil, k)
}

func (m *Memory) insertAPIKey(undo *[]func(), k store.APIKey) error {
	const op = "InsertAPIKey"
	if err := store.CheckAPIKey(op, &k); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	if m.keys.byID[k.ID] != nil || m.keys.byHash[k.Hash] != nil {
		return store.Errorf(op, store.ErrDuplicate, "key %s", k.ID)
	}
	c := cloneKey(&k)
	c.CreatedAt = c.CreatedAt.UTC().Truncate(time.Microsecond)
	m.keys.byID[k.ID], m.keys.byHash[k.Hash] = &c, &c
	if undo != nil {
		*undo = append(*undo, func() {
			delete(m.keys.byID, k.ID)
			delete(m.keys.byHash, k.Hash)
		})
	}
	return nil
}

// APIKeyByHash implements store.APIKeys.
func (m *Memory) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.APIKey{}, store.Wrap("APIKeyByHash", errClosed)
	}
	k := m.keys.byHash[hash]
	if k == nil {
		return store.APIKey{}, store.Errorf("APIKeyByHash", store.ErrNotFound, "no key has this hash")
	}
	return cloneKey(k), nil
}

// RevokeAPIKey implements store.APIKeys.
func (m *Memory) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.revokeAPIKey(nil, id, at)
}

func (m *Memory) revokeAPIKey(undo *[]func(), id string, at time.Time) error {
	const op = "RevokeAPIKey"
	if at.IsZero() {
		return store.Errorf(op, store.ErrInvalid, "a revocation needs its time")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	k := m.keys.byID[id]
	switch {
	case k == nil:
		return store.Errorf(op, store.ErrNotFound, "key %q", id)
	case !k.RevokedAt.IsZero():
		return store.Errorf(op, store.ErrConflict, "key %s is revoked already", id)
	}
	k.RevokedAt = at.UTC().Truncate(time.Microsecond)
	if undo != nil {
		*undo = append(*undo, func() { k.RevokedAt = time.Time{} })
	}
	return nil
}

func (t *tx) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	if err := t.check("InsertAPIKey"); err != nil {
		return err
	}
	return t.m.insertAPIKey(&t.undo, k)
}

func (t *tx) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	if err := t.check("APIKeyByHash"); err != nil {
		return store.APIKey{}, err
	}
	return t.m.APIKeyByHash(ctx, hash)
}

func (t *tx) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	if err := t.check("RevokeAPIKey"); err != nil {
		return err
	}
	return t.m.revokeAPIKey(&t.undo, id, at)
}
