package postgres

import (
	"context"
	"errors"
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

// TestMigrationGaps: a database that applied migrations 1 and 3 but not 2
// (a build without 0002) gets 2 when this build opens it; one that applied
// a migration this build does not know is refused.
func TestMigrationGaps(t *testing.T) {
	testDSN(t)
	name := schema(t)
	s := openSchema(t, name)
	c := context.Background()
	for _, q := range []string{
		// (Migration 7 extends 2's tables and 8 alters the change feed: they go with 2.)
		`DROP TABLE claim_challenges, reviews, change_events, fingerprint_versions, servers, public_urls CASCADE`,
		`DROP FUNCTION plainsight_servers_insert, plainsight_servers_steps, plainsight_fingerprint_next, plainsight_change_next, plainsight_servers_claim, plainsight_public_url_next`,
		`DELETE FROM plainsight_migrations WHERE version IN (2, 7, 8)`, `UPDATE plainsight_schema SET version = 6`,
	} {
		if _, err := s.pool.Exec(c, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	s.Close()
	s = openSchema(t, name)
	var applied []int
	rows, err := s.pool.Query(c, `SELECT version FROM plainsight_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n int
		rows.Scan(&n)
		applied = append(applied, n)
	}
	rows.Close()
	if len(applied) != 9 || applied[1] != 2 || applied[6] != 7 || applied[7] != 8 || applied[8] != 9 {
		t.Errorf("applied %v, want [1 2 3 4 5 6 7 8 9]", applied)
	}
	if _, err := s.ListServers(c, store.ServerQuery{}); err != nil {
		t.Errorf("migration 2 not applied: %v", err)
	}
	if _, err := s.pool.Exec(c, `INSERT INTO plainsight_migrations VALUES (9999)`); err != nil {
		t.Fatal(err)
	}
	cfg := s.pool.Config()
	if _, err := OpenConfig(c, cfg); !errors.Is(err, store.ErrSchemaTooNew) {
		t.Errorf("unknown migration 9999: %v", err)
	}
}
