package sqlite_test

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/sqlite"
)

// TestTriggersRefuseRawSQL proves the append-only rule is the schema's,
// not only the Go code's: SQL sent straight to the database is refused.
func TestTriggersRefuseRawSQL(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	c := t.Context()
	svc := &flag.Service{Store: s}
	out, err := svc.Submit(c, flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"}, Field: "description",
		Bytes: []byte("a\u200bb"), Actor: flag.Actor{AccountID: "acc_1", Kind: flag.KindAccount}, Source: flag.Submission,
	})
	if err != nil {
		t.Fatal(err)
	}
	id := out.Decisions[0].Flag.ID
	db := s.DB()
	snapshot := func() string {
		var flags, ledger string
		if err := db.QueryRowContext(c, `SELECT group_concat(id || status || excerpt || ifnull(dispute_case_id, '-') || created_at, '|') FROM flags`).Scan(&flags); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRowContext(c, `SELECT group_concat(seq || type || prev || hash || hex(body), '|') FROM ledger`).Scan(&ledger); err != nil {
			t.Fatal(err)
		}
		return flags + "\n" + ledger
	}
	before := snapshot()
	for _, q := range []string{
		`DELETE FROM flags`,
		`DELETE FROM flags WHERE id = '` + id + `'`,
		`UPDATE flags SET excerpt = 'nothing to see'`,
		`UPDATE flags SET evidence_sha256 = 'x'`,
		`UPDATE flags SET created_at = '2000-01-01T00:00:00Z'`,
		`UPDATE flags SET id = 'flg_x'`,
		`UPDATE flags SET status = 'overturned'`,
		`UPDATE flags SET status = 'disputed'`,
		`UPDATE flags SET dispute_case_id = 'case_x'`,
		`UPDATE flags SET status = 'standing', excerpt = 'x'`,
		`INSERT OR REPLACE INTO flags SELECT * FROM flags`,
		`DELETE FROM ledger`,
		`UPDATE ledger SET body = x'00'`,
		`UPDATE ledger SET hash = 'x'`,
		`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (3, 't', '', 'h', x'00')`,
		`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (2, 't', 'not the head', 'h', x'00')`,
		`INSERT OR REPLACE INTO ledger SELECT * FROM ledger`,
	} {
		if _, err := db.ExecContext(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the records:\nbefore %s\nafter  %s", before, after)
	}
	// Since migration 6 not even the lifecycle's own steps pass without
	// their ledger entry (issue 29: the forged overturn); storetest's
	// RawAttacks, run by TestRawAttacks, tries the steps with forged
	// entries, and the one the schema admits.
	for _, q := range []string{
		`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_1', dispute_case_number = 1 WHERE id = ?`,
		`UPDATE flags SET status = 'overturned' WHERE id = ?`,
	} {
		if _, err := db.ExecContext(c, q, id); err == nil {
			t.Errorf("%s: accepted without its ledger entry, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("the refused steps changed the records:\nbefore %s\nafter  %s", before, after)
	}
}

// TestNewerSchemaRefusedUntouched: a database from a newer schema fails to
// open, and its file is left exactly as it was.
func TestNewerSchemaRefusedUntouched(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "newer.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE future (x); PRAGMA user_version = ` + itoa(sqlite.SchemaVersion+1)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sqlite.Open(t.Context(), path, nil)
	if !errors.Is(err, store.ErrSchemaTooNew) {
		t.Fatalf("Open of a newer schema: got %v, want ErrSchemaTooNew", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("the refused database file changed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files beside the database after the refusal: %v", names)
	}
}

// TestReopen: a second Open of a current database migrates nothing and
// keeps the records.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	s := open(t, path)
	svc := &flag.Service{Store: s}
	if _, err := svc.Submit(t.Context(), flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "skill", Ref: "x"}, Field: "SKILL.md", Bytes: []byte("\u202e"),
		Actor: flag.Actor{Kind: flag.KindAnonymous}, Source: flag.Submission,
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2 := open(t, path)
	fs, err := s2.ListFlags(t.Context(), store.FlagQuery{})
	if err != nil || len(fs) != 1 {
		t.Errorf("after reopening: %d flags, %v; want 1", len(fs), err)
	}
}

func itoa(n int) string {
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// TestPathWithURLCharacters: a path holding ?, # and % is a file name,
// not a URI query or fragment.
func TestPathWithURLCharacters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a#b?c%20d")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "p.db")
	open(t, path)
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the database is not where it was asked for: %v", err)
	}
}
