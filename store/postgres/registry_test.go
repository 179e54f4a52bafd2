package postgres

import (
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
)

// TestRegistryTriggersRefuseRawSQL: the registry's contracts are the
// schema's, not only the Go code's (see the SQLite backend's twin).
func TestRegistryTriggersRefuseRawSQL(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	url := storetest.SeedRegistry(t, s)
	snapshot := func() string {
		var out string
		if err := s.pool.QueryRow(c, storetest.RegistrySnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	for _, q := range append(storetest.RegistryRawSQL(url),
		`TRUNCATE servers CASCADE`, `TRUNCATE change_events`, `TRUNCATE reviews`, `TRUNCATE fingerprint_versions CASCADE`) {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the records:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := s.pool.Exec(c, `UPDATE servers SET last_checked = '2030-01-01T00:00:00Z'`); err != nil {
		t.Errorf("a later last check refused: %v", err)
	}
	// Migration 7: a claim is unclaimed → verified (claimed's stored
	// spelling) with its account, in one step, once.
	for _, q := range []string{
		`UPDATE servers SET publisher_status = 'verified'`,
		`UPDATE servers SET publisher_account = 'acct_1'`,
	} {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if _, err := s.pool.Exec(c, `UPDATE servers SET publisher_status = 'verified', publisher_account = 'acct_1'`); err != nil {
		t.Errorf("unclaimed → verified with an account refused: %v", err)
	}
	for _, q := range []string{
		`UPDATE servers SET publisher_status = 'unclaimed'`,
		`UPDATE servers SET publisher_status = 'unclaimed', publisher_account = ''`,
		`UPDATE servers SET publisher_account = 'acct_2'`,
	} {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
}

// TestReceiptTriggersRefuseRawSQL: the receipt log is append-only in the
// schema (see the SQLite backend's twin), TRUNCATE included.
func TestReceiptTriggersRefuseRawSQL(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	storetest.SeedReceipts(t, s)
	snapshot := func() string {
		var out string
		if err := s.pool.QueryRow(c, storetest.ReceiptsSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if before == "" {
		t.Fatal("no receipts seeded")
	}
	// Since migration 10 an entry takes the number its session drew last
	// from receipts_seq, not the maximum + 1: in a session that drew
	// none, the maximum + 1 is refused, and so is a number below the one
	// drawn.
	fresh, err := pgx.ConnectConfig(c, s.pool.Config().ConnConfig)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close(c)
	for _, q := range []string{
		`INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
			SELECT (SELECT MAX(seq) + 1 FROM receipts), 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`,
		`INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
			SELECT nextval('receipts_seq') - 2, 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`,
	} {
		if _, err := fresh.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	raw := append(storetest.ReceiptsRawSQL(), `TRUNCATE receipts`)
	for _, q := range raw {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the receipts:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := s.pool.Exec(c, receiptsNextSQL); err != nil {
		t.Errorf("the next entry refused: %v", err)
	}
}

// receiptsNextSQL is storetest.ReceiptsNextSQL with the number drawn as
// migration 10 requires.
const receiptsNextSQL = `INSERT INTO receipts (seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry)
	SELECT plainsight_receipt_seq(), 'new-scan', who, content_hash, at, engine, verdict, outcome, entry FROM receipts WHERE seq = 1`
