package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"strings"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plainsight/plainsight/store"
)

var _ store.Signatures = (*Store)(nil)
var _ store.Signatures = (*conn)(nil)

func packShingles(s []uint64) []byte {
	b := make([]byte, 0, 8*len(s))
	for _, h := range s {
		b = binary.BigEndian.AppendUint64(b, h)
	}
	return b
}

func unpackShingles(b []byte) []uint64 {
	out := make([]uint64, 0, len(b)/8)
	for i := 0; i+8 <= len(b); i += 8 {
		out = append(out, binary.BigEndian.Uint64(b[i:]))
	}
	return out
}

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeFormat)
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, s)
}

func constraint(op string, err error, kind error) error {
	switch code(err) {
	case 0:
		return store.Wrap(op, err)
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_TRIGGER:
		return &store.Error{Op: op, Kind: kind, Err: err}
	}
	return store.Wrap(op, err)
}

const (
	candidateColumns = `id, status, category, sha256, shingles, text, created_at, rule, owners, decided_at, note, retired_at`
	reportColumns    = `id, candidate_id, owner, agent, received_at, observed_at, source_type, source_domain, category, sha256, shingles, text`
)

func (c *conn) sigExists(ctx context.Context, query, id string) (bool, error) {
	var one int
	err := c.queryRow(ctx, query, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (c *conn) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	const op = "InsertSignatureReport"
	if err := store.CheckSignatureReport(op, &r); err != nil {
		return err
	}
	if ok, err := c.sigExists(ctx, `SELECT 1 FROM signature_candidates WHERE id = ?`, r.CandidateID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", r.CandidateID)
	}
	_, err := c.exec(ctx, `INSERT INTO signature_reports (`+reportColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.CandidateID, r.Owner, r.Agent, fmtTime(r.ReceivedAt), fmtTime(r.ObservedAt), r.SourceType, r.SourceDomain,
		r.Category, r.SHA256, packShingles(r.Shingles), r.Text)
	return constraint(op, err, store.ErrDuplicate)
}

func (c *conn) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	const op = "SignatureReports"
	rows, release, err := c.query(ctx, `SELECT `+reportColumns+` FROM signature_reports WHERE candidate_id = ? ORDER BY n LIMIT ?`, candidateID, store.MaxListLimit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer release()
	defer rows.Close()
	var out []store.SignatureReport
	for rows.Next() {
		var r store.SignatureReport
		var recv, obs string
		var sh []byte
		if err := rows.Scan(&r.ID, &r.CandidateID, &r.Owner, &r.Agent, &recv, &obs, &r.SourceType, &r.SourceDomain, &r.Category, &r.SHA256, &sh, &r.Text); err != nil {
			return nil, store.Wrap(op, err)
		}
		r.Shingles = unpackShingles(sh)
		if r.ReceivedAt, err = parseTime(recv); err == nil {
			r.ObservedAt, err = parseTime(obs)
		}
		if err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, r)
	}
	return out, store.Wrap(op, rows.Err())
}

func (c *conn) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	const op = "InsertCandidate"
	if err := store.CheckCandidate(op, &cd); err != nil {
		return err
	}
	_, err := c.exec(ctx, `INSERT INTO signature_candidates (id, status, category, sha256, shingles, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		cd.ID, cd.Status, cd.Category, cd.SHA256, packShingles(cd.Shingles), cd.Text, fmtTime(cd.CreatedAt))
	return constraint(op, err, store.ErrDuplicate)
}

func scanCandidate(row scanner) (store.Candidate, error) {
	var cd store.Candidate
	var sh []byte
	var created, decided, retired string
	err := row.Scan(&cd.ID, &cd.Status, &cd.Category, &cd.SHA256, &sh, &cd.Text, &created, &cd.Rule, &cd.Owners, &decided, &cd.Note, &retired)
	if err != nil {
		return cd, err
	}
	cd.Shingles = unpackShingles(sh)
	if cd.CreatedAt, err = parseTime(created); err != nil {
		return cd, err
	}
	if cd.DecidedAt, err = parseTime(decided); err != nil {
		return cd, err
	}
	cd.RetiredAt, err = parseTime(retired)
	return cd, err
}

func (c *conn) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	cd, err := scanCandidate(c.queryRow(ctx, `SELECT `+candidateColumns+` FROM signature_candidates WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return cd, store.Errorf("Candidate", store.ErrNotFound, "candidate %q", id)
	}
	return cd, store.Wrap("Candidate", err)
}

func (c *conn) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	const op = "ListCandidates"
	var where []string
	var args []any
	if len(q.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(q.Statuses)-1)+")")
		for _, s := range q.Statuses {
			args = append(args, s)
		}
	}
	if q.Category != "" {
		where = append(where, "category = ?")
		args = append(args, q.Category)
	}
	query := `SELECT ` + candidateColumns + ` FROM signature_candidates`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY n LIMIT ? OFFSET ?"
	args = append(args, q.LimitOrMax(), max(q.Offset, 0))
	rows, release, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer release()
	defer rows.Close()
	var out []store.Candidate
	for rows.Next() {
		cd, err := scanCandidate(rows)
		if err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, cd)
	}
	return out, store.Wrap(op, rows.Err())
}

func (c *conn) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	const op = "TransitionCandidate"
	if err := store.CheckCandidateTransition(op, &t); err != nil {
		return err
	}
	var res sql.Result
	var err error
	if t.To == store.CandidateRetired {
		res, err = c.exec(ctx, `UPDATE signature_candidates SET status = ?, note = ?, retired_at = ? WHERE id = ? AND status = ?`,
			t.To, t.Note, fmtTime(t.At), t.ID, t.From)
	} else {
		res, err = c.exec(ctx, `UPDATE signature_candidates SET status = ?, rule = ?, owners = ?, decided_at = ? WHERE id = ? AND status = ?`,
			t.To, t.Rule, t.Owners, fmtTime(t.At), t.ID, t.From)
	}
	if err != nil {
		return store.Wrap(op, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return store.Wrap(op, err)
	} else if n == 1 {
		return nil
	}
	if ok, err := c.sigExists(ctx, `SELECT 1 FROM signature_candidates WHERE id = ?`, t.ID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", t.ID)
	}
	return store.Errorf(op, store.ErrConflict, "candidate %s is not %s", t.ID, t.From)
}

func (c *conn) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	const op = "InsertReviewJob"
	if err := store.CheckReviewJob(op, &j); err != nil {
		return err
	}
	if ok, err := c.sigExists(ctx, `SELECT 1 FROM signature_candidates WHERE id = ?`, j.CandidateID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", j.CandidateID)
	}
	_, err := c.exec(ctx, `INSERT INTO review_jobs (id, candidate_id, agent, owner, created_at) VALUES (?, ?, ?, ?, ?)`,
		j.ID, j.CandidateID, j.Agent, j.Owner, fmtTime(j.CreatedAt))
	return constraint(op, err, store.ErrDuplicate)
}

func (c *conn) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	const op = "InsertReviewVote"
	var cand, agent, owner string
	err := c.queryRow(ctx, `SELECT candidate_id, agent, owner FROM review_jobs WHERE id = ?`, v.JobID).Scan(&cand, &agent, &owner)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Errorf(op, store.ErrNotFound, "job %q", v.JobID)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	if cand != v.CandidateID || agent != v.Agent || owner != v.Owner {
		return store.Errorf(op, store.ErrInvalid, "the vote is not the job's")
	}
	hostile := 0
	if v.Hostile {
		hostile = 1
	}
	_, err = c.exec(ctx, `INSERT INTO review_votes (job_id, candidate_id, agent, owner, hostile, at) VALUES (?, ?, ?, ?, ?, ?)`,
		v.JobID, v.CandidateID, v.Agent, v.Owner, hostile, fmtTime(v.At))
	return constraint(op, err, store.ErrDuplicate)
}

func (c *conn) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	const op = "ReviewVotes"
	rows, release, err := c.query(ctx, `SELECT job_id, candidate_id, agent, owner, hostile, at FROM review_votes WHERE candidate_id = ? ORDER BY n LIMIT ?`, candidateID, store.MaxListLimit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer release()
	defer rows.Close()
	var out []store.ReviewVote
	for rows.Next() {
		var v store.ReviewVote
		var at string
		var hostile int
		if err := rows.Scan(&v.JobID, &v.CandidateID, &v.Agent, &v.Owner, &hostile, &at); err != nil {
			return nil, store.Wrap(op, err)
		}
		v.Hostile = hostile == 1
		if v.At, err = parseTime(at); err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, v)
	}
	return out, store.Wrap(op, rows.Err())
}

func (c *conn) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	const op = "AppendFeedChange"
	if err := store.CheckFeedChange(op, &f); err != nil {
		return 0, err
	}
	// Outside Atomic this is one statement; the trigger keeps the
	// sequence without gaps either way.
	st, release, err := c.stmt(ctx, true, appendFeedSQL)
	if err != nil {
		return 0, store.Wrap(op, err)
	}
	defer release()
	var seq int64
	err = st.QueryRowContext(ctx,
		f.Kind, f.SignatureID, f.Category, f.SHA256, packShingles(f.Shingles), f.Owners, f.Note, fmtTime(f.At)).Scan(&seq)
	if err != nil {
		return 0, constraint(op, err, store.ErrConflict)
	}
	return seq, nil
}

const appendFeedSQL = `INSERT INTO signature_feed (seq, kind, signature_id, category, sha256, shingles, owners, note, at)
		SELECT coalesce(max(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM signature_feed RETURNING seq`

func (c *conn) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	const op = "FeedChanges"
	if limit <= 0 || limit > store.MaxListLimit {
		limit = store.MaxListLimit
	}
	rows, release, err := c.query(ctx, `SELECT seq, kind, signature_id, category, sha256, shingles, owners, note, at FROM signature_feed WHERE seq > ? ORDER BY seq LIMIT ?`, since, limit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer release()
	defer rows.Close()
	var out []store.FeedChange
	for rows.Next() {
		var f store.FeedChange
		var sh []byte
		var at string
		if err := rows.Scan(&f.Seq, &f.Kind, &f.SignatureID, &f.Category, &f.SHA256, &sh, &f.Owners, &f.Note, &at); err != nil {
			return nil, store.Wrap(op, err)
		}
		f.Shingles = unpackShingles(sh)
		if f.At, err = parseTime(at); err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, f)
	}
	return out, store.Wrap(op, rows.Err())
}

// The methods on the Store: each its own transaction.

// InsertSignatureReport implements store.Signatures.
func (s *Store) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	return s.c().InsertSignatureReport(ctx, r)
}

// SignatureReports implements store.Signatures.
func (s *Store) SignatureReports(ctx context.Context, id string) ([]store.SignatureReport, error) {
	return s.c().SignatureReports(ctx, id)
}

// InsertCandidate implements store.Signatures.
func (s *Store) InsertCandidate(ctx context.Context, c store.Candidate) error {
	return s.c().InsertCandidate(ctx, c)
}

// Candidate implements store.Signatures.
func (s *Store) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	return s.c().Candidate(ctx, id)
}

// ListCandidates implements store.Signatures.
func (s *Store) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	return s.c().ListCandidates(ctx, q)
}

// TransitionCandidate implements store.Signatures.
func (s *Store) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	return s.c().TransitionCandidate(ctx, t)
}

// InsertReviewJob implements store.Signatures.
func (s *Store) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	return s.c().InsertReviewJob(ctx, j)
}

// InsertReviewVote implements store.Signatures. Outside Atomic the job's
// look-up and the insert are two statements; the schema's trigger still
// refuses a vote that is not its job's.
func (s *Store) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	return s.c().InsertReviewVote(ctx, v)
}

// ReviewVotes implements store.Signatures.
func (s *Store) ReviewVotes(ctx context.Context, id string) ([]store.ReviewVote, error) {
	return s.c().ReviewVotes(ctx, id)
}

// AppendFeedChange implements store.Signatures.
func (s *Store) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	return s.c().AppendFeedChange(ctx, f)
}

// FeedChanges implements store.Signatures.
func (s *Store) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	return s.c().FeedChanges(ctx, since, limit)
}
