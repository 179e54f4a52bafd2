package precall

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
)

// StoreRegistry is the Registry of a store: the registered servers, their
// last recorded definitions, and the flags standing against a URL. The
// zero index is fine: [NewStoreRegistry] adds one that lasts across calls.
type StoreRegistry struct {
	Store store.Store
	// PageURL, when set, gives a registered server's page URL from its
	// slug (see Checker.PageURL); nil means the page's path alone
	// (PageURLUnder("")).
	PageURL func(slug string) string
	index   *nameIndex
}

// NewStoreRegistry returns the Registry of s with an index of the tool
// names of every recorded version it reads, kept across calls of Offers
// (bounded; see Offers). It is safe for concurrent use.
func NewStoreRegistry(s store.Store) StoreRegistry {
	return StoreRegistry{Store: s, index: &nameIndex{}}
}

var _ Registry = StoreRegistry{}

// Server implements Registry.
func (r StoreRegistry) Server(ctx context.Context, url string) (*Registered, error) {
	s, err := r.Store.Server(ctx, url)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	fv, err := r.Store.FingerprintVersion(ctx, url, s.Version)
	if err != nil {
		return nil, err
	}
	d, err := decodeDefinitions(fv.Definitions)
	if err != nil {
		return nil, err
	}
	return &Registered{Registration: registrationOf(&s, r.PageURL), Record: fingerprint.Record{Fingerprint: fv.Fingerprint, Version: fv.Version, Definitions: *d}}, nil
}

// registrationOf is the §9 registration of s; page gives its page URL
// (Checker.PageURL), nil the page's path alone. The page URL recorded at
// registration is never answered (issue 28, item 5).
func registrationOf(s *store.Server, page func(slug string) string) Registration {
	if page == nil {
		page = PageURLUnder("")
	}
	reg := Registration{Slug: s.Slug, PageURL: page(s.Slug), PublisherStatus: s.PublisherStatus, FirstSeen: s.FirstSeen}
	if s.LinkedStoreListing != "" {
		l := s.LinkedStoreListing
		reg.LinkedStoreListing = &l
	}
	return reg
}

// PageURLUnder is the page URL of a registered server under base, an
// instance's public URL ("https://host"): base without its trailing
// slashes + "/servers/" + the path-escaped slug — the page
// `plainsight serve` renders. An empty base gives the path alone, a
// reference relative to the instance that answered. Every reader of the
// registry names a page this way (issue 28, item 5).
func PageURLUnder(base string) func(slug string) string {
	base = strings.TrimRight(base, "/")
	return func(slug string) string { return base + "/servers/" + url.PathEscape(slug) }
}

// PageURLOf is the page URL c's answers give the server registered under
// slug (see PageURL): one answer per fact, for the outputs that name it
// beside an answer of their own.
func (c *Checker) PageURLOf(ctx context.Context, slug string) (string, error) {
	page, err := c.pages(ctx)
	if err != nil {
		return "", err
	}
	return page(slug), nil
}

// pages is the page URL function of c's answers: PageURL, else
// PageURLUnder the public URL the store records.
func (c *Checker) pages(ctx context.Context) (func(string) string, error) {
	if c.PageURL != nil {
		return c.PageURL, nil
	}
	base := ""
	if c.Store != nil {
		u, err := c.Store.PublicURL(ctx)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		base = u
	}
	return PageURLUnder(base), nil
}

func otherOf(s *store.Server, name string, page func(slug string) string) Other {
	reg := registrationOf(s, page)
	return Other{Slug: s.Slug, URL: s.URL, ServerName: name, LinkedStoreListing: reg.LinkedStoreListing, PageURL: reg.PageURL}
}

// Offers implements Registry. It reads the registered servers' rows, a
// page of store.MaxListLimit at a time, and looks the names up in an
// index of each recorded version's tool names (a version never changes,
// so an entry keyed by URL and version is never stale, across instances
// too). Only the definitions of a version not yet indexed, or of one that
// offers a named tool, are read and decoded: with a registry from
// NewStoreRegistry, a call after the first reads the definitions of the
// servers that share a name, not of all. The index holds at most 100,000
// versions and 1,000,000 names.
func (r StoreRegistry) Offers(ctx context.Context, names []string) ([]Offer, error) {
	return offers(ctx, r.Store, r.index, r.PageURL, names)
}

// StandingFlags implements Registry: the flags standing against url.
func (r StoreRegistry) StandingFlags(ctx context.Context, url string) ([]string, error) {
	fs, err := r.Store.ListFlags(ctx, store.FlagQuery{ArtifactType: ArtifactType, ArtifactRef: url, Statuses: []string{store.StatusStanding}})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	return ids, nil
}

// registry is the Registry c reads, naming pages with page.
func (c *Checker) registry(page func(string) string) Registry {
	if c.Registry != nil {
		return c.Registry
	}
	if c.Store != nil {
		return StoreRegistry{Store: c.Store, PageURL: page, index: c.index()}
	}
	return nil
}

// ScanNoteRegistered qualifies the scan of a registered server.
const ScanNoteRegistered = "A clean scan means none of the classes of the agent-safety formats were found in the definitions served for this check; it is never a finding that they are safe. The server is registered: findings are recorded as flags (source integrity_refresh) and their ids listed."

// checkRegistered answers for a server registered at rawURL: the
// integrity check (which records a change), then the answer.
func (c *Checker) checkRegistered(ctx context.Context, rawURL, tool string, page func(string) string) (*Answer, error) {
	srv, err := c.Store.Server(ctx, rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	r, err := c.refresh(ctx, srv, false)
	if err != nil {
		return nil, err
	}
	reg := registrationOf(&r.Server, page)
	a := &Answer{
		URL:               rawURL,
		Redirects:         r.Landing.Redirects,
		Registered:        true,
		Registration:      &reg,
		Flags:             Flags{Status: FlagsNone, StandingFlagIDs: []string{}, Note: FlagsNote},
		Reviews:           Reviews{Note: ReviewsNote},
		ShadowingWarnings: []Warning{},
		Note:              Note,
	}
	if a.Redirects == nil {
		a.Redirects = []guard.Redirect{}
	}
	if r.Landing.EffectiveURL != "" {
		eff := r.Landing.EffectiveURL
		a.EffectiveURL = &eff
	}
	version := r.Server.Version
	a.Integrity = Integrity{Status: r.Status, FingerprintVersion: &version, Diff: r.Diff, Detail: r.Detail, Note: IntegrityNote}
	if r.Fingerprint != "" {
		fp := r.Fingerprint
		a.Integrity.Fingerprint = &fp
	}
	// What the answer is about: the definitions served for this check,
	// or the last recorded ones.
	served := r.Fresh
	if served == nil {
		served = r.Destination
	}
	basisDefs, basis := r.Recorded, BasisRecorded
	if r.Fresh != nil {
		basisDefs, basis = r.Fresh, BasisServed
	}
	if r.Status == fingerprint.Changed && r.Fresh == nil {
		// Redirecting: the tool focus rests on the record, the server
		// identity is the destination's, disclosed as such.
		basisDefs, basis = r.Recorded, BasisRecorded
	}
	if served != nil {
		a.Server = &Server{Name: served.Server.Name, Version: served.Server.Version, ProtocolVersion: served.ProtocolVersion, AnsweringURL: a.EffectiveURL, Basis: BasisServed}
		if a.Server.AnsweringURL == nil {
			a.Server.AnsweringURL = &a.URL
		}
		rep := c.scanDefinitions(served)
		rep.Note = ScanNoteRegistered
		rep.FlagIDs = r.FlagIDs
		a.Scan = rep
	} else {
		a.Server = &Server{Name: r.Recorded.Server.Name, Version: r.Recorded.Server.Version, ProtocolVersion: r.Recorded.ProtocolVersion, Basis: BasisRecorded}
		a.Scan = ScanReport{Status: ScanNotRun, Findings: []Located{}, FlagIDs: []string{}, Note: ScanNoteNotRun}
	}
	reg2 := c.registry(page)
	ids, err := reg2.StandingFlags(ctx, rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	if len(ids) > 0 {
		a.Flags.Status, a.Flags.StandingFlagIDs = FlagsStanding, ids
	}
	counts, err := c.Store.CountReviews(ctx, rawURL, version)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	a.Reviews.Total, a.Reviews.CurrentCount, a.Reviews.OlderCount = counts.Current+counts.Older, counts.Current, counts.Older
	if counts.Current > 0 {
		avg := float64(counts.CurrentSum) / float64(counts.Current)
		a.Reviews.CurrentAverage = &avg
	}
	// §10 over the definitions this answer rests on and the others'
	// recorded definitions.
	names := make([]string, len(basisDefs.Tools))
	for i, t := range basisDefs.Tools {
		names[i] = t.Name
	}
	offers, err := reg2.Offers(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	a.ShadowingWarnings = Collisions(rawURL, basisDefs.Tools, offers)
	if tool != "" {
		offered := false
		for _, t := range basisDefs.Tools {
			offered = offered || t.Name == tool
		}
		b := basis
		a.ToolFocus = &ToolFocus{Tool: tool, Offered: &offered, Basis: &b}
	}
	return a, nil
}

// Record is a server's record in the external registry, as the registry
// shows it: the registration, the current fingerprint and version, the
// last check, and the §10 warnings over the recorded definitions of every
// other registered server.
type Record struct {
	URL                string       `json:"url"`
	Registration       Registration `json:"registration"`
	Fingerprint        string       `json:"fingerprint"`
	FingerprintVersion int          `json:"fingerprint_version"`
	ServerName         string       `json:"server_name"`
	LastChecked        time.Time    `json:"last_checked"`
	ShadowingWarnings  []Warning    `json:"shadowing_warnings"`
	// Note is always [IntegrityNote]: the §12 line wherever a fingerprint
	// is shown (issue 28, item 5).
	Note string `json:"note"`
}

// Records returns the registry records of the servers q selects (§9
// registration, §10 warnings). It probes nothing.
func (c *Checker) Records(ctx context.Context, q store.ServerQuery) ([]Record, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	servers, err := c.Store.ListServers(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	// One record at a time, so that one record's definitions and offers
	// are held at once; the §10 lookup reads the registry's rows, and
	// decodes only the definitions the name index points at.
	page, err := c.pages(ctx)
	if err != nil {
		return nil, err
	}
	reg := StoreRegistry{Store: c.Store, PageURL: page, index: c.index()}
	out := make([]Record, 0, len(servers))
	for i := range servers {
		s := &servers[i]
		defs, fp, err := c.recorded(ctx, c.Store, s.URL, s.Version)
		if err != nil {
			return nil, err
		}
		names := make([]string, len(defs.Tools))
		for j, t := range defs.Tools {
			names[j] = t.Name
		}
		offers, err := reg.Offers(ctx, names)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		out = append(out, Record{URL: s.URL, Registration: registrationOf(s, page), Fingerprint: fp, FingerprintVersion: s.Version,
			ServerName: defs.Server.Name, LastChecked: s.LastChecked, ShadowingWarnings: Collisions(s.URL, defs.Tools, offers), Note: IntegrityNote})
	}
	return out, nil
}
