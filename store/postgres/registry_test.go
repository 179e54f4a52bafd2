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
	if _, err := s.pool.Exec(c, `UPDATE servers SET publisher_status = 'verified'`); err != nil {
		t.Errorf("unclaimed → verified refused: %v", err)
	}
	if _, err := s.pool.Exec(c, `UPDATE servers SET publisher_status = 'unclaimed'`); err == nil {
		t.Errorf("verified → unclaimed accepted, want refused")
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
