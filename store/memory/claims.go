package memory

import (
	"context"

	"github.com/plainsight/plainsight/store"
)

// claimKey names a claim challenge: one per server and account.
type claimKey struct{ url, account string }

// ClaimServer implements store.Servers.
func (m *Memory) ClaimServer(ctx context.Context, url, account string) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.claimServer(nil, url, account)
}

func (m *Memory) claimServer(undo *[]func(), url, account string) error {
	const op = "ClaimServer"
	if err := store.CheckClaim(op, account); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	s := m.reg().byURL[url]
	if s == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	}
	if s.PublisherStatus != store.PublisherUnclaimed {
		return store.Errorf(op, store.ErrConflict, "server %s is claimed", url)
	}
	s.PublisherStatus, s.PublisherAccount = store.PublisherClaimed, account
	if undo != nil {
		*undo = append(*undo, func() { s.PublisherStatus, s.PublisherAccount = store.PublisherUnclaimed, "" })
	}
	return nil
}

// PutClaimChallenge implements store.Servers.
func (m *Memory) PutClaimChallenge(ctx context.Context, c store.ClaimChallenge) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.putChallenge(nil, c)
}

func (m *Memory) putChallenge(undo *[]func(), c store.ClaimChallenge) error {
	const op = "PutClaimChallenge"
	if err := store.CheckClaimChallenge(op, &c); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	if r.byURL[c.ServerURL] == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", c.ServerURL)
	}
	if r.challenges == nil {
		r.challenges = map[claimKey]store.ClaimChallenge{}
	}
	k := claimKey{c.ServerURL, c.AccountID}
	old, had := r.challenges[k]
	r.challenges[k] = c
	if undo != nil {
		*undo = append(*undo, func() {
			if had {
				r.challenges[k] = old
			} else {
				delete(r.challenges, k)
			}
		})
	}
	return nil
}

// ClaimChallenge implements store.Servers.
func (m *Memory) ClaimChallenge(ctx context.Context, url, account string) (store.ClaimChallenge, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.ClaimChallenge{}, store.Wrap("ClaimChallenge", errClosed)
	}
	c, ok := m.reg().challenges[claimKey{url, account}]
	if !ok {
		return store.ClaimChallenge{}, store.Errorf("ClaimChallenge", store.ErrNotFound, "no challenge of %q for this account", url)
	}
	return c, nil
}

func (t *tx) ClaimServer(ctx context.Context, url, account string) error {
	if err := t.check("ClaimServer"); err != nil {
		return err
	}
	return t.m.claimServer(&t.undo, url, account)
}

func (t *tx) PutClaimChallenge(ctx context.Context, c store.ClaimChallenge) error {
	if err := t.check("PutClaimChallenge"); err != nil {
		return err
	}
	return t.m.putChallenge(&t.undo, c)
}

func (t *tx) ClaimChallenge(ctx context.Context, url, account string) (store.ClaimChallenge, error) {
	if err := t.check("ClaimChallenge"); err != nil {
		return store.ClaimChallenge{}, err
	}
	return t.m.ClaimChallenge(ctx, url, account)
}
