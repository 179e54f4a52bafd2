package sqlite_test

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
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
	// Migration 7: a claim is unclaimed → verified (claimed's stored
	// spelling) with its account, in one step, once.
	for _, q := range []string{
		`UPDATE servers SET publisher_status = 'verified'`,
		`UPDATE servers SET publisher_account = 'acct_1'`,
	} {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if _, err := db.ExecContext(c, `UPDATE servers SET publisher_status = 'verified', publisher_account = 'acct_1'`); err != nil {
		t.Errorf("unclaimed → verified with an account refused: %v", err)
	}
	for _, q := range []string{
		`UPDATE servers SET publisher_status = 'unclaimed'`,
		`UPDATE servers SET publisher_status = 'unclaimed', publisher_account = ''`,
		`UPDATE servers SET publisher_account = 'acct_2'`,
	} {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
}

// TestReceiptTriggersRefuseRawSQL: the receipt log is append-only in the
// schema, not only in the Go code: no UPDATE, no DELETE, no entry out of
// sequence, one entry per scan id.
func TestReceiptTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	storetest.SeedReceipts(t, s)
	db := s.DB()
	snapshot := func() string {
		var out string
		if err := db.QueryRowContext(c, storetest.ReceiptsSnapshotSQL).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := snapshot()
	if before == "" {
		t.Fatal("no receipts seeded")
	}
	for _, q := range storetest.ReceiptsRawSQL() {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the receipts:\nbefore %s\nafter  %s", before, after)
	}
	// The next entry in sequence passes the triggers.
	if _, err := db.ExecContext(c, storetest.ReceiptsNextSQL); err != nil {
		t.Errorf("the next entry refused: %v", err)
	}
}

// TestPreparedWhileTxWaits: a write outside a transaction that prepares a
// statement waits for the writing connection, which a transaction holds;
// the transaction must still get its own statements. It deadlocked when
// the statement cache was locked while preparing (two concurrent registry
// refreshes, one marking a check, the other inside its transaction).
func TestPreparedWhileTxWaits(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	url := storetest.SeedRegistry(t, s)
	inTx, writerStarted := make(chan struct{}), make(chan struct{})
	done := make(chan error, 2)
	go func() {
		done <- s.Atomic(c, func(tx store.Tx) error {
			close(inTx)
			<-writerStarted
			time.Sleep(100 * time.Millisecond) // the writer is waiting for the connection by now
			_, err := tx.Server(c, url)
			return err
		})
	}()
	go func() {
		<-inTx
		close(writerStarted)
		now := time.Now()
		done <- s.MarkChecked(c, url, time.Time{}, now)
	}()
	for range 2 {
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, store.ErrConflict) {
				t.Fatal(err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("deadlock: the transaction waits for the statement cache, the cache for the transaction's connection")
		}
	}
}
