package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"github.com/plainsight/plainsight/store"
)

// The flags' and the ledger's reads and the flags' lifecycle step. Their
// inserts and the ledger's head stay in each backend: SQLite sends them
// through its statement cache, PostgreSQL queues them in a transaction
// and pipelines them, tracking the head it has queued.

const (
	// FlagColumns are the columns a flag's insert writes.
	FlagColumns = `id, status, artifact_type, artifact_ref, artifact_label, field, finding_class,
  evidence_sha256, excerpt, actor_account_id, actor_agent_id, actor_handle, actor_kya_level, actor_kind,
  source, context, dispute_case_id, dispute_case_number, ledger_seq, created_at`
	// FlagReadColumns are FlagColumns and lifecycle_seq (migration 6),
	// which an insert leaves at 0.
	FlagReadColumns = FlagColumns + `, lifecycle_seq`

	// The statements of the flags and the ledger, for a backend that
	// prepares them ahead (see also ListFlagsSQL).
	// The steps set lifecycle_seq to the entry recording them, which the
	// schema's trigger checks (migration 6).
	FlagByIDSQL = `SELECT ` + FlagReadColumns + ` FROM flags WHERE id = ?`
	DisputeSQL  = `UPDATE flags SET status = ?, dispute_case_id = ?, dispute_case_number = ?, lifecycle_seq = ?
		WHERE id = ? AND status = ? AND dispute_case_id IS NULL`
	DecideSQL     = `UPDATE flags SET status = ?, lifecycle_seq = ? WHERE id = ? AND status = ?`
	FlagExistsSQL = `SELECT 1 FROM flags WHERE id = ?`
	EntryColumns  = `seq, type, prev, hash, body`
	EntrySQL      = `SELECT ` + EntryColumns + ` FROM ledger WHERE seq = ?`
)

// ScanFlag reads a row of FlagReadColumns.
func ScanFlag(d Dialect, row Row) (store.Flag, error) {
	var f store.Flag
	var caseID sql.NullString
	var caseNum sql.NullInt64
	err := row.Scan(&f.ID, &f.Status, &f.Artifact.Type, &f.Artifact.Ref, &f.Artifact.Label, &f.Field, &f.Class,
		&f.EvidenceSHA256, &f.Excerpt, &f.Actor.AccountID, &f.Actor.AgentID, &f.Actor.Handle, &f.Actor.KYALevel, &f.Actor.Kind,
		&f.Source, &f.Context, &caseID, &caseNum, &f.LedgerSeq, d.ScanTime(&f.CreatedAt), &f.LifecycleSeq)
	if err != nil {
		return f, err
	}
	if caseID.Valid {
		f.Dispute = &store.Dispute{CaseID: caseID.String, CaseNumber: caseNum.Int64}
	}
	return f, nil
}

// Flag implements store.Flags.Flag.
func (c Records) Flag(ctx context.Context, id string) (store.Flag, error) {
	if err := c.Lock(ctx, Chain); err != nil {
		return store.Flag{}, store.Wrap("Flag", err)
	}
	f, err := ScanFlag(c.Conn, c.QueryRow(ctx, FlagByIDSQL, id))
	if isNoRows(err) {
		return f, store.Errorf("Flag", store.ErrNotFound, "flag %q", id)
	}
	return f, store.Wrap("Flag", err)
}

// ListFlagsSQL builds the query of q and its arguments.
func ListFlagsSQL(d Dialect, q *store.FlagQuery) (string, []any) {
	var where []string
	var args []any
	for _, p := range []struct{ col, v string }{
		{"artifact_type", q.ArtifactType}, {"artifact_ref", q.ArtifactRef}, {"field", q.Field},
		{"finding_class", q.Class}, {"evidence_sha256", q.EvidenceSHA256}, {"actor_account_id", q.ActorAccountID},
	} {
		if p.v != "" {
			where = append(where, p.col+" = ?")
			args = append(args, p.v)
		}
	}
	var in string
	if len(q.EvidenceSHA256s) > 0 {
		in, args = d.In("evidence_sha256", q.EvidenceSHA256s, args)
		where = append(where, in)
	}
	if len(q.Statuses) > 0 {
		in, args = d.In("status", q.Statuses, args)
		where = append(where, in)
	}
	query := `SELECT ` + FlagReadColumns + ` FROM flags`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY n LIMIT ? OFFSET ?"
	return query, append(args, q.LimitOrMax(), max(q.Offset, 0))
}

// ListFlags implements store.Flags.ListFlags.
func (c Records) ListFlags(ctx context.Context, q store.FlagQuery) ([]store.Flag, error) {
	if err := c.Lock(ctx, Chain); err != nil {
		return nil, store.Wrap("ListFlags", err)
	}
	if len(q.EvidenceSHA256s) > store.MaxListLimit {
		return nil, store.Errorf("ListFlags", store.ErrInvalid, "more than %d hashes", store.MaxListLimit)
	}
	query, args := ListFlagsSQL(c.Conn, &q)
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, store.Wrap("ListFlags", err)
	}
	defer rows.Close()
	var out []store.Flag
	for rows.Next() {
		f, err := ScanFlag(c.Conn, rows)
		if err != nil {
			return nil, store.Wrap("ListFlags", err)
		}
		out = append(out, f)
	}
	return out, store.Wrap("ListFlags", rows.Err())
}

// FlagsByLedgerSeqSQL selects every flag in the order of
// store.Flags.FlagsByLedgerSeq.
const FlagsByLedgerSeqSQL = `SELECT ` + FlagReadColumns + ` FROM flags ORDER BY ledger_seq, id`

// FlagsByLedgerSeq implements store.Flags.FlagsByLedgerSeq with one
// streamed query: the database sorts, the rows are read one at a time.
func (c Records) FlagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error) error {
	const op = "FlagsByLedgerSeq"
	rows, err := c.Query(ctx, FlagsByLedgerSeqSQL)
	if err != nil {
		return store.Wrap(op, err)
	}
	defer rows.Close()
	for rows.Next() {
		f, err := ScanFlag(c.Conn, rows)
		if err != nil {
			return store.Wrap(op, err)
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return store.Wrap(op, rows.Err())
}

// TransitionFlag implements store.Flags.TransitionFlag.
func (c Records) TransitionFlag(ctx context.Context, t store.Transition) error {
	if err := c.Lock(ctx, Chain); err != nil {
		return store.Wrap("TransitionFlag", err)
	}
	const op = "TransitionFlag"
	if err := store.CheckTransition(op, &t); err != nil {
		return err
	}
	var n int64
	var err error
	if t.Dispute != nil {
		n, err = c.Exec(ctx, DisputeSQL, t.To, t.Dispute.CaseID, t.Dispute.CaseNumber, t.EntrySeq, t.ID, t.From)
	} else {
		n, err = c.Exec(ctx, DecideSQL, t.To, t.EntrySeq, t.ID, t.From)
	}
	if err != nil && c.Class(err) == Refused {
		return &store.Error{Op: op, Kind: store.ErrInvalid, Note: "the schema refused the step: its ledger entry is not the head, or does not record it", Err: err}
	}
	if err != nil {
		return store.Wrap(op, err)
	}
	if n == 1 {
		return nil
	}
	var one int
	err = c.QueryRow(ctx, FlagExistsSQL, t.ID).Scan(&one)
	if isNoRows(err) {
		return store.Errorf(op, store.ErrNotFound, "flag %q", t.ID)
	} else if err != nil {
		return store.Wrap(op, err)
	}
	return store.Errorf(op, store.ErrConflict, "flag %s is not %s", t.ID, t.From)
}

// ScanEntry reads a row of EntryColumns.
func ScanEntry(row Row) (store.LedgerEntry, error) {
	var e store.LedgerEntry
	err := row.Scan(&e.Seq, &e.Type, &e.Prev, &e.Hash, &e.Body)
	return e, err
}

// LedgerEntry implements store.Ledger.LedgerEntry.
func (c Records) LedgerEntry(ctx context.Context, seq int64) (store.LedgerEntry, error) {
	if err := c.Lock(ctx, Chain); err != nil {
		return store.LedgerEntry{}, store.Wrap("LedgerEntry", err)
	}
	e, err := ScanEntry(c.QueryRow(ctx, EntrySQL, seq))
	if isNoRows(err) {
		return e, store.Errorf("LedgerEntry", store.ErrNotFound, "entry %d", seq)
	}
	return e, store.Wrap("LedgerEntry", err)
}
