package memory

import (
	"context"
	"slices"
	"sort"
	"time"

	"github.com/plainsight/plainsight/store"
)

// pinState holds the pins and the sightings (store.Pins), each key's
// versions and sightings in order.
type pinState struct {
	pins      map[string][]store.Pin
	sightings map[string][]store.Sighting
}

func newPinState() pinState {
	return pinState{pins: map[string][]store.Pin{}, sightings: map[string][]store.Sighting{}}
}

// AppendPin implements store.Pins.
func (m *Memory) AppendPin(ctx context.Context, p store.Pin) (store.Pin, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.appendPin(nil, p)
}

func (m *Memory) appendPin(undo *[]func(), p store.Pin) (store.Pin, error) {
	const op = "AppendPin"
	if err := store.CheckPin(op, &p); err != nil {
		return store.Pin{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Pin{}, store.Wrap(op, errClosed)
	}
	vs := m.pins.pins[p.Key]
	if p.Version != int64(len(vs))+1 {
		return store.Pin{}, store.Errorf(op, store.ErrConflict, "pin %s: version %d is not the next (%d)", p.Key, p.Version, len(vs)+1)
	}
	p.Record = slices.Clone(p.Record)
	p.CreatedAt = p.CreatedAt.UTC().Truncate(time.Microsecond)
	m.pins.pins[p.Key] = append(vs, p)
	if undo != nil {
		*undo = append(*undo, func() {
			vs := m.pins.pins[p.Key]
			if len(vs) == 1 {
				delete(m.pins.pins, p.Key)
			} else {
				m.pins.pins[p.Key] = vs[:len(vs)-1]
			}
		})
	}
	p.Record = slices.Clone(p.Record)
	return p, nil
}

// LatestPin implements store.Pins.
func (m *Memory) LatestPin(ctx context.Context, key string) (store.Pin, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.Pin{}, store.Wrap("LatestPin", errClosed)
	}
	vs := m.pins.pins[key]
	if len(vs) == 0 {
		return store.Pin{}, store.Errorf("LatestPin", store.ErrNotFound, "no pin of %s", key)
	}
	p := vs[len(vs)-1]
	p.Record = slices.Clone(p.Record)
	return p, nil
}

// RecordSighting implements store.Pins.
func (m *Memory) RecordSighting(ctx context.Context, s store.Sighting) (store.Sighting, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.recordSighting(nil, s)
}

func (m *Memory) recordSighting(undo *[]func(), s store.Sighting) (store.Sighting, error) {
	const op = "RecordSighting"
	if err := store.CheckSighting(op, &s); err != nil {
		return store.Sighting{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Sighting{}, store.Wrap(op, errClosed)
	}
	ss := m.pins.sightings[s.Key]
	s.Seq = int64(len(ss)) + 1
	s.Record = slices.Clone(s.Record)
	s.SeenAt = s.SeenAt.UTC().Truncate(time.Microsecond)
	m.pins.sightings[s.Key] = append(ss, s)
	if undo != nil {
		*undo = append(*undo, func() {
			ss := m.pins.sightings[s.Key]
			if len(ss) == 1 {
				delete(m.pins.sightings, s.Key)
			} else {
				m.pins.sightings[s.Key] = ss[:len(ss)-1]
			}
		})
	}
	s.Record = slices.Clone(s.Record)
	return s, nil
}

// LatestSighting implements store.Pins.
func (m *Memory) LatestSighting(ctx context.Context, key string) (store.Sighting, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.Sighting{}, store.Wrap("LatestSighting", errClosed)
	}
	ss := m.pins.sightings[key]
	if len(ss) == 0 {
		return store.Sighting{}, store.Errorf("LatestSighting", store.ErrNotFound, "no sighting of %s", key)
	}
	s := ss[len(ss)-1]
	s.Record = slices.Clone(s.Record)
	return s, nil
}

// ListPins implements store.Pins.
func (m *Memory) ListPins(ctx context.Context) ([]store.Pin, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, store.Wrap("ListPins", errClosed)
	}
	keys := make([]string, 0, len(m.pins.pins))
	for k := range m.pins.pins {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := []store.Pin{}
	for _, k := range keys[:min(len(keys), store.MaxListLimit)] {
		vs := m.pins.pins[k]
		p := vs[len(vs)-1]
		p.Record = slices.Clone(p.Record)
		out = append(out, p)
	}
	return out, nil
}

func (t *tx) AppendPin(ctx context.Context, p store.Pin) (store.Pin, error) {
	if err := t.check("AppendPin"); err != nil {
		return store.Pin{}, err
	}
	return t.m.appendPin(&t.undo, p)
}

func (t *tx) LatestPin(ctx context.Context, key string) (store.Pin, error) {
	if err := t.check("LatestPin"); err != nil {
		return store.Pin{}, err
	}
	return t.m.LatestPin(ctx, key)
}

func (t *tx) RecordSighting(ctx context.Context, s store.Sighting) (store.Sighting, error) {
	if err := t.check("RecordSighting"); err != nil {
		return store.Sighting{}, err
	}
	return t.m.recordSighting(&t.undo, s)
}

func (t *tx) LatestSighting(ctx context.Context, key string) (store.Sighting, error) {
	if err := t.check("LatestSighting"); err != nil {
		return store.Sighting{}, err
	}
	return t.m.LatestSighting(ctx, key)
}

func (t *tx) ListPins(ctx context.Context) ([]store.Pin, error) {
	if err := t.check("ListPins"); err != nil {
		return nil, err
	}
	return t.m.ListPins(ctx)
}
