package postgres

import (
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
)

// TestAPIKeyTriggersRefuseRawSQL: a key is never deleted, and its only
// change is one revocation, in the schema (see the SQLite backend's twin),
// TRUNCATE included.
func TestAPIKeyTriggersRefuseRawSQL(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	storetest.SeedAPIKeys(t, s)
	snapshot := func() string {
		var out string
		if err := s.pool.QueryRow(c, storetest.APIKeysSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if before == "" {
		t.Fatal("no keys seeded")
	}
	for _, q := range append(storetest.APIKeysRawSQL(), `TRUNCATE api_keys`) {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the keys:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := s.pool.Exec(c, storetest.APIKeysRevokeSQL); err != nil {
		t.Errorf("revoking the live key refused: %v", err)
	}
}
