package storetest

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

// RawDB is a SQL backend's handle for the raw-SQL attacks of issue 29:
// statements sent straight to the database, past the Go code, as anyone
// holding the database's credentials (but not its owner's) could send
// them. The statements have no placeholders.
type RawDB struct {
	// Postgres tells the dialect: the attacks differ where the SQL does
	// (INSERT OR REPLACE is SQLite's; ON CONFLICT DO UPDATE PostgreSQL's).
	Postgres bool
	// Exec runs one statement on its own.
	Exec func(ctx context.Context, query string) error
	// Tx runs the statements in one transaction and commits it, or stops
	// at the first error, rolls back and returns it.
	Tx func(ctx context.Context, queries ...string) error
	// FlagColumns are the columns a flag's insert writes, comma-separated,
	// as the backend's own insert names them (sqlstore.FlagColumns; the
	// kit lives outside store/ and cannot import store/internal).
	FlagColumns string
}

// blob is the literal of b in the dialect.
func (db RawDB) blob(b []byte) string {
	if db.Postgres {
		return `'\x` + hex.EncodeToString(b) + `'::bytea`
	}
	return `x'` + hex.EncodeToString(b) + `'`
}

// RawAttacks runs the raw-SQL attacks of issue 29 on a SQL backend; open
// returns an empty store and its raw handle. Every attack must be refused
// by the database itself, and change nothing:
//
//   - the forged overturn (item 2): standing → disputed with an invented
//     case, then → overturned, in plain UPDATEs — after which the gate
//     must still hold the flagged bytes;
//   - a step with a forged ledger entry: of another step's type, for
//     another flag, for another case, not the ledger's head, or (on
//     PostgreSQL) written by another transaction;
//   - a flag inserted already overturned;
//   - a revoked API key revived (item 4), with an added scope: INSERT OR
//     REPLACE on SQLite, ON CONFLICT DO UPDATE and DELETE on PostgreSQL;
//   - a receipt entry replaced under its scan id.
func RawAttacks(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	t.Run("ForgedOverturn", func(t *testing.T) { testForgedOverturn(t, open) })
	t.Run("ForgedEntry", func(t *testing.T) { testForgedEntry(t, open) })
	t.Run("InsertOverturned", func(t *testing.T) { testInsertOverturned(t, open) })
	t.Run("RevivedKey", func(t *testing.T) { testRevivedKey(t, open) })
	t.Run("ReplacedReceipt", func(t *testing.T) { testReplacedReceipt(t, open) })
}

// forgery is what the flag attacks start from: alice's held submission.
const forgery = "Reads a file.\u200b"

func heldFlag(t *testing.T, s store.Store) string {
	t.Helper()
	out, err := service(s).Submit(ctx(t), submission(forgery, alice))
	if err != nil || out.Status != flag.Held {
		t.Fatalf("the submission: %+v, %v; want held", out, err)
	}
	return out.Decisions[0].Flag.ID
}

// records is every flag and ledger entry, to show a refused statement
// changed nothing.
func records(t *testing.T, s store.Store) string {
	t.Helper()
	var b strings.Builder
	fs, err := s.ListFlags(ctx(t), store.FlagQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		d := f.Dispute
		f.Dispute = nil
		fmt.Fprintf(&b, "%+v %+v\n", f, d)
	}
	err = s.LedgerEntries(ctx(t), 1, func(e store.LedgerEntry) error {
		fmt.Fprintf(&b, "%d %s %s %s\n", e.Seq, e.Type, e.Prev, e.Hash)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mustRefuse(t *testing.T, s store.Store, name string, run func() error) {
	t.Helper()
	before := records(t, s)
	if err := run(); err == nil {
		t.Errorf("%s: accepted, want refused by the database", name)
	}
	if d := cmp.Diff(before, records(t, s)); d != "" {
		t.Errorf("%s: the refused statements changed the records (-before +after):\n%s", name, d)
	}
}

// gateHolds checks that the forged bytes are still held by flag id.
func gateHolds(t *testing.T, s store.Store, id string) {
	t.Helper()
	out, err := service(s).Submit(ctx(t), submission(forgery, alice))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != flag.Held || len(out.Decisions) != 1 || out.Decisions[0].Flag == nil || out.Decisions[0].Flag.ID != id {
		t.Errorf("the gate after the forgery: %+v; want the bytes held by %s", out, id)
	}
	if _, err := ledger.Verify(ctx(t), s); err != nil {
		t.Error(err)
	}
}

func testForgedOverturn(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	s, db := open(t)
	c := ctx(t)
	id := heldFlag(t, s)
	q := `'` + id + `'`
	dispute := `UPDATE flags SET status = 'disputed', dispute_case_id = 'case_invented', dispute_case_number = 1 WHERE id = ` + q
	overturn := `UPDATE flags SET status = 'overturned' WHERE id = ` + q
	mustRefuse(t, s, "the invented dispute", func() error { return db.Exec(c, dispute) })
	mustRefuse(t, s, "the overturn without a dispute", func() error { return db.Exec(c, overturn) })
	mustRefuse(t, s, "both in one transaction", func() error { return db.Tx(c, dispute, overturn) })
	// Naming the creation's entry, the head, is no better.
	mustRefuse(t, s, "a dispute naming the creation's entry", func() error {
		return db.Exec(c, `UPDATE flags SET status = 'disputed', dispute_case_id = 'case_invented', dispute_case_number = 1,
			lifecycle_seq = ledger_seq WHERE id = `+q)
	})
	gateHolds(t, s, id)
}

// rawEntry is the INSERT of a well-formed ledger entry of typ extending
// the head at seq, prev, and its hash.
func rawEntry(t *testing.T, db RawDB, seq int64, prev, typ string, data map[string]any) (string, string) {
	t.Helper()
	body, err := ledger.Body(seq, typ, t0, prev, data)
	if err != nil {
		t.Fatal(err)
	}
	h := ledger.Hash(body)
	return fmt.Sprintf(`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (%d, '%s', '%s', '%s', %s)`,
		seq, typ, prev, h, db.blob(body)), h
}

func testForgedEntry(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	s, db := open(t)
	c := ctx(t)
	id := heldFlag(t, s)
	f, err := s.Flag(c, id)
	if err != nil {
		t.Fatal(err)
	}
	head, err := s.LedgerHead(c)
	if err != nil {
		t.Fatal(err)
	}
	data := func(flagID, caseID string) map[string]any {
		return map[string]any{"flag_id": flagID, "finding_class": f.Class, "evidence_sha256": f.EvidenceSHA256,
			"artifact": map[string]any{"type": f.Artifact.Type, "ref": f.Artifact.Ref},
			"case_id":  caseID, "case_number": 1, "filed_by": "account:" + f.Actor.AccountID}
	}
	next := head.Seq + 1
	stepAt := func(seq int64) string {
		return fmt.Sprintf(`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_1', dispute_case_number = 1, lifecycle_seq = %d WHERE id = '%s'`, seq, id)
	}
	step := stepAt(next)
	for _, tc := range []struct {
		name, typ      string
		flagID, caseID string
	}{
		{"an entry of another step's type", store.EntryFlagOverturned, id, "case_1"},
		{"an entry of the creation's type", ledger.TypeFlagged, id, "case_1"},
		{"an entry for another flag", store.EntryFlagDisputed, "flg_00000000000000000000", "case_1"},
		{"an entry for another case", store.EntryFlagDisputed, id, "case_2"},
	} {
		ins, _ := rawEntry(t, db, next, head.Hash, tc.typ, data(tc.flagID, tc.caseID))
		mustRefuse(t, s, tc.name, func() error { return db.Tx(c, ins, step) })
	}
	ins, h := rawEntry(t, db, next, head.Hash, store.EntryFlagDisputed, data(id, "case_1"))
	after, _ := rawEntry(t, db, next+1, h, "test.after", map[string]any{})
	mustRefuse(t, s, "an entry that is not the head", func() error { return db.Tx(c, ins, after, step) })
	mustRefuse(t, s, "an entry without the step naming it", func() error {
		return db.Tx(c, ins, fmt.Sprintf(`UPDATE flags SET status = 'disputed', dispute_case_id = 'case_1', dispute_case_number = 1 WHERE id = '%s'`, id))
	})
	if db.Postgres {
		// PostgreSQL checks the transaction too: the entry written and
		// committed first, the step sent after it, is refused.
		if err := db.Exec(c, ins); err != nil {
			t.Fatalf("the entry alone: %v", err)
		}
		mustRefuse(t, s, "a step in another transaction than its entry", func() error { return db.Exec(c, step) })
		next++
		ins, h = rawEntry(t, db, next, h, store.EntryFlagDisputed, data(id, "case_1"))
		step = stepAt(next)
	}
	// The step with its own entry, in one transaction, is what the schema
	// admits: the refusals above are the rule's, not the statements'.
	if err := db.Tx(c, ins, step); err != nil {
		t.Fatalf("the step with its entry: %v", err)
	}
	if got, err := s.Flag(c, id); err != nil || got.Status != store.StatusDisputed || got.LifecycleSeq != next {
		t.Fatalf("after the step with its entry: %+v, %v", got, err)
	}
	// Then an overturn with no entry at all, or with the dispute's.
	mustRefuse(t, s, "an overturn without its entry", func() error {
		return db.Exec(c, `UPDATE flags SET status = 'overturned' WHERE id = '`+id+`'`)
	})
	mustRefuse(t, s, "an overturn naming the dispute's entry", func() error {
		return db.Exec(c, fmt.Sprintf(`UPDATE flags SET status = 'overturned', lifecycle_seq = %d WHERE id = '%s'`, next, id))
	})
	ov, _ := rawEntry(t, db, next+1, h, store.EntryFlagOverturned, data(id, "case_2"))
	mustRefuse(t, s, "an overturn with an entry of another case", func() error {
		return db.Tx(c, ov, fmt.Sprintf(`UPDATE flags SET status = 'overturned', lifecycle_seq = %d WHERE id = '%s'`, next+1, id))
	})
	gateHolds(t, s, id)
}

func testInsertOverturned(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	s, db := open(t)
	c := ctx(t)
	id := heldFlag(t, s)
	if db.FlagColumns == "" {
		t.Fatal("RawDB.FlagColumns is empty: an insert of no columns would be refused for the wrong reason")
	}
	cols := strings.Fields(strings.ReplaceAll(db.FlagColumns, ",", " "))
	sels := make([]string, len(cols))
	for i, col := range cols {
		sels[i] = map[string]string{"id": "'flg_ffffffffffffffffffff'", "status": "'overturned'",
			"dispute_case_id": "'case_x'", "dispute_case_number": "1"}[col]
		if sels[i] == "" {
			sels[i] = col
		}
	}
	sel := strings.Join(sels, ", ")
	mustRefuse(t, s, "a flag inserted overturned", func() error {
		return db.Exec(c, `INSERT INTO flags (`+strings.Join(cols, ", ")+`) SELECT `+sel+` FROM flags WHERE id = '`+id+`'`)
	})
	gateHolds(t, s, id)
}

func testRevivedKey(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	s, db := open(t)
	c := ctx(t)
	SeedAPIKeys(t, s)
	two := apiKey(2)
	keys := func() string {
		var b strings.Builder
		for _, n := range []int{1, 2} {
			k, err := s.APIKeyByHash(c, apiKey(n).Hash)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%+v\n", k)
		}
		return b.String()
	}
	before := keys()
	where := ` FROM api_keys WHERE id = '` + two.ID + `'`
	var attacks []string
	if db.Postgres {
		attacks = []string{
			`INSERT INTO api_keys (id, hash, owner, scopes, label, created_at) SELECT id, hash, owner, array_append(scopes, 'arbitrate'), label, created_at` + where +
				` ON CONFLICT (id) DO UPDATE SET revoked_at = NULL, scopes = EXCLUDED.scopes`,
			`INSERT INTO api_keys (id, hash, owner, scopes, label, created_at) SELECT 'key_revived', hash, owner, array_append(scopes, 'arbitrate'), label, created_at` + where +
				` ON CONFLICT (hash) DO UPDATE SET revoked_at = NULL`,
			`DELETE FROM api_keys WHERE id = '` + two.ID + `'`,
		}
	} else {
		attacks = []string{
			// The reproduction of issue 29: one statement, the key live again
			// with arbitrate added.
			`INSERT OR REPLACE INTO api_keys (n, id, hash, owner, scopes, label, created_at, revoked_at)
				SELECT n, id, hash, owner, 'arbitrate ' || scopes, label, created_at, NULL` + where,
			`INSERT OR REPLACE INTO api_keys (id, hash, owner, scopes, label, created_at)
				SELECT id, hash, owner, 'arbitrate ' || scopes, label, created_at` + where,
			`INSERT OR REPLACE INTO api_keys (id, hash, owner, scopes, label, created_at)
				SELECT 'key_revived', hash, owner, 'arbitrate ' || scopes, label, created_at` + where,
			`REPLACE INTO api_keys (id, hash, owner, scopes, label, created_at)
				SELECT id, 'fresh-hash', owner, scopes, label, created_at` + where,
		}
	}
	for _, q := range attacks {
		if err := db.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := keys(); after != before {
		t.Errorf("the attacks changed the keys:\nbefore %s\nafter  %s", before, after)
	}
	k, err := s.APIKeyByHash(c, two.Hash)
	if err != nil || k.RevokedAt.IsZero() || len(k.Scopes) != 1 {
		t.Errorf("the revoked key after the attacks: %+v, %v; want revoked, its one scope", k, err)
	}
	if _, err := s.APIKeyByHash(c, "fresh-hash"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a key under a new hash: %v, want none", err)
	}
}

func testReplacedReceipt(t *testing.T, open func(t testing.TB) (store.Store, RawDB)) {
	s, db := open(t)
	c := ctx(t)
	SeedReceipts(t, s)
	list := func() string {
		rs, err := s.ListReceipts(c, store.ReceiptQuery{})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%+v", rs)
	}
	before := list()
	cols := `seq, scan_id, who, content_hash, at, engine, verdict, outcome, entry`
	sel := `SELECT (SELECT MAX(seq) + 1 FROM receipts), scan_id, who, content_hash, at, engine, 'malicious', 'block', entry FROM receipts WHERE seq = 1`
	var attacks []string
	if db.Postgres {
		attacks = []string{`INSERT INTO receipts (` + cols + `) ` + sel + ` ON CONFLICT (scan_id) DO UPDATE SET verdict = 'malicious'`}
	} else {
		attacks = []string{`INSERT OR REPLACE INTO receipts (` + cols + `) ` + sel, `REPLACE INTO receipts (` + cols + `) ` + sel}
	}
	for _, q := range attacks {
		if err := db.Exec(c, q); err == nil {
			t.Errorf("%s: accepted, want refused", q)
		}
	}
	if after := list(); after != before {
		t.Errorf("the attacks changed the receipt log:\nbefore %s\nafter  %s", before, after)
	}
}
