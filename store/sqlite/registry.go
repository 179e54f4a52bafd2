package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
)

const serverColumns = `url, slug, page_url, publisher_status, linked_store_listing, first_seen, last_checked, version`

const (
	insertServerSQL = `INSERT INTO servers (` + serverColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	serverSQL       = `SELECT ` + serverColumns + ` FROM servers WHERE url = ?`
	serversSQL      = `SELECT ` + serverColumns + ` FROM servers ORDER BY n LIMIT ? OFFSET ?`
	staleSQL        = `SELECT ` + serverColumns + ` FROM servers WHERE last_checked < ? ORDER BY last_checked, n LIMIT ? OFFSET ?`
	advanceSQL      = `UPDATE servers SET version = version + 1, last_checked = ? WHERE url = ? AND version = ? AND last_checked <= ?`
	markSQL         = `UPDATE servers SET last_checked = ? WHERE url = ? AND last_checked = ?`
	insertFPSQL     = `INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at) VALUES (?, ?, ?, ?, ?)`
	fpSQL           = `SELECT server_url, version, fingerprint, definitions, recorded_at FROM fingerprint_versions WHERE server_url = ? AND version = ?`
	insertChangeSQL = `INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events), ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`
	changeColumns   = `seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff`
	insertReviewSQL = `INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)`
	reviewExistsSQL = `SELECT 1 FROM reviews WHERE id = ?`
	countReviewsSQL = `SELECT
		COALESCE(SUM(fingerprint_version = ?1), 0), COALESCE(SUM(CASE WHEN fingerprint_version = ?1 THEN rating ELSE 0 END), 0),
		COALESCE(SUM(fingerprint_version < ?1), 0)
		FROM reviews WHERE server_url = ?2`
)

func scanServer(row scanner) (store.Server, error) {
	var s store.Server
	var first, last string
	if err := row.Scan(&s.URL, &s.Slug, &s.PageURL, &s.PublisherStatus, &s.LinkedStoreListing, &first, &last, &s.Version); err != nil {
		return s, err
	}
	var err1, err2 error
	s.FirstSeen, err1 = parseTS(first)
	s.LastChecked, err2 = parseTS(last)
	return s, errors.Join(err1, err2)
}

func (c *conn) exists(ctx context.Context, url string) (bool, error) {
	_, err := scanServer(c.queryRow(ctx, serverSQL, url))
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (c *conn) InsertServer(ctx context.Context, s store.Server) error {
	const op = "InsertServer"
	if err := store.CheckServer(op, &s); err != nil {
		return err
	}
	_, err := c.exec(ctx, insertServerSQL, s.URL, s.Slug, s.PageURL, s.PublisherStatus, s.LinkedStoreListing,
		ts(s.FirstSeen), ts(s.LastChecked), s.Version)
	switch code(err) {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_TRIGGER:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) Server(ctx context.Context, url string) (store.Server, error) {
	s, err := scanServer(c.queryRow(ctx, serverSQL, url))
	if errors.Is(err, sql.ErrNoRows) {
		return s, store.Errorf("Server", store.ErrNotFound, "server %q", url)
	}
	return s, store.Wrap("Server", err)
}

func (c *conn) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	var rows *sql.Rows
	var release func()
	var err error
	if q.CheckedBefore.IsZero() {
		rows, release, err = c.query(ctx, serversSQL, q.LimitOrMax(), max(q.Offset, 0))
	} else {
		rows, release, err = c.query(ctx, staleSQL, ts(q.CheckedBefore), q.LimitOrMax(), max(q.Offset, 0))
	}
	if err != nil {
		return nil, store.Wrap("ListServers", err)
	}
	defer release()
	defer rows.Close()
	var out []store.Server
	for rows.Next() {
		s, err := scanServer(rows)
		if err != nil {
			return nil, store.Wrap("ListServers", err)
		}
		out = append(out, s)
	}
	return out, store.Wrap("ListServers", rows.Err())
}

// cas runs a compare-and-set update and sorts out why it changed nothing.
func (c *conn) cas(ctx context.Context, op string, res sql.Result, err error, url string, why func(store.Server) error) error {
	if err != nil {
		if code(err) == sqlite3.SQLITE_CONSTRAINT_TRIGGER {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return store.Wrap(op, err)
	} else if n == 1 {
		return nil
	}
	s, err := scanServer(c.queryRow(ctx, serverSQL, url))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	return why(s)
}

func (c *conn) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	const op = "AdvanceServer"
	res, err := c.exec(ctx, advanceSQL, ts(checked), url, from, ts(checked))
	return c.cas(ctx, op, res, err, url, func(s store.Server) error {
		if s.Version != from {
			return store.Errorf(op, store.ErrConflict, "server %s is at version %d", url, s.Version)
		}
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	})
}

func (c *conn) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	const op = "MarkChecked"
	if to.Before(from) {
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	}
	res, err := c.exec(ctx, markSQL, ts(to), url, ts(from))
	return c.cas(ctx, op, res, err, url, func(store.Server) error {
		return store.Errorf(op, store.ErrConflict, "server %s was checked at another time", url)
	})
}

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
		if ok, e := c.exists(ctx, v.ServerURL); e != nil {
			return store.Wrap(op, e)
		} else if !ok {
			return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
		}
		return &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	var v store.FingerprintVersion
	var at string
	err := c.queryRow(ctx, fpSQL, url, version).Scan(&v.ServerURL, &v.Version, &v.Fingerprint, &v.Definitions, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return v, store.Errorf("FingerprintVersion", store.ErrNotFound, "%s version %d", url, version)
	}
	if err == nil {
		v.RecordedAt, err = parseTS(at)
	}
	return v, store.Wrap("FingerprintVersion", err)
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
		e.FingerprintBefore, e.FingerprintAfter, e.Diff).Scan(&seq)
	if code(err) == sqlite3.SQLITE_CONSTRAINT_TRIGGER {
		if ok, e2 := c.exists(ctx, e.ServerURL); e2 == nil && !ok {
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

func (c *conn) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	query := `SELECT ` + changeColumns + ` FROM change_events WHERE seq < ?`
	before := q.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	args := []any{before}
	if q.ServerURL != "" {
		query += ` AND server_url = ?`
		args = append(args, q.ServerURL)
	}
	query += ` ORDER BY seq DESC LIMIT ?`
	args = append(args, q.LimitOrMax())
	rows, release, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap("ListChangeEvents", err)
	}
	defer release()
	defer rows.Close()
	out := []store.ChangeEvent{}
	for rows.Next() {
		var e store.ChangeEvent
		var at string
		if err := rows.Scan(&e.Seq, &e.ServerURL, &e.ServerName, &at, &e.FromVersion, &e.ToVersion,
			&e.FingerprintBefore, &e.FingerprintAfter, &e.Diff); err != nil {
			return nil, store.Wrap("ListChangeEvents", err)
		}
		if e.At, err = parseTS(at); err != nil {
			return nil, store.Wrap("ListChangeEvents", err)
		}
		out = append(out, e)
	}
	return out, store.Wrap("ListChangeEvents", rows.Err())
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

func (c *conn) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	var rc store.ReviewCounts
	err := c.queryRow(ctx, countReviewsSQL, version, url).Scan(&rc.Current, &rc.CurrentSum, &rc.Older)
	return rc, store.Wrap("CountReviews", err)
}

// InsertServer implements store.Servers.
func (s *Store) InsertServer(ctx context.Context, v store.Server) error {
	return s.c().InsertServer(ctx, v)
}

// Server implements store.Servers.
func (s *Store) Server(ctx context.Context, url string) (store.Server, error) {
	return s.c().Server(ctx, url)
}

// ListServers implements store.Servers.
func (s *Store) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	return s.c().ListServers(ctx, q)
}

// AdvanceServer implements store.Servers.
func (s *Store) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	return s.c().AdvanceServer(ctx, url, from, checked)
}

// MarkChecked implements store.Servers.
func (s *Store) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	return s.c().MarkChecked(ctx, url, from, to)
}

// InsertFingerprintVersion implements store.FingerprintVersions.
func (s *Store) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	return s.c().InsertFingerprintVersion(ctx, v)
}

// FingerprintVersion implements store.FingerprintVersions.
func (s *Store) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	return s.c().FingerprintVersion(ctx, url, version)
}

// AppendChangeEvent implements store.ChangeEvents.
func (s *Store) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	return s.c().AppendChangeEvent(ctx, e)
}

// ListChangeEvents implements store.ChangeEvents.
func (s *Store) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	return s.c().ListChangeEvents(ctx, q)
}

// InsertReview implements store.Reviews.
func (s *Store) InsertReview(ctx context.Context, r store.Review) error {
	return s.c().InsertReview(ctx, r)
}

// CountReviews implements store.Reviews.
func (s *Store) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	return s.c().CountReviews(ctx, url, version)
}
