package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/plainsight/plainsight/store"
)

const (
	foreignKeyViolation = "23503"
	serverColumns       = `url, slug, page_url, publisher_status, linked_store_listing, first_seen, last_checked, version`
	changeColumns       = `seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff`
)

func scanServer(row pgx.Row) (store.Server, error) {
	var s store.Server
	err := row.Scan(&s.URL, &s.Slug, &s.PageURL, &s.PublisherStatus, &s.LinkedStoreListing, &s.FirstSeen, &s.LastChecked, &s.Version)
	s.FirstSeen, s.LastChecked = s.FirstSeen.UTC(), s.LastChecked.UTC()
	return s, err
}

// serverState reads the server at url for an error's class, nil when none.
func (c *conn) serverState(ctx context.Context, url string) (*store.Server, error) {
	s, err := scanServer(c.q.QueryRow(ctx, `SELECT `+serverColumns+` FROM servers WHERE url = $1`, url))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func (c *conn) InsertServer(ctx context.Context, s store.Server) error {
	const op = "InsertServer"
	if err := store.CheckServer(op, &s); err != nil {
		return err
	}
	if err := c.read(ctx); err != nil {
		return err
	}
	_, err := c.q.Exec(ctx, `INSERT INTO servers (`+serverColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		s.URL, s.Slug, s.PageURL, s.PublisherStatus, s.LinkedStoreListing, s.FirstSeen.UTC(), s.LastChecked.UTC(), s.Version)
	if sqlState(err) == uniqueViolation {
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) Server(ctx context.Context, url string) (store.Server, error) {
	if err := c.read(ctx); err != nil {
		return store.Server{}, err
	}
	s, err := c.serverState(ctx, url)
	if err != nil {
		return store.Server{}, store.Wrap("Server", err)
	}
	if s == nil {
		return store.Server{}, store.Errorf("Server", store.ErrNotFound, "server %q", url)
	}
	return *s, nil
}

func (c *conn) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	var rows pgx.Rows
	var err error
	if q.CheckedBefore.IsZero() {
		rows, err = c.q.Query(ctx, `SELECT `+serverColumns+` FROM servers ORDER BY n LIMIT $1 OFFSET $2`, q.LimitOrMax(), max(q.Offset, 0))
	} else {
		rows, err = c.q.Query(ctx, `SELECT `+serverColumns+` FROM servers WHERE last_checked < $1 ORDER BY last_checked, n LIMIT $2 OFFSET $3`,
			q.CheckedBefore.UTC(), q.LimitOrMax(), max(q.Offset, 0))
	}
	if err != nil {
		return nil, store.Wrap("ListServers", err)
	}
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

func (c *conn) cas(ctx context.Context, op string, tag pgconn.CommandTag, err error, url string, why func(store.Server) error) error {
	if err != nil {
		if sqlState(err) == integrityViolation {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	s, err := c.serverState(ctx, url)
	if err != nil {
		return store.Wrap(op, err)
	}
	if s == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	}
	return why(*s)
}

func (c *conn) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	const op = "AdvanceServer"
	if err := c.read(ctx); err != nil {
		return err
	}
	tag, err := c.q.Exec(ctx, `UPDATE servers SET version = version + 1, last_checked = $1
		WHERE url = $2 AND version = $3 AND last_checked <= $1`, checked.UTC(), url, from)
	return c.cas(ctx, op, tag, err, url, func(s store.Server) error {
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
	if err := c.read(ctx); err != nil {
		return err
	}
	tag, err := c.q.Exec(ctx, `UPDATE servers SET last_checked = $1 WHERE url = $2 AND last_checked = $3`, to.UTC(), url, from.UTC())
	return c.cas(ctx, op, tag, err, url, func(store.Server) error {
		return store.Errorf(op, store.ErrConflict, "server %s was checked at another time", url)
	})
}

func (c *conn) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	const op = "InsertFingerprintVersion"
	if err := store.CheckFingerprintVersion(op, &v); err != nil {
		return err
	}
	if err := c.read(ctx); err != nil {
		return err
	}
	if v.Definitions == nil {
		v.Definitions = []byte{}
	}
	_, err := c.q.Exec(ctx, `INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at)
		VALUES ($1, $2, $3, $4, $5)`, v.ServerURL, v.Version, v.Fingerprint, v.Definitions, v.RecordedAt.UTC())
	switch sqlState(err) {
	case foreignKeyViolation:
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation, integrityViolation:
		return &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	if err := c.read(ctx); err != nil {
		return store.FingerprintVersion{}, err
	}
	var v store.FingerprintVersion
	err := c.q.QueryRow(ctx, `SELECT server_url, version, fingerprint, definitions, recorded_at FROM fingerprint_versions
		WHERE server_url = $1 AND version = $2`, url, version).Scan(&v.ServerURL, &v.Version, &v.Fingerprint, &v.Definitions, &v.RecordedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, store.Errorf("FingerprintVersion", store.ErrNotFound, "%s version %d", url, version)
	}
	v.RecordedAt = v.RecordedAt.UTC()
	return v, store.Wrap("FingerprintVersion", err)
}

func (c *conn) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	const op = "AppendChangeEvent"
	if err := store.CheckChangeEvent(op, &e); err != nil {
		return 0, err
	}
	if err := c.read(ctx); err != nil {
		return 0, err
	}
	if e.Diff == nil {
		e.Diff = []byte{}
	}
	// Outside Atomic the feed's sequence is taken under the same advisory
	// lock, so that concurrent appends never collide.
	q := `INSERT INTO change_events (` + changeColumns + `)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events), $1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq`
	args := []any{e.ServerURL, e.ServerName, e.At.UTC(), e.FromVersion, e.ToVersion, e.FingerprintBefore, e.FingerprintAfter, e.Diff}
	var seq int64
	var err error
	if c.tx != nil {
		err = c.q.QueryRow(ctx, q, args...).Scan(&seq)
	} else {
		err = pgx.BeginFunc(ctx, c.q.(beginner), func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, lockClass); err != nil {
				return err
			}
			return tx.QueryRow(ctx, q, args...).Scan(&seq)
		})
	}
	switch sqlState(err) {
	case foreignKeyViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation, integrityViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

type beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

func (c *conn) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	before := q.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	query := `SELECT ` + changeColumns + ` FROM change_events WHERE seq < $1`
	args := []any{before}
	if q.ServerURL != "" {
		query += ` AND server_url = $3`
		args = append(args, q.LimitOrMax(), q.ServerURL)
	} else {
		args = append(args, q.LimitOrMax())
	}
	query += ` ORDER BY seq DESC LIMIT $2`
	rows, err := c.q.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap("ListChangeEvents", err)
	}
	defer rows.Close()
	out := []store.ChangeEvent{}
	for rows.Next() {
		var e store.ChangeEvent
		if err := rows.Scan(&e.Seq, &e.ServerURL, &e.ServerName, &e.At, &e.FromVersion, &e.ToVersion,
			&e.FingerprintBefore, &e.FingerprintAfter, &e.Diff); err != nil {
			return nil, store.Wrap("ListChangeEvents", err)
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, store.Wrap("ListChangeEvents", rows.Err())
}

func (c *conn) InsertReview(ctx context.Context, r store.Review) error {
	const op = "InsertReview"
	if err := store.CheckReview(op, &r); err != nil {
		return err
	}
	if err := c.read(ctx); err != nil {
		return err
	}
	_, err := c.q.Exec(ctx, `INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at)
		VALUES ($1, $2, $3, $4, TRUE, $5, $6)`, r.ID, r.ServerURL, r.FingerprintVersion, r.AgentID, r.Rating, r.CreatedAt.UTC())
	switch sqlState(err) {
	case foreignKeyViolation:
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

func (c *conn) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	if err := c.read(ctx); err != nil {
		return store.ReviewCounts{}, err
	}
	var rc store.ReviewCounts
	err := c.q.QueryRow(ctx, `SELECT
		COUNT(*) FILTER (WHERE fingerprint_version = $1), COALESCE(SUM(rating) FILTER (WHERE fingerprint_version = $1), 0),
		COUNT(*) FILTER (WHERE fingerprint_version < $1)
		FROM reviews WHERE server_url = $2`, version, url).Scan(&rc.Current, &rc.CurrentSum, &rc.Older)
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
