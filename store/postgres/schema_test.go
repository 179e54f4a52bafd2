package postgres

import (
	"context"
	"errors"
	"testing"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

func submitOne(t *testing.T, s store.Store, text string) string {
	t.Helper()
	out, err := (&flag.Service{Store: s}).Submit(t.Context(), flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"}, Field: "description",
		Bytes: []byte(text), Actor: flag.Actor{AccountID: "acc_1", Kind: flag.KindAccount}, Source: flag.Submission,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Decisions[0].Flag.ID
}

// TestTriggersRefuseRawSQL proves the append-only rule is the schema's:
// SQL sent straight to the database is refused.
func TestTriggersRefuseRawSQL(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	id := submitOne(t, s, "a\u200bb")
	snapshot := func() string {
		var flags, ledger string
		if err := s.pool.QueryRow(c, `SELECT string_agg(id || status || excerpt || coalesce(dispute_case_id, '-') || created_at::text, '|') FROM flags`).Scan(&flags); err != nil {
			t.Fatal(err)
		}
		if err := s.pool.QueryRow(c, `SELECT string_agg(seq || type || prev || hash || encode(body, 'hex'), '|') FROM ledger`).Scan(&ledger); err != nil {
			t.Fatal(err)
		}
		return flags + "\n" + ledger
	}
	before := snapshot()
	for _, q := range []string{
		`DELETE FROM flags`,
		`DELETE FROM flags WHERE id = '` + id + `'`,
		`TRUNCATE flags`,
		`UPDATE flags SET excerpt = 'nothing to see'`,
		`UPDATE flags SET evidence_sha256 = 'x'`,
		`UPDATE flags SET created_at = now()`,
		`UPDATE flags SET id = 'flg_x'`,
		`UPDATE flags SET status = 'overturned'`,
		`UPDATE flags SET status = 'disputed'`,
		`UPDATE flags SET dispute_case_id = 'case_x'`,
		`UPDATE flags SET status = 'disputed', dispute_case_id = 'c', excerpt = 'x'`,
		`INSERT INTO flags (` + sqlstore.FlagColumns + `) SELECT ` + sqlstore.FlagColumns + ` FROM flags ON CONFLICT (id) DO UPDATE SET excerpt = 'x'`,
		`DELETE FROM ledger`,
		`TRUNCATE ledger`,
		`UPDATE ledger SET body = '\x00'`,
		`UPDATE ledger SET hash = 'x'`,
		`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (3, 't', '', 'h', '\x00')`,
		`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (2, 't', 'not the head', 'h', '\x00')`,
		`INSERT INTO ledger SELECT * FROM ledger ON CONFLICT (seq) DO UPDATE SET body = '\x00'`,
	} {
		if _, err := s.pool.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("raw SQL changed the records:\nbefore %s\nafter  %s", before, after)
	}
	// Since migration 6 not even the lifecycle's own steps pass without
	// their ledger entry (issue 29: the forged overturn); see
	// TestRawAttacks for forged entries and the step the schema admits.
	for _, q := range []string{
		`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_1', dispute_case_number = 1 WHERE id = $1`,
		`UPDATE flags SET status = 'overturned' WHERE id = $1`,
	} {
		if _, err := s.pool.Exec(c, q, id); err == nil {
			t.Errorf("%s: accepted without its ledger entry, want refused", q)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("the refused steps changed the records:\nbefore %s\nafter  %s", before, after)
	}
}

// TestNewerSchemaRefusedUntouched: a database from a newer schema fails to
// open and is left as it was.
func TestNewerSchemaRefusedUntouched(t *testing.T) {
	name := schema(t)
	s := openSchema(t, name)
	if _, err := s.pool.Exec(t.Context(), `UPDATE plainsight_schema SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	count := func() (n int) {
		s.pool.QueryRow(t.Context(), `SELECT count(*) FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace WHERE ns.nspname = $1`, name).Scan(&n)
		return n
	}
	before := count()
	cfg := s.pool.Config()
	_, err := OpenConfig(context.Background(), cfg)
	if !errors.Is(err, store.ErrSchemaTooNew) {
		t.Fatalf("Open of a newer schema: got %v, want ErrSchemaTooNew", err)
	}
	var v int
	if err := s.pool.QueryRow(t.Context(), `SELECT version FROM plainsight_schema`).Scan(&v); err != nil || v != SchemaVersion+1 {
		t.Errorf("schema version after the refusal: %d, %v; want %d", v, err, SchemaVersion+1)
	}
	if after := count(); after != before {
		t.Errorf("relations in the schema: %d before, %d after the refusal", before, after)
	}
}

// TestConnectionCutMidTransaction: a transaction whose connection is
// killed before it commits leaves no half-written flag or entry.
func TestConnectionCutMidTransaction(t *testing.T) {
	s := openSchema(t, schema(t))
	c := t.Context()
	err := s.Atomic(c, func(tx store.Tx) error {
		if err := tx.AppendLedgerEntry(c, store.LedgerEntry{Seq: 1, Type: "t", Hash: "h", Body: []byte("{}")}); err != nil {
			return err
		}
		f := store.Flag{ID: "flg_cut", Status: store.StatusStanding, Artifact: store.Artifact{Type: "a", Ref: "r"},
			Field: "f", Class: "zero_width", EvidenceSHA256: "e", Actor: store.Actor{Kind: "anonymous"}, Source: "submission", LedgerSeq: 1}
		if err := tx.InsertFlag(c, f); err != nil {
			return err
		}
		var pid int
		if err := tx.(*conn).q.QueryRow(c, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			return err
		}
		// Another connection kills this one, as a network cut or a crash
		// of the instance would.
		if _, err := s.pool.Exec(c, `SELECT pg_terminate_backend($1)`, pid); err != nil {
			t.Fatal(err)
		}
		return nil
	})
	if err == nil {
		t.Fatal("the transaction committed over a killed connection")
	}
	if _, err := s.Flag(c, "flg_cut"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("flag after the cut: got %v, want ErrNotFound", err)
	}
	if _, err := s.LedgerHead(c); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ledger after the cut: got %v, want empty", err)
	}
}
