package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/store"
)

func (c *conn) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	const op = "InsertAPIKey"
	if err := store.CheckAPIKey(op, &k); err != nil {
		return err
	}
	if err := c.read(ctx); err != nil {
		return err
	}
	_, err := c.q.Exec(ctx, `INSERT INTO api_keys (id, hash, owner, scopes, label, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		k.ID, k.Hash, k.Owner, k.Scopes, k.Label, k.CreatedAt.UTC())
	switch sqlState(err) {
	case uniqueViolation:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case integrityViolation:
		return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	const op = "APIKeyByHash"
	var k store.APIKey
	if err := c.read(ctx); err != nil {
		return k, err
	}
	var revoked *time.Time
	err := c.q.QueryRow(ctx, `SELECT id, hash, owner, scopes, label, created_at, revoked_at FROM api_keys WHERE hash = $1`, hash).
		Scan(&k.ID, &k.Hash, &k.Owner, &k.Scopes, &k.Label, &k.CreatedAt, &revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return k, store.Errorf(op, store.ErrNotFound, "no key has this hash")
	} else if err != nil {
		return k, store.Wrap(op, err)
	}
	k.CreatedAt = k.CreatedAt.UTC()
	if revoked != nil {
		k.RevokedAt = revoked.UTC()
	}
	return k, nil
}

func (c *conn) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	const op = "RevokeAPIKey"
	if at.IsZero() {
		return store.Errorf(op, store.ErrInvalid, "a revocation needs its time")
	}
	if err := c.read(ctx); err != nil {
		return err
	}
	tag, err := c.q.Exec(ctx, `UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`, at.UTC(), id)
	if err != nil {
		if sqlState(err) == integrityViolation {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var revoked bool
	err = c.q.QueryRow(ctx, `SELECT revoked_at IS NOT NULL FROM api_keys WHERE id = $1`, id).Scan(&revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Errorf(op, store.ErrNotFound, "key %q", id)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	return store.Errorf(op, store.ErrConflict, "key %s is revoked already", id)
}

// InsertAPIKey implements store.APIKeys.
func (s *Store) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	return s.c().InsertAPIKey(ctx, k)
}

// APIKeyByHash implements store.APIKeys.
func (s *Store) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	return s.c().APIKeyByHash(ctx, hash)
}

// RevokeAPIKey implements store.APIKeys.
func (s *Store) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	return s.c().RevokeAPIKey(ctx, id, at)
}
