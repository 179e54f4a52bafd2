package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
)

const (
	insertKeySQL = `INSERT INTO api_keys (id, hash, owner, scopes, label, created_at) VALUES (?, ?, ?, ?, ?, ?)`
	keyByHashSQL = `SELECT id, hash, owner, scopes, label, created_at, COALESCE(revoked_at, '') FROM api_keys WHERE hash = ?`
	revokeKeySQL = `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`
	keyByIDSQL   = `SELECT revoked_at IS NOT NULL FROM api_keys WHERE id = ?`
)

func (c *conn) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	const op = "InsertAPIKey"
	if err := store.CheckAPIKey(op, &k); err != nil {
		return err
	}
	_, err := c.exec(ctx, insertKeySQL, k.ID, k.Hash, k.Owner, strings.Join(k.Scopes, " "), k.Label, ts(k.CreatedAt))
	switch code(err) {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	case sqlite3.SQLITE_CONSTRAINT_TRIGGER:
		return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	const op = "APIKeyByHash"
	var k store.APIKey
	var scopes, created, revoked string
	err := c.queryRow(ctx, keyByHashSQL, hash).Scan(&k.ID, &k.Hash, &k.Owner, &scopes, &k.Label, &created, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return k, store.Errorf(op, store.ErrNotFound, "no key has this hash")
	} else if err != nil {
		return k, store.Wrap(op, err)
	}
	k.Scopes = strings.Fields(scopes)
	if k.CreatedAt, err = parseTS(created); err != nil {
		return k, store.Wrap(op, err)
	}
	if revoked != "" {
		if k.RevokedAt, err = parseTS(revoked); err != nil {
			return k, store.Wrap(op, err)
		}
	}
	return k, nil
}

func (c *conn) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	const op = "RevokeAPIKey"
	if at.IsZero() {
		return store.Errorf(op, store.ErrInvalid, "a revocation needs its time")
	}
	res, err := c.exec(ctx, revokeKeySQL, ts(at), id)
	if err != nil {
		if code(err) == sqlite3.SQLITE_CONSTRAINT_TRIGGER {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return store.Wrap(op, err)
	} else if n == 1 {
		return nil
	}
	var revoked bool
	err = c.queryRow(ctx, keyByIDSQL, id).Scan(&revoked)
	if errors.Is(err, sql.ErrNoRows) {
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
