package sqlstore

import (
	"context"
	"encoding/binary"
	"strings"
	"time"

	"github.com/plainsight/plainsight/store"
)

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

// fmtTime is how the signatures' tables store a time in both schemas:
// TimeFormat's text, "" for the zero time.
func fmtTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(TimeFormat)
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, s)
}

// constraint maps a broken unique index or a trigger's refusal to kind.
func constraint(c Conn, op string, err error, kind error) error {
	switch c.Class(err) {
	case Unique, Refused:
		return &store.Error{Op: op, Kind: kind, Err: err}
	}
	return store.Wrap(op, err)
}

const (
	candidateColumns = `id, status, category, sha256, shingles, text, created_at, rule, owners, decided_at, note, retired_at`
	reportColumns    = `id, candidate_id, owner, agent, received_at, observed_at, source_type, source_domain, category, sha256, shingles, text`
)

const candidateExistsSQL = `SELECT 1 FROM signature_candidates WHERE id = ?`

// InsertSignatureReport implements store.Signatures.InsertSignatureReport.
// A report takes no lock: it has its own id, and a check-in that decides
// has taken the kind's lock with its search (package signature).
func (c Records) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	const op = "InsertSignatureReport"
	if err := store.CheckSignatureReport(op, &r); err != nil {
		return err
	}
	if ok, err := exists(ctx, c.Conn, candidateExistsSQL, r.CandidateID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", r.CandidateID)
	}
	_, err := c.Exec(ctx, `INSERT INTO signature_reports (`+reportColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.CandidateID, r.Owner, r.Agent, fmtTime(r.ReceivedAt), fmtTime(r.ObservedAt), r.SourceType, r.SourceDomain,
		r.Category, r.SHA256, packShingles(r.Shingles), r.Text)
	return constraint(c.Conn, op, err, store.ErrDuplicate)
}

// SignatureReports implements store.Signatures.SignatureReports.
func (c Records) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return nil, store.Wrap("SignatureReports", err)
	}
	const op = "SignatureReports"
	rows, err := c.Query(ctx, `SELECT `+reportColumns+` FROM signature_reports WHERE candidate_id = ? ORDER BY n LIMIT ?`, candidateID, store.MaxListLimit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
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

// InsertCandidate implements store.Signatures.InsertCandidate.
func (c Records) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	if err := c.Lock(ctx, Signatures); err != nil {
		return store.Wrap("InsertCandidate", err)
	}
	const op = "InsertCandidate"
	if err := store.CheckCandidate(op, &cd); err != nil {
		return err
	}
	_, err := c.Exec(ctx, `INSERT INTO signature_candidates (id, status, category, sha256, shingles, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		cd.ID, cd.Status, cd.Category, cd.SHA256, packShingles(cd.Shingles), cd.Text, fmtTime(cd.CreatedAt))
	return constraint(c.Conn, op, err, store.ErrDuplicate)
}

func scanCandidate(row Row) (store.Candidate, error) {
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

// Candidate implements store.Signatures.Candidate.
func (c Records) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return store.Candidate{}, store.Wrap("Candidate", err)
	}
	cd, err := scanCandidate(c.QueryRow(ctx, `SELECT `+candidateColumns+` FROM signature_candidates WHERE id = ?`, id))
	if isNoRows(err) {
		return cd, store.Errorf("Candidate", store.ErrNotFound, "candidate %q", id)
	}
	return cd, store.Wrap("Candidate", err)
}

// ListCandidates implements store.Signatures.ListCandidates.
func (c Records) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return nil, store.Wrap("ListCandidates", err)
	}
	const op = "ListCandidates"
	var where []string
	var args []any
	if len(q.Statuses) > 0 {
		var in string
		in, args = c.In("status", q.Statuses, args)
		where = append(where, in)
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
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
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

// TransitionCandidate implements store.Signatures.TransitionCandidate.
func (c Records) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	if err := c.Lock(ctx, Signatures); err != nil {
		return store.Wrap("TransitionCandidate", err)
	}
	const op = "TransitionCandidate"
	if err := store.CheckCandidateTransition(op, &t); err != nil {
		return err
	}
	var n int64
	var err error
	if t.To == store.CandidateRetired {
		n, err = c.Exec(ctx, `UPDATE signature_candidates SET status = ?, note = ?, retired_at = ? WHERE id = ? AND status = ?`,
			t.To, t.Note, fmtTime(t.At), t.ID, t.From)
	} else {
		n, err = c.Exec(ctx, `UPDATE signature_candidates SET status = ?, rule = ?, owners = ?, decided_at = ? WHERE id = ? AND status = ?`,
			t.To, t.Rule, t.Owners, fmtTime(t.At), t.ID, t.From)
	}
	if err != nil {
		return store.Wrap(op, err)
	}
	if n == 1 {
		return nil
	}
	if ok, err := exists(ctx, c.Conn, candidateExistsSQL, t.ID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", t.ID)
	}
	return store.Errorf(op, store.ErrConflict, "candidate %s is not %s", t.ID, t.From)
}

// InsertReviewJob implements store.Signatures.InsertReviewJob.
func (c Records) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	if err := c.Lock(ctx, Signatures); err != nil {
		return store.Wrap("InsertReviewJob", err)
	}
	const op = "InsertReviewJob"
	if err := store.CheckReviewJob(op, &j); err != nil {
		return err
	}
	if ok, err := exists(ctx, c.Conn, candidateExistsSQL, j.CandidateID); err != nil {
		return store.Wrap(op, err)
	} else if !ok {
		return store.Errorf(op, store.ErrNotFound, "candidate %q", j.CandidateID)
	}
	_, err := c.Exec(ctx, `INSERT INTO review_jobs (id, candidate_id, agent, owner, created_at) VALUES (?, ?, ?, ?, ?)`,
		j.ID, j.CandidateID, j.Agent, j.Owner, fmtTime(j.CreatedAt))
	return constraint(c.Conn, op, err, store.ErrDuplicate)
}

// InsertReviewVote implements store.Signatures.InsertReviewVote.
func (c Records) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	if err := c.Lock(ctx, Signatures); err != nil {
		return store.Wrap("InsertReviewVote", err)
	}
	const op = "InsertReviewVote"
	var cand, agent, owner string
	err := c.QueryRow(ctx, `SELECT candidate_id, agent, owner FROM review_jobs WHERE id = ?`, v.JobID).Scan(&cand, &agent, &owner)
	if isNoRows(err) {
		return store.Errorf(op, store.ErrNotFound, "job %q", v.JobID)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	if cand != v.CandidateID || agent != v.Agent || owner != v.Owner {
		return store.Errorf(op, store.ErrInvalid, "the vote is not the job's")
	}
	_, err = c.Exec(ctx, `INSERT INTO review_votes (job_id, candidate_id, agent, owner, hostile, at) VALUES (?, ?, ?, ?, ?, ?)`,
		v.JobID, v.CandidateID, v.Agent, v.Owner, v.Hostile, fmtTime(v.At))
	return constraint(c.Conn, op, err, store.ErrDuplicate)
}

// ReviewVotes implements store.Signatures.ReviewVotes.
func (c Records) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return nil, store.Wrap("ReviewVotes", err)
	}
	const op = "ReviewVotes"
	rows, err := c.Query(ctx, `SELECT job_id, candidate_id, agent, owner, hostile, at FROM review_votes WHERE candidate_id = ? ORDER BY n LIMIT ?`, candidateID, store.MaxListLimit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
	defer rows.Close()
	var out []store.ReviewVote
	for rows.Next() {
		var v store.ReviewVote
		var at string
		if err := rows.Scan(&v.JobID, &v.CandidateID, &v.Agent, &v.Owner, &v.Hostile, &at); err != nil {
			return nil, store.Wrap(op, err)
		}
		if v.At, err = parseTime(at); err != nil {
			return nil, store.Wrap(op, err)
		}
		out = append(out, v)
	}
	return out, store.Wrap(op, rows.Err())
}

// AppendFeedChange implements store.Signatures.AppendFeedChange.
func (c Records) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return 0, store.Wrap("AppendFeedChange", err)
	}
	const op = "AppendFeedChange"
	if err := store.CheckFeedChange(op, &f); err != nil {
		return 0, err
	}
	// The next sequence number is taken as the only writer, so that
	// concurrent appends queue rather than collide; the schema's trigger
	// keeps the sequence without gaps either way.
	var seq int64
	err := c.Append(ctx, Signatures, appendFeedSQL,
		f.Kind, f.SignatureID, f.Category, f.SHA256, packShingles(f.Shingles), f.Owners, f.Note, fmtTime(f.At)).Scan(&seq)
	if err != nil {
		return 0, constraint(c.Conn, op, err, store.ErrConflict)
	}
	return seq, nil
}

const appendFeedSQL = `INSERT INTO signature_feed (seq, kind, signature_id, category, sha256, shingles, owners, note, at)
		SELECT coalesce(max(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM signature_feed RETURNING seq`

// FeedChanges implements store.Signatures.FeedChanges.
func (c Records) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	if err := c.Lock(ctx, Signatures); err != nil {
		return nil, store.Wrap("FeedChanges", err)
	}
	const op = "FeedChanges"
	if limit <= 0 || limit > store.MaxListLimit {
		limit = store.MaxListLimit
	}
	rows, err := c.Query(ctx, `SELECT seq, kind, signature_id, category, sha256, shingles, owners, note, at FROM signature_feed WHERE seq > ? ORDER BY seq LIMIT ?`, since, limit)
	if err != nil {
		return nil, store.Wrap(op, err)
	}
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
