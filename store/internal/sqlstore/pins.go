package sqlstore

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
)

const pinColumns = `key, version, fingerprint, record, reason, approved_by, created_at`

func (c Records) scanPin(r Row) (store.Pin, error) {
	var p store.Pin
	err := r.Scan(&p.Key, &p.Version, &p.Fingerprint, &p.Record, &p.Reason, &p.By, c.ScanTime(&p.CreatedAt))
	return p, err
}

// AppendPin implements store.Pins.AppendPin. The schema's trigger refuses
// a version that does not follow the key's head; two concurrent inserts of
// one version that both pass it collide on the primary key: either way
// ErrConflict.
func (c Records) AppendPin(ctx context.Context, p store.Pin) (store.Pin, error) {
	const op = "AppendPin"
	if err := store.CheckPin(op, &p); err != nil {
		return store.Pin{}, err
	}
	p.CreatedAt = p.CreatedAt.UTC().Truncate(time.Microsecond)
	_, err := c.Exec(ctx, `INSERT INTO pins (`+pinColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		p.Key, p.Version, p.Fingerprint, p.Record, p.Reason, p.By, c.Time(p.CreatedAt))
	switch c.Class(err) {
	case Unique, Refused:
		return store.Pin{}, &store.Error{Op: op, Kind: store.ErrConflict, Err: err,
			Note: "version is not the head's next"}
	}
	if err != nil {
		return store.Pin{}, store.Wrap(op, err)
	}
	return p, nil
}

// LatestPin implements store.Pins.LatestPin.
func (c Records) LatestPin(ctx context.Context, key string) (store.Pin, error) {
	const op = "LatestPin"
	p, err := c.scanPin(c.QueryRow(ctx, `SELECT `+pinColumns+` FROM pins WHERE key = ? ORDER BY version DESC LIMIT 1`, key))
	if isNoRows(err) {
		return p, store.Errorf(op, store.ErrNotFound, "no pin of this key")
	}
	return p, store.Wrap(op, err)
}

// RecordSighting implements store.Pins.RecordSighting. The sighting takes
// its key's next sequence number in the statement that inserts it, as the
// database's only writer ([Conn.Append]).
func (c Records) RecordSighting(ctx context.Context, s store.Sighting) (store.Sighting, error) {
	const op = "RecordSighting"
	if err := store.CheckSighting(op, &s); err != nil {
		return store.Sighting{}, err
	}
	s.SeenAt = s.SeenAt.UTC().Truncate(time.Microsecond)
	err := c.Append(ctx, `INSERT INTO pin_sightings (key, seq, fingerprint, record, seen_at)
		VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM pin_sightings WHERE key = ?), ?, ?, ?) RETURNING seq`,
		s.Key, s.Key, s.Fingerprint, s.Record, c.Time(s.SeenAt)).Scan(&s.Seq)
	switch c.Class(err) {
	case Unique, Refused:
		return store.Sighting{}, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	if err != nil {
		return store.Sighting{}, store.Wrap(op, err)
	}
	return s, nil
}

// LatestSighting implements store.Pins.LatestSighting.
func (c Records) LatestSighting(ctx context.Context, key string) (store.Sighting, error) {
	const op = "LatestSighting"
	var s store.Sighting
	err := c.QueryRow(ctx, `SELECT key, seq, fingerprint, record, seen_at FROM pin_sightings WHERE key = ? ORDER BY seq DESC LIMIT 1`, key).
		Scan(&s.Key, &s.Seq, &s.Fingerprint, &s.Record, c.ScanTime(&s.SeenAt))
	if isNoRows(err) {
		return s, store.Errorf(op, store.ErrNotFound, "no sighting of this key")
	}
	return s, store.Wrap(op, err)
}

// ListPins implements store.Pins.ListPins.
func (c Records) ListPins(ctx context.Context) ([]store.Pin, error) {
	const op = "ListPins"
	rows, err := c.Query(ctx, `SELECT `+pinColumns+` FROM pins p
		WHERE version = (SELECT MAX(version) FROM pins WHERE key = p.key) ORDER BY key LIMIT ?`, store.MaxListLimit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer rows.Close()
	out := []store.Pin{}
	for rows.Next() {
		p, err := c.scanPin(rows)
		if err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, p)
	}
	return out, store.Wrap(op, rows.Err())
}
