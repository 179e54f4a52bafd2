package precall

import (
	"context"
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/store"
)

// ServerPage is what a registered server's page shows: its registry record
// (with the §10 warnings) and the definitions recorded at its current
// fingerprint version.
type ServerPage struct {
	Record
	Definitions *fingerprint.Definitions
}

// ServerPageBySlug returns the page of the server registered under slug,
// or an error wrapping ErrNotRegistered. It probes nothing: it reads the
// registry in pages of store.MaxListLimit to find the slug (the store
// looks servers up by URL only), then the record and the definitions.
func (c *Checker) ServerPageBySlug(ctx context.Context, slug string) (*ServerPage, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	for off := 0; ; off += store.MaxListLimit {
		page, err := c.Store.ListServers(ctx, store.ServerQuery{Offset: off, Limit: store.MaxListLimit})
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		for i := range page {
			if page[i].Slug != slug {
				continue
			}
			// Registration order never changes (no delete), so the
			// offset still names this server.
			recs, err := c.Records(ctx, store.ServerQuery{Offset: off + i, Limit: 1})
			if err != nil {
				return nil, err
			}
			if len(recs) != 1 || recs[0].URL != page[i].URL {
				return nil, fmt.Errorf("%w: the registry moved while it was read", ErrRegistry)
			}
			defs, _, err := c.recorded(ctx, c.Store, recs[0].URL, recs[0].FingerprintVersion)
			if err != nil {
				return nil, err
			}
			return &ServerPage{Record: recs[0], Definitions: defs}, nil
		}
		if len(page) < store.MaxListLimit {
			return nil, fmt.Errorf("%w: no server has the slug %q", ErrNotRegistered, slug)
		}
	}
}
