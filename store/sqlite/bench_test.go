package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
)

func BenchmarkSubmit(b *testing.B) {
	for _, batch := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			storetest.BenchSubmit(b, open(b, filepath.Join(b.TempDir(), "b.db")), batch)
		})
	}
}

func BenchmarkDedup(b *testing.B) {
	for _, n := range storetest.BenchSizes() {
		b.Run(fmt.Sprintf("flags=%d", n), func(b *testing.B) {
			s := open(b, filepath.Join(b.TempDir(), "b.db"))
			// Other flags, written straight to the table (the set-up is not
			// what is measured): distinct hashes, fields and artifacts.
			_, err := s.DB().Exec(`WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?)
				INSERT INTO flags (id, status, artifact_type, artifact_ref, artifact_label, field, finding_class,
				  evidence_sha256, excerpt, actor_account_id, actor_agent_id, actor_handle, actor_kya_level, actor_kind,
				  source, context, ledger_seq, created_at)
				SELECT printf('flg_%020x', n), 'standing', 'external_server', 'https://s' || (n % 1000) || '.example/mcp', '',
				  'tools[' || n || '].description', 'zero_width', printf('%064x', n), 'x', 'acc_' || (n % 97), '', '', 0,
				  'account', 'integrity_refresh', '', n, '2026-12-01T00:00:00.000000Z' FROM i`, n)
			if err != nil {
				b.Fatal(err)
			}
			storetest.BenchDedup(b, s)
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	for _, n := range storetest.BenchSizes() {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			s := open(b, filepath.Join(b.TempDir(), "b.db"))
			tx, err := s.DB().BeginTx(context.Background(), nil)
			if err != nil {
				b.Fatal(err)
			}
			stmt, err := tx.Prepare(`INSERT INTO ledger (seq, type, prev, hash, body) VALUES (?, ?, ?, ?, ?)`)
			if err != nil {
				b.Fatal(err)
			}
			err = storetest.LedgerRows(n, func(e store.LedgerEntry) error {
				_, err := stmt.Exec(e.Seq, e.Type, e.Prev, e.Hash, e.Body)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				b.Fatal(err)
			}
			storetest.BenchVerify(b, s, n)
		})
	}
}

func BenchmarkAppendReceipt(b *testing.B) {
	storetest.BenchAppendReceipt(b, open(b, filepath.Join(b.TempDir(), "b.db")))
}

func BenchmarkListReceipts(b *testing.B) {
	storetest.BenchListReceipts(b, open(b, filepath.Join(b.TempDir(), "b.db")), 10000)
}
