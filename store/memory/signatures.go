package memory

import (
	"context"
	"slices"

	"github.com/plainsight/plainsight/store"
)

var _ store.Signatures = (*Memory)(nil)

type sigState struct {
	reports    []store.SignatureReport
	reportIDs  map[string]bool
	candidates []*store.Candidate
	candByID   map[string]*store.Candidate
	jobs       map[string]store.ReviewJob
	votes      []store.ReviewVote
	voted      map[string]bool
	feed       []store.FeedChange
}

func newSigState() sigState {
	return sigState{reportIDs: map[string]bool{}, candByID: map[string]*store.Candidate{}, jobs: map[string]store.ReviewJob{}, voted: map[string]bool{}}
}

// write runs one write step under the store's locks (outside Atomic, undo
// is nil).
func (m *Memory) write(undo *[]func(), op string, f func(undo *[]func()) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	return f(undo)
}

func push(undo *[]func(), f func()) {
	if undo != nil {
		*undo = append(*undo, f)
	}
}

func (m *Memory) insertReport(undo *[]func(), r store.SignatureReport) error {
	const op = "InsertSignatureReport"
	if err := store.CheckSignatureReport(op, &r); err != nil {
		return err
	}
	return m.write(undo, op, func(undo *[]func()) error {
		if m.sig.reportIDs[r.ID] {
			return store.Errorf(op, store.ErrDuplicate, "report %q", r.ID)
		}
		if m.sig.candByID[r.CandidateID] == nil {
			return store.Errorf(op, store.ErrNotFound, "candidate %q", r.CandidateID)
		}
		r.Shingles = slices.Clone(r.Shingles)
		m.sig.reports = append(m.sig.reports, r)
		m.sig.reportIDs[r.ID] = true
		push(undo, func() { m.sig.reports = m.sig.reports[:len(m.sig.reports)-1]; delete(m.sig.reportIDs, r.ID) })
		return nil
	})
}

func (m *Memory) read(op string) (func(), error) {
	m.mu.RLock()
	if m.closed {
		m.mu.RUnlock()
		return nil, store.Wrap(op, errClosed)
	}
	return m.mu.RUnlock, nil
}

// SignatureReports implements store.Signatures.
func (m *Memory) SignatureReports(ctx context.Context, candidateID string) ([]store.SignatureReport, error) {
	done, err := m.read("SignatureReports")
	if err != nil {
		return nil, err
	}
	defer done()
	var out []store.SignatureReport
	for _, r := range m.sig.reports {
		if r.CandidateID == candidateID && len(out) < store.MaxListLimit {
			r.Shingles = slices.Clone(r.Shingles)
			out = append(out, r)
		}
	}
	return out, nil
}

func (m *Memory) insertCandidate(undo *[]func(), c store.Candidate) error {
	const op = "InsertCandidate"
	if err := store.CheckCandidate(op, &c); err != nil {
		return err
	}
	return m.write(undo, op, func(undo *[]func()) error {
		if m.sig.candByID[c.ID] != nil {
			return store.Errorf(op, store.ErrDuplicate, "candidate %q", c.ID)
		}
		c.Shingles = slices.Clone(c.Shingles)
		p := &c
		m.sig.candidates = append(m.sig.candidates, p)
		m.sig.candByID[c.ID] = p
		push(undo, func() { m.sig.candidates = m.sig.candidates[:len(m.sig.candidates)-1]; delete(m.sig.candByID, c.ID) })
		return nil
	})
}

func cloneCandidate(c *store.Candidate) store.Candidate {
	out := *c
	out.Shingles = slices.Clone(c.Shingles)
	return out
}

// Candidate implements store.Signatures.
func (m *Memory) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	done, err := m.read("Candidate")
	if err != nil {
		return store.Candidate{}, err
	}
	defer done()
	c := m.sig.candByID[id]
	if c == nil {
		return store.Candidate{}, store.Errorf("Candidate", store.ErrNotFound, "candidate %q", id)
	}
	return cloneCandidate(c), nil
}

// ListCandidates implements store.Signatures.
func (m *Memory) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	done, err := m.read("ListCandidates")
	if err != nil {
		return nil, err
	}
	defer done()
	var out []store.Candidate
	skip := q.Offset
	for _, c := range m.sig.candidates {
		if len(q.Statuses) > 0 && !slices.Contains(q.Statuses, c.Status) || q.Category != "" && c.Category != q.Category {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if len(out) == q.LimitOrMax() {
			break
		}
		out = append(out, cloneCandidate(c))
	}
	return out, nil
}

func (m *Memory) transitionCandidate(undo *[]func(), t store.CandidateTransition) error {
	const op = "TransitionCandidate"
	if err := store.CheckCandidateTransition(op, &t); err != nil {
		return err
	}
	return m.write(undo, op, func(undo *[]func()) error {
		c := m.sig.candByID[t.ID]
		if c == nil {
			return store.Errorf(op, store.ErrNotFound, "candidate %q", t.ID)
		}
		if c.Status != t.From {
			return store.Errorf(op, store.ErrConflict, "candidate %q is %s", t.ID, c.Status)
		}
		old := *c
		c.Status = t.To
		if t.To == store.CandidateRetired {
			c.Note, c.RetiredAt = t.Note, t.At
		} else {
			c.Rule, c.Owners, c.DecidedAt = t.Rule, t.Owners, t.At
		}
		push(undo, func() { *c = old })
		return nil
	})
}

func (m *Memory) insertJob(undo *[]func(), j store.ReviewJob) error {
	const op = "InsertReviewJob"
	if err := store.CheckReviewJob(op, &j); err != nil {
		return err
	}
	return m.write(undo, op, func(undo *[]func()) error {
		if _, ok := m.sig.jobs[j.ID]; ok {
			return store.Errorf(op, store.ErrDuplicate, "job %q", j.ID)
		}
		if m.sig.candByID[j.CandidateID] == nil {
			return store.Errorf(op, store.ErrNotFound, "candidate %q", j.CandidateID)
		}
		m.sig.jobs[j.ID] = j
		push(undo, func() { delete(m.sig.jobs, j.ID) })
		return nil
	})
}

func (m *Memory) insertVote(undo *[]func(), v store.ReviewVote) error {
	const op = "InsertReviewVote"
	return m.write(undo, op, func(undo *[]func()) error {
		j, ok := m.sig.jobs[v.JobID]
		if !ok {
			return store.Errorf(op, store.ErrNotFound, "job %q", v.JobID)
		}
		if m.sig.voted[v.JobID] {
			return store.Errorf(op, store.ErrDuplicate, "job %q has a vote", v.JobID)
		}
		if j.CandidateID != v.CandidateID || j.Agent != v.Agent || j.Owner != v.Owner {
			return store.Errorf(op, store.ErrInvalid, "the vote is not the job's")
		}
		m.sig.votes = append(m.sig.votes, v)
		m.sig.voted[v.JobID] = true
		push(undo, func() { m.sig.votes = m.sig.votes[:len(m.sig.votes)-1]; delete(m.sig.voted, v.JobID) })
		return nil
	})
}

// ReviewVotes implements store.Signatures.
func (m *Memory) ReviewVotes(ctx context.Context, candidateID string) ([]store.ReviewVote, error) {
	done, err := m.read("ReviewVotes")
	if err != nil {
		return nil, err
	}
	defer done()
	var out []store.ReviewVote
	for _, v := range m.sig.votes {
		if v.CandidateID == candidateID && len(out) < store.MaxListLimit {
			out = append(out, v)
		}
	}
	return out, nil
}

func (m *Memory) appendFeed(undo *[]func(), c store.FeedChange) (int64, error) {
	const op = "AppendFeedChange"
	if err := store.CheckFeedChange(op, &c); err != nil {
		return 0, err
	}
	var seq int64
	err := m.write(undo, op, func(undo *[]func()) error {
		c.Seq = int64(len(m.sig.feed)) + 1
		c.Shingles = slices.Clone(c.Shingles)
		m.sig.feed = append(m.sig.feed, c)
		seq = c.Seq
		push(undo, func() { m.sig.feed = m.sig.feed[:len(m.sig.feed)-1] })
		return nil
	})
	return seq, err
}

// FeedChanges implements store.Signatures.
func (m *Memory) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	done, err := m.read("FeedChanges")
	if err != nil {
		return nil, err
	}
	defer done()
	if limit <= 0 || limit > store.MaxListLimit {
		limit = store.MaxListLimit
	}
	var out []store.FeedChange
	for i := max(since, 0); i < int64(len(m.sig.feed)) && len(out) < limit; i++ {
		c := m.sig.feed[i]
		c.Shingles = slices.Clone(c.Shingles)
		out = append(out, c)
	}
	return out, nil
}

// The write methods on the store itself: each its own transaction.

// InsertSignatureReport implements store.Signatures.
func (m *Memory) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertReport(nil, r)
}

// InsertCandidate implements store.Signatures.
func (m *Memory) InsertCandidate(ctx context.Context, c store.Candidate) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertCandidate(nil, c)
}

// TransitionCandidate implements store.Signatures.
func (m *Memory) TransitionCandidate(ctx context.Context, t store.CandidateTransition) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.transitionCandidate(nil, t)
}

// InsertReviewJob implements store.Signatures.
func (m *Memory) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertJob(nil, j)
}

// InsertReviewVote implements store.Signatures.
func (m *Memory) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertVote(nil, v)
}

// AppendFeedChange implements store.Signatures.
func (m *Memory) AppendFeedChange(ctx context.Context, c store.FeedChange) (int64, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.appendFeed(nil, c)
}

// The same inside a transaction.

func (t *tx) InsertSignatureReport(ctx context.Context, r store.SignatureReport) error {
	if err := t.check("InsertSignatureReport"); err != nil {
		return err
	}
	return t.m.insertReport(&t.undo, r)
}

func (t *tx) SignatureReports(ctx context.Context, id string) ([]store.SignatureReport, error) {
	if err := t.check("SignatureReports"); err != nil {
		return nil, err
	}
	return t.m.SignatureReports(ctx, id)
}

func (t *tx) InsertCandidate(ctx context.Context, c store.Candidate) error {
	if err := t.check("InsertCandidate"); err != nil {
		return err
	}
	return t.m.insertCandidate(&t.undo, c)
}

func (t *tx) Candidate(ctx context.Context, id string) (store.Candidate, error) {
	if err := t.check("Candidate"); err != nil {
		return store.Candidate{}, err
	}
	return t.m.Candidate(ctx, id)
}

func (t *tx) ListCandidates(ctx context.Context, q store.CandidateQuery) ([]store.Candidate, error) {
	if err := t.check("ListCandidates"); err != nil {
		return nil, err
	}
	return t.m.ListCandidates(ctx, q)
}

func (t *tx) TransitionCandidate(ctx context.Context, tr store.CandidateTransition) error {
	if err := t.check("TransitionCandidate"); err != nil {
		return err
	}
	return t.m.transitionCandidate(&t.undo, tr)
}

func (t *tx) InsertReviewJob(ctx context.Context, j store.ReviewJob) error {
	if err := t.check("InsertReviewJob"); err != nil {
		return err
	}
	return t.m.insertJob(&t.undo, j)
}

func (t *tx) InsertReviewVote(ctx context.Context, v store.ReviewVote) error {
	if err := t.check("InsertReviewVote"); err != nil {
		return err
	}
	return t.m.insertVote(&t.undo, v)
}

func (t *tx) ReviewVotes(ctx context.Context, id string) ([]store.ReviewVote, error) {
	if err := t.check("ReviewVotes"); err != nil {
		return nil, err
	}
	return t.m.ReviewVotes(ctx, id)
}

func (t *tx) AppendFeedChange(ctx context.Context, c store.FeedChange) (int64, error) {
	if err := t.check("AppendFeedChange"); err != nil {
		return 0, err
	}
	return t.m.appendFeed(&t.undo, c)
}

func (t *tx) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	if err := t.check("FeedChanges"); err != nil {
		return nil, err
	}
	return t.m.FeedChanges(ctx, since, limit)
}

var _ store.Signatures = (*tx)(nil)
