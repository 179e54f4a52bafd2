package signature

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plainsight/plainsight/store"
)

// Store is what a Service needs of a backend: the Shield method's records
// and atomic writes. store/memory and store/sqlite implement it.
type Store interface {
	store.Signatures
	Atomic(ctx context.Context, fn func(tx store.Tx) error) error
}

// Service is the stateful half of the method over a Store: check-ins,
// confirmation, review jobs, the feed, retirement and the check. It is
// safe for concurrent use. Its log lines hold ids, categories and counts,
// never text.
type Service struct {
	store  Store
	corpus *Corpus
	judge  Judge
	now    func() time.Time
	log    *slog.Logger

	// The check's view of the feed (issue 28, item 8): an immutable
	// snapshot that checks load without a lock, refreshed by one read of
	// the feed at a time (single-flight) that no check holds a lock
	// across. See [Options.Refresh] for when a check reads the feed.
	refresh   time.Duration
	snap      atomic.Pointer[snapshot]
	gen       atomic.Uint64 // bumped after each commit of this service that changed the feed
	flightMu  sync.Mutex    // guards flight only; never held across a store call
	flight    *flight       // the read of the feed under way, or nil
	refreshMu sync.Mutex    // held by the one read under way; guards seq and active
	seq       int64         // the last feed change folded into active
	active    map[string]Signature
}

// snapshot is the index of the feed's active set as of one read of the
// feed.
type snapshot struct {
	index *Index
	read  time.Time // when the read began (the monotonic clock)
	gen   uint64    // sv.gen when it began: every local change up to it is in
}

// flight is one read of the feed, shared by every check that waits for
// it.
type flight struct {
	done chan struct{} // closed when snap or err is set
	snap *snapshot
	err  error
}

// DefaultRefresh is the default of [Options.Refresh].
const DefaultRefresh = 2 * time.Second

// refreshTimeout bounds one read of the feed, which runs on after the
// check that started it has its answer or gave up.
const refreshTimeout = 30 * time.Second

// Options configures a Service; the zero value is the default.
type Options struct {
	// Corpus is the benign corpus of the poisoning guard; DefaultCorpus()
	// when nil. An operator's own corpus is added with
	// DefaultCorpus().Union(theirs).
	Corpus *Corpus
	// Judge is the second poisoning guard; ShieldJudge when nil.
	Judge Judge
	// NoJudge turns the second guard off: the Shield method's rules
	// alone, as the vectors state them.
	NoJudge bool
	// Now is the service's clock; time.Now when nil.
	Now func() time.Time
	// Log receives one line per operation (ids and counts only); nothing
	// when nil.
	Log *slog.Logger
	// Refresh bounds the age of the index a check uses; DefaultRefresh
	// (2 s) when 0. A check uses the index it has while that is younger
	// than Refresh, and once it is older than Refresh/4 also starts a
	// read of the feed in the background (so that the read, not the
	// check, waits for a busy database); a check waits for a read only
	// when the index is older than Refresh, or when this Service itself
	// has changed the feed since (a confirmation by CheckIn or Vote, a
	// retirement) — then for a read that began after the change. So a
	// signature this Service confirmed is seen by its next check, and one
	// confirmed through another Service (another instance on the same
	// database) by every check that starts more than Refresh after the
	// confirmation committed (issue 28, item 8). Negative: every check
	// waits for a read of the feed that began after it was called (one
	// read at a time, shared by the checks waiting for it).
	Refresh time.Duration
}

// NewService returns a Service over s.
func NewService(s Store, o Options) *Service {
	sv := &Service{store: s, corpus: o.Corpus, judge: o.Judge, now: o.Now, log: o.Log, refresh: o.Refresh, active: map[string]Signature{}}
	if sv.refresh == 0 {
		sv.refresh = DefaultRefresh
	}
	if sv.corpus == nil {
		sv.corpus = DefaultCorpus()
	}
	if sv.judge == nil && !o.NoJudge {
		sv.judge = ShieldJudge
	}
	if sv.now == nil {
		sv.now = time.Now
	}
	if sv.log == nil {
		sv.log = slog.New(slog.DiscardHandler)
	}
	return sv
}

func newID(prefix string) string {
	var b [10]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// Outcome is what a check-in did with one report.
type Outcome struct {
	ReportID    string
	CandidateID string
	// Status is the candidate's status after the report: open, blocked or
	// confirmed.
	Status string
	Rule   Rule
}

// cleaned is a check-in's report with its cleaned text and fingerprint.
type cleaned struct {
	r    Report
	text string
	fp   Fingerprint
}

// CheckIn validates, cleans and records the reports of one check-in by an
// agent of owner, and applies the confirmation rules to each candidate
// they touch. Any refusal refuses the whole check-in and stores nothing;
// a snippet refused for a secret is not kept, logged or hashed.
//
// A report joins the first candidate, in creation order, that it is a
// near-duplicate of (Similarity ≥ 0.8), whatever its category (two owners
// may name the same attack differently; the candidate keeps its first
// report's category) and whatever its status: a near-duplicate of a
// confirmed signature adds to its reports, and one of a blocked or
// retired candidate stays with it and can never found a new candidate to
// be confirmed. Only an open candidate is decided again. The search reads
// every candidate, page by page: linear in their number (an index over
// shingle hashes in the store is the step after this one).
func (sv *Service) CheckIn(ctx context.Context, owner, agent string, reports []Report) ([]Outcome, error) {
	now := sv.now().UTC()
	if owner == "" {
		return nil, refuse("owner", ErrMissingField, "")
	}
	rs, err := ValidateReports(reports, now)
	if err != nil {
		return nil, err
	}
	var cs []cleaned
	for i, r := range rs {
		text, err := Clean(r.Snippet)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Field = fmt.Sprintf("reports[%d].%s", i, e.Field)
			}
			return nil, err
		}
		fp := NewFingerprint(text)
		if len(fp.Shingles) == 0 {
			return nil, refuse(fmt.Sprintf("reports[%d].snippet", i), ErrTooShort, "")
		}
		cs = append(cs, cleaned{r, text, fp})
	}
	// The reports that each join a candidate decided already (confirmed,
	// blocked or retired) decide nothing: they are appended in one
	// transaction that takes no lock of the Shield method's records, so
	// that check-ins of several instances do not queue (issue 33, item
	// 3). Such a candidate is never open again, so no decision of an open
	// one misses them; one created meanwhile is later in the candidates'
	// order, after the candidate found. Any other check-in searches and
	// decides again inside the transaction below, one at a time.
	if out, ok, err := sv.joinDecided(ctx, owner, agent, now, cs); err != nil || ok {
		if err != nil {
			sv.log.LogAttrs(ctx, slog.LevelWarn, "signature: check-in failed", slog.Int("reports", len(reports)), slog.String("error_class", errorClass(err)))
			return nil, err
		}
		sv.log.LogAttrs(ctx, slog.LevelInfo, "signature: check-in", slog.Int("reports", len(out)))
		return out, nil
	}
	var out []Outcome
	changed := false
	err = sv.store.Atomic(ctx, func(tx store.Tx) error {
		ts := store.Signatures(tx)
		out = out[:0]
		changed = false
		for _, c := range cs {
			cand, err := sv.findCandidate(ctx, ts, c.fp.Shingles)
			if err != nil {
				return err
			}
			sum := hex.EncodeToString(c.fp.SHA256[:])
			if cand == nil {
				nc := store.Candidate{ID: newID("psm-"), Status: store.CandidateOpen, Category: c.r.Category, SHA256: sum,
					Shingles: c.fp.Shingles, Text: c.text, CreatedAt: now}
				if err := ts.InsertCandidate(ctx, nc); err != nil {
					return err
				}
				cand = &nc
			}
			rep := store.SignatureReport{ID: newID("rep-"), CandidateID: cand.ID, Owner: owner, Agent: agent, ReceivedAt: now,
				ObservedAt: c.r.ObservedAt, SourceType: c.r.SourceType, SourceDomain: c.r.SourceDomain, Category: c.r.Category,
				SHA256: sum, Shingles: c.fp.Shingles, Text: c.text}
			if err := ts.InsertSignatureReport(ctx, rep); err != nil {
				return err
			}
			status, rule := cand.Status, Rule(cand.Rule)
			if cand.Status == store.CandidateOpen {
				if status, rule, err = sv.decide(ctx, ts, cand, now); err != nil {
					return err
				}
				// decide confirms an open candidate by appending it to
				// the feed.
				changed = changed || status == store.CandidateConfirmed
			}
			out = append(out, Outcome{ReportID: rep.ID, CandidateID: cand.ID, Status: status, Rule: rule})
		}
		return nil
	})
	if err != nil {
		sv.log.LogAttrs(ctx, slog.LevelWarn, "signature: check-in failed", slog.Int("reports", len(reports)), slog.String("error_class", errorClass(err)))
		return nil, err
	}
	if changed {
		sv.changedFeed()
	}
	sv.log.LogAttrs(ctx, slog.LevelInfo, "signature: check-in", slog.Int("reports", len(out)))
	return out, nil
}

// joinDecided appends each report of cs to the decided candidate it
// joins, in one transaction, when every one joins a decided candidate;
// ok is false (and nothing is written) when one does not.
func (sv *Service) joinDecided(ctx context.Context, owner, agent string, now time.Time, cs []cleaned) ([]Outcome, bool, error) {
	reps := make([]store.SignatureReport, len(cs))
	out := make([]Outcome, len(cs))
	for i, c := range cs {
		cand, err := sv.findCandidate(ctx, sv.store, c.fp.Shingles)
		if err != nil || cand == nil || cand.Status == store.CandidateOpen {
			return nil, false, err
		}
		reps[i] = store.SignatureReport{ID: newID("rep-"), CandidateID: cand.ID, Owner: owner, Agent: agent, ReceivedAt: now,
			ObservedAt: c.r.ObservedAt, SourceType: c.r.SourceType, SourceDomain: c.r.SourceDomain, Category: c.r.Category,
			SHA256: hex.EncodeToString(c.fp.SHA256[:]), Shingles: c.fp.Shingles, Text: c.text}
		out[i] = Outcome{ReportID: reps[i].ID, CandidateID: cand.ID, Status: cand.Status, Rule: Rule(cand.Rule)}
	}
	err := sv.store.Atomic(ctx, func(tx store.Tx) error {
		for _, r := range reps {
			if err := store.Signatures(tx).InsertSignatureReport(ctx, r); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err == nil, err
}

func (sv *Service) findCandidate(ctx context.Context, ts store.Signatures, sh []uint64) (*store.Candidate, error) {
	for off := 0; ; off += store.MaxListLimit {
		list, err := ts.ListCandidates(ctx, store.CandidateQuery{Offset: off})
		if err != nil {
			return nil, err
		}
		for i := range list {
			if nearDuplicate(list[i].Shingles, sh) {
				return &list[i], nil
			}
		}
		if len(list) < store.MaxListLimit {
			return nil, nil
		}
	}
}

// decide applies the rules to an open candidate and records a decision.
func (sv *Service) decide(ctx context.Context, ts store.Signatures, cand *store.Candidate, now time.Time) (string, Rule, error) {
	reports, err := ts.SignatureReports(ctx, cand.ID)
	if err != nil {
		return "", "", err
	}
	var sightings []Sighting
	for _, r := range reports {
		sightings = append(sightings, Sighting{Owner: r.Owner, ReceivedAt: r.ReceivedAt, Shingles: r.Shingles})
	}
	stored, err := ts.ReviewVotes(ctx, cand.ID)
	if err != nil {
		return "", "", err
	}
	var votes []Vote
	for _, v := range stored {
		// A store holds only the votes of jobs given to agents that opted
		// in (CreateReviewJob refuses the others).
		votes = append(votes, Vote{Reviewer: v.Agent, Owner: v.Owner, OptedIn: true, Hostile: v.Hostile, At: v.At})
	}
	d := Decide(cand.Shingles, sightings, votes, sv.corpus)
	if d.Confirmed && sv.judge != nil {
		hostile, err := sv.judge(ctx, cand.Text)
		if err != nil {
			return "", "", err
		}
		if !hostile {
			// The second guard: blocked like the first, once a rule
			// would have confirmed it.
			err := ts.TransitionCandidate(ctx, store.CandidateTransition{ID: cand.ID, From: store.CandidateOpen, To: store.CandidateBlocked, Rule: string(BenignJudge), Owners: d.Owners, At: now})
			return store.CandidateBlocked, BenignJudge, err
		}
	}
	switch {
	case d.Rule == BenignCorpus && (d.Owners >= ConfirmOwners || d.HostileOwners >= ReviewOwners && 5*d.HostileOwners >= 4*d.VotingOwners):
		// Blocked only once a rule would have confirmed it: until then the
		// candidate stays open (and is no signature either way).
		err := ts.TransitionCandidate(ctx, store.CandidateTransition{ID: cand.ID, From: store.CandidateOpen, To: store.CandidateBlocked, Rule: string(BenignCorpus), Owners: d.Owners, At: now})
		return store.CandidateBlocked, BenignCorpus, err
	case d.Confirmed:
		if err := ts.TransitionCandidate(ctx, store.CandidateTransition{ID: cand.ID, From: store.CandidateOpen, To: store.CandidateConfirmed, Rule: string(d.Rule), Owners: max(d.Owners, d.HostileOwners), At: now}); err != nil {
			return "", "", err
		}
		_, err := ts.AppendFeedChange(ctx, store.FeedChange{Kind: store.FeedConfirmed, SignatureID: cand.ID, Category: cand.Category,
			SHA256: cand.SHA256, Shingles: cand.Shingles, Owners: max(d.Owners, d.HostileOwners), At: now})
		return store.CandidateConfirmed, d.Rule, err
	}
	return store.CandidateOpen, d.Rule, nil
}

// ReviewJob is the wire form of a review job: the candidate's text is in
// untrusted_snippet and nowhere else, so an agent's reviewer can keep it
// apart from its instructions.
type ReviewJob struct {
	JobID            string `json:"job_id"`
	CandidateID      string `json:"candidate_id"`
	Category         string `json:"category"`
	UntrustedSnippet string `json:"untrusted_snippet"`
}

// CreateReviewJob gives an open candidate to an agent for review. An
// agent that did not opt into review jobs is refused with ErrNotOptedIn;
// an owner that reported the candidate, with ErrSelfReview.
func (sv *Service) CreateReviewJob(ctx context.Context, candidateID, owner, agent string, optedIn bool) (ReviewJob, error) {
	if !optedIn {
		return ReviewJob{}, refuse("agent", ErrNotOptedIn, "")
	}
	cand, err := sv.store.Candidate(ctx, candidateID)
	if err != nil {
		return ReviewJob{}, err
	}
	if err := refuseReporter(ctx, sv.store, cand.ID, owner); err != nil {
		return ReviewJob{}, err
	}
	j := store.ReviewJob{ID: newID("job-"), CandidateID: cand.ID, Agent: agent, Owner: owner, CreatedAt: sv.now().UTC()}
	if err := sv.store.InsertReviewJob(ctx, j); err != nil {
		return ReviewJob{}, err
	}
	return ReviewJob{JobID: j.ID, CandidateID: cand.ID, Category: cand.Category, UntrustedSnippet: cand.Text}, nil
}

// Vote records the answer to a review job and applies the rules to its
// candidate; it returns the candidate's status. An owner that reported
// the candidate — since its job was given, too — is refused with
// ErrSelfReview, and nothing is recorded.
func (sv *Service) Vote(ctx context.Context, jobID, candidateID, owner, agent string, hostile bool) (string, error) {
	now := sv.now().UTC()
	var status string
	err := sv.store.Atomic(ctx, func(tx store.Tx) error {
		ts := store.Signatures(tx)
		if err := refuseReporter(ctx, ts, candidateID, owner); err != nil {
			return err
		}
		if err := ts.InsertReviewVote(ctx, store.ReviewVote{JobID: jobID, CandidateID: candidateID, Agent: agent, Owner: owner, Hostile: hostile, At: now}); err != nil {
			return err
		}
		cand, err := ts.Candidate(ctx, candidateID)
		if err != nil {
			return err
		}
		if cand.Status != store.CandidateOpen {
			status = cand.Status
			return nil
		}
		status, _, err = sv.decide(ctx, ts, &cand, now)
		return err
	})
	if err == nil && status == store.CandidateConfirmed {
		sv.changedFeed()
	}
	return status, err
}

// refuseReporter refuses owner with ErrSelfReview when it reported the
// candidate (issue 29: a reporting owner reviews and votes on no candidate
// of its own).
func refuseReporter(ctx context.Context, ts store.Signatures, candidateID, owner string) error {
	reports, err := ts.SignatureReports(ctx, candidateID)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if r.Owner == owner {
			return refuse("owner", ErrSelfReview, "")
		}
	}
	return nil
}

// Retire retires a confirmed signature with a public note: it leaves the
// feed's active set, and the retirement is a change of the feed.
func (sv *Service) Retire(ctx context.Context, id, note string) error {
	if note == "" {
		return refuse("note", ErrMissingField, "")
	}
	now := sv.now().UTC()
	err := sv.store.Atomic(ctx, func(tx store.Tx) error {
		ts := store.Signatures(tx)
		cand, err := ts.Candidate(ctx, id)
		if err != nil {
			return err
		}
		if err := ts.TransitionCandidate(ctx, store.CandidateTransition{ID: id, From: store.CandidateConfirmed, To: store.CandidateRetired, Note: note, At: now}); err != nil {
			return err
		}
		_, err = ts.AppendFeedChange(ctx, store.FeedChange{Kind: store.FeedRetired, SignatureID: id, Category: cand.Category,
			SHA256: cand.SHA256, Shingles: nil, Owners: cand.Owners, Note: note, At: now})
		return err
	})
	if err == nil {
		sv.changedFeed()
	}
	return err
}

// FeedEntry is one change of the feed in its wire form: ids, categories,
// hashes and counts, never text.
type FeedEntry struct {
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"` // "confirmed" or "retired"
	ID       string   `json:"id"`
	Category string   `json:"category"`
	SHA256   string   `json:"sha256"`
	Shingles []string `json:"shingles,omitempty"` // 16 hex digits each
	Owners   int      `json:"owners"`
	Note     string   `json:"note,omitempty"` // a retirement's public note
}

// Feed returns the changes after cursor since (0 for all), at most limit
// (MaxListLimit when 0); the next cursor is the last entry's Seq.
func (sv *Service) Feed(ctx context.Context, since int64, limit int) ([]FeedEntry, error) {
	changes, err := sv.store.FeedChanges(ctx, since, limit)
	if err != nil {
		return nil, err
	}
	out := make([]FeedEntry, 0, len(changes))
	for _, c := range changes {
		e := FeedEntry{Seq: c.Seq, Kind: c.Kind, ID: c.SignatureID, Category: c.Category, SHA256: c.SHA256, Owners: c.Owners, Note: c.Note}
		for _, h := range c.Shingles {
			e.Shingles = append(e.Shingles, fmt.Sprintf("%016x", h))
		}
		out = append(out, e)
	}
	return out, nil
}

// changedFeed is called after a commit of this Service that appended to
// the feed: the next check waits for a read of the feed that began after
// it.
func (sv *Service) changedFeed() { sv.gen.Add(1) }

// current returns the index a check uses (see [Options.Refresh]): the
// snapshot it has, while that is fresh enough for a check called now,
// else the one a read of the feed begun after it gives. No lock is held
// while the feed is read; a check that waits waits for the read shared by
// every check that needs it, or for ctx.
func (sv *Service) current(ctx context.Context) (*Index, error) {
	called, gen := time.Now(), sv.gen.Load()
	if s := sv.snap.Load(); s != nil && sv.fresh(s, called, gen) {
		if time.Since(s.read) >= sv.refresh/4 {
			sv.startRead(ctx) // in the background: this check goes on
		}
		return s.index, nil
	}
	for {
		f := sv.startRead(ctx)
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if f.err != nil {
			return nil, f.err
		}
		if sv.fresh(f.snap, called, gen) {
			return f.snap.index, nil
		}
		// The read began before this check was called, and does not
		// do: the next one will.
	}
}

// fresh says whether s may answer a check called at called, when the
// service's changes counted gen.
func (sv *Service) fresh(s *snapshot, called time.Time, gen uint64) bool {
	if s.gen < gen {
		return false
	}
	if sv.refresh < 0 {
		return !s.read.Before(called)
	}
	return called.Sub(s.read) < sv.refresh
}

// startRead returns the read of the feed under way, starting one when
// none is. The read runs on its own goroutine, bounded by
// refreshTimeout rather than by ctx (whose values it keeps), so that a
// check giving up does not fail the others waiting for it.
func (sv *Service) startRead(ctx context.Context) *flight {
	sv.flightMu.Lock()
	defer sv.flightMu.Unlock()
	if sv.flight != nil {
		return sv.flight
	}
	f := &flight{done: make(chan struct{})}
	sv.flight = f
	go func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
		defer cancel()
		f.snap, f.err = sv.read(rctx)
		if f.err != nil {
			sv.log.LogAttrs(rctx, slog.LevelWarn, "signature: feed read failed", slog.String("error_class", errorClass(f.err)))
		} else {
			sv.snap.Store(f.snap)
		}
		sv.flightMu.Lock()
		sv.flight = nil
		sv.flightMu.Unlock()
		close(f.done)
	}()
	return f
}

// read folds the feed's changes since the last read into the active set
// and returns its snapshot, with an index rebuilt when the set changed.
// Only one runs at a time (startRead).
func (sv *Service) read(ctx context.Context) (*snapshot, error) {
	sv.refreshMu.Lock()
	defer sv.refreshMu.Unlock()
	s := &snapshot{read: time.Now(), gen: sv.gen.Load()}
	changed := false
	for {
		changes, err := sv.store.FeedChanges(ctx, sv.seq, 0)
		if err != nil {
			return nil, err
		}
		for _, c := range changes {
			switch c.Kind {
			case store.FeedConfirmed:
				sv.active[c.SignatureID] = Signature{ID: c.SignatureID, Category: c.Category, Shingles: c.Shingles}
			case store.FeedRetired:
				delete(sv.active, c.SignatureID)
			}
			sv.seq = c.Seq
			changed = true
		}
		if len(changes) < store.MaxListLimit {
			break
		}
	}
	if old := sv.snap.Load(); old != nil && !changed {
		s.index = old.index
		return s, nil
	}
	sigs := make([]Signature, 0, len(sv.active))
	for _, sig := range sv.active {
		sigs = append(sigs, sig)
	}
	s.index = NewIndex(sigs)
	return s, nil
}

// Check checks text against the confirmed signatures (the feed's active
// set, as [Options.Refresh] bounds its age). The text stays in memory:
// nothing of it is stored, logged or returned in an error.
func (sv *Service) Check(ctx context.Context, text string) ([]Match, error) {
	if len(text) > MaxCheckBytes {
		sv.log.LogAttrs(ctx, slog.LevelInfo, "signature: check refused", slog.Int("bytes", len(text)), slog.String("error_class", "text_too_large"))
		return nil, refuse("text", ErrTextTooLarge, "more than 16384 bytes")
	}
	idx, err := sv.current(ctx)
	if err != nil {
		sv.log.LogAttrs(ctx, slog.LevelWarn, "signature: check failed", slog.String("error_class", errorClass(err)))
		return nil, err
	}
	ms, err := idx.Check(text)
	sv.log.LogAttrs(ctx, slog.LevelInfo, "signature: check", slog.Int("bytes", len(text)), slog.Int("matches", len(ms)))
	return ms, err
}

// Index returns the index of the feed's active set, as fresh as
// [Options.Refresh] says a check's is: the current confirmed set,
// refreshed as the feed changes. It reads no store while the index it
// has is fresh, so it may be called for every scan.
func (sv *Service) Index(ctx context.Context) (*Index, error) { return sv.current(ctx) }

// errorClass names an error for a log line without its message, which
// might quote input.
func errorClass(err error) string {
	switch e := err.(type) {
	case *Error:
		return e.Kind.Error()
	case *store.Error:
		if e.Kind != nil {
			return "store: " + e.Kind.Error()
		}
		return "store: " + e.Op
	}
	return fmt.Sprintf("%T", err)
}
