package precall

import (
	"context"
	"sync"

	"github.com/plainsight/plainsight/store"
)

// The bounds of a nameIndex: past either, entries are dropped until the
// new one fits (a dropped version is read again when next needed); a
// version with more names than maxNames is not indexed at all.
const (
	maxIndexed = 100_000   // versions
	maxNames   = 1_000_000 // tool names, over all versions
)

// nameIndex maps a recorded fingerprint version — a server's URL and
// version — to the names of its tools. A fingerprint version never changes
// once recorded (the stores refuse any edit), so an entry is never stale,
// whichever instance recorded the version: the index is shared by every
// check of a Checker, and needs no invalidation.
type nameIndex struct {
	mu      sync.Mutex
	entries map[versionKey]map[string]struct{}
	names   int // the names of all entries
}

type versionKey struct {
	url     string
	version int
}

func (x *nameIndex) get(url string, version int) (map[string]struct{}, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	names, ok := x.entries[versionKey{url, version}]
	return names, ok
}

func (x *nameIndex) put(url string, version int, names map[string]struct{}) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(names) > maxNames {
		return
	}
	if x.entries == nil {
		x.entries = map[versionKey]map[string]struct{}{}
	}
	k := versionKey{url, version}
	if old, ok := x.entries[k]; ok {
		x.names -= len(old)
		delete(x.entries, k)
	}
	for e, old := range x.entries {
		if len(x.entries) < maxIndexed && x.names+len(names) <= maxNames {
			break
		}
		x.names -= len(old)
		delete(x.entries, e)
	}
	x.entries[k] = names
	x.names += len(names)
}

// offers is StoreRegistry.Offers through the index x (a fresh one when
// nil): the servers' rows are read a page at a time, and only the
// definitions of a version not yet indexed, or of one whose tool names
// meet names, are read and decoded.
func offers(ctx context.Context, s store.Store, x *nameIndex, page func(slug string) string, names []string) ([]Offer, error) {
	var out []Offer
	err := eachPage(ctx, s, func(servers []store.Server) error {
		o, err := offersIn(ctx, s, x, page, servers, names)
		out = append(out, o...)
		return err
	})
	return out, err
}

// eachPage calls fn with every registered server's row, a page of
// store.MaxListLimit at a time (one page held at once).
func eachPage(ctx context.Context, s store.Store, fn func([]store.Server) error) error {
	for off := 0; ; off += store.MaxListLimit {
		page, err := s.ListServers(ctx, store.ServerQuery{Offset: off, Limit: store.MaxListLimit})
		if err != nil {
			return err
		}
		if err := fn(page); err != nil {
			return err
		}
		if len(page) < store.MaxListLimit {
			return nil
		}
	}
}

// offersIn finds the offers of names among servers, through the index x.
func offersIn(ctx context.Context, s store.Store, x *nameIndex, page func(slug string) string, servers []store.Server, names []string) ([]Offer, error) {
	if x == nil {
		x = &nameIndex{}
	}
	want := make(map[string]bool, len(names))
	for _, n := range names {
		want[n] = true
	}
	var out []Offer
	for i := range servers {
		srv := &servers[i]
		if indexed, ok := x.get(srv.URL, srv.Version); ok && !meets(indexed, want) {
			continue
		}
		fv, err := s.FingerprintVersion(ctx, srv.URL, srv.Version)
		if err != nil {
			return nil, err
		}
		d, err := decodeDefinitions(fv.Definitions)
		if err != nil {
			return nil, err
		}
		toolNames := make(map[string]struct{}, len(d.Tools))
		for _, t := range d.Tools {
			toolNames[t.Name] = struct{}{}
			if want[t.Name] {
				out = append(out, Offer{Server: otherOf(srv, d.Server.Name, page), Tool: t})
			}
		}
		x.put(srv.URL, srv.Version, toolNames)
	}
	return out, nil
}

// meets reports whether a version's tool names include any of want.
func meets(names map[string]struct{}, want map[string]bool) bool {
	if len(want) < len(names) {
		for n := range want {
			if _, ok := names[n]; ok {
				return true
			}
		}
		return false
	}
	for n := range names {
		if want[n] {
			return true
		}
	}
	return false
}
