package sqlstore

import (
	"context"
	"time"

	"github.com/plainsight/plainsight/store"
)

// Outside implements store.Tx for a backend's Store outside a
// transaction: each method runs on a connection of its own, made for the
// call (each statement its own transaction, or the one the backend's
// method opens). A backend's Store embeds one (from [NewOutside]) under a
// name of its package, so that these forwarders are written once; the
// connection is the backend's, with its own methods where it has them
// (the flags' and the ledger's write paths, the registry's error classes)
// and those of [Records] for the rest.
type Outside struct {
	conn func() store.Tx
}

// NewOutside returns the Outside whose methods run on the connection conn
// makes, a new one for each call.
func NewOutside(conn func() store.Tx) Outside { return Outside{conn: conn} }

// InsertFlag implements store.Flags.
func (o Outside) InsertFlag(ctx context.Context, f store.Flag) error {
	return o.conn().InsertFlag(ctx, f)
}

// Flag implements store.Flags.
func (o Outside) Flag(ctx context.Context, id string) (store.Flag, error) {
	return o.conn().Flag(ctx, id)
}

// ListFlags implements store.Flags.
func (o Outside) ListFlags(ctx context.Context, q store.FlagQuery) ([]store.Flag, error) {
	return o.conn().ListFlags(ctx, q)
}

// TransitionFlag implements store.Flags.
func (o Outside) TransitionFlag(ctx context.Context, t store.Transition) error {
	return o.conn().TransitionFlag(ctx, t)
}

// FlagsByLedgerSeq implements store.Flags.
func (o Outside) FlagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error) error {
	return o.conn().FlagsByLedgerSeq(ctx, fn)
}

// LedgerHead implements store.Ledger.
func (o Outside) LedgerHead(ctx context.Context) (store.LedgerEntry, error) {
	return o.conn().LedgerHead(ctx)
}

// AppendLedgerEntry implements store.Ledger.
func (o Outside) AppendLedgerEntry(ctx context.Context, e store.LedgerEntry) error {
	return o.conn().AppendLedgerEntry(ctx, e)
}

// LedgerEntry implements store.Ledger.
func (o Outside) LedgerEntry(ctx context.Context, seq int64) (store.LedgerEntry, error) {
	return o.conn().LedgerEntry(ctx, seq)
}

// LedgerEntries implements store.Ledger.
func (o Outside) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	return o.conn().LedgerEntries(ctx, from, fn)
}

// InsertServer implements store.Servers.
func (o Outside) InsertServer(ctx context.Context, v store.Server) error {
	return o.conn().InsertServer(ctx, v)
}

// Server implements store.Servers.
func (o Outside) Server(ctx context.Context, url string) (store.Server, error) {
	return o.conn().Server(ctx, url)
}

// ListServers implements store.Servers.
func (o Outside) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	return o.conn().ListServers(ctx, q)
}

// AdvanceServer implements store.Servers.
func (o Outside) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	return o.conn().AdvanceServer(ctx, url, from, checked)
}

// MarkChecked implements store.Servers.
func (o Outside) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	return o.conn().MarkChecked(ctx, url, from, to)
}

// ClaimServer implements store.Servers.
func (o Outside) ClaimServer(ctx context.Context, url, account string) error {
	return o.conn().ClaimServer(ctx, url, account)
}

// PutClaimChallenge implements store.Servers.
func (o Outside) PutClaimChallenge(ctx context.Context, c store.ClaimChallenge) error {
	return o.conn().PutClaimChallenge(ctx, c)
}

// ClaimChallenge implements store.Servers.
func (o Outside) ClaimChallenge(ctx context.Context, url, account string) (store.ClaimChallenge, error) {
	return o.conn().ClaimChallenge(ctx, url, account)
}

// FingerprintVersion implements store.FingerprintVersions.
func (o Outside) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	return o.conn().FingerprintVersion(ctx, url, version)
}

// ListChangeEvents implements store.ChangeEvents.
func (o Outside) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	return o.conn().ListChangeEvents(ctx, q)
}

// CountReviews implements store.Reviews.
func (o Outside) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	return o.conn().CountReviews(ctx, url, version)
}

// InsertFingerprintVersion implements store.FingerprintVersions.
func (o Outside) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	return o.conn().InsertFingerprintVersion(ctx, v)
}

// AppendChangeEvent implements store.ChangeEvents.
func (o Outside) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	return o.conn().AppendChangeEvent(ctx, e)
}

// InsertReview implements store.Reviews.
func (o Outside) InsertReview(ctx context.Context, r store.Review) error {
	return o.conn().InsertReview(ctx, r)
}

// InsertSignatureReport implements store.Signatures.
func (o Outside) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	return o.conn().InsertSignatureReport(ctx, r)
}

// SignatureReports implements store.Signatures.
func (o Outside) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	return o.conn().SignatureReports(ctx, candidateID)
}

// InsertCandidate implements store.Signatures.
func (o Outside) InsertCandidate(ctx context.Context, cd store.Candidate) error {
	return o.conn().InsertCandidate(ctx, cd)
}

// Candidate implements store.Signatures.
func (o Outside) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	return o.conn().Candidate(ctx, id)
}

// ListCandidates implements store.Signatures.
func (o Outside) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	return o.conn().ListCandidates(ctx, q)
}

// TransitionCandidate implements store.Signatures.
func (o Outside) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	return o.conn().TransitionCandidate(ctx, t)
}

// InsertReviewJob implements store.Signatures.
func (o Outside) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	return o.conn().InsertReviewJob(ctx, j)
}

// InsertReviewVote implements store.Signatures. Outside Atomic the job's
// look-up and the insert are two statements; the schema's trigger still
// refuses a vote that is not its job's.
func (o Outside) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	return o.conn().InsertReviewVote(ctx, v)
}

// ReviewVotes implements store.Signatures.
func (o Outside) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	return o.conn().ReviewVotes(ctx, candidateID)
}

// AppendFeedChange implements store.Signatures.
func (o Outside) AppendFeedChange(ctx context.Context, f store.FeedChange) (int64, error) {
	return o.conn().AppendFeedChange(ctx, f)
}

// FeedChanges implements store.Signatures.
func (o Outside) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	return o.conn().FeedChanges(ctx, since, limit)
}

// InsertAPIKey implements store.APIKeys.
func (o Outside) InsertAPIKey(ctx context.Context, k store.APIKey) error {
	return o.conn().InsertAPIKey(ctx, k)
}

// APIKeyByHash implements store.APIKeys.
func (o Outside) APIKeyByHash(ctx context.Context, hash string) (store.APIKey, error) {
	return o.conn().APIKeyByHash(ctx, hash)
}

// RevokeAPIKey implements store.APIKeys.
func (o Outside) RevokeAPIKey(ctx context.Context, id string, at time.Time) error {
	return o.conn().RevokeAPIKey(ctx, id, at)
}

// AppendReceipt implements store.Receipts.
func (o Outside) AppendReceipt(ctx context.Context, r store.ReceiptEntry) (int64, error) {
	return o.conn().AppendReceipt(ctx, r)
}

// ListReceipts implements store.Receipts.
func (o Outside) ListReceipts(ctx context.Context, q store.ReceiptQuery) ([]store.ReceiptEntry, error) {
	return o.conn().ListReceipts(ctx, q)
}

var _ store.Tx = Outside{}

// RecordPublicURL implements store.PublicURLs.
func (o Outside) RecordPublicURL(ctx context.Context, u string, at time.Time) error {
	return o.conn().RecordPublicURL(ctx, u, at)
}

// PublicURL implements store.PublicURLs.
func (o Outside) PublicURL(ctx context.Context) (string, error) {
	return o.conn().PublicURL(ctx)
}

// AppendPin implements store.Pins.
func (o Outside) AppendPin(ctx context.Context, p store.Pin) (store.Pin, error) {
	return o.conn().AppendPin(ctx, p)
}

// LatestPin implements store.Pins.
func (o Outside) LatestPin(ctx context.Context, key string) (store.Pin, error) {
	return o.conn().LatestPin(ctx, key)
}

// RecordSighting implements store.Pins.
func (o Outside) RecordSighting(ctx context.Context, s store.Sighting) (store.Sighting, error) {
	return o.conn().RecordSighting(ctx, s)
}

// LatestSighting implements store.Pins.
func (o Outside) LatestSighting(ctx context.Context, key string) (store.Sighting, error) {
	return o.conn().LatestSighting(ctx, key)
}

// ListPins implements store.Pins.
func (o Outside) ListPins(ctx context.Context) ([]store.Pin, error) {
	return o.conn().ListPins(ctx)
}
