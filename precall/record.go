package precall

import (
	"context"
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/store"
)

// Record returns the registry record of the server registered at url
// (§9 registration, §10 warnings), as Records gives it, or an error
// wrapping ErrNotRegistered. It probes nothing.
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
	page, err := c.pages(ctx)
	if err != nil {
		return nil, err
	}
	reg := c.registry(page)
	r, err := reg.Server(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	if r == nil {
		return nil, fmt.Errorf("%w: %s", ErrNotRegistered, url)
	}
	defs := &r.Record.Definitions
	names := make([]string, len(defs.Tools))
	for i, t := range defs.Tools {
		names[i] = t.Name
	}
	offers, err := reg.Offers(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return &Record{URL: url, Registration: r.Registration, Fingerprint: r.Record.Fingerprint, FingerprintVersion: r.Record.Version,
		ServerName: defs.Server.Name, LastChecked: s.LastChecked, ShadowingWarnings: Collisions(url, defs.Tools, offers), Note: IntegrityNote}, nil
}
