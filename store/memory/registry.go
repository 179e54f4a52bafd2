package memory

import (
	"context"
	"slices"
	"time"

	"github.com/plainsight/plainsight/store"
)

// registry is the memory backend's external registry.
type registry struct {
	servers  []*store.Server // registration order
	byURL    map[string]*store.Server
	bySlug   map[string]bool
	versions map[string][]store.FingerprintVersion // by server URL, version order
	changes  []store.ChangeEvent
	reviews  []store.Review
	reviewID map[string]bool
	// challenges are the claim challenges (claims.go), made on first use.
	challenges map[claimKey]store.ClaimChallenge
	// publicURLs are the recorded public URLs, oldest first.
	publicURLs []string
}

func newRegistry() *registry {
	return &registry{byURL: map[string]*store.Server{}, bySlug: map[string]bool{},
		versions: map[string][]store.FingerprintVersion{}, reviewID: map[string]bool{}}
}

// reg returns the registry, made by New.
func (m *Memory) reg() *registry { return m.r }

// InsertServer implements store.Servers.
func (m *Memory) InsertServer(ctx context.Context, s store.Server) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertServer(nil, s)
}

func (m *Memory) insertServer(undo *[]func(), s store.Server) error {
	const op = "InsertServer"
	if err := store.CheckServer(op, &s); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	if r.byURL[s.URL] != nil || r.bySlug[s.Slug] {
		return store.Errorf(op, store.ErrDuplicate, "a server has this url or slug")
	}
	p := &s
	r.servers = append(r.servers, p)
	r.byURL[s.URL] = p
	r.bySlug[s.Slug] = true
	if undo != nil {
		*undo = append(*undo, func() {
			r.servers = r.servers[:len(r.servers)-1]
			delete(r.byURL, s.URL)
			delete(r.bySlug, s.Slug)
		})
	}
	return nil
}

// Server implements store.Servers.
func (m *Memory) Server(ctx context.Context, url string) (store.Server, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.Server{}, store.Wrap("Server", errClosed)
	}
	s := m.reg().byURL[url]
	if s == nil {
		return store.Server{}, store.Errorf("Server", store.ErrNotFound, "server %q", url)
	}
	return *s, nil
}

// ListServers implements store.Servers.
func (m *Memory) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, store.Wrap("ListServers", errClosed)
	}
	var all []store.Server
	for _, s := range m.reg().servers {
		if q.CheckedBefore.IsZero() || s.LastChecked.Before(q.CheckedBefore) {
			all = append(all, *s)
		}
	}
	if !q.CheckedBefore.IsZero() {
		slices.SortStableFunc(all, func(a, b store.Server) int { return a.LastChecked.Compare(b.LastChecked) })
	}
	off := min(max(q.Offset, 0), len(all))
	all = all[off:]
	return all[:min(len(all), q.LimitOrMax())], nil
}

// AdvanceServer implements store.Servers.
func (m *Memory) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.advance(nil, url, from, checked)
}

func (m *Memory) advance(undo *[]func(), url string, from int, checked time.Time) error {
	const op = "AdvanceServer"
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	s := r.byURL[url]
	if s == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	}
	if s.Version != from {
		return store.Errorf(op, store.ErrConflict, "server %s is at version %d", url, s.Version)
	}
	if checked.Before(s.LastChecked) {
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	}
	if len(r.versions[url]) < from+1 {
		return store.Errorf(op, store.ErrInvalid, "fingerprint version %d is not recorded", from+1)
	}
	old := *s
	s.Version, s.LastChecked = from+1, checked
	if undo != nil {
		*undo = append(*undo, func() { *s = old })
	}
	return nil
}

// TakeDue implements store.Servers: under the store's write lock, so
// that of concurrent callers each server is taken by one.
func (m *Memory) TakeDue(ctx context.Context, q store.DueQuery) ([]store.Server, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.takeDue(nil, q)
}

func (m *Memory) takeDue(undo *[]func(), q store.DueQuery) ([]store.Server, error) {
	const op = "TakeDue"
	if err := store.CheckDue(op, &q); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, store.Wrap(op, errClosed)
	}
	var due []*store.Server
	for _, s := range m.reg().servers {
		if s.LastChecked.Before(q.CheckedBefore) {
			due = append(due, s)
		}
	}
	slices.SortStableFunc(due, func(a, b *store.Server) int { return a.LastChecked.Compare(b.LastChecked) })
	due = due[:min(len(due), q.LimitOrMax())]
	out := make([]store.Server, len(due))
	for i, s := range due {
		old := s.LastChecked
		s.LastChecked = q.At
		out[i] = *s
		if undo != nil {
			*undo = append(*undo, func() { s.LastChecked = old })
		}
	}
	return out, nil
}

// MarkChecked implements store.Servers.
func (m *Memory) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.markChecked(nil, url, from, to)
}

func (m *Memory) markChecked(undo *[]func(), url string, from, to time.Time) error {
	const op = "MarkChecked"
	if to.Before(from) {
		return store.Errorf(op, store.ErrInvalid, "a check time goes backwards")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	s := m.reg().byURL[url]
	if s == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", url)
	}
	if !s.LastChecked.Equal(from) {
		return store.Errorf(op, store.ErrConflict, "server %s was checked at another time", url)
	}
	old := s.LastChecked
	s.LastChecked = to
	if undo != nil {
		*undo = append(*undo, func() { s.LastChecked = old })
	}
	return nil
}

// InsertFingerprintVersion implements store.FingerprintVersions.
func (m *Memory) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertVersion(nil, v)
}

func (m *Memory) insertVersion(undo *[]func(), v store.FingerprintVersion) error {
	const op = "InsertFingerprintVersion"
	if err := store.CheckFingerprintVersion(op, &v); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	if r.byURL[v.ServerURL] == nil {
		return store.Errorf(op, store.ErrNotFound, "server %q", v.ServerURL)
	}
	if n := len(r.versions[v.ServerURL]); v.Version != n+1 {
		return store.Errorf(op, store.ErrConflict, "version %d does not follow %d", v.Version, n)
	}
	v.Definitions = slices.Clone(v.Definitions)
	r.versions[v.ServerURL] = append(r.versions[v.ServerURL], v)
	if undo != nil {
		*undo = append(*undo, func() {
			vs := r.versions[v.ServerURL]
			r.versions[v.ServerURL] = vs[:len(vs)-1]
		})
	}
	return nil
}

// FingerprintVersion implements store.FingerprintVersions.
func (m *Memory) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.FingerprintVersion{}, store.Wrap("FingerprintVersion", errClosed)
	}
	vs := m.reg().versions[url]
	if version < 1 || version > len(vs) {
		return store.FingerprintVersion{}, store.Errorf("FingerprintVersion", store.ErrNotFound, "%s version %d", url, version)
	}
	return vs[version-1], nil
}

// AppendChangeEvent implements store.ChangeEvents.
func (m *Memory) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.appendChange(nil, e)
}

func (m *Memory) appendChange(undo *[]func(), e store.ChangeEvent) (int64, error) {
	const op = "AppendChangeEvent"
	if err := store.CheckChangeEvent(op, &e); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, store.Wrap(op, errClosed)
	}
	r := m.reg()
	if r.byURL[e.ServerURL] == nil {
		return 0, store.Errorf(op, store.ErrNotFound, "server %q", e.ServerURL)
	}
	e.Seq = int64(len(r.changes)) + 1
	e.Diff = slices.Clone(e.Diff)
	if e.Redirects != nil {
		e.Redirects = append([]byte{}, e.Redirects...)
	}
	r.changes = append(r.changes, e)
	if undo != nil {
		*undo = append(*undo, func() { r.changes = r.changes[:len(r.changes)-1] })
	}
	return e.Seq, nil
}

// ListChangeEvents implements store.ChangeEvents.
func (m *Memory) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, store.Wrap("ListChangeEvents", errClosed)
	}
	cs := m.reg().changes
	i := len(cs)
	if q.Before > 0 {
		i = min(i, int(q.Before-1))
	}
	limit := q.LimitOrMax()
	out := []store.ChangeEvent{}
	for i--; i >= 0 && len(out) < limit; i-- {
		if (q.ServerURL == "" || cs[i].ServerURL == q.ServerURL) && (!q.RedirectsOnly || cs[i].Redirects != nil) {
			out = append(out, cs[i])
		}
	}
	return out, nil
}

// InsertReview implements store.Reviews.
func (m *Memory) InsertReview(ctx context.Context, rv store.Review) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.insertReview(nil, rv)
}

func (m *Memory) insertReview(undo *[]func(), rv store.Review) error {
	const op = "InsertReview"
	if err := store.CheckReview(op, &rv); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	if rv.FingerprintVersion > len(r.versions[rv.ServerURL]) {
		return store.Errorf(op, store.ErrNotFound, "%s has no version %d", rv.ServerURL, rv.FingerprintVersion)
	}
	if r.reviewID[rv.ID] {
		return store.Errorf(op, store.ErrDuplicate, "review %s", rv.ID)
	}
	r.reviews = append(r.reviews, rv)
	r.reviewID[rv.ID] = true
	if undo != nil {
		*undo = append(*undo, func() {
			r.reviews = r.reviews[:len(r.reviews)-1]
			delete(r.reviewID, rv.ID)
		})
	}
	return nil
}

// CountReviews implements store.Reviews.
func (m *Memory) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return store.ReviewCounts{}, store.Wrap("CountReviews", errClosed)
	}
	var c store.ReviewCounts
	for _, rv := range m.reg().reviews {
		switch {
		case rv.ServerURL != url:
		case rv.FingerprintVersion == version:
			c.Current++
			c.CurrentSum += int64(rv.Rating)
		case rv.FingerprintVersion < version:
			c.Older++
		}
	}
	return c, nil
}

// RecordPublicURL implements store.PublicURLs.
func (m *Memory) RecordPublicURL(ctx context.Context, u string, at time.Time) error {
	m.txMu.Lock()
	defer m.txMu.Unlock()
	return m.recordPublicURL(nil, u)
}

func (m *Memory) recordPublicURL(undo *[]func(), u string) error {
	const op = "RecordPublicURL"
	if err := store.CheckPublicURL(op, u); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Wrap(op, errClosed)
	}
	r := m.reg()
	if latestURL(r.publicURLs) == u {
		return nil
	}
	r.publicURLs = append(r.publicURLs, u)
	if undo != nil {
		*undo = append(*undo, func() { r.publicURLs = r.publicURLs[:len(r.publicURLs)-1] })
	}
	return nil
}

func latestURL(us []string) string {
	if len(us) == 0 {
		return ""
	}
	return us[len(us)-1]
}

// PublicURL implements store.PublicURLs.
func (m *Memory) PublicURL(ctx context.Context) (string, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return "", store.Wrap("PublicURL", errClosed)
	}
	return latestURL(m.reg().publicURLs), nil
}

func (t *tx) RecordPublicURL(ctx context.Context, u string, at time.Time) error {
	if err := t.check("RecordPublicURL"); err != nil {
		return err
	}
	return t.m.recordPublicURL(&t.undo, u)
}

func (t *tx) PublicURL(ctx context.Context) (string, error) {
	if err := t.check("PublicURL"); err != nil {
		return "", err
	}
	return t.m.PublicURL(ctx)
}

func (t *tx) InsertServer(ctx context.Context, s store.Server) error {
	if err := t.check("InsertServer"); err != nil {
		return err
	}
	return t.m.insertServer(&t.undo, s)
}

func (t *tx) Server(ctx context.Context, url string) (store.Server, error) {
	if err := t.check("Server"); err != nil {
		return store.Server{}, err
	}
	return t.m.Server(ctx, url)
}

func (t *tx) ListServers(ctx context.Context, q store.ServerQuery) ([]store.Server, error) {
	if err := t.check("ListServers"); err != nil {
		return nil, err
	}
	return t.m.ListServers(ctx, q)
}

func (t *tx) AdvanceServer(ctx context.Context, url string, from int, checked time.Time) error {
	if err := t.check("AdvanceServer"); err != nil {
		return err
	}
	return t.m.advance(&t.undo, url, from, checked)
}

func (t *tx) TakeDue(ctx context.Context, q store.DueQuery) ([]store.Server, error) {
	if err := t.check("TakeDue"); err != nil {
		return nil, err
	}
	return t.m.takeDue(&t.undo, q)
}

func (t *tx) MarkChecked(ctx context.Context, url string, from, to time.Time) error {
	if err := t.check("MarkChecked"); err != nil {
		return err
	}
	return t.m.markChecked(&t.undo, url, from, to)
}

func (t *tx) InsertFingerprintVersion(ctx context.Context, v store.FingerprintVersion) error {
	if err := t.check("InsertFingerprintVersion"); err != nil {
		return err
	}
	return t.m.insertVersion(&t.undo, v)
}

func (t *tx) FingerprintVersion(ctx context.Context, url string, version int) (store.FingerprintVersion, error) {
	if err := t.check("FingerprintVersion"); err != nil {
		return store.FingerprintVersion{}, err
	}
	return t.m.FingerprintVersion(ctx, url, version)
}

func (t *tx) AppendChangeEvent(ctx context.Context, e store.ChangeEvent) (int64, error) {
	if err := t.check("AppendChangeEvent"); err != nil {
		return 0, err
	}
	return t.m.appendChange(&t.undo, e)
}

func (t *tx) ListChangeEvents(ctx context.Context, q store.ChangeQuery) ([]store.ChangeEvent, error) {
	if err := t.check("ListChangeEvents"); err != nil {
		return nil, err
	}
	return t.m.ListChangeEvents(ctx, q)
}

func (t *tx) InsertReview(ctx context.Context, r store.Review) error {
	if err := t.check("InsertReview"); err != nil {
		return err
	}
	return t.m.insertReview(&t.undo, r)
}

func (t *tx) CountReviews(ctx context.Context, url string, version int) (store.ReviewCounts, error) {
	if err := t.check("CountReviews"); err != nil {
		return store.ReviewCounts{}, err
	}
	return t.m.CountReviews(ctx, url, version)
}
