package sqlite

import (
	"context"

	"github.com/plainsight/plainsight/store"
)

var _ store.Signatures = (*Store)(nil)
var _ store.Signatures = (*conn)(nil)

// The Shield method's records: conn has their methods from sqlstore.Records.

// The methods on the Store: each its own transaction.

// InsertSignatureReport implements store.Signatures.
func (s *Store) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	return s.c().InsertSignatureReport(ctx, r)
}

// SignatureReports implements store.Signatures.
func (s *Store) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	return s.c().SignatureReports(ctx, candidateID)
}

// InsertCandidate implements store.Signatures.
func (s *Store) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	return s.c().InsertCandidate(ctx, cd)
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
func (s *Store) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	return s.c().ReviewVotes(ctx, candidateID)
}

// AppendFeedChange implements store.Signatures.
func (s *Store) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	return s.c().AppendFeedChange(ctx, f)
}

// FeedChanges implements store.Signatures.
func (s *Store) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	return s.c().FeedChanges(ctx, since, limit)
}
