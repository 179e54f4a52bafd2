package flag

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store"
)

// The kinds of a Problem.
const (
	// ProblemOrphanFlag: a flag no security.flagged entry anchors — its
	// ledger_seq names no entry, an entry of another type, or an entry
	// naming another flag.
	ProblemOrphanFlag = "orphan_flag"
	// ProblemOrphanEntry: an entry naming a flag that is not in the
	// registry (a security.flagged entry whose flag is gone, or a
	// lifecycle entry naming no flag).
	ProblemOrphanEntry = "orphan_entry"
	// ProblemMismatch: a flag and its entries disagree (a member of the
	// entry, the record hash, or the status and dispute its lifecycle
	// entries imply).
	ProblemMismatch = "mismatch"
	// ProblemUnanchoredTransition: a flag is in a lifecycle state (disputed,
	// decided, overturned) that no lifecycle entry records.
	ProblemUnanchoredTransition = "unanchored_transition"
	// ProblemInvalidTransition: a lifecycle entry records a step the
	// lifecycle standing → disputed → (overturned | standing) does not
	// allow from the state the earlier entries imply.
	ProblemInvalidTransition = "invalid_transition"
)

// DefaultMaxProblems is the number of problems a CrossCheck keeps when
// VerifyOptions.MaxProblems is zero.
const DefaultMaxProblems = 100

// LedgerStore is what VerifyLedger reads: the flags and the ledger.
type LedgerStore interface {
	store.Flags
	store.Ledger
}

// VerifyOptions configures VerifyLedger. The zero value is the default.
type VerifyOptions struct {
	// MaxProblems is how many problems the report keeps (all are
	// counted); DefaultMaxProblems when zero.
	MaxProblems int
}

// Problem is one disagreement between the flags and the ledger.
type Problem struct {
	Kind   string `json:"kind"`              // one of the Problem* kinds
	FlagID string `json:"flag_id,omitempty"` // the flag concerned, when one is named
	Seq    int64  `json:"seq,omitempty"`     // the ledger entry concerned, when there is one
	Detail string `json:"detail"`            // what does not hold, for people
}

// CrossCheck is what VerifyLedger found.
type CrossCheck struct {
	// Chain is the walk of the hash chain (ledger.VerifyEach).
	Chain ledger.Report `json:"chain"`
	// Flags is the number of flags read.
	Flags int64 `json:"flags"`
	// Unsealed counts the flags whose security.flagged entry has no
	// record_sha256 (written before entries carried it): for them the
	// ledger vouches for the id, class, evidence hash and artifact only.
	Unsealed int64 `json:"unsealed"`
	// ProblemCount is the number of problems found; Problems the first
	// MaxProblems of them, in ledger order (the flags' lifecycle
	// disagreements last, in the order of their flags' ledger_seq).
	ProblemCount int64     `json:"problem_count"`
	Problems     []Problem `json:"problems"`
}

// Intact reports whether the cross-check found no problem.
func (c *CrossCheck) Intact() bool { return c.ProblemCount == 0 }

// lifeState is a flag's lifecycle state: its status and its dispute case.
type lifeState struct {
	status string
	caseID string
	caseNo int64
	cased  bool
}

func (s lifeState) String() string {
	if !s.cased {
		return s.status + " with no dispute"
	}
	return fmt.Sprintf("%s with case %s (number %d)", s.status, s.caseID, s.caseNo)
}

// tracked is a flag whose row is not standing with no dispute, or that a
// lifecycle entry names: its row, and the state its entries imply.
type tracked struct {
	seq      int64 // the row's ledger_seq
	row      lifeState
	implied  lifeState
	disputed bool // a security.flag_disputed entry was seen
}

// entryData is the data of a security.* entry of §8 and issue 29.
type entryData struct {
	FlagID         *string `json:"flag_id"`
	FindingClass   *string `json:"finding_class"`
	EvidenceSHA256 *string `json:"evidence_sha256"`
	Artifact       *struct {
		Type  *string `json:"type"`
		Ref   *string `json:"ref"`
		Label *string `json:"label"`
	} `json:"artifact"`
	RecordSHA256 *string `json:"record_sha256"`
	CaseID       *string `json:"case_id"`
	CaseNumber   *int64  `json:"case_number"`
}

type checker struct {
	ctx     context.Context
	s       LedgerStore
	max     int
	head    int64 // the head when the walk began: entries after it are not cross-checked
	out     CrossCheck
	next    func() (store.Flag, error, bool)
	cur     *store.Flag
	tracked map[string]*tracked
}

func (c *checker) report(kind, id string, seq int64, format string, args ...any) {
	c.out.ProblemCount++
	if len(c.out.Problems) < c.max {
		c.out.Problems = append(c.out.Problems, Problem{Kind: kind, FlagID: id, Seq: seq, Detail: fmt.Sprintf(format, args...)})
	}
}

// VerifyLedger walks the hash chain (ledger.VerifyEach) and cross-checks
// every flag against the entries that anchor it, reporting orphans both
// ways (issue 29, §8):
//
//   - every flag has, at its ledger_seq, a security.flagged entry whose
//     flag_id, finding_class, evidence_sha256 and artifact are the flag's,
//     and whose record_sha256, when present, is RecordSHA256 of the flag;
//     otherwise it is an orphan flag (no such entry) or a mismatch;
//   - every security.flagged entry has its flag (a deleted flag leaves an
//     orphan entry);
//   - a flag's status and dispute are what its lifecycle entries imply, in
//     ledger order: none → standing with no dispute;
//     security.flag_disputed → disputed with its case; then
//     security.flag_upheld → standing with that case, or
//     security.flag_overturned → overturned with that case. A state no
//     entry records is an unanchored transition (a flag disputed or
//     decided in a database written before the dispute and upheld entries
//     existed is one), a step the lifecycle does not allow an invalid
//     transition, an entry naming no flag an orphan entry. A
//     security.flag_overturned entry with no dispute entry before it is
//     reported as an unanchored transition (the dispute) and still read as
//     the overturn.
//
// A broken chain is returned as a *ledger.BrokenError with the report so
// far; a store error as is. Problems are not errors: the report lists the
// first MaxProblems and counts them all.
//
// Memory: VerifyLedger merges two streams, the entries in seq order and
// the flags in ledger_seq order (store.Flags.FlagsByLedgerSeq), and holds
// one of each, the problems it keeps, and one small record (the flag's
// id and two lifecycle states) per flag that is disputed or decided or
// that a lifecycle entry names — not one per flag.
//
// Connections: the two streams are read at once, and flags and entries
// are looked up while they are open, so a backend that holds a connection
// per open stream needs three (sqlite.Options.MaxReaders; the PostgreSQL
// backend reads both in pages and needs one).
//
// Concurrent writers: entries after the head read at the start are
// chain-checked but not cross-checked, and flags anchored after it are
// checked against their entry alone. A lifecycle step committed while the
// walk runs can make a flag's row newer than the entries read; when the
// walk found problems and the head moved meanwhile, VerifyLedger walks
// again, up to three times, and reports the last walk.
func VerifyLedger(ctx context.Context, s LedgerStore, opts *VerifyOptions) (CrossCheck, error) {
	var o VerifyOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxProblems <= 0 {
		o.MaxProblems = DefaultMaxProblems
	}
	var out CrossCheck
	var err error
	for range 3 {
		var head, after store.LedgerEntry
		if head, err = headEntry(ctx, s); err != nil {
			return CrossCheck{}, err
		}
		out, err = verifyOnce(ctx, s, o.MaxProblems, head.Seq)
		if err != nil || out.Intact() {
			return out, err
		}
		if after, err = headEntry(ctx, s); err != nil {
			return CrossCheck{}, err
		}
		if after.Seq == head.Seq && after.Hash == head.Hash {
			break
		}
	}
	return out, err
}

// headEntry returns the ledger's head, the zero entry when it is empty.
func headEntry(ctx context.Context, s store.Ledger) (store.LedgerEntry, error) {
	h, err := s.LedgerHead(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return store.LedgerEntry{}, nil
	}
	return h, err
}

func verifyOnce(ctx context.Context, s LedgerStore, maxProblems int, head int64) (CrossCheck, error) {
	c := &checker{ctx: ctx, s: s, max: maxProblems, head: head, tracked: map[string]*tracked{}}
	c.out.Problems = []Problem{}
	next, stop := iter.Pull2(iter.Seq2[store.Flag, error](func(yield func(store.Flag, error) bool) {
		err := s.FlagsByLedgerSeq(ctx, func(f store.Flag) error {
			if !yield(f, nil) {
				return errStopWalk
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStopWalk) {
			yield(store.Flag{}, err)
		}
	}))
	defer stop()
	c.next = next
	if err := c.advance(); err != nil {
		return c.out, err
	}
	var err error
	c.out.Chain, err = ledger.VerifyEach(ctx, s, c.entry)
	if err != nil {
		return c.out, err
	}
	// The flags anchored at or before the head that no entry took.
	for c.cur != nil && c.cur.LedgerSeq <= head {
		c.orphanFlag(c.cur)
		if err := c.advance(); err != nil {
			return c.out, err
		}
	}
	// The flags anchored after the head: created during the walk, or
	// naming an entry that does not exist.
	for c.cur != nil {
		if err := c.checkLate(c.cur); err != nil {
			return c.out, err
		}
		if err := c.advance(); err != nil {
			return c.out, err
		}
	}
	c.finishLifecycle()
	return c.out, nil
}

var errStopWalk = errors.New("flag: stop")

// advance reads the next flag into c.cur (nil at the end), counting it and
// tracking its lifecycle when it is not standing with no dispute.
func (c *checker) advance() error {
	f, err, ok := c.next()
	if !ok {
		c.cur = nil
		return nil
	}
	if err != nil {
		return err
	}
	c.out.Flags++
	if f.LedgerSeq <= c.head && (f.Status != store.StatusStanding || f.Dispute != nil) {
		c.track(&f)
	}
	c.cur = &f
	return nil
}

func rowState(f *store.Flag) lifeState {
	st := lifeState{status: f.Status}
	if f.Dispute != nil {
		st.cased, st.caseID, st.caseNo = true, f.Dispute.CaseID, f.Dispute.CaseNumber
	}
	return st
}

func (c *checker) track(f *store.Flag) *tracked {
	t, ok := c.tracked[f.ID]
	if !ok {
		t = &tracked{seq: f.LedgerSeq, row: rowState(f), implied: lifeState{status: store.StatusStanding}}
		c.tracked[f.ID] = t
	}
	return t
}

func (c *checker) orphanFlag(f *store.Flag) {
	switch {
	case f.LedgerSeq <= 0:
		c.report(ProblemOrphanFlag, f.ID, 0, "the flag names no ledger entry (ledger_seq %d)", f.LedgerSeq)
	default:
		c.report(ProblemOrphanFlag, f.ID, f.LedgerSeq, "entry %d is not a security.flagged entry naming this flag", f.LedgerSeq)
	}
}

// entry is the ledger walk's callback: the merge step for one entry.
func (c *checker) entry(e store.LedgerEntry) error {
	if e.Seq > c.head {
		return nil
	}
	for c.cur != nil && c.cur.LedgerSeq < e.Seq {
		c.orphanFlag(c.cur)
		if err := c.advance(); err != nil {
			return err
		}
	}
	switch e.Type {
	case ledger.TypeFlagged:
		d, err := decodeData(e)
		if err != nil || d.FlagID == nil {
			c.report(ProblemMismatch, "", e.Seq, "the security.flagged entry's data has no flag_id")
			return nil
		}
		matched := false
		for c.cur != nil && c.cur.LedgerSeq == e.Seq {
			if !matched && c.cur.ID == *d.FlagID {
				matched = true
				c.compareCreation(c.cur, e.Seq, d)
			} else {
				c.report(ProblemOrphanFlag, c.cur.ID, e.Seq, "entry %d anchors flag %s, not this one", e.Seq, *d.FlagID)
			}
			if err := c.advance(); err != nil {
				return err
			}
		}
		if !matched {
			c.report(ProblemOrphanEntry, *d.FlagID, e.Seq, "no flag %s anchored at entry %d", *d.FlagID, e.Seq)
		}
	case ledger.TypeFlagDisputed, ledger.TypeFlagUpheld, ledger.TypeFlagOverturned:
		return c.lifecycle(e)
	}
	return nil
}

// decodeData decodes an entry's data (the chain walk has checked its
// hash and its seq, type and prev members already).
func decodeData(e store.LedgerEntry) (entryData, error) {
	var b struct {
		Data entryData `json:"data"`
	}
	err := json.Unmarshal(e.Body, &b)
	return b.Data, err
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// sameIdentity lists the members of d (flag_id aside) that are not f's.
func sameIdentity(f *store.Flag, d *entryData) []string {
	var bad []string
	if str(d.FindingClass) != f.Class || d.FindingClass == nil {
		bad = append(bad, "finding_class")
	}
	if str(d.EvidenceSHA256) != f.EvidenceSHA256 || d.EvidenceSHA256 == nil {
		bad = append(bad, "evidence_sha256")
	}
	if d.Artifact == nil || d.Artifact.Type == nil || d.Artifact.Ref == nil ||
		*d.Artifact.Type != f.Artifact.Type || *d.Artifact.Ref != f.Artifact.Ref || str(d.Artifact.Label) != f.Artifact.Label ||
		(d.Artifact.Label != nil && *d.Artifact.Label == "") {
		bad = append(bad, "artifact")
	}
	return bad
}

func (c *checker) compareCreation(f *store.Flag, seq int64, d entryData) {
	bad := sameIdentity(f, &d)
	if d.RecordSHA256 == nil {
		c.out.Unsealed++
	} else {
		ff := fromStore(f)
		rec, err := RecordSHA256(&ff)
		if err != nil || rec != *d.RecordSHA256 {
			bad = append(bad, "record_sha256 (the actor, field, excerpt, source, context or created_at)")
		}
	}
	if len(bad) > 0 {
		c.report(ProblemMismatch, f.ID, seq, "the flag differs from its security.flagged entry %d in %s", seq, strings.Join(bad, ", "))
	}
}

// lifecycle applies one lifecycle entry to the state of the flag it names.
func (c *checker) lifecycle(e store.LedgerEntry) error {
	d, err := decodeData(e)
	if err != nil || d.FlagID == nil || d.CaseID == nil || d.CaseNumber == nil {
		c.report(ProblemMismatch, "", e.Seq, "the %s entry's data lacks flag_id, case_id or case_number", e.Type)
		return nil
	}
	id := *d.FlagID
	// A look-up per lifecycle entry (there are few): the identity members
	// are checked against the row, and a flag not tracked yet is found.
	f, err := c.s.Flag(c.ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		c.report(ProblemOrphanEntry, id, e.Seq, "the %s entry names flag %s, which does not exist", e.Type, id)
		return nil
	case err != nil:
		return err
	case f.LedgerSeq >= e.Seq || f.LedgerSeq > c.head:
		c.report(ProblemInvalidTransition, id, e.Seq, "the %s entry comes before the flag's creation (entry %d)", e.Type, f.LedgerSeq)
		return nil
	}
	if bad := sameIdentity(&f, &d); len(bad) > 0 {
		c.report(ProblemMismatch, id, e.Seq, "the flag differs from its %s entry %d in %s", e.Type, e.Seq, strings.Join(bad, ", "))
	}
	// A flag standing with no dispute in the walk's read is tracked from
	// here: its row must still be what the entries imply.
	t, ok := c.tracked[id]
	if !ok {
		t = c.track(&f)
	}
	cs := lifeState{cased: true, caseID: *d.CaseID, caseNo: *d.CaseNumber}
	from := t.implied
	switch e.Type {
	case ledger.TypeFlagDisputed:
		if from.status != store.StatusStanding || from.cased {
			c.report(ProblemInvalidTransition, id, e.Seq, "a dispute of a flag that is %s", from)
		}
		cs.status = store.StatusDisputed
		t.disputed = true
	case ledger.TypeFlagUpheld, ledger.TypeFlagOverturned:
		to := store.StatusStanding
		if e.Type == ledger.TypeFlagOverturned {
			to = store.StatusOverturned
		}
		switch {
		case from.status == store.StatusDisputed && from.caseID == cs.caseID && from.caseNo == cs.caseNo:
		case from.status == store.StatusStanding && !from.cased && !t.disputed && e.Type == ledger.TypeFlagOverturned:
			c.report(ProblemUnanchoredTransition, id, e.Seq, "the flag was overturned (entry %d) with no security.flag_disputed entry for case %s", e.Seq, cs.caseID)
		default:
			c.report(ProblemInvalidTransition, id, e.Seq, "a decision (%s) for case %s of a flag that is %s", e.Type, cs.caseID, from)
		}
		cs.status = to
	}
	t.implied = cs
	return nil
}

// nextStep reports whether the lifecycle can go from a to b in one step.
func nextStep(a, b lifeState) bool {
	switch {
	case a.status == store.StatusStanding && !a.cased:
		return b.status == store.StatusDisputed && b.cased
	case a.status == store.StatusDisputed:
		return (b.status == store.StatusStanding || b.status == store.StatusOverturned) &&
			b.cased && b.caseID == a.caseID && b.caseNo == a.caseNo
	}
	return false
}

// reachable reports whether b follows a in the lifecycle by one or more
// steps (a state with no entry for it).
func reachable(a, b lifeState) bool {
	if nextStep(a, b) {
		return true
	}
	if a.status == store.StatusStanding && !a.cased && b.cased && (b.status == store.StatusStanding || b.status == store.StatusOverturned) {
		return true // disputed with b's case, then decided
	}
	return false
}

// finishLifecycle compares each tracked flag's row with the state its
// entries imply.
func (c *checker) finishLifecycle() {
	ids := make([]string, 0, len(c.tracked))
	for id := range c.tracked {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if x, y := c.tracked[a].seq, c.tracked[b].seq; x != y {
			if x < y {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	for _, id := range ids {
		t := c.tracked[id]
		switch {
		case t.row == t.implied:
		case reachable(t.implied, t.row):
			c.report(ProblemUnanchoredTransition, id, t.seq, "the flag is %s, but its lifecycle entries make it %s", t.row, t.implied)
		default:
			c.report(ProblemMismatch, id, t.seq, "the flag is %s, but its lifecycle entries make it %s", t.row, t.implied)
		}
	}
}

// checkLate checks a flag anchored after the walk's head against the
// entry at its ledger_seq, read alone.
func (c *checker) checkLate(f *store.Flag) error {
	e, err := c.s.LedgerEntry(c.ctx, f.LedgerSeq)
	if errors.Is(err, store.ErrNotFound) {
		c.report(ProblemOrphanFlag, f.ID, f.LedgerSeq, "the flag names entry %d, which does not exist", f.LedgerSeq)
		return nil
	} else if err != nil {
		return err
	}
	if e.Type != ledger.TypeFlagged || ledger.Hash(e.Body) != e.Hash {
		c.orphanFlag(f)
		return nil
	}
	d, err := decodeData(e)
	if err != nil || d.FlagID == nil || *d.FlagID != f.ID {
		c.orphanFlag(f)
		return nil
	}
	c.compareCreation(f, e.Seq, d)
	return nil
}
