package precall

import (
	"context"
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/store"
)

// Record returns the registry record of the server registered at url
// (§9 registration, §10 warnings), or an error wrapping ErrNotRegistered.
// It probes nothing.
func (c *Checker) Record(ctx context.Context, url string) (*Record, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	s, err := c.Store.Server(ctx, url)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", ErrNotRegistered, url)
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return c.recordOf(ctx, &s)
}

// recordOf builds the record of a registered server from its last
// recorded definitions and the other servers' offers of its tool names.
func (c *Checker) recordOf(ctx context.Context, s *store.Server) (*Record, error) {
	defs, fp, err := c.recorded(ctx, c.Store, s.URL, s.Version)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(defs.Tools))
	for j, t := range defs.Tools {
		names[j] = t.Name
	}
	offers, err := StoreRegistry{c.Store}.Offers(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return &Record{URL: s.URL, Registration: registrationOf(s), Fingerprint: fp, FingerprintVersion: s.Version,
		ServerName: defs.Server.Name, LastChecked: s.LastChecked, ShadowingWarnings: Collisions(s.URL, defs.Tools, offers)}, nil
}
