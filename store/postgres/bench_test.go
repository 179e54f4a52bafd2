package postgres

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/plainsight/plainsight/internal/testkit/storetest"
	"github.com/plainsight/plainsight/store"
)

func BenchmarkSubmit(b *testing.B) {
	for _, batch := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			storetest.BenchSubmit(b, openSchema(b, schema(b)), batch)
		})
	}
}

func BenchmarkDedup(b *testing.B) {
	for _, n := range storetest.BenchSizes() {
		b.Run(fmt.Sprintf("flags=%d", n), func(b *testing.B) {
			s := openSchema(b, schema(b))
			// Other flags, written straight to the table (the set-up is not
			// what is measured).
			_, err := s.pool.Exec(context.Background(), `INSERT INTO flags (id, status, artifact_type, artifact_ref,
				  artifact_label, field, finding_class, evidence_sha256, excerpt, actor_account_id, actor_agent_id,
				  actor_handle, actor_kya_level, actor_kind, source, context, ledger_seq, created_at)
				SELECT 'flg_' || lpad(to_hex(n), 20, '0'), 'standing', 'external_server',
				  'https://s' || (n % 1000) || '.example/mcp', '', 'tools[' || n || '].description', 'zero_width',
				  lpad(to_hex(n), 64, '0'), 'x', 'acc_' || (n % 97), '', '', 0, 'account', 'integrity_refresh', '',
				  n, now()
				FROM generate_series(1, $1) AS n`, n)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.pool.Exec(context.Background(), `ANALYZE flags`); err != nil {
				b.Fatal(err)
			}
			storetest.BenchDedup(b, s)
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	for _, n := range storetest.BenchSizes() {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			s := openSchema(b, schema(b))
			ctx := context.Background()
			var rows [][]any
			err := storetest.LedgerRows(n, func(e store.LedgerEntry) error {
				rows = append(rows, []any{e.Seq, e.Type, e.Prev, e.Hash, e.Body})
				if len(rows) == 10000 {
					_, err := s.pool.CopyFrom(ctx, pgx.Identifier{"ledger"}, []string{"seq", "type", "prev", "hash", "body"}, pgx.CopyFromRows(rows))
					rows = rows[:0]
					return err
				}
				return nil
			})
			if err == nil && len(rows) > 0 {
				_, err = s.pool.CopyFrom(ctx, pgx.Identifier{"ledger"}, []string{"seq", "type", "prev", "hash", "body"}, pgx.CopyFromRows(rows))
			}
			if err != nil {
				b.Fatal(err)
			}
			storetest.BenchVerify(b, s, n)
		})
	}
}

func BenchmarkAppendReceipt(b *testing.B) {
	storetest.BenchAppendReceipt(b, openSchema(b, schema(b)))
}

func BenchmarkListReceipts(b *testing.B) {
	storetest.BenchListReceipts(b, openSchema(b, schema(b)), 10000)
}
