package flag

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store"
)

// Service creates flags and drives their lifecycle through a store. Its
// methods are safe for concurrent use, and so is running several Services
// (several processes) on one store that serializes the transactions
// touching flags and the ledger, as every backend in this module does
// (PostgreSQL with its chain lock). [Batcher] writes concurrent Submit
// calls in one transaction.
type Service struct {
	// Store is where flags and ledger entries are kept. Required.
	Store store.Store
	// Now returns the current time; time.Now when nil. Times are stored in
	// UTC, to the microsecond.
	Now func() time.Time
	// Rand is the source of flag ids; crypto/rand when nil.
	Rand io.Reader
}

// SubmissionInput is one field of one artifact, as submitted, pulled or observed.
type SubmissionInput struct {
	Artifact Artifact
	// Field names the field of the artifact the content was found in.
	Field string
	// Bytes are the exact bytes of the field as submitted (UTF-8).
	Bytes []byte
	// Result is the scan of Bytes; when nil, Submit scans Bytes itself
	// (in Context, or the text context when Context is empty).
	Result *scan.Result
	// Context is the scan context the content arrived with ("text",
	// "email_html"), or empty when none; it is recorded in the flag.
	Context string
	Actor   Actor
	Source  Source
}

// Outcome is the gate's answer for one submission.
type Outcome struct {
	// Status is Clean (no deterministic finding), Held (at least one class
	// held) or Admitted (every class admitted by an overturning award).
	Status GateStatus `json:"status"`
	// Decisions has one entry per deterministic class found, in order of
	// first appearance.
	Decisions []Decision `json:"decisions"`
}

// GateStatus is the ingestion gate's answer.
type GateStatus string

// The gate's answers.
const (
	Clean    GateStatus = "clean"
	Held     GateStatus = "held"
	Admitted GateStatus = "admitted"
)

// Decision is what the gate did with one class of one field.
type Decision struct {
	Class scan.Class `json:"finding_class"`
	// Flag is the flag holding the class: created by this call (Created),
	// or the live flag that already had its identity. Nil when admitted.
	Flag    *Flag `json:"flag,omitempty"`
	Created bool  `json:"created"`
	// OverturnedBy, when the class is admitted, is the overturned flag
	// whose award judged these bytes.
	OverturnedBy *Flag `json:"overturned_by,omitempty"`
}

// FlagIDs returns the ids of the flags holding the submission.
func (o *Outcome) FlagIDs() []string {
	var ids []string
	for _, d := range o.Decisions {
		if d.Flag != nil {
			ids = append(ids, d.Flag.ID)
		}
	}
	return ids
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC().Truncate(time.Microsecond)
	}
	return time.Now().UTC().Truncate(time.Microsecond)
}

func (s *Service) rand() io.Reader {
	if s.Rand != nil {
		return s.Rand
	}
	return defaultRand
}

// Submit runs one field through the ingestion gate (see the package doc)
// and records the flags it creates, each with its ledger entry, in one
// transaction. Bad input (an unknown class, a heuristic mark that
// disagrees with its class, an over-long excerpt, an unknown actor kind or
// source, an empty artifact) is an error and nothing is written.
func (s *Service) Submit(ctx context.Context, in SubmissionInput) (Outcome, error) {
	out, err := s.SubmitAll(ctx, []SubmissionInput{in})
	if err != nil {
		return Outcome{}, err
	}
	return out[0], nil
}

// SubmitAll is Submit for several fields in one transaction: all are
// recorded or none is. It is the fast path for many fields at once.
func (s *Service) SubmitAll(ctx context.Context, ins []SubmissionInput) ([]Outcome, error) {
	preps, err := prepare(ins)
	if err != nil {
		return nil, err
	}
	return s.submitPrepared(ctx, preps)
}

// submitPrepared records preps in one transaction.
func (s *Service) submitPrepared(ctx context.Context, preps []prepared) ([]Outcome, error) {
	var outs []Outcome
	err := s.Store.Atomic(ctx, func(tx store.Tx) error {
		var err error
		outs, err = s.submitTx(ctx, tx, preps)
		return err
	})
	if err != nil {
		return nil, wrapStore("Submit", "", err)
	}
	return outs, nil
}

// SubmitAllIn is SubmitAll inside a caller's transaction, for a logical
// operation that writes other records with the flags (a registry refresh:
// a new fingerprint version, a change event and the flags its findings
// give are one transaction). Bad input is an error before anything is
// written; a store error is returned as is, and the caller's Atomic then
// rolls everything back.
func (s *Service) SubmitAllIn(ctx context.Context, tx store.Tx, ins []SubmissionInput) ([]Outcome, error) {
	preps, err := prepare(ins)
	if err != nil {
		return nil, err
	}
	return s.submitTx(ctx, tx, preps)
}

type prepared struct {
	in    *SubmissionInput
	items []Item
}

func prepare(ins []SubmissionInput) ([]prepared, error) {
	preps := make([]prepared, len(ins))
	for i := range ins {
		in := &ins[i]
		if err := checkInput(in); err != nil {
			return nil, err
		}
		res := in.Result
		if res == nil {
			ctxName := scan.Context(in.Context)
			var err error
			res, err = scan.Scan(string(in.Bytes), &scan.Options{Context: ctxName, OmitSanitized: true})
			if err != nil {
				return nil, &Error{Op: "Submit", Err: ErrInvalid, Note: err.Error()}
			}
		}
		items, err := Items(in.Bytes, res.Findings)
		if err != nil {
			err.(*Error).Op = "Submit"
			return nil, err
		}
		preps[i] = prepared{in, items}
	}
	return preps, nil
}

func (s *Service) submitTx(ctx context.Context, tx store.Tx, preps []prepared) ([]Outcome, error) {
	outs := make([]Outcome, len(preps))
	all := make([][]Item, len(preps))
	for i, p := range preps {
		all[i] = p.items
	}
	k, err := prefetch(ctx, tx, all)
	if err != nil {
		return nil, err
	}
	for i, p := range preps {
		o, err := s.gate(ctx, tx, k, p.in, p.items)
		if err != nil {
			return nil, err
		}
		outs[i] = o
	}
	return outs, nil
}

func checkInput(in *SubmissionInput) error {
	bad := func(note string) error { return &Error{Op: "Submit", Err: ErrInvalid, Note: note} }
	switch in.Actor.Kind {
	case KindAccount:
		if in.Actor.AccountID == "" {
			return bad("an account actor needs its account_id")
		}
	case KindAnonymous:
	default:
		return &Error{Op: "Submit", Err: ErrActorKind, Note: in.Actor.Kind}
	}
	switch in.Source {
	case Submission, ExternalPull, IntegrityRefresh:
	default:
		return bad("unknown source " + string(in.Source))
	}
	switch scan.Context(in.Context) {
	case "", scan.Text, scan.EmailHTML:
	default:
		return bad("unknown context " + in.Context)
	}
	if in.Artifact.Type == "" || in.Artifact.Ref == "" || in.Field == "" {
		return bad("the artifact type and ref and the field are required")
	}
	for _, s := range []string{in.Artifact.Type, in.Artifact.Ref, in.Artifact.Label, in.Field, in.Actor.AccountID, in.Actor.AgentID, in.Actor.Handle} {
		if len(s) > store.TextMaxBytes || !utf8.ValidString(s) {
			return bad("an artifact, field or actor string is too long or not UTF-8")
		}
	}
	return nil
}

// known is what a batch's gate knows of the flags that bear on it, read
// in one query per 500 hashes instead of two per class; complete is false
// when a hash has too many flags to read at once, and the gate then asks
// the store for each class.
type known struct {
	complete   bool
	live       map[store.Key]store.Flag
	overturned map[overturnKey]store.Flag
}

type overturnKey struct{ hash, class, account string }

func prefetch(ctx context.Context, tx store.Tx, items [][]Item) (*known, error) {
	k := &known{complete: true, live: map[store.Key]store.Flag{}, overturned: map[overturnKey]store.Flag{}}
	pubs := publishers{}
	seen := map[string]bool{}
	var hashes []string
	for _, its := range items {
		for _, it := range its {
			if !seen[it.Evidence.SHA256] {
				seen[it.Evidence.SHA256] = true
				hashes = append(hashes, it.Evidence.SHA256)
			}
		}
	}
	const chunk = 500
	for len(hashes) > 0 {
		n := min(chunk, len(hashes))
		fs, err := tx.ListFlags(ctx, store.FlagQuery{EvidenceSHA256s: hashes[:n], Limit: store.MaxListLimit})
		if err != nil {
			return nil, err
		}
		if len(fs) == store.MaxListLimit {
			return &known{}, nil
		}
		for _, f := range fs {
			switch f.Status {
			case store.StatusStanding, store.StatusDisputed:
				k.live[f.Key()] = f
			case store.StatusOverturned:
				// Keyed by the attributed account: an anonymous flag on a
				// claimed server is its publisher's (AttributedAccount).
				acct, err := pubs.of(ctx, tx, &f)
				if err != nil {
					return nil, err
				}
				ok := overturnKey{f.EvidenceSHA256, f.Class, acct}
				if _, dup := k.overturned[ok]; !dup && acct != "" {
					k.overturned[ok] = f
				}
			}
		}
		hashes = hashes[n:]
	}
	return k, nil
}

func (k *known) liveFlag(ctx context.Context, tx store.Tx, key store.Key) (*store.Flag, error) {
	if k.complete {
		if f, ok := k.live[key]; ok {
			return &f, nil
		}
		return nil, nil
	}
	fs, err := tx.ListFlags(ctx, store.FlagQuery{
		ArtifactType: key.ArtifactType, ArtifactRef: key.ArtifactRef, Field: key.Field,
		Class: key.Class, EvidenceSHA256: key.EvidenceSHA256,
		Statuses: []string{store.StatusStanding, store.StatusDisputed}, Limit: 1,
	})
	if err != nil || len(fs) == 0 {
		return nil, err
	}
	return &fs[0], nil
}

func (k *known) overturnedFlag(ctx context.Context, tx store.Tx, ok overturnKey) (*store.Flag, error) {
	if k.complete {
		if f, found := k.overturned[ok]; found {
			return &f, nil
		}
		return nil, nil
	}
	fs, err := tx.ListFlags(ctx, store.FlagQuery{
		Class: ok.class, EvidenceSHA256: ok.hash, ActorAccountID: ok.account,
		Statuses: []string{store.StatusOverturned}, Limit: 1,
	})
	if err != nil {
		return nil, err
	}
	if len(fs) > 0 && fs[0].Actor.Kind == KindAccount {
		return &fs[0], nil
	}
	// An anonymous flag on a server the account claimed is the account's
	// too (AttributedAccount).
	fs, err = tx.ListFlags(ctx, store.FlagQuery{
		ArtifactType: ArtifactExternalServer, Class: ok.class, EvidenceSHA256: ok.hash,
		Statuses: []string{store.StatusOverturned}, Limit: store.MaxListLimit,
	})
	if err != nil {
		return nil, err
	}
	pubs := publishers{}
	for i := range fs {
		if fs[i].Actor.Kind != KindAnonymous {
			continue
		}
		acct, err := pubs.of(ctx, tx, &fs[i])
		if err != nil {
			return nil, err
		}
		if acct == ok.account {
			return &fs[i], nil
		}
	}
	return nil, nil
}

func (s *Service) gate(ctx context.Context, tx store.Tx, k *known, in *SubmissionInput, items []Item) (Outcome, error) {
	out := Outcome{Status: Clean}
	for _, it := range items {
		d := Decision{Class: it.Class}
		key := store.Key{ArtifactType: in.Artifact.Type, ArtifactRef: in.Artifact.Ref, Field: in.Field,
			Class: string(it.Class), EvidenceSHA256: it.Evidence.SHA256}
		live, err := k.liveFlag(ctx, tx, key)
		if err != nil {
			return Outcome{}, err
		}
		if live != nil {
			f := fromStore(live)
			d.Flag = &f
			out.Decisions = append(out.Decisions, d)
			continue
		}
		if in.Actor.Kind == KindAccount {
			prior, err := k.overturnedFlag(ctx, tx, overturnKey{it.Evidence.SHA256, string(it.Class), in.Actor.AccountID})
			if err != nil {
				return Outcome{}, err
			}
			if prior != nil {
				f := fromStore(prior)
				d.OverturnedBy = &f
				out.Decisions = append(out.Decisions, d)
				continue
			}
		}
		f, sf, err := s.create(ctx, tx, in, it)
		if err != nil {
			return Outcome{}, err
		}
		if k.complete {
			k.live[key] = sf
		}
		d.Flag, d.Created = &f, true
		out.Decisions = append(out.Decisions, d)
	}
	for _, d := range out.Decisions {
		if d.Flag != nil {
			out.Status = Held
			break
		}
		out.Status = Admitted
	}
	return out, nil
}

func artifactData(a Artifact) map[string]any {
	m := map[string]any{"type": a.Type, "ref": a.Ref}
	if a.Label != "" {
		m["label"] = a.Label
	}
	return m
}

func (s *Service) create(ctx context.Context, tx store.Tx, in *SubmissionInput, it Item) (Flag, store.Flag, error) {
	id, err := newID(s.rand())
	if err != nil {
		return Flag{}, store.Flag{}, err
	}
	at := s.now()
	sf := store.Flag{
		ID: id, Status: store.StatusStanding,
		Artifact: store.Artifact(in.Artifact), Field: in.Field,
		Class: string(it.Class), EvidenceSHA256: it.Evidence.SHA256, Excerpt: it.Evidence.Excerpt,
		Actor: store.Actor(in.Actor), Source: string(in.Source), Context: in.Context,
		CreatedAt: at,
	}
	// The entry commits to the whole creation record (RecordSHA256), so
	// that VerifyLedger vouches for the actor, field, excerpt, source,
	// context and time too.
	f := fromStore(&sf)
	rec, err := RecordSHA256(&f)
	if err != nil {
		return Flag{}, store.Flag{}, err
	}
	e, err := ledger.Append(ctx, tx, ledger.TypeFlagged, at, map[string]any{
		"flag_id":         id,
		"finding_class":   string(it.Class),
		"evidence_sha256": it.Evidence.SHA256,
		"artifact":        artifactData(in.Artifact),
		"record_sha256":   rec,
	})
	if err != nil {
		return Flag{}, store.Flag{}, err
	}
	sf.LedgerSeq = e.Seq
	if err := tx.InsertFlag(ctx, sf); err != nil {
		return Flag{}, store.Flag{}, err
	}
	return fromStore(&sf), sf, nil
}

// Get returns the flag with id, or ErrNotFound.
func (s *Service) Get(ctx context.Context, id string) (Flag, error) {
	f, err := s.Store.Flag(ctx, id)
	if err != nil {
		return Flag{}, wrapStore("Get", id, err)
	}
	return fromStore(&f), nil
}

// List returns the flags q selects, in creation order.
func (s *Service) List(ctx context.Context, q store.FlagQuery) ([]Flag, error) {
	fs, err := s.Store.ListFlags(ctx, q)
	if err != nil {
		return nil, wrapStore("List", "", err)
	}
	out := make([]Flag, len(fs))
	for i := range fs {
		out[i] = fromStore(&fs[i])
	}
	return out, nil
}

// Dispute moves a standing flag to disputed, carrying case c. Only the
// attributed account may file it (ErrNotAttributed otherwise): an account
// actor's account_id, or the claimed publisher of the server an anonymous
// external-server flag is against (AttributedAccount). A flag whose dispute was decided
// is ErrDecided, the error's Case naming the deciding case; a flag already
// disputed is ErrWrongState. The step's security.flag_disputed entry
// records the filer as "account:<account id>"; DisputeAs records an API
// key.
func (s *Service) Dispute(ctx context.Context, id string, by Actor, c Case) (Flag, error) {
	const op = "Dispute"
	if c.CaseID == "" {
		return Flag{}, &Error{Op: op, FlagID: id, Err: ErrInvalid, Note: "a dispute needs its case id"}
	}
	if by.Kind != KindAccount && by.Kind != KindAnonymous {
		return Flag{}, &Error{Op: op, FlagID: id, Err: ErrActorKind, Note: by.Kind}
	}
	// An anonymous actor, or one without an account id, is never the
	// attributed account (ErrNotAttributed once the flag is found).
	return s.dispute(ctx, op, id, Principal{AccountID: by.AccountID}, by.Kind != KindAccount || by.AccountID == "", c)
}

// DisputeAs is Dispute filed by principal by, acting for the account
// by.AccountID (which must be the flag's attributed account); its entry
// records by.ID() as filed_by.
func (s *Service) DisputeAs(ctx context.Context, id string, by Principal, c Case) (Flag, error) {
	if c.CaseID == "" {
		return Flag{}, &Error{Op: "DisputeAs", FlagID: id, Err: ErrInvalid, Note: "a dispute needs its case id"}
	}
	return s.dispute(ctx, "DisputeAs", id, by, false, c)
}

func (s *Service) dispute(ctx context.Context, op, id string, by Principal, anonymous bool, c Case) (Flag, error) {
	if !anonymous {
		if err := checkPrincipal(op, id, by); err != nil {
			return Flag{}, err
		}
	}
	var out Flag
	err := s.Store.Atomic(ctx, func(tx store.Tx) error {
		sf, err := tx.Flag(ctx, id)
		if err != nil {
			return err
		}
		f := fromStore(&sf)
		acct, err := AttributedAccount(ctx, tx, &f)
		if err != nil {
			return err
		}
		switch {
		case anonymous || acct == "" || by.AccountID != acct:
			return &Error{Op: op, FlagID: id, Err: ErrNotAttributed}
		case f.Dispute != nil && f.Status != Disputed:
			return &Error{Op: op, FlagID: id, Err: ErrDecided, Case: f.Dispute}
		case f.Status != Standing:
			return &Error{Op: op, FlagID: id, Err: ErrWrongState, Case: f.Dispute, Note: "the flag is " + string(f.Status)}
		}
		// The entry first: the schema admits the step only with the
		// ledger's head recording it (store.Transition.EntrySeq).
		data := lifecycleData(&f, c)
		data["filed_by"] = by.ID()
		e, err := ledger.Append(ctx, tx, ledger.TypeFlagDisputed, s.now(), data)
		if err != nil {
			return err
		}
		err = tx.TransitionFlag(ctx, store.Transition{ID: id, From: store.StatusStanding, To: store.StatusDisputed,
			Dispute: &store.Dispute{CaseID: c.CaseID, CaseNumber: c.CaseNumber}, EntrySeq: e.Seq})
		if err != nil {
			return err
		}
		f.Status, f.Dispute = Disputed, &c
		out = f
		return nil
	})
	if err != nil {
		return Flag{}, wrapStore(op, id, err)
	}
	return out, nil
}

// checkPrincipal checks that p names an account, within the bounds of a
// stored string.
func checkPrincipal(op, id string, p Principal) error {
	if p.AccountID == "" {
		return &Error{Op: op, FlagID: id, Err: ErrInvalid, Note: "a lifecycle step names the account acting"}
	}
	for _, v := range []string{p.AccountID, p.KeyID} {
		if len(v) > store.TextMaxBytes || !utf8.ValidString(v) {
			return &Error{Op: op, FlagID: id, Err: ErrInvalid, Note: "a principal's ids are too long or not UTF-8"}
		}
	}
	return nil
}

// lifecycleData is the data every lifecycle entry carries: the flag, its
// class, evidence hash and artifact, and its dispute case.
func lifecycleData(f *Flag, c Case) map[string]any {
	return map[string]any{
		"flag_id":         f.ID,
		"finding_class":   string(f.FindingClass),
		"evidence_sha256": f.Evidence.SHA256,
		"artifact":        artifactData(f.Artifact),
		"case_id":         c.CaseID,
		"case_number":     c.CaseNumber,
	}
}

// Overturn applies an award that overturns the flag: disputed →
// overturned, with a security.flag_overturned ledger entry recording by
// as decided_by, in one transaction. c must be the flag's dispute case
// (ErrCaseMismatch); a flag that is not disputed is ErrWrongState
// (ErrDecided when its dispute was decided already). A dispute is not
// decided by its own party (ErrSelfDecision): not by the flag's attributed
// account — the only account that may file it — whatever key it uses, nor
// by the principal recorded as having filed it. The attributed account is
// AttributedAccount's: a claimed server's publisher does not decide the
// disputes of its server's flags.
func (s *Service) Overturn(ctx context.Context, id string, c Case, by Principal) (Flag, error) {
	return s.decide(ctx, "Overturn", id, c, by, Overturned)
}

// Uphold applies an award that upholds the flag: disputed → standing, with
// a security.flag_upheld ledger entry recording by as decided_by. The flag
// keeps its dispute, which now names the deciding case. Errors as
// Overturn.
func (s *Service) Uphold(ctx context.Context, id string, c Case, by Principal) (Flag, error) {
	return s.decide(ctx, "Uphold", id, c, by, Standing)
}

func (s *Service) decide(ctx context.Context, op, id string, c Case, by Principal, to Status) (Flag, error) {
	if err := checkPrincipal(op, id, by); err != nil {
		return Flag{}, err
	}
	var out Flag
	err := s.Store.Atomic(ctx, func(tx store.Tx) error {
		sf, err := tx.Flag(ctx, id)
		if err != nil {
			return err
		}
		f := fromStore(&sf)
		acct, err := AttributedAccount(ctx, tx, &f)
		if err != nil {
			return err
		}
		switch {
		case f.Status != Disputed && f.Dispute != nil:
			return &Error{Op: op, FlagID: id, Err: ErrDecided, Case: f.Dispute}
		case f.Status != Disputed:
			return &Error{Op: op, FlagID: id, Err: ErrWrongState, Note: "the flag is " + string(f.Status)}
		case f.Dispute.CaseID != c.CaseID:
			return &Error{Op: op, FlagID: id, Err: ErrCaseMismatch, Case: f.Dispute}
		case acct != "" && by.AccountID == acct:
			return &Error{Op: op, FlagID: id, Err: ErrSelfDecision, Case: f.Dispute, Note: "the attributed account does not decide its own dispute"}
		}
		filedBy, err := filer(ctx, tx, &sf)
		if err != nil {
			return err
		}
		if filedBy == by.ID() {
			return &Error{Op: op, FlagID: id, Err: ErrSelfDecision, Case: f.Dispute, Note: "the principal that filed the dispute does not decide it"}
		}
		typ := ledger.TypeFlagUpheld
		if to == Overturned {
			typ = ledger.TypeFlagOverturned
		}
		data := lifecycleData(&f, *f.Dispute)
		data["decided_by"] = by.ID()
		e, err := ledger.Append(ctx, tx, typ, s.now(), data)
		if err != nil {
			return err
		}
		err = tx.TransitionFlag(ctx, store.Transition{ID: id, From: store.StatusDisputed, To: string(to), EntrySeq: e.Seq})
		if err != nil {
			return err
		}
		f.Status = to
		out = f
		return nil
	})
	if err != nil {
		return Flag{}, wrapStore(op, id, err)
	}
	return out, nil
}

// filer returns the filed_by of the entry that disputed f, or "" when its
// dispute predates the entry (a database from before migration 6).
func filer(ctx context.Context, tx store.Tx, f *store.Flag) (string, error) {
	if f.LifecycleSeq == 0 {
		return "", nil
	}
	se, err := tx.LedgerEntry(ctx, f.LifecycleSeq)
	if err != nil {
		return "", err
	}
	e, err := ledger.Decode(se)
	if err != nil {
		return "", err
	}
	var d struct {
		FlagID  string `json:"flag_id"`
		FiledBy string `json:"filed_by"`
	}
	if e.Type != ledger.TypeFlagDisputed || json.Unmarshal(e.Data, &d) != nil || d.FlagID != f.ID {
		return "", &Error{Op: "decide", FlagID: f.ID, Err: ErrInvalid, Note: "the flag's lifecycle entry is not its dispute"}
	}
	return d.FiledBy, nil
}

// wrapStore returns err as this package's error: its own errors as they
// are, store.ErrNotFound as ErrNotFound, a lost compare-and-set as
// ErrWrongState, anything else wrapped with its store error kept.
func wrapStore(op, id string, err error) error {
	var fe *Error
	switch {
	case errors.As(err, &fe):
		return err
	case errors.Is(err, store.ErrNotFound) && id != "":
		return &Error{Op: op, FlagID: id, Err: ErrNotFound}
	case errors.Is(err, store.ErrConflict):
		return &Error{Op: op, FlagID: id, Err: ErrWrongState, Note: err.Error()}
	}
	return &Error{Op: op, FlagID: id, Err: err}
}
