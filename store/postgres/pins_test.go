package postgres

import (
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
)

// TestPinTriggersRefuseRawSQL: pins and sightings are append-only, each
// version its key's head's next, in the schema (see the SQLite backend's
// twin), TRUNCATE included.
func TestPinTriggersRefuseRawSQL(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	storetest.SeedPins(t, s)
	snapshot := func() string {
		var out string
		if err := s.pool.QueryRow(c, storetest.PinsSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if len(before) < 10 {
		t.Fatalf("nothing seeded: %q", before)
	}
	for _, q := range append(storetest.PinsRawSQL(), `TRUNCATE pins`, `TRUNCATE pin_sightings`) {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the pins:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := s.pool.Exec(c, storetest.PinsAppendSQL); err != nil {
		t.Errorf("appending the next version refused: %v", err)
	}
}
