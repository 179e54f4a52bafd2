package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
)

// TestPinTriggersRefuseRawSQL: pins and sightings are append-only, each
// version its key's head's next, in the schema itself (raw SQL, past the
// Go code), INSERT OR REPLACE included; the PostgreSQL backend's twin
// shows the same for that one.
func TestPinTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	storetest.SeedPins(t, s)
	db := s.DB()
	snapshot := func() string {
		var out string
		if err := db.QueryRowContext(c, storetest.PinsSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if len(before) < 10 {
		t.Fatalf("nothing seeded: %q", before)
	}
	for _, q := range append(storetest.PinsRawSQL(), storetest.PinsSQLiteRawSQL()...) {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the pins:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := db.ExecContext(c, storetest.PinsAppendSQL); err != nil {
		t.Errorf("appending the next version refused: %v", err)
	}
}
