package pin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/store"
)

// Errors of [Keeper.Approve].
var (
	// ErrNothingPending: the key has no pin, no sighting, or its latest
	// sighting is what is pinned (or, with named entries, those entries
	// are pinned as seen already).
	ErrNothingPending = errors.New("pin: nothing pending")
	// ErrUnknownEntry: a named entry is neither pinned nor in the pending
	// sighting, or is of no kind of entry.
	ErrUnknownEntry = errors.New("pin: no such entry")
	// ErrStale: the pending sighting is not the one the caller showed
	// ([Keeper.ApproveSighting]): a newer one was recorded since.
	ErrStale = errors.New("pin: a newer sighting is pending")
)

// maxAttempts bounds Approve's and Observe's retries after a lost
// compare-and-set: each loss means another writer's pin landed, so many
// in a row mean a writer loop, not a race.
const maxAttempts = 32

// Status is what [Keeper.Observe] found.
type Status string

// The statuses of an [Outcome].
const (
	// StatusFirstUse: the key had no pin; the surface is now version 1.
	StatusFirstUse Status = "first_use"
	// StatusUnchanged: the surface's fingerprint is the pin's.
	StatusUnchanged Status = "unchanged"
	// StatusChanged: the surface differs from the pin; the difference is
	// recorded as the key's pending sighting.
	StatusChanged Status = "changed"
)

// Keeper pins surfaces on first sight and compares later ones with the
// pin (trust on first use, issue 30, items 2 and 3). It holds no state
// of its own: every call reads the store, so several keepers — an audit
// and a running proxy, in two processes — share one pin per key.
type Keeper struct {
	Store store.Pins
	// Now is the clock of pins and sightings; nil means time.Now.
	Now func() time.Time
}

// Outcome is what [Keeper.Observe] found.
type Outcome struct {
	Status Status
	// Pin is the key's latest pin (the new one on first use).
	Pin store.Pin
	// Changes are the differences from the pinned surface to the fresh
	// one (fingerprint.CompareSurfaces), empty unless Status is
	// StatusChanged.
	Changes []fingerprint.Change
	// Withheld are the entries of the fresh surface that are new or
	// changed against the pin: untrusted until approved. An entry the
	// fresh surface removed is a Change but not withheld (there is nothing
	// left to withhold); a renamed one is withheld under its new key.
	Withheld []fingerprint.Entry
	// Trusted is the pinned surface. When Status is not StatusChanged the
	// fresh surface is returned, equal to the pinned one in all that is
	// fingerprinted (the protocol version may differ).
	Trusted *fingerprint.Surface
}

func (k *Keeper) now() time.Time {
	if k.Now != nil {
		return k.Now()
	}
	return time.Now()
}

// encode returns the record of s and its fingerprint.
func encode(s *fingerprint.Surface) ([]byte, string, error) {
	r, err := fingerprint.NewSurfaceRecord(s)
	if err != nil {
		return nil, "", err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, "", err
	}
	return b, r.Fingerprint, nil
}

// decode reads a stored record.
func decode(what string, b []byte) (*fingerprint.Surface, error) {
	var r fingerprint.SurfaceRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("pin: the stored %s: %w", what, err)
	}
	return &r.Surface, nil
}

// Observe compares s, the surface just seen of the upstream key, with the
// key's pin. With no pin, s is pinned as version 1, reason first_use
// (trust on first use; of two keepers pinning one key at once, one wins
// and the other compares with its pin). With the pin's fingerprint, it is
// unchanged. Otherwise it records s as the key's sighting — unless the
// latest sighting is s already, so that a proxy observing on every list
// appends one sighting per change, not per call — and returns the changes
// and the withheld entries. A sighting of the pinned surface is recorded
// too when an unchanged s follows a different pending sighting, so that
// an upstream that changed back leaves nothing pending.
//
// An error (a store that cannot be read or written, a surface whose
// record breaks the store's bounds, a stored record that does not read
// back) leaves the outcome empty: a caller withholding on changes must
// withhold everything then (fail closed).
func (k *Keeper) Observe(ctx context.Context, key string, s *fingerprint.Surface) (Outcome, error) {
	if s == nil {
		return Outcome{}, errors.New("pin: Observe of no surface")
	}
	fp, err := s.Fingerprint()
	if err != nil {
		return Outcome{}, err
	}
	// The record is written only for a new pin or sighting: an unchanged
	// surface, the common case of a proxy's every list, costs its
	// fingerprint and two reads.
	var rec []byte
	record := func() ([]byte, error) {
		if rec == nil {
			var err error
			if rec, _, err = encode(s); err != nil {
				return nil, err
			}
		}
		return rec, nil
	}
	for range maxAttempts {
		p, err := k.Store.LatestPin(ctx, key)
		if errors.Is(err, store.ErrNotFound) {
			if _, err := record(); err != nil {
				return Outcome{}, err
			}
			p, err = k.Store.AppendPin(ctx, store.Pin{Key: key, Version: 1, Fingerprint: fp, Record: rec,
				Reason: store.PinFirstUse, CreatedAt: k.now()})
			if errors.Is(err, store.ErrConflict) {
				continue // another keeper pinned it first: compare with that
			}
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Status: StatusFirstUse, Pin: p, Changes: []fingerprint.Change{}, Trusted: s}, nil
		}
		if err != nil {
			return Outcome{}, err
		}
		last, err := k.Store.LatestSighting(ctx, key)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return Outcome{}, err
		}
		seen := err == nil && last.Fingerprint == fp
		if p.Fingerprint == fp {
			if err == nil && !seen {
				if _, err := record(); err != nil {
					return Outcome{}, err
				}
				if _, err := k.Store.RecordSighting(ctx, store.Sighting{Key: key, Fingerprint: fp, Record: rec, SeenAt: k.now()}); err != nil {
					return Outcome{}, err
				}
			}
			return Outcome{Status: StatusUnchanged, Pin: p, Changes: []fingerprint.Change{}, Trusted: s}, nil
		}
		trusted, err := decode("pin", p.Record)
		if err != nil {
			return Outcome{}, err
		}
		changes, err := fingerprint.CompareSurfaces(trusted, s)
		if err != nil {
			return Outcome{}, err
		}
		if !seen {
			if _, err := record(); err != nil {
				return Outcome{}, err
			}
			if _, err := k.Store.RecordSighting(ctx, store.Sighting{Key: key, Fingerprint: fp, Record: rec, SeenAt: k.now()}); err != nil {
				return Outcome{}, err
			}
		}
		return Outcome{Status: StatusChanged, Pin: p, Changes: changes, Withheld: Withheld(trusted, s), Trusted: trusted}, nil
	}
	return Outcome{}, fmt.Errorf("pin: %d pins of %s raced this one: %w", maxAttempts, key, store.ErrConflict)
}

// kinds are the kinds of entry, in the order of a Surface's lists.
var kinds = [...]fingerprint.Kind{fingerprint.KindTool, fingerprint.KindPrompt, fingerprint.KindResource, fingerprint.KindResourceTemplate}

func list(s *fingerprint.Surface, k fingerprint.Kind) *[]fingerprint.Entry {
	switch k {
	case fingerprint.KindTool:
		return &s.Tools
	case fingerprint.KindPrompt:
		return &s.Prompts
	case fingerprint.KindResource:
		return &s.Resources
	case fingerprint.KindResourceTemplate:
		return &s.ResourceTemplates
	}
	return nil
}

// Withheld returns the entries of fresh that are not in trusted with the
// same Def: new, changed or renamed ones, in the order of fresh's lists.
func Withheld(trusted, fresh *fingerprint.Surface) []fingerprint.Entry {
	var out []fingerprint.Entry
	for _, kind := range kinds {
		for _, e := range *list(fresh, kind) {
			if t, ok := trusted.Entry(kind, e.Key); !ok || !bytes.Equal(t.Def, e.Def) {
				out = append(out, e)
			}
		}
	}
	return out
}

// Pending is a key's pending sighting and what it changes.
type Pending struct {
	Pin      store.Pin
	Sighting store.Sighting
	Trusted  *fingerprint.Surface // the pinned surface
	Seen     *fingerprint.Surface // the sighting's surface
	Changes  []fingerprint.Change // from Trusted to Seen
}

// Pending returns the key's pending sighting: ErrNothingPending when the
// key has no pin or no sighting, or its latest sighting is what is pinned.
func (k *Keeper) Pending(ctx context.Context, key string) (Pending, error) {
	p, err := k.Store.LatestPin(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return Pending{}, fmt.Errorf("%w: %s has no pin", ErrNothingPending, key)
	} else if err != nil {
		return Pending{}, err
	}
	sg, err := k.Store.LatestSighting(ctx, key)
	if errors.Is(err, store.ErrNotFound) || err == nil && sg.Fingerprint == p.Fingerprint {
		return Pending{Pin: p}, fmt.Errorf("%w: %s is seen as pinned", ErrNothingPending, key)
	} else if err != nil {
		return Pending{}, err
	}
	trusted, err := decode("pin", p.Record)
	if err != nil {
		return Pending{}, err
	}
	seen, err := decode("sighting", sg.Record)
	if err != nil {
		return Pending{}, err
	}
	changes, err := fingerprint.CompareSurfaces(trusted, seen)
	if err != nil {
		return Pending{}, err
	}
	return Pending{Pin: p, Sighting: sg, Trusted: trusted, Seen: seen, Changes: changes}, nil
}

// Approve makes the key's pending sighting its new pin, reason approved,
// by the approver named (may be empty): the whole sighting, or, when only
// names entries (by Kind and Key; their Def is not read — what is
// approved is what was seen), the pinned surface with just those entries
// as the sighting has them: replaced when changed, added when new,
// removed when the sighting has them no more. The server's name, version
// and instructions change only with a whole approval. A rename is a
// removal and an addition: name both keys to approve it as one.
//
// It is a compare-and-set: the new pin is the head's next version; when
// another approval lands first, Approve reads the new head and the newest
// sighting again and applies the named entries to them, so two approvers
// never lose one another's approval (at most 32 attempts). It returns
// ErrNothingPending when the key has no pending sighting or the named
// entries are pinned as seen already, and ErrUnknownEntry for an entry
// neither pinned nor seen.
func (k *Keeper) Approve(ctx context.Context, key, by string, only ...fingerprint.Entry) (store.Pin, error) {
	return k.approve(ctx, key, by, 0, only)
}

// ApproveSighting is [Keeper.Approve] of the sighting seq only: ErrStale
// when the key's latest sighting is another (a newer one was recorded
// since the caller showed seq's changes to the approver).
func (k *Keeper) ApproveSighting(ctx context.Context, key, by string, seq int64, only ...fingerprint.Entry) (store.Pin, error) {
	if seq < 1 {
		return store.Pin{}, fmt.Errorf("%w: sighting %d", ErrStale, seq)
	}
	return k.approve(ctx, key, by, seq, only)
}

func (k *Keeper) approve(ctx context.Context, key, by string, seq int64, only []fingerprint.Entry) (store.Pin, error) {
	for _, e := range only {
		if list(&fingerprint.Surface{}, e.Kind) == nil {
			return store.Pin{}, fmt.Errorf("%w: %q is no kind of entry", ErrUnknownEntry, e.Kind)
		}
	}
	for range maxAttempts {
		pd, err := k.Pending(ctx, key)
		if err != nil {
			return store.Pin{}, err
		}
		if seq != 0 && pd.Sighting.Seq != seq {
			return store.Pin{}, fmt.Errorf("%w: %s: sighting %d, not %d", ErrStale, key, pd.Sighting.Seq, seq)
		}
		rec, fp := pd.Sighting.Record, pd.Sighting.Fingerprint
		if len(only) > 0 {
			next, err := merge(pd.Trusted, pd.Seen, only)
			if err != nil {
				return store.Pin{}, err
			}
			if rec, fp, err = encode(next); err != nil {
				return store.Pin{}, err
			}
			if fp == pd.Pin.Fingerprint {
				return store.Pin{}, fmt.Errorf("%w: the entries named are pinned as seen", ErrNothingPending)
			}
		}
		p, err := k.Store.AppendPin(ctx, store.Pin{Key: key, Version: pd.Pin.Version + 1, Fingerprint: fp, Record: rec,
			Reason: store.PinApproved, By: by, CreatedAt: k.now()})
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		return p, err
	}
	return store.Pin{}, fmt.Errorf("pin: %d approvals of %s raced this one: %w", maxAttempts, key, store.ErrConflict)
}

// merge returns trusted with the entries only names as seen has them.
func merge(trusted, seen *fingerprint.Surface, only []fingerprint.Entry) (*fingerprint.Surface, error) {
	next := *trusted
	for _, kind := range kinds {
		*list(&next, kind) = slices.Clone(*list(trusted, kind))
	}
	for _, e := range only {
		l := list(&next, e.Kind)
		_, inTrusted := trusted.Entry(e.Kind, e.Key)
		s, inSeen := seen.Entry(e.Kind, e.Key)
		if !inTrusted && !inSeen {
			return nil, fmt.Errorf("%w: %s %q is neither pinned nor seen", ErrUnknownEntry, e.Kind, e.Key)
		}
		i := slices.IndexFunc(*l, func(x fingerprint.Entry) bool { return x.Key == e.Key })
		switch {
		case inSeen && i >= 0:
			(*l)[i] = s
		case inSeen:
			*l = append(*l, s)
			slices.SortFunc(*l, func(a, b fingerprint.Entry) int { return canon.CompareUTF16(a.Key, b.Key) })
		case i >= 0:
			*l = slices.Delete(*l, i, i+1)
		}
	}
	return &next, nil
}
