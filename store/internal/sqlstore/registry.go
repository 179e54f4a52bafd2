package sqlstore

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
)

// The registry's statements both backends send alike. The inserts of
// fingerprint versions, change events and reviews stay in each backend:
// PostgreSQL reports a missing server as a foreign key's violation, the
// SQLite schema refuses it with a trigger whose error is then sorted out
// by a look-up — which PostgreSQL cannot make in a transaction a failed
// statement has aborted.

const (
	// ServerColumns are the columns ScanServer reads.
	ServerColumns = `url, slug, page_url, publisher_status, linked_store_listing, first_seen, last_checked, version, publisher_account`
	// ServerSQL selects the server at one URL.
	ServerSQL = `SELECT ` + ServerColumns + ` FROM servers WHERE url = ?`
	// ChangeColumns are the columns of a change event, in ChangeEvent's order.
	ChangeColumns = `seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, redirects`
)

// ScanServer reads a row of ServerColumns.
func ScanServer(c Conn, row Row) (store.Server, error) {
	var s store.Server
	err := row.Scan(&s.URL, &s.Slug, &s.PageURL, &s.PublisherStatus, &s.LinkedStoreListing,
		c.ScanTime(&s.FirstSeen), c.ScanTime(&s.LastChecked), &s.Version, &s.PublisherAccount)
	s.PublisherStatus = store.ReadPublisherStatus(s.PublisherStatus)
	return s, err
}

// ServerExists reports whether a server is registered at url.
func ServerExists(ctx context.Context, c Conn, url string) (bool, error) {
	return exists(ctx, c, `SELECT 1 FROM servers WHERE url = ?`, url)
}

// InsertServer implements store.Servers.InsertServer.
func (c Records) InsertServer(ctx context.Context, s store.Server) error {
	const op = "InsertServer"
	if err := store.CheckServer(op, &s); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO servers (`+ServerColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.URL, s.Slug, s.PageURL, store.StoredPublisherStatus(s.PublisherStatus), s.LinkedStoreListing, c.Time(s.FirstSeen), c.Time(s.LastChecked), s.Version, s.PublisherAccount)
	switch c.Class(err) {
	case Unique, Refused: // SQLite refuses a taken URL or slug with a trigger
		return &store.Error{Op: op, Kind: store.ErrDuplicate, Err: err}
	}
	return store.Wrap(op, err)
}

// Server implements store.Servers.Server.
func (c Records) Server(ctx context.Context, url string) (store.Server, error) {
	s, err := ScanServer(c.Conn, c.QueryRow(ctx, ServerSQL, url))
	if isNoRows(err) {
		return s, store.Errorf("Server", store.ErrNotFound, "server %q", url)
	}
	return s, store.Wrap("Server", err)
}

// ListServers implements store.Servers.ListServers.
func (c Records) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	var rows Rows
	var err error
	if q.CheckedBefore.IsZero() {
		rows, err = c.Query(ctx, `SELECT `+ServerColumns+` FROM servers ORDER BY n LIMIT ? OFFSET ?`, q.LimitOrMax(), max(q.Offset, 0))
	} else {
		rows, err = c.Query(ctx, `SELECT `+ServerColumns+` FROM servers WHERE last_checked < ? ORDER BY last_checked, n LIMIT ? OFFSET ?`,
			c.Time(q.CheckedBefore), q.LimitOrMax(), max(q.Offset, 0))
	}
	if err != nil {
		return nil, store.Wrap("ListServers", err)
	}
	defer rows.Close()
	var out []store.Server
	for rows.Next() {
		s, err := ScanServer(c.Conn, rows)
		if err != nil {
			return nil, store.Wrap("ListServers", err)
		}
		out = append(out, s)
	}
	return out, store.Wrap("ListServers", rows.Err())
}

// TakeDue is store.Servers.TakeDue with lock, the locking clause of the
// selection of due servers (PostgreSQL's " FOR UPDATE SKIP LOCKED"; ""
// for SQLite, whose writers are serialized), sent by query (the writing
// side's: the statement is an UPDATE … RETURNING). One statement: the
// rows it selects are updated and returned at once.
func (c Records) TakeDue(ctx context.Context, q store.DueQuery, lock string, query func(ctx context.Context, query string, args ...any) (Rows, error)) ([]store.Server, error) {
	const op = "TakeDue"
	if err := store.CheckDue(op, &q); err != nil {
		return nil, err
	}
	before := c.Time(q.CheckedBefore)
	rows, err := query(ctx, `UPDATE servers SET last_checked = ? WHERE last_checked < ? AND url IN (
		SELECT url FROM servers WHERE last_checked < ? ORDER BY last_checked, n LIMIT ?`+lock+`)
		RETURNING `+ServerColumns, c.Time(q.At), before, before, q.LimitOrMax())
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer rows.Close()
	var out []store.Server
	for rows.Next() {
		s, err := ScanServer(c.Conn, rows)
		if err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, s)
	}
	return out, store.Wrap(op, rows.Err())
}

// cas sorts out the result of a compare-and-set update of the server at
// url: why it changed nothing, when it did not.
func cas(ctx context.Context, c Conn, op string, n int64, err error, url string, why func(store.Server) error) error {
	if err != nil {
		if c.Class(err) == Refused {
			return &store.Error{Op: op, Kind: store.ErrInvalid, Err: err}
		}
		return store.Wrap(op, err)
	}
	if n == 1 {
		return nil
	}
	s, err := ScanServer(c, c.QueryRow(ctx, ServerSQL, url))
	if isNoRows(err) {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	return why(s)
}

// AdvanceServer implements store.Servers.AdvanceServer.
func (c Records) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	const op = "AdvanceServer"
	at := c.Time(checked)
	n, err := c.Exec(ctx, `UPDATE servers SET version = version + 1, last_checked = ? WHERE url = ? AND version = ? AND last_checked <= ?`,
		at, url, from, at)
	return cas(ctx, c.Conn, op, n, err, url, func(s store.Server) error {
		if s.Version != from {
			return store.Errorf(op, store.ErrConflict, "server %s is at version %d", url, s.Version)
		}
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	})
}

// MarkChecked implements store.Servers.MarkChecked.
func (c Records) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	const op = "MarkChecked"
	if to.Before(from) {
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	}
	n, err := c.Exec(ctx, `UPDATE servers SET last_checked = ? WHERE url = ? AND last_checked = ?`, c.Time(to), url, c.Time(from))
	return cas(ctx, c.Conn, op, n, err, url, func(store.Server) error {
		return store.Errorf(op, store.ErrConflict, "server %s was checked at another time", url)
	})
}

// ClaimServer implements store.Servers.ClaimServer.
func (c Records) ClaimServer(ctx context.Context, url, account string) error {
	const op = "ClaimServer"
	if err := store.CheckClaim(op, account); err != nil {
		return err
	}
	n, err := c.Exec(ctx, `UPDATE servers SET publisher_status = ?, publisher_account = ? WHERE url = ? AND publisher_status = ?`,
		store.StoredPublisherStatus(store.PublisherClaimed), account, url, store.PublisherUnclaimed)
	return cas(ctx, c.Conn, op, n, err, url, func(store.Server) error {
		return store.Errorf(op, store.ErrConflict, "server %s is claimed", url)
	})
}

// PutClaimChallenge implements store.Servers.PutClaimChallenge.
func (c Records) PutClaimChallenge(ctx context.Context, ch store.ClaimChallenge) error {
	const op = "PutClaimChallenge"
	if err := store.CheckClaimChallenge(op, &ch); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO claim_challenges (server_url, account_id, token_sha256, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (server_url, account_id) DO UPDATE SET token_sha256 = excluded.token_sha256, created_at = excluded.created_at, expires_at = excluded.expires_at`,
		ch.ServerURL, ch.AccountID, ch.TokenSHA256, c.Time(ch.CreatedAt), c.Time(ch.ExpiresAt))
	switch c.Class(err) {
	case Refused, ForeignKey: // SQLite refuses an unknown server with a trigger
		return &store.Error{Op: op, Kind: store.ErrNotFound, Err: err}
	}
	return store.Wrap(op, err)
}

// ClaimChallenge implements store.Servers.ClaimChallenge.
func (c Records) ClaimChallenge(ctx context.Context, url, account string) (store.ClaimChallenge, error) {
	var ch store.ClaimChallenge
	err := c.QueryRow(ctx, `SELECT server_url, account_id, token_sha256, created_at, expires_at FROM claim_challenges WHERE server_url = ? AND account_id = ?`,
		url, account).Scan(&ch.ServerURL, &ch.AccountID, &ch.TokenSHA256, c.ScanTime(&ch.CreatedAt), c.ScanTime(&ch.ExpiresAt))
	if isNoRows(err) {
		return ch, store.Errorf("ClaimChallenge", store.ErrNotFound, "no challenge of %q for this account", url)
	}
	return ch, store.Wrap("ClaimChallenge", err)
}

// FingerprintVersion implements store.FingerprintVersions.FingerprintVersion.
func (c Records) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	var v store.FingerprintVersion
	err := c.QueryRow(ctx, `SELECT server_url, version, fingerprint, definitions, recorded_at FROM fingerprint_versions WHERE server_url = ? AND version = ?`,
		url, version).Scan(&v.ServerURL, &v.Version, &v.Fingerprint, &v.Definitions, c.ScanTime(&v.RecordedAt))
	if isNoRows(err) {
		return v, store.Errorf("FingerprintVersion", store.ErrNotFound, "%s version %d", url, version)
	}
	return v, store.Wrap("FingerprintVersion", err)
}

// ListChangeEvents implements store.ChangeEvents.ListChangeEvents.
func (c Records) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	if err := c.Lock(ctx, Changes); err != nil {
		return nil, store.Wrap("ListChangeEvents", err)
	}
	query := `SELECT ` + ChangeColumns + ` FROM change_events WHERE seq < ?`
	before := q.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	args := []any{before}
	if q.ServerURL != "" {
		query += ` AND server_url = ?`
		args = append(args, q.ServerURL)
	}
	if q.RedirectsOnly {
		query += ` AND redirects IS NOT NULL`
	}
	query += ` ORDER BY seq DESC LIMIT ?`
	args = append(args, q.LimitOrMax())
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap("ListChangeEvents", err)
	}
	defer rows.Close()
	out := []store.ChangeEvent{}
	for rows.Next() {
		var e store.ChangeEvent
		if err := rows.Scan(&e.Seq, &e.ServerURL, &e.ServerName, c.ScanTime(&e.At), &e.FromVersion, &e.ToVersion,
			&e.FingerprintBefore, &e.FingerprintAfter, &e.Diff, &e.Redirects); err != nil {
			return nil, store.Wrap("ListChangeEvents", err)
		}
		out = append(out, e)
	}
	return out, store.Wrap("ListChangeEvents", rows.Err())
}

// CountReviews implements store.Reviews.CountReviews.
func (c Records) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	var rc store.ReviewCounts
	err := c.QueryRow(ctx, `SELECT
		COUNT(CASE WHEN fingerprint_version = ?1 THEN 1 END), COALESCE(SUM(CASE WHEN fingerprint_version = ?1 THEN rating END), 0),
		COUNT(CASE WHEN fingerprint_version < ?1 THEN 1 END)
		FROM reviews WHERE server_url = ?2`, version, url).Scan(&rc.Current, &rc.CurrentSum, &rc.Older)
	return rc, store.Wrap("CountReviews", err)
}

// Redirects is a change event's redirects column: NULL for a change of the
// definitions.
func Redirects(e *store.ChangeEvent) any {
	if e.Redirects == nil {
		return nil
	}
	return e.Redirects
}

// RecordPublicURL implements store.PublicURLs.RecordPublicURL.
func (c Records) RecordPublicURL(ctx context.Context, u string, at time.Time) error {
	if err := c.Lock(ctx, PublicURLs); err != nil {
		return store.Wrap("RecordPublicURL", err)
	}
	const op = "RecordPublicURL"
	if err := store.CheckPublicURL(op, u); err != nil {
		return err
	}
	cur, err := c.PublicURL(ctx)
	if err != nil || cur == u {
		return err
	}
	var seq int64
	err = c.Append(ctx, PublicURLs, `INSERT INTO public_urls (seq, public_url, at)
		VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM public_urls), ?, ?) RETURNING seq`, u, c.Time(at)).Scan(&seq)
	return store.Wrap(op, err)
}

// PublicURL implements store.PublicURLs.PublicURL.
func (c Records) PublicURL(ctx context.Context) (string, error) {
	var u string
	err := c.QueryRow(ctx, `SELECT public_url FROM public_urls ORDER BY seq DESC LIMIT 1`).Scan(&u)
	if isNoRows(err) {
		return "", nil
	}
	return u, store.Wrap("PublicURL", err)
}
