package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

const foreignKeyViolation = "23503"

// The registry's statements that both backends send alike are
// sqlstore.Records' methods, which conn has.

// The inserts whose refusals PostgreSQL reports by class: a missing server
// (or fingerprint version) is a foreign key's violation.

func (c *conn) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	const op = "InsertFingerprintVersion"
	if err := store.CheckFingerprintVersion(op, &v); err != nil {
		return err
	}
	if v.Definitions == nil {
		v.Definitions = []byte{}
	}
	if v.Version > 1 {
		// The sequence trigger fires before the foreign key is checked: a
		// later version of a server never registered is asked for first,
		// so that it is ErrNotFound, not ErrConflict (as in SQLite).
		var registered bool
		if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM servers WHERE url = ?)`, v.ServerURL).Scan(&registered); err != nil {
			return store.Wrap(op, err)
		}
		if !registered {
			return &store.Error{Op: op, Kind: store.ErrNotFound, Note: "no server is registered at that URL"}
		}
	}
	_, err := c.Exec(ctx, `INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at)
		VALUES (?, ?, ?, ?, ?)`, v.ServerURL, v.Version, v.Fingerprint, v.Definitions, v.RecordedAt.UTC())
	switch sqlState(err) {
	case foreignKeyViolation:
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation, integrityViolation:
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
	// The feed's next number is taken under its kind's lock, held to the
	// commit: events commit in the order of their numbers, so a reader
	// paging by seq never steps over one committed later.
	var seq int64
	err := c.Append(ctx, sqlstore.Changes, `INSERT INTO change_events (`+sqlstore.ChangeColumns+`)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events), ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
		e.ServerURL, e.ServerName, e.At.UTC(), e.FromVersion, e.ToVersion, e.FingerprintBefore, e.FingerprintAfter, e.Diff, sqlstore.Redirects(&e)).Scan(&seq)
	switch sqlState(err) {
	case foreignKeyViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation, integrityViolation:
		return 0, &store.Error{Op: op, Kind: store.ErrConflict, Err: err}
	}
	return seq, store.Wrap(op, err)
}

// TakeDue implements store.Servers.TakeDue: the due rows are selected FOR
// UPDATE SKIP LOCKED and updated by one statement, so that instances
// taking at once take disjoint sets, none waiting on another's rows, and
// a row another transaction changed meanwhile is checked again (READ
// COMMITTED re-reads a locked row's latest version) before it is taken.
// No advisory lock: the row locks are the guarantee.
func (c *conn) TakeDue(ctx context.Context, q store.DueQuery) ([]store.Server, error) {
	if err := c.read(ctx); err != nil {
		return nil, err
	}
	return c.records.TakeDue(ctx, q, " FOR UPDATE SKIP LOCKED", c.Query)
}

type beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

func (c *conn) InsertReview(ctx context.Context, r store.Review) error {
	const op = "InsertReview"
	if err := store.CheckReview(op, &r); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at)
		VALUES (?, ?, ?, ?, TRUE, ?, ?)`, r.ID, r.ServerURL, r.FingerprintVersion, r.AgentID, r.Rating, r.CreatedAt.UTC())
	switch sqlState(err) {
	case foreignKeyViolation:
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	case uniqueViolation:
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

// Server implements store.Servers.Server. Read in a transaction that
// holds no kind's lock yet, the server's row is locked (FOR UPDATE) to the
// transaction's end: a refresh reads its server first, then records a
// version, its flags and its change event, and two refreshes of one
// server must not interleave — while refreshes of other servers, and
// every other write, go on. Servers' rows come first in the order of
// locks (see sqlstore.Kind): read after a kind's lock, the row is read
// without one (a dispute reading its server's publisher, a redirect
// event's version under the change feed's lock, which orders it with
// the server's refreshes).
func (c *conn) Server(ctx context.Context, url string) (store.Server, error) {
	if c.tx == nil || c.held != 0 {
		return c.records.Server(ctx, url)
	}
	s, err := sqlstore.ScanServer(c, c.QueryRow(ctx, sqlstore.ServerSQL+` FOR UPDATE`, url))
	if errors.Is(err, pgx.ErrNoRows) {
		return s, store.Errorf("Server", store.ErrNotFound, "server %q", url)
	}
	return s, store.Wrap("Server", err)
}
