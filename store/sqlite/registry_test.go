package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/store/storetest"
)

// TestRegistryTriggersRefuseRawSQL: the registry's contracts (servers never
// deleted, one version step at a time, fingerprint versions, the change
// feed and reviews append-only, reviews bound to a recorded version by a
// verified agent) are the schema's, not only the Go code's.
func TestRegistryTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	url := storetest.SeedRegistry(t, s)
	db := s.DB()
	snapshot := func() string {
		var out string
		if err := db.QueryRowContext(c, storetest.RegistrySnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	for _, q := range storetest.RegistryRawSQL(url) {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the records:\nbefore %s\nafter  %s", before, after)
	}
	// The steps the contract allows pass the triggers.
	if _, err := db.ExecContext(c, `UPDATE servers SET last_checked = '2030-01-01T00:00:00.000000Z'`); err != nil {
		t.Errorf("a later last check refused: %v", err)
	}
	if _, err := db.ExecContext(c, `UPDATE servers SET publisher_status = 'verified'`); err != nil {
		t.Errorf("unclaimed → verified refused: %v", err)
	}
	if _, err := db.ExecContext(c, `UPDATE servers SET publisher_status = 'unclaimed'`); err == nil {
		t.Errorf("verified → unclaimed accepted, want refused")
	}
}
