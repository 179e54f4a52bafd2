package sqlite

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

func (c *conn) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	return sqlstore.InsertAPIKey(ctx, c, k)
}

func (c *conn) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	return sqlstore.APIKeyByHash(ctx, c, hash)
}

func (c *conn) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	return sqlstore.RevokeAPIKey(ctx, c, id, at)
}

// InsertAPIKey implements store.APIKeys.
func (s *Store) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	return sqlstore.InsertAPIKey(ctx, s.c(), k)
}

// APIKeyByHash implements store.APIKeys.
func (s *Store) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	return sqlstore.APIKeyByHash(ctx, s.c(), hash)
}

// RevokeAPIKey implements store.APIKeys.
func (s *Store) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	return sqlstore.RevokeAPIKey(ctx, s.c(), id, at)
}
