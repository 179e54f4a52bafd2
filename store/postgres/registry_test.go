package postgres

import (
	"testing"

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
	for _, q := range append(storetest.ReceiptsRawSQL(), `TRUNCATE receipts`) {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the receipts:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := s.pool.Exec(c, storetest.ReceiptsNextSQL); err != nil {
		t.Errorf("the next entry refused: %v", err)
	}
}
