package sqlite_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

func roFlag(id string, seq int64) store.Flag {
	return store.Flag{ID: id, Status: store.StatusStanding, Artifact: store.Artifact{Type: "external_server", Ref: "https://mcp.example/"},
		Field: "description", Class: "zero_width", EvidenceSHA256: id, Excerpt: "x", Actor: store.Actor{Kind: "anonymous"},
		Source: "submission", LedgerSeq: seq, CreatedAt: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
}

// readOnlyCopy makes a database with two flags, copies its file alone into
// a directory of its own, and makes the copy and the directory read-only;
// it returns the copy's path.
func readOnlyCopy(t *testing.T, edit string) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "src.db")
	s, err := sqlite.Open(context.Background(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"flg_b", "flg_a"} {
		if err := s.InsertFlag(context.Background(), roFlag(id, int64(2-i))); err != nil {
			t.Fatal(err)
		}
	}
	if edit != "" {
		if _, err := s.DB().Exec(edit); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "copy.db")
	if err := os.WriteFile(path, b, 0o444); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(path, old, old)
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	return path
}

// unchanged checks that the copy's bytes and mtime are what they were and
// that no file appeared next to it. The file modes alone do not show it:
// the tests may run as root, which ignores them.
func unchanged(t *testing.T, path string, want []byte, mtime time.Time) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("the file's bytes changed (%v)", err)
	}
	if fi, err := os.Stat(path); err != nil || !fi.ModTime().Equal(mtime) {
		t.Errorf("the file's mtime changed: %v", err)
	}
	es, _ := os.ReadDir(filepath.Dir(path))
	if len(es) != 1 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("files next to the copy: %v", names)
	}
}

// TestOpenReadOnly: a read-only copy is read, nothing is written to it
// (issue 29, item 8), and a write through the Store fails. Open, which
// migrates and switches to WAL, writes the -wal and -shm beside it.
func TestOpenReadOnly(t *testing.T) {
	path := readOnlyCopy(t, "")
	want, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	ctx := context.Background()
	s, err := sqlite.OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := s.ListFlags(ctx, store.FlagQuery{})
	if err != nil || len(fs) != 2 || fs[0].ID != "flg_b" {
		t.Errorf("ListFlags: %v %v", fs, err)
	}
	var order []string
	err = s.FlagsByLedgerSeq(ctx, func(f store.Flag) error { order = append(order, f.ID); return nil })
	if err != nil || len(order) != 2 || order[0] != "flg_a" {
		t.Errorf("FlagsByLedgerSeq: %v %v", order, err)
	}
	if err := s.LedgerEntries(ctx, 1, func(store.LedgerEntry) error { return nil }); err != nil {
		t.Error(err)
	}
	if err := s.InsertFlag(ctx, roFlag("flg_c", 3)); err == nil {
		t.Error("a write to a read-only store succeeded")
	}
	if err := s.Atomic(ctx, func(tx store.Tx) error { return tx.InsertFlag(ctx, roFlag("flg_d", 4)) }); err == nil {
		t.Error("a write in Atomic to a read-only store succeeded")
	}
	s.Close()
	unchanged(t, path, want, fi.ModTime())
}

// TestOpenReadOnlyNewerSchema: a database a newer build migrated is
// refused, and left as it was; an older one is read.
func TestOpenReadOnlyNewerSchema(t *testing.T) {
	path := readOnlyCopy(t, "INSERT INTO plainsight_migrations VALUES (9999)")
	want, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if _, err := sqlite.OpenReadOnly(context.Background(), path, nil); !errors.Is(err, store.ErrSchemaTooNew) {
		t.Errorf("OpenReadOnly of a newer schema: %v", err)
	}
	unchanged(t, path, want, fi.ModTime())

	older := readOnlyCopy(t, "DELETE FROM plainsight_migrations WHERE version > 1")
	s, err := sqlite.OpenReadOnly(context.Background(), older, nil)
	if err != nil {
		t.Fatalf("OpenReadOnly of an older schema: %v", err)
	}
	defer s.Close()
	if fs, err := s.ListFlags(context.Background(), store.FlagQuery{}); err != nil || len(fs) != 2 {
		t.Errorf("ListFlags of an older schema: %v %v", fs, err)
	}
}

// TestOpenReadOnlyLive: a database in use (its -wal there) is read with
// SQLite's locking, transactions still in the log included.
func TestOpenReadOnlyLive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.db")
	ctx := context.Background()
	w := open(t, path)
	if err := w.InsertFlag(ctx, roFlag("flg_a", 1)); err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := w.InsertFlag(ctx, roFlag("flg_b", 2)); err != nil {
		t.Fatal(err)
	}
	if fs, err := s.ListFlags(ctx, store.FlagQuery{}); err != nil || len(fs) != 2 {
		t.Errorf("ListFlags of a live database: %v %v", fs, err)
	}
}
