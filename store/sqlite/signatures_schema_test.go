package sqlite_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

// TestSignatureTriggersRefuseRawSQL: the Shield method's records are
// append-only in the schema itself.
func TestSignatureTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := s.InsertCandidate(c, store.Candidate{ID: "c1", Status: store.CandidateOpen, Category: "other", SHA256: "ab", Shingles: []uint64{1}, Text: "t", CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertSignatureReport(c, store.SignatureReport{ID: "r1", CandidateID: "c1", Owner: "o", ReceivedAt: at, ObservedAt: at, Shingles: []uint64{1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertReviewJob(c, store.ReviewJob{ID: "j1", CandidateID: "c1", Agent: "a", Owner: "o", CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertReviewVote(c, store.ReviewVote{JobID: "j1", CandidateID: "c1", Agent: "a", Owner: "o", Hostile: true, At: at}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendFeedChange(c, store.FeedChange{Kind: store.FeedConfirmed, SignatureID: "c1", At: at}); err != nil {
		t.Fatal(err)
	}
	db := s.DB()
	for _, q := range []string{
		`DELETE FROM signature_candidates`,
		`UPDATE signature_candidates SET text = 'x'`,
		`UPDATE signature_candidates SET status = 'retired', note = 'n'`, // open → retired skips confirmation
		`UPDATE signature_candidates SET status = 'open'`,
		`INSERT OR REPLACE INTO signature_candidates (id, status, category, sha256, shingles, text, created_at) VALUES ('c1', 'open', 'o', '', x'', '', '')`,
		`DELETE FROM signature_reports`,
		`UPDATE signature_reports SET text = 'x'`,
		`INSERT INTO signature_reports (id, candidate_id, owner, agent, received_at, observed_at, source_type, source_domain, category, sha256, shingles, text) VALUES ('r2', 'nope', '', '', '', '', '', '', '', '', x'', '')`,
		`DELETE FROM review_jobs`,
		`UPDATE review_votes SET hostile = 0`,
		`DELETE FROM review_votes`,
		`INSERT INTO review_votes (job_id, candidate_id, agent, owner, hostile, at) VALUES ('zz', 'c1', 'a', 'o', 1, '')`,
		`UPDATE signature_feed SET note = 'x'`,
		`DELETE FROM signature_feed`,
		`INSERT INTO signature_feed (seq, kind, signature_id, category, sha256, shingles, owners, note, at) VALUES (5, 'retired', 'c1', '', '', x'', 0, '', '')`,
	} {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: not refused", q)
		}
	}
	got, err := s.Candidate(c, "c1")
	if err != nil || got.Status != store.CandidateOpen || got.Text != "t" {
		t.Errorf("candidate changed: %+v, %v", got, err)
	}
}

// TestMigrationGaps: migration numbers may have gaps, and a lower number
// merged later is still applied. A database that applied 1 and 3 (a build
// without 0002) gets 2 when opened by this build; a database of the old
// runner (PRAGMA user_version 1, no record of each migration) gets 2 and
// 3; a database that applied a migration this build does not know is
// refused.
func TestMigrationGaps(t *testing.T) {
	registryTables := []string{"claim_challenges", "reviews", "change_events", "fingerprint_versions", "servers", "public_urls"}
	signatureTables := []string{"signature_feed", "review_votes", "review_jobs", "signature_reports", "signature_candidates"}
	receiptTables := []string{"receipts"}
	keyTables := []string{"api_keys"}
	pinTables := []string{"pins", "pin_sightings"}
	rewind := func(path string, drop []string, stmts ...string) {
		raw, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		for _, tbl := range drop {
			if _, err := raw.Exec(`DROP TABLE ` + tbl); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range stmts {
			if _, err := raw.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
	}
	applied := func(s *sqlite.Store) (string, int) {
		var a string
		var v int
		s.DB().QueryRow(`SELECT group_concat(version, ',') FROM (SELECT version FROM plainsight_migrations ORDER BY version)`).Scan(&a)
		s.DB().QueryRow(`PRAGMA user_version`).Scan(&v)
		return a, v
	}

	// Applied 1 and 3, not 2 (nor 7, which extends 2's tables).
	path := filepath.Join(t.TempDir(), "gap.db")
	open(t, path).Close()
	// (Migration 8 rebuilds the registry's change feed: it goes with 2.)
	rewind(path, registryTables, `DELETE FROM plainsight_migrations WHERE version IN (2, 7, 8)`, `PRAGMA user_version = 6`)
	s := open(t, path)
	if a, v := applied(s); a != "1,2,3,4,5,6,7,8,9" || v != 9 {
		t.Errorf("after the gap: applied %q, user_version %d", a, v)
	}
	if _, err := s.ListServers(t.Context(), store.ServerQuery{}); err != nil {
		t.Errorf("migration 2 not applied: %v", err)
	}
	s.Close()

	// The old runner's version 1.
	path = filepath.Join(t.TempDir(), "old.db")
	open(t, path).Close()
	rewind(path, append(append(append(append(registryTables, signatureTables...), receiptTables...), keyTables...), pinTables...), `DROP TABLE plainsight_migrations`,
		// Migration 6's part of the flags (its triggers of the keys and
		// receipts went with their tables).
		`DROP TRIGGER flags_lifecycle_entry`, `DROP TRIGGER flags_insert_standing`, `ALTER TABLE flags DROP COLUMN lifecycle_seq`,
		`PRAGMA user_version = 1`)
	s = open(t, path)
	if a, v := applied(s); a != "1,2,3,4,5,6,7,8,9" || v != sqlite.SchemaVersion {
		t.Errorf("old database: applied %q, user_version %d", a, v)
	}
	if _, err := s.FeedChanges(t.Context(), 0, 0); err != nil {
		t.Errorf("migration 3 not applied: %v", err)
	}
	// A migration another build applied and this one does not know.
	if _, err := s.DB().Exec(`INSERT INTO plainsight_migrations VALUES (9999)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := sqlite.Open(t.Context(), path, nil); !errors.Is(err, store.ErrSchemaTooNew) {
		t.Errorf("unknown migration 9999: %v", err)
	}
}
