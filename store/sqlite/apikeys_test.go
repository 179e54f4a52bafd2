package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
)

// TestAPIKeyTriggersRefuseRawSQL: a key is never deleted, and its only
// change is one revocation, in the schema itself (raw SQL, past the Go
// code), as the PostgreSQL backend's twin shows for that one.
func TestAPIKeyTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	storetest.SeedAPIKeys(t, s)
	db := s.DB()
	snapshot := func() string {
		var out string
		if err := db.QueryRowContext(c, storetest.APIKeysSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if before == "" {
		t.Fatal("no keys seeded")
	}
	for _, q := range storetest.APIKeysRawSQL() {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the keys:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := db.ExecContext(c, storetest.APIKeysRevokeSQL); err != nil {
		t.Errorf("revoking the live key refused: %v", err)
	}
}
