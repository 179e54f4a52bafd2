package sqlstore

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
)

// InsertAPIKey implements store.APIKeys.InsertAPIKey.
func (c Records) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	const op = "InsertAPIKey"
	if err := store.CheckAPIKey(op, &k); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO api_keys (id, hash, owner, scopes, label, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		k.ID, k.Hash, k.Owner, c.Words(k.Scopes), k.Label, c.Time(k.CreatedAt))
	switch c.Class(err) {
	case Unique:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case Refused:
		// SQLite's api_keys_no_replace refuses a colliding insert before
		// its unique indexes see it (migration 6): still a duplicate.
		if dup, _ := exists(ctx, c, `SELECT 1 FROM api_keys WHERE id = ? OR hash = ?`, k.ID, k.Hash); dup {
			return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
		}
		return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
	}
	return store.Wrap(op, err)
}

// APIKeyByHash implements store.APIKeys.APIKeyByHash.
func (c Records) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	const op = "APIKeyByHash"
	var k store.APIKey
	err := c.QueryRow(ctx, `SELECT id, hash, owner, scopes, label, created_at, revoked_at FROM api_keys WHERE hash = ?`, hash).
		Scan(&k.ID, &k.Hash, &k.Owner, c.ScanWords(&k.Scopes), &k.Label, c.ScanTime(&k.CreatedAt), c.ScanTime(&k.RevokedAt))
	if isNoRows(err) {
		return k, store.Errorf(op, store.ErrNotFound, "no key has this hash")
	} else if err != nil {
		return k, store.Wrap(op, err)
	}
	return k, nil
}

// RevokeAPIKey implements store.APIKeys.RevokeAPIKey.
func (c Records) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	const op = "RevokeAPIKey"
	if at.IsZero() {
		return store.Errorf(op, store.ErrInvalid, "a revocation needs its time")
	}
	n, err := c.Exec(ctx, `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, c.Time(at), id)
	if err != nil {
		if c.Class(err) == Refused {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if n == 1 {
		return nil
	}
	var revoked bool
	err = c.QueryRow(ctx, `SELECT revoked_at IS NOT NULL FROM api_keys WHERE id = ?`, id).Scan(&revoked)
	if isNoRows(err) {
		return store.Errorf(op, store.ErrNotFound, "key %q", id)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	return store.Errorf(op, store.ErrConflict, "key %s is revoked already", id)
}
