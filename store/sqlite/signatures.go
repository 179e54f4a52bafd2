package sqlite

import (
	"context"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

var _ store.Signatures = (*Store)(nil)
var _ store.Signatures = (*conn)(nil)

// The Shield method's records: their SQL is package sqlstore's.

func (c *conn) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	return sqlstore.InsertSignatureReport(ctx, c, r)
}

func (c *conn) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	return sqlstore.SignatureReports(ctx, c, candidateID)
}

func (c *conn) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	return sqlstore.InsertCandidate(ctx, c, cd)
}

func (c *conn) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	return sqlstore.Candidate(ctx, c, id)
}

func (c *conn) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	return sqlstore.ListCandidates(ctx, c, q)
}

func (c *conn) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	return sqlstore.TransitionCandidate(ctx, c, t)
}

func (c *conn) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	return sqlstore.InsertReviewJob(ctx, c, j)
}

func (c *conn) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	return sqlstore.InsertReviewVote(ctx, c, v)
}

func (c *conn) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	return sqlstore.ReviewVotes(ctx, c, candidateID)
}

func (c *conn) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	return sqlstore.AppendFeedChange(ctx, c, f)
}

func (c *conn) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	return sqlstore.FeedChanges(ctx, c, since, limit)
}

// The methods on the Store: each its own transaction.

// InsertSignatureReport implements store.Signatures.
func (s *Store) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	return sqlstore.InsertSignatureReport(ctx, s.c(), r)
}

// SignatureReports implements store.Signatures.
func (s *Store) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	return sqlstore.SignatureReports(ctx, s.c(), candidateID)
}

// InsertCandidate implements store.Signatures.
func (s *Store) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	return sqlstore.InsertCandidate(ctx, s.c(), cd)
}

// Candidate implements store.Signatures.
func (s *Store) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	return sqlstore.Candidate(ctx, s.c(), id)
}

// ListCandidates implements store.Signatures.
func (s *Store) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	return sqlstore.ListCandidates(ctx, s.c(), q)
}

// TransitionCandidate implements store.Signatures.
func (s *Store) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	return sqlstore.TransitionCandidate(ctx, s.c(), t)
}

// InsertReviewJob implements store.Signatures.
func (s *Store) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	return sqlstore.InsertReviewJob(ctx, s.c(), j)
}

// InsertReviewVote implements store.Signatures. Outside Atomic the job's
// look-up and the insert are two statements; the schema's trigger still
// refuses a vote that is not its job's.
func (s *Store) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	return sqlstore.InsertReviewVote(ctx, s.c(), v)
}

// ReviewVotes implements store.Signatures.
func (s *Store) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	return sqlstore.ReviewVotes(ctx, s.c(), candidateID)
}

// AppendFeedChange implements store.Signatures.
func (s *Store) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	return sqlstore.AppendFeedChange(ctx, s.c(), f)
}

// FeedChanges implements store.Signatures.
func (s *Store) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	return sqlstore.FeedChanges(ctx, s.c(), since, limit)
}
