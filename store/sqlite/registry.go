package sqlite

import (
	"context"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

const (
	insertFPSQL     = `INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at) VALUES (?, ?, ?, ?, ?)`
	insertChangeSQL = `INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, redirects)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events), ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`
	insertReviewSQL = `INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)`
	reviewExistsSQL = `SELECT 1 FROM reviews WHERE id = ?`
)

// The registry's statements that both backends send alike are
// sqlstore.Records' methods, which conn has.

// TakeDue implements store.Servers.TakeDue: one UPDATE … RETURNING, and
// SQLite's writers are serialized, so of concurrent callers each server
// is taken by one.
func (c *conn) TakeDue(ctx context.Context, q store.DueQuery) ([]store.Server, error) {
	return c.records.TakeDue(ctx, q, "", func(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
		st, release, err := c.stmt(ctx, true, query)
		if err != nil {
			return nil, err
		}
		r, err := st.QueryContext(ctx, args...)
		if err != nil {
			release()
			return nil, err
		}
		return rows{r, release}, nil
	})
}

// The inserts whose refusals SQLite reports as a trigger's: a look-up
// sorts out which contract a refused one broke.

func (c *conn) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	const op = "InsertFingerprintVersion"
	if err := store.CheckFingerprintVersion(op, &v); err != nil {
		return err
	}
	if v.Definitions == nil {
		v.Definitions = []byte{}
	}
	_, err := c.exec(ctx, insertFPSQL, v.ServerURL, v.Version, v.Fingerprint, v.Definitions, ts(v.RecordedAt))
	switch code(err) {
	case 0:
		return store.Wrap(op, err)
	case sqlite3.SQLITE_CONSTRAINT_TRIGGER, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		if ok, e := sqlstore.ServerExists(ctx, c, v.ServerURL); e != nil {
			return store.Wrap(op, e)
		} else if !ok {
			return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
		}
		return &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	const op = "AppendChangeEvent"
	if err := store.CheckChangeEvent(op, &e); err != nil {
		return 0, err
	}
	if e.Diff == nil {
		e.Diff = []byte{}
	}
	var seq int64
	err := c.queryRowW(ctx, insertChangeSQL, e.ServerURL, e.ServerName, ts(e.At), e.FromVersion, e.ToVersion,
		e.FingerprintBefore, e.FingerprintAfter, e.Diff, sqlstore.Redirects(&e)).Scan(&seq)
	if code(err) == sqlite3.SQLITE_CONSTRAINT_TRIGGER {
		if ok, e2 := sqlstore.ServerExists(ctx, c, e.ServerURL); e2 == nil && !ok {
			return 0, &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
		}
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

// queryRowW is queryRow on the writing side (an INSERT … RETURNING).
func (c *conn) queryRowW(ctx context.Context, query string, args ...any) *row {
	st, release, err := c.stmt(ctx, true, query)
	if err != nil {
		return &row{err: err}
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		release()
		return &row{err: err}
	}
	return &row{rows, release, nil}
}

func (c *conn) InsertReview(ctx context.Context, r store.Review) error {
	const op = "InsertReview"
	if err := store.CheckReview(op, &r); err != nil {
		return err
	}
	_, err := c.exec(ctx, insertReviewSQL, r.ID, r.ServerURL, r.FingerprintVersion, r.AgentID, r.Rating, ts(r.CreatedAt))
	switch code(err) {
	case 0:
		return store.Wrap(op, err)
	case sqlite3.SQLITE_CONSTRAINT_TRIGGER, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		var one int
		if e := c.queryRow(ctx, reviewExistsSQL, r.ID).Scan(&one); e == nil {
			return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
		}
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	}
	return store.Wrap(op, err)
}
