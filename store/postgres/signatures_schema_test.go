package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
)

// TestSignatureTriggersRefuseRawSQL: the Shield method's records are
// append-only in the schema itself.
func TestSignatureTriggersRefuseRawSQL(t *testing.T) {
	testDSN(t)
	s := openSchema(t, schema(t))
	c := context.Background()
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := s.InsertCandidate(c, store.Candidate{ID: "c1", Status: store.CandidateOpen, Category: "other", SHA256: "ab", Shingles: []uint64{1}, Text: "t", CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertReviewJob(c, store.ReviewJob{ID: "j1", CandidateID: "c1", Agent: "a", Owner: "o", CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendFeedChange(c, store.FeedChange{Kind: store.FeedConfirmed, SignatureID: "c1", At: at}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DELETE FROM signature_candidates`,
		`TRUNCATE signature_candidates CASCADE`,
		`UPDATE signature_candidates SET text = 'x'`,
		`UPDATE signature_candidates SET status = 'retired', note = 'n'`,
		`DELETE FROM review_jobs`,
		`UPDATE review_jobs SET owner = 'x'`,
		`INSERT INTO review_votes (job_id, candidate_id, agent, owner, hostile, at) VALUES ('zz', 'c1', 'a', 'o', true, '')`,
		`INSERT INTO signature_reports (id, candidate_id, owner, agent, received_at, observed_at, source_type, source_domain, category, sha256, shingles, text) VALUES ('r2', 'nope', '', '', '', '', '', '', '', '', '', '')`,
		`UPDATE signature_feed SET note = 'x'`,
		`DELETE FROM signature_feed`,
		`INSERT INTO signature_feed (seq, kind, signature_id, category, sha256, shingles, owners, note, at) VALUES (5, 'retired', 'c1', '', '', '', 0, '', '')`,
	} {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: not refused", q)
		}
	}
	got, err := s.Candidate(c, "c1")
	if err != nil || got.Status != store.CandidateOpen || got.Text != "t" {
		t.Errorf("candidate changed: %+v, %v", got, err)
	}
}
