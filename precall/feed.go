package precall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
)

// FeedServer names the server of a change event (§11).
type FeedServer struct {
	Slug               string  `json:"slug"`
	URL                string  `json:"url"`
	Name               string  `json:"name"`
	PageURL            string  `json:"page_url"`
	LinkedStoreListing *string `json:"linked_store_listing"`
}

// ChangeEvent is one event of the §11 feed, in exactly its shape, with
// one extension: a redirect event.
//
// A redirect event (issue 28, item 4) records that a registered URL
// started redirecting, redirects along another chain, or stopped
// redirecting — once per transition: a URL that keeps redirecting the
// same way records one event. Its JSON has the extension member
// "redirects", the chain the check followed in the shape of the §9
// answer's redirects ([{"from","to","status"}, …], every hop), [] when the
// URL stopped redirecting; an event without "redirects" is a change of
// the definitions. Since §9 never records the destination's definitions
// as the URL's own, a redirect event moves no fingerprint version:
// from_version and to_version are both the version recorded when it was
// observed, fingerprint_before and fingerprint_after both its
// fingerprint, the diff is empty, and server.name is the recorded
// server's name. A URL that stops redirecting and then serves other
// definitions records the stop, then the change of the definitions.
type ChangeEvent struct {
	Server            FeedServer       `json:"server"`
	At                time.Time        `json:"at"`
	FromVersion       int              `json:"from_version"`
	ToVersion         int              `json:"to_version"`
	FingerprintBefore string           `json:"fingerprint_before"`
	FingerprintAfter  string           `json:"fingerprint_after"`
	Diff              fingerprint.Diff `json:"diff"`
	// Redirect is true on a redirect event, and Redirects its chain
	// (empty when the URL stopped redirecting).
	Redirect  bool             `json:"-"`
	Redirects []guard.Redirect `json:"redirects,omitempty"`
}

// Feed is one page of the §11 feed.
type Feed struct {
	// Changes are the events, newest first.
	Changes []ChangeEvent `json:"changes"`
	// RefreshedServers is how many registered servers this read re-checked
	// first (at most FeedRefreshes).
	RefreshedServers int `json:"refreshed_servers"`
	// NextBefore is the cursor of the next (older) page; null on the last.
	NextBefore *int64 `json:"next_before"`
	Note       string `json:"note"`
}

// FeedNote is the feed's standing line (§11), with the §12 line of the
// fingerprints it shows ([IntegrityNote]).
const FeedNote = "The feed lists changes integrity checks have observed; no background schedule is claimed. An empty feed means no change has been observed yet, not that no server has changed. " + IntegrityNote

// FeedQuery is a page request: Before is the cursor a previous page gave
// (0 for the newest), Limit at most store.MaxListLimit (0 means 100).
type FeedQuery struct {
	Before int64
	Limit  int
}

// Changes reads the §11 feed: first it re-checks at most FeedRefreshes
// registered servers whose last check is older than StaleAfter, oldest
// first (each claimed by a compare-and-set of its last check, so that two
// concurrent reads never refresh the same server twice), then lists the
// change events newest first. A server that cannot be probed counts as
// re-checked (its check found it unreachable).
func (c *Checker) Changes(ctx context.Context, q FeedQuery) (*Feed, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	now := c.now()
	stale, err := c.Store.ListServers(ctx, store.ServerQuery{CheckedBefore: now.Add(-StaleAfter), Limit: FeedRefreshes})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	f := &Feed{Changes: []ChangeEvent{}, Note: FeedNote}
	for _, s := range stale {
		err := c.Store.MarkChecked(ctx, s.URL, s.LastChecked, now)
		if errors.Is(err, store.ErrConflict) {
			continue // another read claimed it
		} else if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		s.LastChecked = now
		if _, err := c.refresh(ctx, s, true); err != nil {
			return nil, err
		}
		f.RefreshedServers++
	}
	return c.list(ctx, q, f)
}

// RecordedChanges lists one page of the §11 feed as recorded, newest
// first, without re-checking any server first: it probes nothing (the
// feed's human page reads it, and a page view must not send probes).
// RefreshedServers is 0.
func (c *Checker) RecordedChanges(ctx context.Context, q FeedQuery) (*Feed, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	return c.list(ctx, q, &Feed{Changes: []ChangeEvent{}, Note: FeedNote})
}

// list appends the events q selects to f.
func (c *Checker) list(ctx context.Context, q FeedQuery, f *Feed) (*Feed, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = 100
	}
	evs, err := c.Store.ListChangeEvents(ctx, store.ChangeQuery{Before: q.Before, Limit: limit})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	page, err := c.pages(ctx)
	if err != nil {
		return nil, err
	}
	servers := map[string]*store.Server{}
	for _, e := range evs {
		s := servers[e.ServerURL]
		if s == nil {
			v, err := c.Store.Server(ctx, e.ServerURL)
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
			}
			s = &v
			servers[e.ServerURL] = s
		}
		d, err := decodeDiff(e.Diff)
		if err != nil {
			return nil, fmt.Errorf("%w: event %d: %w", ErrRegistry, e.Seq, err)
		}
		reg := registrationOf(s, page)
		ev := ChangeEvent{
			Server: FeedServer{Slug: s.Slug, URL: s.URL, Name: e.ServerName, PageURL: reg.PageURL, LinkedStoreListing: reg.LinkedStoreListing},
			At:     e.At, FromVersion: e.FromVersion, ToVersion: e.ToVersion,
			FingerprintBefore: e.FingerprintBefore, FingerprintAfter: e.FingerprintAfter, Diff: d,
		}
		if e.Redirects != nil {
			ev.Redirect, ev.Redirects = true, []guard.Redirect{}
			if err := json.Unmarshal(e.Redirects, &ev.Redirects); err != nil {
				return nil, fmt.Errorf("%w: event %d: its redirects cannot be read: %w", ErrRegistry, e.Seq, err)
			}
		}
		f.Changes = append(f.Changes, ev)
	}
	if len(evs) == limit && evs[len(evs)-1].Seq > 1 {
		next := evs[len(evs)-1].Seq
		f.NextBefore = &next
	}
	return f, nil
}
