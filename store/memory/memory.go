// Package memory is an in-memory [store.Store], for tests and for embedding
// where nothing needs to outlive the process. It keeps the contracts of
// package store exactly as the SQL backends do (append-only, compare-and-set,
// one live flag per §8 identity, serialized transactions), so the
// conformance suite storetest runs against it unchanged.
//
// # Bounds
//
// Everything is held in memory: a Memory grows with what it stores and
// never shrinks. Listing is a scan of every flag.
//
// # What it does not claim
//
// Nothing survives the process, and there is no trigger below the Go code:
// the append-only rule is the absence of any method that breaks it.
package memory

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/plainsight/plainsight/store"
)

// Memory is an in-memory store. The zero value is not ready; use New. It
// is safe for concurrent use.
type Memory struct {
	mu     sync.RWMutex // guards the maps and slices, one step at a time
	txMu   sync.Mutex   // serializes writers: Atomic, and each write outside it
	closed bool

	flags  []*store.Flag // creation order
	byID   map[string]*store.Flag
	live   map[store.Key]*store.Flag
	ledger []store.LedgerEntry
	r      *registry
	rc     []store.ReceiptEntry // the receipt log, Seq order
	scans  map[string]bool      // the scan ids in rc

	sig  sigState // the Shield method's records (signatures.go)
	keys keyState // the API keys (apikeys.go)
	pins pinState // the pins and sightings (pins.go)
}

var _ store.Store = (*Memory)(nil)

// New returns an empty store.
func New() *Memory {
	// The registry is made here, not on first use: readers hold only the
	// read lock, and two of them must not both create it.
	return &Memory{byID: map[string]*store.Flag{}, live: map[store.Key]*store.Flag{}, r: newRegistry(), sig: newSigState(), keys: newKeyState(), pins: newPinState()}
}

// Close marks the store closed; later calls fail.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

var errClosed = errors.New("memory store is closed")

// Atomic runs fn under the store's write lock; the writes fn made are
// undone when it fails.
func (m *Memory) Atomic(ctx context.Context, fn func(store.Tx) error) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.txMu.Lock()
	defer m.txMu.Unlock()
	tx := &tx{m: m}
	defer func() {
		if p := recover(); p != nil {
			tx.rollback()
			tx.done = true
			panic(p)
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			tx.rollback()
		}
		tx.done = true
	}()
	return fn(tx)
}

// tx is a transaction: the store's methods plus an undo log. Each method
// takes the store's lock for its own step, so reads from outside see the
// transaction's writes before it commits; this backend does not isolate
// reads (the SQL backends do), but the writers are serialized.
type tx struct {
	m    *Memory
	undo []func()
	done bool
}

func (t *tx) rollback() {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	for i := len(t.undo) - 1; i >= 0; i-- {
		t.undo[i]()
	}
	t.undo = nil
}

func (t *tx) check(op string) error {
	if t.done {
		return store.Errorf(op, nil, "transaction used after it ended")
	}
	return nil
}

func (t *tx) InsertFlag(ctx context.Context, f store.Flag) error {
	if err := t.check("InsertFlag"); err != nil {
		return err
	}
	return t.m.insertFlag(&t.undo, f)
}

func (t *tx) Flag(ctx context.Context, id string) (store.Flag, error) {
	if err := t.check("Flag"); err != nil {
		return store.Flag{}, err
	}
	return t.m.Flag(ctx, id)
}

func (t *tx) ListFlags(ctx context.Context, q store.FlagQuery) ([]store.Flag, error) {
	if err := t.check("ListFlags"); err != nil {
		return nil, err
	}
	return t.m.ListFlags(ctx, q)
}

func (t *tx) TransitionFlag(ctx context.Context, tr store.Transition) error {
	if err := t.check("TransitionFlag"); err != nil {
		return err
	}
	return t.m.transition(&t.undo, tr)
}

func (t *tx) FlagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error) error {
	if err := t.check("FlagsByLedgerSeq"); err != nil {
		return err
	}
	return t.m.flagsByLedgerSeq(ctx, fn, false)
}

func (t *tx) LedgerHead(ctx context.Context) (store.LedgerEntry, error) {
	if err := t.check("LedgerHead"); err != nil {
		return store.LedgerEntry{}, err
	}
	return t.m.LedgerHead(ctx)
}

func (t *tx) AppendLedgerEntry(ctx context.Context, e store.LedgerEntry) error {
	if err := t.check("AppendLedgerEntry"); err != nil {
		return err
	}
	return t.m.appendEntry(&t.undo, e)
}

func (t *tx) LedgerEntry(ctx context.Context, seq int64) (store.LedgerEntry, error) {
	if err := t.check("LedgerEntry"); err != nil {
		return store.LedgerEntry{}, err
	}
	return t.m.LedgerEntry(ctx, seq)
}

func (t *tx) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	if err := t.check("LedgerEntries"); err != nil {
		return err
	}
	return t.m.LedgerEntries(ctx, from, fn)
}

// InsertFlag implements store.Flags.
func (m *Memory) InsertFlag(ctx context.Context, f store.Flag) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertFlag(nil, f)
}

func (m *Memory) insertFlag(undo *[]func(), f store.Flag) error {
	const op = "InsertFlag"
	if err := store.CheckFlag(op, &f); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	if _, ok := m.byID[f.ID]; ok {
		return store.Errorf(op, store.ErrDuplicate, "flag id %s", f.ID)
	}
	k := f.Key()
	if _, ok := m.live[k]; ok {
		return store.Errorf(op, store.ErrDuplicate, "a live flag has this identity")
	}
	p := &f
	m.flags = append(m.flags, p)
	m.byID[f.ID] = p
	m.live[k] = p
	if undo != nil {
		*undo = append(*undo, func() {
			m.flags = m.flags[:len(m.flags)-1]
			delete(m.byID, f.ID)
			delete(m.live, k)
		})
	}
	return nil
}

// Flag implements store.Flags.
func (m *Memory) Flag(ctx context.Context, id string) (store.Flag, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.Flag{}, store.Wrap("Flag", errClosed)
	}
	f, ok := m.byID[id]
	if !ok {
		return store.Flag{}, store.Errorf("Flag", store.ErrNotFound, "flag %q", id)
	}
	return clone(f), nil
}

func clone(f *store.Flag) store.Flag {
	c := *f
	if f.Dispute != nil {
		d := *f.Dispute
		c.Dispute = &d
	}
	return c
}

// ListFlags implements store.Flags.
func (m *Memory) ListFlags(ctx context.Context, q store.FlagQuery) ([]store.Flag, error) {
	if len(q.EvidenceSHA256s) > store.MaxListLimit {
		return nil, store.Errorf("ListFlags", store.ErrInvalid, "more than %d hashes", store.MaxListLimit)
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, store.Wrap("ListFlags", errClosed)
	}
	limit := q.LimitOrMax()
	skip := max(q.Offset, 0)
	var out []store.Flag
	for _, f := range m.flags {
		if !match(f, &q) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, clone(f))
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

func match(f *store.Flag, q *store.FlagQuery) bool {
	eq := func(want, got string) bool { return want == "" || want == got }
	return eq(q.ArtifactType, f.Artifact.Type) && eq(q.ArtifactRef, f.Artifact.Ref) &&
		eq(q.Field, f.Field) && eq(q.Class, f.Class) && eq(q.EvidenceSHA256, f.EvidenceSHA256) &&
		eq(q.ActorAccountID, f.Actor.AccountID) &&
		(len(q.EvidenceSHA256s) == 0 || slices.Contains(q.EvidenceSHA256s, f.EvidenceSHA256)) &&
		(len(q.Statuses) == 0 || slices.Contains(q.Statuses, f.Status))
}

// TransitionFlag implements store.Flags.
func (m *Memory) TransitionFlag(ctx context.Context, t store.Transition) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.transition(nil, t)
}

func (m *Memory) transition(undo *[]func(), t store.Transition) error {
	const op = "TransitionFlag"
	if err := store.CheckTransition(op, &t); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	f, ok := m.byID[t.ID]
	if !ok {
		return store.Errorf(op, store.ErrNotFound, "flag %q", t.ID)
	}
	if f.Status != t.From || (t.Dispute != nil && f.Dispute != nil) {
		return store.Errorf(op, store.ErrConflict, "flag %s is %s", t.ID, f.Status)
	}
	caseID := ""
	if t.Dispute != nil {
		caseID = t.Dispute.CaseID
	} else if f.Dispute != nil {
		caseID = f.Dispute.CaseID
	}
	if err := m.checkStepEntry(&t, f, caseID); err != nil {
		return err
	}
	old := clone(f)
	f.Status = t.To
	f.LifecycleSeq = t.EntrySeq
	if t.Dispute != nil {
		d := *t.Dispute
		f.Dispute = &d
	}
	k := f.Key()
	if t.To == store.StatusOverturned {
		delete(m.live, k)
	}
	if undo != nil {
		*undo = append(*undo, func() {
			*f = old
			m.live[k] = f
		})
	}
	return nil
}

// checkStepEntry is the SQL schemas' flags_lifecycle_entry trigger: the
// step's entry is the ledger's head, later than the flag's creation and
// last step, of the step's type, its data naming the flag, its evidence,
// its class and its case. m.mu is held.
func (m *Memory) checkStepEntry(t *store.Transition, f *store.Flag, caseID string) error {
	refuse := func(why string) error {
		return store.Errorf("TransitionFlag", store.ErrInvalid, "the step's ledger entry %s", why)
	}
	n := int64(len(m.ledger))
	if t.EntrySeq != n || n == 0 {
		return refuse("is not the ledger's head")
	}
	if t.EntrySeq <= f.LedgerSeq || t.EntrySeq <= f.LifecycleSeq {
		return refuse("is not later than the flag's last entry")
	}
	e := m.ledger[n-1]
	var body struct {
		Type string `json:"type"`
		Data struct {
			FlagID         *string `json:"flag_id"`
			CaseID         *string `json:"case_id"`
			EvidenceSHA256 *string `json:"evidence_sha256"`
			FindingClass   *string `json:"finding_class"`
		} `json:"data"`
	}
	if err := json.Unmarshal(e.Body, &body); err != nil {
		return refuse("is not JSON")
	}
	d := body.Data
	eq := func(p *string, v string) bool { return p != nil && *p == v }
	if e.Type != t.EntryType() || body.Type != e.Type || !eq(d.FlagID, f.ID) || !eq(d.CaseID, caseID) ||
		!eq(d.EvidenceSHA256, f.EvidenceSHA256) || !eq(d.FindingClass, f.Class) {
		return refuse("does not record this step of this flag")
	}
	return nil
}

// LedgerHead implements store.Ledger.
func (m *Memory) LedgerHead(ctx context.Context) (store.LedgerEntry, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.LedgerEntry{}, store.Wrap("LedgerHead", errClosed)
	}
	if len(m.ledger) == 0 {
		return store.LedgerEntry{}, store.Errorf("LedgerHead", store.ErrNotFound, "empty ledger")
	}
	return m.ledger[len(m.ledger)-1], nil
}

// AppendLedgerEntry implements store.Ledger.
func (m *Memory) AppendLedgerEntry(ctx context.Context, e store.LedgerEntry) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.appendEntry(nil, e)
}

func (m *Memory) appendEntry(undo *[]func(), e store.LedgerEntry) error {
	const op = "AppendLedgerEntry"
	if err := store.CheckLedgerEntry(op, &e); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	var headSeq int64
	var headHash string
	if n := len(m.ledger); n > 0 {
		headSeq, headHash = m.ledger[n-1].Seq, m.ledger[n-1].Hash
	}
	if e.Seq != headSeq+1 || e.Prev != headHash {
		return store.Errorf(op, store.ErrConflict, "entry %d does not extend the head %d", e.Seq, headSeq)
	}
	e.Body = slices.Clone(e.Body)
	m.ledger = append(m.ledger, e)
	if undo != nil {
		*undo = append(*undo, func() { m.ledger = m.ledger[:len(m.ledger)-1] })
	}
	return nil
}

// FlagsByLedgerSeq implements store.Flags. It sorts a copy of the flags
// (they are in memory already) and calls fn without the store's lock held.
// The copy waits for the transaction in flight, if any: this store's
// reads see a transaction's writes before it commits, and a flag's entry
// is appended before the flag, so a copy made mid-transaction could hold
// the entry's flag-less moment.
func (m *Memory) FlagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error) error {
	return m.flagsByLedgerSeq(ctx, fn, true)
}

func (m *Memory) flagsByLedgerSeq(ctx context.Context, fn func(store.Flag) error, outside bool) error {
	if outside {
		m.txMu.Lock()
	}
	m.mu.RLock()
	if m.closed {
		m.mu.RUnlock()
		if outside {
			m.txMu.Unlock()
		}
		return store.Wrap("FlagsByLedgerSeq", errClosed)
	}
	fs := make([]store.Flag, len(m.flags))
	for i, f := range m.flags {
		fs[i] = clone(f)
	}
	m.mu.RUnlock()
	if outside {
		m.txMu.Unlock()
	}
	slices.SortFunc(fs, func(a, b store.Flag) int {
		if c := cmp.Compare(a.LedgerSeq, b.LedgerSeq); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	for _, f := range fs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// LedgerEntry implements store.Ledger.
func (m *Memory) LedgerEntry(ctx context.Context, seq int64) (store.LedgerEntry, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.LedgerEntry{}, store.Wrap("LedgerEntry", errClosed)
	}
	if seq < 1 || seq > int64(len(m.ledger)) {
		return store.LedgerEntry{}, store.Errorf("LedgerEntry", store.ErrNotFound, "entry %d", seq)
	}
	return m.ledger[seq-1], nil
}

// LedgerEntries implements store.Ledger. It reads the entries in chunks so
// that fn runs without the store's lock held.
func (m *Memory) LedgerEntries(ctx context.Context, from int64, fn func(store.LedgerEntry) error) error {
	from = max(from, 1)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		m.mu.RLock()
		if m.closed {
			m.mu.RUnlock()
			return store.Wrap("LedgerEntries", errClosed)
		}
		n := int64(len(m.ledger))
		var chunk []store.LedgerEntry
		if from <= n {
			// A copy: a rolled-back append frees its slot for the next one.
			chunk = slices.Clone(m.ledger[from-1 : min(n, from-1+1024)])
		}
		m.mu.RUnlock()
		if len(chunk) == 0 {
			return nil
		}
		for _, e := range chunk {
			if err := fn(e); err != nil {
				return err
			}
		}
		from += int64(len(chunk))
	}
}
