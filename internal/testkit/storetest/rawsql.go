package storetest

import (
	"database/sql"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
)

// SeedRegistry fills s with one registered server at version 2 (a change
// event between its versions, then a redirect event), a public URL and
// one review, for the raw-SQL trigger
// tests of the SQL backends; it returns the server's URL.
func SeedRegistry(t testing.TB, s store.Store) string {
	t.Helper()
	c := ctx(t)
	a := register(t, s, 1)
	err := s.Atomic(c, func(tx store.Tx) error {
		if err := tx.InsertFingerprintVersion(c, version(a.URL, 2)); err != nil {
			return err
		}
		if _, err := tx.AppendChangeEvent(c, change(a.URL, 1)); err != nil {
			return err
		}
		if err := tx.AdvanceServer(c, a.URL, 1, r0.Add(time.Hour)); err != nil {
			return err
		}
		if _, err := tx.AppendChangeEvent(c, redirectEvent(a.URL, 2, `[{"from":"https://a.example/","to":"https://b.example/","status":301}]`)); err != nil {
			return err
		}
		if err := tx.RecordPublicURL(c, "https://registry.example", r0); err != nil {
			return err
		}
		return tx.InsertReview(c, store.Review{ID: "rev_1", ServerURL: a.URL, FingerprintVersion: 2, AgentID: "agt_1", KYAVerified: true, Rating: 4, CreatedAt: r0})
	})
	if err != nil {
		t.Fatal(err)
	}
	return a.URL
}

// RegistryRawSQL are statements that break the registry's contracts; the
// SQL backends' schemas must refuse every one (a placeholder-free SQL
// common to SQLite and PostgreSQL). url is the seeded server's.
func RegistryRawSQL(url string) []string {
	q := "'" + url + "'"
	return []string{
		`DELETE FROM servers`,
		`UPDATE servers SET url = 'https://elsewhere.example/'`,
		`UPDATE servers SET slug = 'renamed'`,
		`UPDATE servers SET page_url = 'https://elsewhere.example/page'`,
		`UPDATE servers SET first_seen = last_checked`,
		`UPDATE servers SET version = 1`,
		`UPDATE servers SET version = 3`,
		`UPDATE servers SET version = version + 2`,
		`UPDATE servers SET last_checked = first_seen`,
		`INSERT INTO servers (url, slug, page_url, publisher_status, linked_store_listing, first_seen, last_checked, version)
			SELECT 'https://new.example/', 'new', '', 'unclaimed', '', first_seen, last_checked, 2 FROM servers`,
		`INSERT INTO servers (url, slug, page_url, publisher_status, linked_store_listing, first_seen, last_checked, version)
			SELECT url, 'other', '', 'unclaimed', '', first_seen, last_checked, 1 FROM servers`,
		`DELETE FROM fingerprint_versions`,
		`UPDATE fingerprint_versions SET fingerprint = 'x'`,
		`UPDATE fingerprint_versions SET definitions = definitions || definitions`,
		`INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at)
			SELECT server_url, 4, fingerprint, definitions, recorded_at FROM fingerprint_versions WHERE version = 2`,
		`INSERT INTO fingerprint_versions (server_url, version, fingerprint, definitions, recorded_at)
			SELECT 'https://none.example/', 1, fingerprint, definitions, recorded_at FROM fingerprint_versions WHERE version = 2`,
		`DELETE FROM change_events`,
		`UPDATE change_events SET diff = definitions FROM fingerprint_versions`,
		`UPDATE change_events SET at = at`,
		`UPDATE change_events SET to_version = 3`,
		`INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff)
			SELECT 5, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff FROM change_events`,
		`INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff)
			SELECT 2, server_url, server_name, at, 1, 3, fingerprint_before, fingerprint_after, diff FROM change_events`,
		// Redirect events (issue 28, item 4): no version moves with one, and
		// a change of the definitions has no chain.
		`UPDATE change_events SET redirects = NULL`,
		`UPDATE change_events SET redirects = diff WHERE seq = 1`,
		`INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, redirects)
			SELECT 3, server_url, server_name, at, 2, 3, fingerprint_before, fingerprint_after, diff, redirects FROM change_events WHERE seq = 2`,
		`INSERT INTO change_events (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, redirects)
			SELECT 3, server_url, server_name, at, 2, 2, fingerprint_before, fingerprint_after, diff, NULL FROM change_events WHERE seq = 2`,
		// The public URLs (issue 28, item 5): append-only, in sequence.
		`UPDATE public_urls SET public_url = 'https://elsewhere.example'`,
		`DELETE FROM public_urls`,
		`INSERT INTO public_urls (seq, public_url, at) SELECT 5, public_url, at FROM public_urls`,
		`DELETE FROM reviews`,
		`UPDATE reviews SET rating = 5`,
		`UPDATE reviews SET fingerprint_version = 1`,
		`INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at)
			SELECT 'rev_2', server_url, 2, agent_id, ` + falseSQL + `, rating, created_at FROM reviews`,
		`INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at)
			SELECT 'rev_3', server_url, 9, agent_id, kya_verified, rating, created_at FROM reviews`,
		`INSERT INTO reviews (id, server_url, fingerprint_version, agent_id, kya_verified, rating, created_at)
			SELECT 'rev_4', ` + q + `, 2, agent_id, kya_verified, 0, created_at FROM reviews`,
	}
}

// falseSQL is a false kya_verified that both SQL dialects read.
const falseSQL = `(1 = 0)`

// RegistrySnapshotSQL selects every registry record as one text, to show a
// refused statement changed nothing.
const RegistrySnapshotSQL = `SELECT
  (SELECT COALESCE(string_agg(url || slug || page_url || publisher_status || first_seen || last_checked || version, '|'), '') FROM servers) || '/' ||
  (SELECT COALESCE(string_agg(server_url || version || fingerprint || recorded_at, '|'), '') FROM fingerprint_versions) || '/' ||
  (SELECT COALESCE(string_agg(seq || server_url || at || from_version || to_version || COALESCE(redirects, 'null'), '|'), '') FROM change_events) || '/' ||
  (SELECT COALESCE(string_agg(seq || public_url || at, '|'), '') FROM public_urls) || '/' ||
  (SELECT COALESCE(string_agg(id || server_url || fingerprint_version || rating, '|'), '') FROM reviews)`

// DropSQLiteTriggers drops every trigger of the flags and ledger tables
// of a SQLite database, whatever the migrations added: the owner's attack
// the ledger cross-check must see through (issue 29), and the way to load
// a vector's rows that no lifecycle step makes. Called again, it finds none
// left and does nothing.
func DropSQLiteTriggers(t testing.TB, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('flags', 'ledger')`)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := db.Exec("DROP TRIGGER " + n); err != nil {
			t.Fatal(err)
		}
	}
}
