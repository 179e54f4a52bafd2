package sqlite

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
)

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
