package storetest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/store"
)

// pinOf is the suite's pin n of key: its fingerprint and record name both,
// its time r0 + n minutes in another zone than UTC (a backend keeps UTC).
func pinOf(key string, n int64) store.Pin {
	reason, by := store.PinApproved, "alice"
	if n == 1 {
		reason, by = store.PinFirstUse, ""
	}
	return store.Pin{
		Key: key, Version: n, Fingerprint: fmt.Sprintf("%064x", n),
		Record: []byte(fmt.Sprintf(`{"format":"test","key":%q,"version":%d}`, key, n)),
		Reason: reason, By: by,
		CreatedAt: r0.Add(time.Duration(n) * time.Minute).In(time.FixedZone("X", 3600)),
	}
}

func sightingOf(key string, n int) store.Sighting {
	return store.Sighting{
		Key: key, Fingerprint: fmt.Sprintf("%063x%d", n, n%10),
		Record: []byte(fmt.Sprintf(`{"seen":%d}`, n)), SeenAt: r0.Add(time.Duration(n) * time.Second),
	}
}

// stored is p as a backend returns it: UTC, to the microsecond.
func stored(p store.Pin) store.Pin {
	p.CreatedAt = p.CreatedAt.UTC().Truncate(time.Microsecond)
	return p
}

func testPins(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	const a, b = "url:https://a.example/mcp", `stdio:["npx","b"]`
	_, err := s.LatestPin(c, a)
	wantKind(t, "LatestPin of a new key", err, store.ErrNotFound)
	_, err = s.LatestSighting(c, a)
	wantKind(t, "LatestSighting of a new key", err, store.ErrNotFound)
	if ps, err := s.ListPins(c); err != nil || len(ps) != 0 {
		t.Errorf("ListPins of an empty store: %v %v", ps, err)
	}

	// Versions 1, 2, … per key: anything else is a lost compare-and-set.
	got, err := s.AppendPin(c, pinOf(a, 1))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(stored(pinOf(a, 1)), got); d != "" {
		t.Errorf("AppendPin's answer (-want +got):\n%s", d)
	}
	_, err = s.AppendPin(c, pinOf(a, 1))
	wantKind(t, "AppendPin of the head's version again", err, store.ErrConflict)
	_, err = s.AppendPin(c, pinOf(a, 3))
	wantKind(t, "AppendPin past the head's next", err, store.ErrConflict)
	_, err = s.AppendPin(c, pinOf(b, 2))
	wantKind(t, "AppendPin of version 2 of a new key", err, store.ErrConflict)
	if _, err := s.AppendPin(c, pinOf(a, 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendPin(c, pinOf(b, 1)); err != nil {
		t.Fatal(err)
	}
	got, err = s.LatestPin(c, a)
	if d := cmp.Diff(stored(pinOf(a, 2)), got); err != nil || d != "" {
		t.Errorf("LatestPin: %v (-want +got):\n%s", err, d)
	}

	// ListPins: the latest of each key, in byte order of the keys.
	upper := "url:https://B.example/mcp" // before "stdio:" and "url:https://a" in byte order, not in every locale's
	if _, err := s.AppendPin(c, pinOf(upper, 1)); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListPins(c)
	want := []store.Pin{stored(pinOf(b, 1)), stored(pinOf(upper, 1)), stored(pinOf(a, 2))}
	if d := cmp.Diff(want, list); err != nil || d != "" {
		t.Errorf("ListPins: %v (-want +got):\n%s", err, d)
	}

	// Sightings: 1, 2, … per key, whatever Seq the caller gave; the newest
	// is the latest.
	for n := 1; n <= 3; n++ {
		sg := sightingOf(a, n)
		sg.Seq = 99
		got, err := s.RecordSighting(c, sg)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seq != int64(n) || got.Fingerprint != sg.Fingerprint || !got.SeenAt.Equal(sg.SeenAt) {
			t.Errorf("sighting %d stored as %+v", n, got)
		}
	}
	if got, err := s.RecordSighting(c, sightingOf(b, 7)); err != nil || got.Seq != 1 {
		t.Errorf("the first sighting of another key: %+v %v, want seq 1", got, err)
	}
	latest, err := s.LatestSighting(c, a)
	wantS := sightingOf(a, 3)
	wantS.Seq = 3
	if d := cmp.Diff(wantS, latest); err != nil || d != "" {
		t.Errorf("LatestSighting: %v (-want +got):\n%s", err, d)
	}
}

func testPinBounds(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	longest := "url:" + strings.Repeat("x", store.PinKeyMaxBytes-4)
	if _, err := s.AppendPin(c, pinOf(longest, 1)); err != nil {
		t.Errorf("a key of %d bytes: %v", store.PinKeyMaxBytes, err)
	}
	bad := map[string]func(p *store.Pin){
		"an empty key":               func(p *store.Pin) { p.Key = "" },
		"a key over the bound":       func(p *store.Pin) { p.Key = longest + "x" },
		"a key not UTF-8":            func(p *store.Pin) { p.Key = "url:\xff" },
		"an empty fingerprint":       func(p *store.Pin) { p.Fingerprint = "" },
		"a fingerprint over 64":      func(p *store.Pin) { p.Fingerprint += "0" },
		"an empty record":            func(p *store.Pin) { p.Record = nil },
		"a record over the bound":    func(p *store.Pin) { p.Record = make([]byte, store.PinRecordMaxBytes+1) },
		"version 0":                  func(p *store.Pin) { p.Version = 0 },
		"an unknown reason":          func(p *store.Pin) { p.Reason = "because" },
		"an approver over the bound": func(p *store.Pin) { p.By = strings.Repeat("x", store.TextMaxBytes+1) },
	}
	for what, edit := range bad {
		p := pinOf("url:https://bounds.example/", 1)
		edit(&p)
		_, err := s.AppendPin(c, p)
		wantKind(t, "AppendPin of "+what, err, store.ErrInvalid)
		if p.Version != 1 || p.Reason != store.PinFirstUse || p.By != "" {
			continue // not a sighting's field
		}
		_, err = s.RecordSighting(c, store.Sighting{Key: p.Key, Fingerprint: p.Fingerprint, Record: p.Record, SeenAt: r0})
		wantKind(t, "RecordSighting of "+what, err, store.ErrInvalid)
	}
	if _, err := s.LatestPin(c, "url:https://bounds.example/"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused pin was stored: %v", err)
	}
	if _, err := s.LatestSighting(c, "url:https://bounds.example/"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused sighting was stored: %v", err)
	}
	// A record of exactly the bound is kept whole.
	p := pinOf("url:https://big.example/", 1)
	p.Record = []byte(`"` + strings.Repeat("y", store.PinRecordMaxBytes-2) + `"`)
	if _, err := s.AppendPin(c, p); err != nil {
		t.Fatalf("a record of the bound: %v", err)
	}
	if got, err := s.LatestPin(c, p.Key); err != nil || len(got.Record) != store.PinRecordMaxBytes {
		t.Errorf("a record of the bound read back as %d bytes, %v", len(got.Record), err)
	}
}

// testPinsAtomic: a pin and a sighting written in a transaction that fails
// are not kept; in one that commits, both are.
func testPinsAtomic(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	const key = "url:https://atomic.example/"
	boom := errors.New("boom")
	err := s.Atomic(c, func(tx store.Tx) error {
		if _, err := tx.AppendPin(c, pinOf(key, 1)); err != nil {
			return err
		}
		if _, err := tx.RecordSighting(c, sightingOf(key, 1)); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Atomic: %v", err)
	}
	if _, err := s.LatestPin(c, key); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a rolled-back pin: %v", err)
	}
	if _, err := s.LatestSighting(c, key); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a rolled-back sighting: %v", err)
	}
	err = s.Atomic(c, func(tx store.Tx) error {
		if _, err := tx.AppendPin(c, pinOf(key, 1)); err != nil {
			return err
		}
		if _, err := tx.AppendPin(c, pinOf(key, 2)); err != nil {
			return err
		}
		got, err := tx.LatestPin(c, key)
		if err != nil || got.Version != 2 {
			return fmt.Errorf("LatestPin in the transaction: %+v %v", got, err)
		}
		_, err = tx.RecordSighting(c, sightingOf(key, 1))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.LatestPin(c, key); err != nil || got.Version != 2 {
		t.Errorf("after commit: %+v %v", got, err)
	}
}

// testRacePins: of concurrent appends of one version, from several
// handles, exactly one wins; appenders that re-read the head on a
// conflict all land, each on a version of its own, without gaps.
func testRacePins(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	const key = "url:https://race.example/"
	if _, err := s.AppendPin(c, pinOf(key, 1)); err != nil {
		t.Fatal(err)
	}
	handles := []store.Store{s, again(t, o, s)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, lost := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := handles[i%2].AppendPin(c, pinOf(key, 2))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, store.ErrConflict):
				lost++
			default:
				t.Errorf("AppendPin: %v", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || lost != 7 {
		t.Errorf("%d appends of version 2 won and %d lost, want 1 and 7", won, lost)
	}

	// Each retries until its pin (By names it) is in.
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := handles[i%2]
			for range 1000 {
				head, err := h.LatestPin(c, key)
				if err != nil {
					t.Error(err)
					return
				}
				p := pinOf(key, head.Version+1)
				p.By = fmt.Sprintf("approver-%d", i)
				if _, err = h.AppendPin(c, p); err == nil {
					return
				} else if !errors.Is(err, store.ErrConflict) {
					t.Error(err)
					return
				}
			}
			t.Errorf("approver %d never landed", i)
		}()
	}
	wg.Wait()
	head, err := s.LatestPin(c, key)
	if err != nil || head.Version != 10 {
		t.Fatalf("head after 2 + 8 versions: %+v %v, want version 10", head, err)
	}

	// Concurrent sightings of one key take 1 … n, each once.
	seen := map[int64]bool{}
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := handles[i%2].RecordSighting(c, sightingOf(key, i))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("RecordSighting: %v", err)
			} else if seen[got.Seq] {
				t.Errorf("sequence number %d given twice", got.Seq)
			}
			seen[got.Seq] = true
		}()
	}
	wg.Wait()
	for n := int64(1); n <= 8; n++ {
		if !seen[n] {
			t.Errorf("no sighting got sequence number %d: %v", n, seen)
		}
	}
}

// SeedPins stores two versions of one pin and two sightings, for the
// raw-SQL trigger tests of the SQL backends.
func SeedPins(t testing.TB, s store.Store) {
	t.Helper()
	for n := int64(1); n <= 2; n++ {
		if _, err := s.AppendPin(ctx(t), pinOf(PinKey, n)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RecordSighting(ctx(t), sightingOf(PinKey, int(n))); err != nil {
			t.Fatal(err)
		}
	}
}

// PinKey is the key SeedPins pins.
const PinKey = "url:https://seeded.example/mcp"

// PinsRawSQL are statements that break the pins' contract (append-only,
// each version the head's next, each sighting its key's next); the SQL
// backends' schemas must refuse every one.
func PinsRawSQL() []string {
	k := `'` + PinKey + `'`
	return []string{
		`DELETE FROM pins`,
		`DELETE FROM pins WHERE version = 2`,
		`UPDATE pins SET fingerprint = 'x'`,
		`UPDATE pins SET record = record WHERE version = 1`,
		`UPDATE pins SET approved_by = 'mallory'`,
		`UPDATE pins SET version = 3 WHERE version = 2`,
		`INSERT INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
			SELECT key, 2, 'forged', record, reason, approved_by, created_at FROM pins WHERE version = 1`,
		`INSERT INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
			SELECT key, 4, fingerprint, record, reason, approved_by, created_at FROM pins WHERE version = 1`,
		`INSERT INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
			SELECT 'url:other', 2, fingerprint, record, reason, approved_by, created_at FROM pins WHERE version = 1`,
		`INSERT INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
			SELECT key, 3, fingerprint, record, 'because', approved_by, created_at FROM pins WHERE version = 1`,
		`DELETE FROM pin_sightings`,
		`DELETE FROM pin_sightings WHERE seq = 2`,
		`UPDATE pin_sightings SET fingerprint = 'x' WHERE key = ` + k,
		`UPDATE pin_sightings SET seen_at = seen_at`,
		`INSERT INTO pin_sightings (key, seq, fingerprint, record, seen_at)
			SELECT key, 1, 'forged', record, seen_at FROM pin_sightings WHERE seq = 2`,
		`INSERT INTO pin_sightings (key, seq, fingerprint, record, seen_at)
			SELECT key, 9, fingerprint, record, seen_at FROM pin_sightings WHERE seq = 2`,
	}
}

// PinsSQLiteRawSQL are the SQLite forms that would replace a row.
func PinsSQLiteRawSQL() []string {
	return []string{
		`INSERT OR REPLACE INTO pins SELECT * FROM pins`,
		`INSERT OR REPLACE INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
			SELECT key, version, 'forged', record, reason, approved_by, created_at FROM pins WHERE version = 2`,
		`INSERT OR REPLACE INTO pin_sightings SELECT * FROM pin_sightings`,
		`REPLACE INTO pin_sightings (key, seq, fingerprint, record, seen_at)
			SELECT key, seq, 'forged', record, seen_at FROM pin_sightings WHERE seq = 2`,
	}
}

// PinsSnapshotSQL reads the pins and sightings as one string, to show raw
// SQL changed nothing.
const PinsSnapshotSQL = `SELECT COALESCE((SELECT string_agg(key || '|' || version || '|' || fingerprint || '|' || length(record) || '|' ||
  reason || '|' || approved_by || '|' || created_at, '/') FROM pins), '') || '#' ||
  COALESCE((SELECT string_agg(key || '|' || seq || '|' || fingerprint || '|' || length(record) || '|' || seen_at, '/') FROM pin_sightings), '')`

// PinsAppendSQL appends version 3 of the seeded pin: what the schema
// allows.
const PinsAppendSQL = `INSERT INTO pins (key, version, fingerprint, record, reason, approved_by, created_at)
	SELECT key, 3, fingerprint, record, reason, approved_by, created_at FROM pins WHERE version = 2`
