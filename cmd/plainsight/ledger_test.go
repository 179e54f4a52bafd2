package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/internal/testkit/pgtest"
	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/postgres"
	"github.com/plainsight/plainsight/store/sqlite"
	"github.com/plainsight/plainsight/vectors"
)

// submitFlags creates n flags in s through flag.Service and returns their
// ids.
func submitFlags(t *testing.T, s store.Store, n int) []string {
	t.Helper()
	svc := &psflag.Service{Store: s}
	var ins []psflag.SubmissionInput
	for i := range n {
		ins = append(ins, psflag.SubmissionInput{
			Artifact: psflag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"}, Field: fmt.Sprintf("tools[%d].description", i),
			Bytes: []byte(fmt.Sprintf("Reads %d.\u200b", i)), Source: psflag.Submission,
			Actor: psflag.Actor{AccountID: "acc_alice", AgentID: "agt_1", Handle: "alice", KYALevel: 2, Kind: psflag.KindAccount},
		})
	}
	outs, err := svc.SubmitAll(context.Background(), ins)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range outs {
		ids = append(ids, o.FlagIDs()...)
	}
	return ids
}

// plainDB makes a SQLite database holding n flags and no lifecycle step.
func plainDB(t *testing.T, n int) (string, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return path, submitFlags(t, s, n)
}

type verifyJSON struct {
	Intact       bool  `json:"intact"`
	Entries      int64 `json:"entries"`
	Flags        int64 `json:"flags"`
	ProblemCount int64 `json:"problem_count"`
	Problems     []struct {
		Kind   string `json:"kind"`
		FlagID string `json:"flag_id"`
		Seq    int64  `json:"seq"`
		Detail string `json:"detail"`
	} `json:"problems"`
}

func verifyKinds(t *testing.T, db string) (int, verifyJSON, string) {
	t.Helper()
	code, out, errOut := runCmd(t, "", "ledger", "verify", "--db", db, "--format", "json")
	var r verifyJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("ledger verify --format json: exit %d: %v\n%s%s", code, err, out, errOut)
	}
	var ks []string
	for _, p := range r.Problems {
		ks = append(ks, p.Kind)
	}
	return code, r, strings.Join(ks, " ")
}

// The attacks of issue 29's item 3, as raw SQL on a database whose
// append-only triggers the owner has dropped or disabled; each must make
// ledger verify exit 1 naming the problem. On main every one verified
// intact (exit 0).
var ledgerAttacks = []struct {
	name  string
	sql   func(ids []string) string
	kinds string
}{
	{"deleted flag", func(ids []string) string { return `DELETE FROM flags WHERE id = '` + ids[1] + `'` }, "orphan_entry"},
	{"rewritten evidence and actor", func(ids []string) string {
		return `UPDATE flags SET evidence_sha256 = '` + strings.Repeat("0", 64) + `', actor_account_id = 'acc_mallory', actor_handle = 'mallory' WHERE id = '` + ids[0] + `'`
	}, "mismatch"},
	{"rewritten actor", func(ids []string) string {
		return `UPDATE flags SET actor_handle = 'mallory' WHERE id = '` + ids[2] + `'`
	}, "mismatch"},
	{"emptied ledger", func([]string) string { return `DELETE FROM ledger` }, "orphan_flag orphan_flag orphan_flag"},
}

func TestLedgerVerifyCrossCheckSQLite(t *testing.T) {
	for _, a := range ledgerAttacks {
		t.Run(a.name, func(t *testing.T) {
			path, ids := plainDB(t, 3)
			if code, r, ks := verifyKinds(t, path); code != exitClean || !r.Intact || ks != "" {
				t.Fatalf("before: exit %d %+v", code, r)
			}
			s, err := sqlite.Open(context.Background(), path, nil)
			if err != nil {
				t.Fatal(err)
			}
			storetest.DropSQLiteTriggers(t, s.DB())
			if _, err := s.DB().Exec(a.sql(ids)); err != nil {
				t.Fatal(err)
			}
			s.Close()
			code, r, ks := verifyKinds(t, path)
			if code != exitFound || r.Intact || ks != a.kinds {
				t.Errorf("exit %d, kinds %q, want 1 and %q\n%+v", code, ks, a.kinds, r)
			}
			code, out, _ := runCmd(t, "", "ledger", "verify", "--db", path)
			if code != exitFound || !strings.Contains(out, "does NOT vouch") || !strings.Contains(out, strings.Fields(a.kinds)[0]) {
				t.Errorf("text: exit %d\n%s", code, out)
			}
		})
	}
}

// postgresSchemaURL makes a fresh schema in the test database and returns
// the postgres:// URL naming it (search_path), dropped at cleanup.
func postgresSchemaURL(t *testing.T) string {
	t.Helper()
	dsn := pgtest.DSN(t)
	name := pgtest.Schema(t)
	u := postgresURL(t, dsn)
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

func TestLedgerVerifyCrossCheckPostgres(t *testing.T) {
	for _, a := range ledgerAttacks {
		t.Run(a.name, func(t *testing.T) {
			db := postgresSchemaURL(t)
			ctx := context.Background()
			s, err := postgres.Open(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ids := submitFlags(t, s, 3)
			if code, r, ks := verifyKinds(t, db); code != exitClean || !r.Intact || ks != "" {
				t.Fatalf("before: exit %d %+v", code, r)
			}
			for _, q := range []string{`ALTER TABLE flags DISABLE TRIGGER ALL`, `ALTER TABLE ledger DISABLE TRIGGER ALL`, a.sql(ids)} {
				if _, err := s.Pool().Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			code, r, ks := verifyKinds(t, db)
			if code != exitFound || r.Intact || ks != a.kinds {
				t.Errorf("exit %d, kinds %q, want 1 and %q\n%+v", code, ks, a.kinds, r)
			}
		})
	}
}

// TestReadOnlyCopy: ledger verify and flags list read a read-only copy of
// a SQLite database and write nothing to it (issue 29, item 8). The tests
// may run as root, which ignores file modes, so what is checked is that
// the copy's bytes and mtime are unchanged and that no -wal or -shm
// appeared; on main both commands migrated and switched the copy to WAL,
// creating them (and, as another user, failed).
func TestReadOnlyCopy(t *testing.T) {
	src, ids := plainDB(t, 3)
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o755)
	path := filepath.Join(dir, "copy.db")
	if err := os.WriteFile(path, b, 0o444); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(path, old, old)
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })

	code, out, errOut := runCmd(t, "", "ledger", "verify", "--db", path)
	if code != exitClean || !strings.Contains(out, "3 entries, chain intact") || !strings.Contains(out, "3 flags, each anchored") {
		t.Errorf("ledger verify of a read-only copy: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "flags", "list", "--db", path)
	if code != exitClean || !strings.Contains(out, ids[2]) || !strings.Contains(out, "3 flag(s)") {
		t.Errorf("flags list of a read-only copy: exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = runCmd(t, "", "flags", "show", "--db", path, ids[0])
	if code != exitClean {
		t.Errorf("flags show of a read-only copy: exit %d\n%s", code, errOut)
	}
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if !bytes.Equal(got, b) || !fi.ModTime().Equal(old) {
		t.Errorf("the copy changed: bytes equal %v, mtime %v (was %v)", bytes.Equal(got, b), fi.ModTime(), old)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("files beside the copy: %v", names)
	}
}

// TestLedgerVerifyNewerSchema: a read-only command refuses a database a
// newer build migrated (exit 2), and changes nothing.
func TestLedgerVerifyNewerSchema(t *testing.T) {
	path, _ := plainDB(t, 1)
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.DB().Exec(`INSERT INTO plainsight_migrations VALUES (9999)`)
	s.Close()
	code, _, errOut := runCmd(t, "", "ledger", "verify", "--db", path)
	if code != exitError || !strings.Contains(errOut, "newer than this build") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

// TestCrossCheckVectorsCLI runs vectors/flag/ledger_crosscheck.json
// through the command: each vector written into a SQLite file through the
// store's API (with the append-only triggers dropped, as the tampered
// databases they describe were made), then `ledger verify --format json`.
func TestCrossCheckVectorsCLI(t *testing.T) {
	raw, err := fs.ReadFile(vectors.FS(), "flag/ledger_crosscheck.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		TestGroups []struct {
			Tests []struct {
				TcID    int    `json:"tcId"`
				Comment string `json:"comment"`
				Ledger  []struct {
					Seq  int64  `json:"seq"`
					Type string `json:"type"`
					Prev string `json:"prev"`
					Hash string `json:"hash"`
					Body string `json:"body"`
				} `json:"ledger"`
				Registry []psflag.Flag `json:"registry"`
				Result   string        `json:"result"`
				Expected struct {
					ChainIntact bool  `json:"chain_intact"`
					BrokenAt    int64 `json:"broken_at"`
					Problems    []struct {
						Kind   string `json:"kind"`
						FlagID string `json:"flag_id"`
					} `json:"problems"`
				} `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range file.TestGroups {
		for _, v := range g.Tests {
			n++
			t.Run(fmt.Sprintf("#%d", v.TcID), func(t *testing.T) {
				ctx := context.Background()
				path := filepath.Join(t.TempDir(), "v.db")
				s, err := sqlite.Open(ctx, path, nil)
				if err != nil {
					t.Fatal(err)
				}
				storetest.DropSQLiteTriggers(t, s.DB())
				for _, e := range v.Ledger {
					if err := s.AppendLedgerEntry(ctx, store.LedgerEntry{Seq: e.Seq, Type: e.Type, Prev: e.Prev, Hash: e.Hash, Body: []byte(e.Body)}); err != nil {
						t.Fatal(err)
					}
				}
				for _, f := range v.Registry {
					sf := store.Flag{ID: f.ID, Status: store.StatusStanding, Artifact: store.Artifact(f.Artifact), Field: f.Field,
						Class: string(f.FindingClass), EvidenceSHA256: f.Evidence.SHA256, Excerpt: f.Evidence.Excerpt,
						Actor: store.Actor(f.Actor), Source: string(f.Source), Context: f.Context, LedgerSeq: f.LedgerSeq, CreatedAt: f.CreatedAt}
					if err := s.InsertFlag(ctx, sf); err != nil {
						t.Fatal(err)
					}
					if f.Dispute != nil {
						// The row as the vector gives it: the store's API
						// refuses a step without its entry.
						if _, err := s.DB().Exec(`UPDATE flags SET status = ?, dispute_case_id = ?, dispute_case_number = ? WHERE id = ?`,
							string(f.Status), f.Dispute.CaseID, f.Dispute.CaseNumber, f.ID); err != nil {
							t.Fatal(err)
						}
					}
				}
				s.Close()
				code, out, errOut := runCmd(t, "", "ledger", "verify", "--db", path, "--format", "json")
				var r struct {
					Intact   bool  `json:"intact"`
					BrokenAt int64 `json:"broken_at"`
					verifyJSON
				}
				if err := json.Unmarshal([]byte(out), &r); err != nil {
					t.Fatalf("exit %d: %v\n%s%s", code, err, out, errOut)
				}
				wantCode := exitClean
				if v.Result != "valid" {
					wantCode = exitFound
				}
				if code != wantCode || r.Intact != (v.Result == "valid") {
					t.Fatalf("%s: exit %d, want %d\n%s", v.Comment, code, wantCode, out)
				}
				if !v.Expected.ChainIntact {
					if r.BrokenAt != v.Expected.BrokenAt {
						t.Errorf("broken_at %d, want %d", r.BrokenAt, v.Expected.BrokenAt)
					}
					return
				}
				var got, want []string
				for _, p := range r.Problems {
					got = append(got, p.Kind+" "+p.FlagID)
				}
				for _, p := range v.Expected.Problems {
					want = append(want, p.Kind+" "+p.FlagID)
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s: problems %v, want %v", v.Comment, got, want)
				}
			})
		}
	}
	if n < 4 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestLedgerVerifyPin: a head published earlier (--pin SEQ:HASH) holds
// on the ledger it was read from, and shows a rewrite that re-hashes the
// whole chain — which the chain and the cross-check alone cannot.
func TestLedgerVerifyPin(t *testing.T) {
	path, _ := plainDB(t, 3)
	code, out, _ := runCmd(t, "", "ledger", "verify", "--db", path, "--format", "json")
	var r struct {
		HeadHash string `json:"head_hash"`
	}
	if code != exitClean || json.Unmarshal([]byte(out), &r) != nil || len(r.HeadHash) != 64 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	pin := "3:" + r.HeadHash
	if code, out, _ := runCmd(t, "", "ledger", "verify", "--db", path, "--pin", pin); code != exitClean || !strings.Contains(out, "pin: entry 3 has the pinned hash") {
		t.Fatalf("pin on its own ledger: exit %d\n%s", code, out)
	}
	// The owner rewrites the ledger with other times, re-hashing every entry.
	ctx := context.Background()
	s, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var entries []store.LedgerEntry
	s.LedgerEntries(ctx, 1, func(e store.LedgerEntry) error { entries = append(entries, e); return nil })
	if _, err := s.DB().Exec(`DROP TRIGGER ledger_no_delete; DELETE FROM ledger`); err != nil {
		t.Fatal(err)
	}
	prev := ""
	for _, e := range entries {
		d, _ := ledger.Decode(e)
		var data map[string]any
		json.Unmarshal(d.Data, &data)
		body, err := ledger.Body(e.Seq, e.Type, d.At.Add(time.Minute), prev, data)
		if err != nil {
			t.Fatal(err)
		}
		ne := store.LedgerEntry{Seq: e.Seq, Type: e.Type, Prev: prev, Hash: ledger.Hash(body), Body: body}
		if err := s.AppendLedgerEntry(ctx, ne); err != nil {
			t.Fatal(err)
		}
		prev = ne.Hash
	}
	s.Close()
	if code, out, _ := runCmd(t, "", "ledger", "verify", "--db", path); code != exitClean {
		t.Fatalf("the rewritten chain: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "ledger", "verify", "--db", path, "--pin", pin)
	if code != exitFound || !strings.Contains(out, "pin: NOT HELD: entry 3 is") {
		t.Errorf("pin on the rewritten ledger: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"3", "x:" + r.HeadHash, "0:" + r.HeadHash, "3:" + strings.ToUpper(r.HeadHash)} {
		if code, _, _ := runCmd(t, "", "ledger", "verify", "--db", path, "--pin", bad); code != exitError {
			t.Errorf("--pin %s: exit %d, want 2", bad, code)
		}
	}
}
