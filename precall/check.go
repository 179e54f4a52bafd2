package precall

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store"
)

// Registry is what a check reads of the external registry. The
// store-backed registry implements it; a nil Registry is an empty one
// (every server unregistered, no recorded definitions, no flags).
// Implementations must be safe for concurrent use; an error is returned
// to Check's caller as is (wrapped), never read as "nothing there".
type Registry interface {
	// Server returns the registered server at url (compared as given), or
	// nil and no error when none is registered there.
	Server(ctx context.Context, url string) (*Registered, error)
	// Offers returns the recorded definitions, on every registered server
	// and every store listing's linked external record, of the tools
	// named in names (schemas in canonical form, as fingerprint.ParseTools
	// gives them). Offers of the server being checked may be among them.
	Offers(ctx context.Context, names []string) ([]Offer, error)
	// StandingFlags returns the ids of the flags standing against url
	// (§8), including any left by a registration that was held.
	StandingFlags(ctx context.Context, url string) ([]string, error)
}

// Registered is a registered server as the registry holds it.
type Registered struct {
	Registration Registration
	// Record is the last recorded fingerprint, its version and the
	// definitions it was computed from.
	Record fingerprint.Record
}

// ErrRegisteredCheck is returned for a URL a Registry holds when the
// Checker has no Store: the integrity check of a registered server
// (unchanged, changed, version + 1, flags from refreshes) writes to the
// store.
var ErrRegisteredCheck = errors.New("precall: a registered server is checked with a store")

// ErrRegistry wraps an error of the Registry.
var ErrRegistry = errors.New("precall: registry error")

// Checker answers pre-call checks (§9). Its zero value checks with a guard
// that refuses loopback (a server's policy) and an empty registry. Safe
// for concurrent use; its fields must not change once in use.
type Checker struct {
	// Guard sends every request of a probe; nil means a Guard with the
	// zero Policy (loopback refused).
	Guard *guard.Guard
	// Registry is the external registry; nil means the Store's
	// (StoreRegistry), or an empty one without a Store.
	Registry Registry
	// Store, when set, is the external registry's store: Check then
	// answers for registered servers too (the integrity check, refresh
	// flags, reviews), and Register, Refresh and Changes work. Registry,
	// when nil, is then the store's (see StoreRegistry).
	Store store.Store
	// Clock gives the time (the registered path's first-seen and
	// last-check times, the feed's six hours); nil means time.Now.
	Clock func() time.Time
	// PageURL, when set, gives the page URL of the server registered under
	// a slug, in every answer that names one (§9 registration.page_url,
	// §10 others' page_url, §11 server.page_url): a host that renders the
	// registry's pages (package server) points them at its own. Nil means
	// [PageURLUnder] the public URL the Store records (store.PublicURLs,
	// written by `plainsight serve`), so that every reader of one
	// database answers the same page_url (issue 28, item 5); without a
	// Store, the page's path alone. A page URL given at registration is
	// kept in the record and never answered.
	PageURL func(slug string) string
	// Profile is the scan profile of every scan of definitions: Check's
	// answer (§9), and the findings Register and Refresh record as flags
	// (§8). The zero value is scan.Spec, the conformance mode the vectors
	// run in; plainsight's commands and server set scan.Strict unless told
	// --profile spec (docs/profiles.md; issue 31, item 2).
	Profile scan.Profile

	// names indexes the tool names of recorded versions for §10 (see
	// StoreRegistry.Offers), made on first use.
	namesOnce sync.Once
	names     *nameIndex

	// prober replaces the §7 probe in tests.
	prober func(ctx context.Context, url string, g *guard.Guard) (*fingerprint.Definitions, error)
}

func (c *Checker) index() *nameIndex {
	c.namesOnce.Do(func() { c.names = &nameIndex{} })
	return c.names
}

// Check answers the pre-call check of the server at rawURL, with the
// focus on tool when it is not empty. A URL the guard refuses — the asked
// URL or any redirect hop — is an error wrapping a *guard.RefusedError
// (a server answers 422); nothing was dialed for it. A server that cannot
// be probed is an answer (unreachable), not an error.
func (c *Checker) Check(ctx context.Context, rawURL, tool string) (*Answer, error) {
	g := c.Guard
	if g == nil {
		g = &guard.Guard{}
	}
	if _, err := guard.CheckURL(rawURL, g.Policy); err != nil {
		return nil, fmt.Errorf("precall: %w", err)
	}
	page, err := c.pages(ctx)
	if err != nil {
		return nil, err
	}
	registry := c.registry(page)
	if registry != nil {
		reg, err := registry.Server(ctx, rawURL)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		if reg != nil {
			if c.Store == nil {
				return nil, ErrRegisteredCheck
			}
			return c.checkRegistered(ctx, rawURL, tool, page)
		}
	}
	tr := &guard.Trace{}
	pctx := guard.WithTrace(ctx, tr)
	var defs *fingerprint.Definitions
	var perr error
	if c.prober != nil {
		defs, perr = c.prober(pctx, rawURL, g)
	} else {
		client := g.Client()
		defs, perr = (&probe.HTTP{URL: rawURL, Client: client}).Probe(pctx)
		client.CloseIdleConnections()
	}
	var refused *guard.RefusedError
	if errors.As(perr, &refused) {
		return nil, fmt.Errorf("precall: %w", refused)
	}
	landing := Landing{EffectiveURL: tr.EffectiveURL(), Redirects: tr.Redirects()}
	var offers []Offer
	var flagIDs []string
	if registry != nil {
		if defs != nil && perr == nil {
			names := make([]string, len(defs.Tools))
			for i, t := range defs.Tools {
				names[i] = t.Name
			}
			var err error
			if offers, err = registry.Offers(ctx, names); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
			}
		}
		var err error
		if flagIDs, err = registry.StandingFlags(ctx, rawURL); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
	}
	return unregistered(rawURL, tool, landing, defs, perr, offers, flagIDs, c.Profile), nil
}

// Landing is where a probe landed: the answering URL ("" when it landed
// nowhere) and the redirects followed to it.
type Landing struct {
	EffectiveURL string
	Redirects    []guard.Redirect
}

// Unregistered assembles the answer for a server that is not registered,
// from what its probe gave: the definitions (nil when the probe failed;
// probeErr says why), where it landed, the registry's recorded offers of
// its tool names and the flags standing against the URL. It stores
// nothing and is a pure function: the answer-shape vectors run through it.
// It scans in the Spec profile, the conformance mode the vectors run in;
// Checker.Check scans in the Checker's Profile.
func Unregistered(rawURL, tool string, landing Landing, defs *fingerprint.Definitions, probeErr error, offers []Offer, standingFlags []string) *Answer {
	return unregistered(rawURL, tool, landing, defs, probeErr, offers, standingFlags, scan.Spec)
}

func unregistered(rawURL, tool string, landing Landing, defs *fingerprint.Definitions, probeErr error, offers []Offer, standingFlags []string, p scan.Profile) *Answer {
	a := &Answer{
		URL:                  rawURL,
		Redirects:            landing.Redirects,
		Registered:           false,
		CheckedNotRegistered: true,
		Flags:                Flags{Status: FlagsNone, StandingFlagIDs: []string{}, Note: FlagsNote},
		Reviews:              Reviews{Note: ReviewsNote},
		ShadowingWarnings:    []Warning{},
		Note:                 Note,
	}
	if a.Redirects == nil {
		a.Redirects = []guard.Redirect{}
	}
	if len(standingFlags) > 0 {
		a.Flags.Status = FlagsStanding
		a.Flags.StandingFlagIDs = append(a.Flags.StandingFlagIDs, standingFlags...)
	}
	if landing.EffectiveURL != "" {
		eff := landing.EffectiveURL
		a.EffectiveURL = &eff
	}
	var fp string
	if probeErr == nil && defs != nil {
		if err := fingerprint.SortTools(defs.Tools); err != nil {
			probeErr = err
		} else if fp, err = fingerprint.Fingerprint(defs); err != nil {
			probeErr = err
		}
	}
	if probeErr != nil || defs == nil {
		if probeErr == nil {
			probeErr = errors.New("no definitions")
		}
		a.Integrity = Integrity{Status: fingerprint.Unreachable, Detail: "The server could not be probed: " + oneLine(probeErr.Error()) + ". Nothing is said about its current definitions.", Note: IntegrityNote}
		a.Scan = ScanReport{Status: ScanNotRun, Findings: []Located{}, FlagIDs: []string{}, Note: ScanNoteNotRun}
		if tool != "" {
			a.ToolFocus = &ToolFocus{Tool: tool}
		}
		return a
	}
	answering := a.EffectiveURL
	if answering == nil {
		answering = &a.URL
	}
	a.Server = &Server{Name: defs.Server.Name, Version: defs.Server.Version, ProtocolVersion: defs.ProtocolVersion, AnsweringURL: answering, Basis: BasisServed}
	detail := "The server is not registered: the fingerprint is of the definitions it serves now, computed for this answer and not stored."
	if len(a.Redirects) > 0 {
		detail += " The asked URL redirects: the server, fingerprint and scan are those of the answering server at " + *answering + ", not of the asked URL."
	}
	a.Integrity = Integrity{Status: fingerprint.NotRegistered, Fingerprint: &fp, Detail: detail, Note: IntegrityNote}
	a.Scan = ScanDefinitions(defs, p)
	a.ShadowingWarnings = Collisions(*answering, defs.Tools, offers)
	if tool != "" {
		offered, basis := false, BasisServed
		for _, t := range defs.Tools {
			if t.Name == tool {
				offered = true
				break
			}
		}
		a.ToolFocus = &ToolFocus{Tool: tool, Offered: &offered, Basis: &basis}
	}
	return a
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 300 {
		s = string(r[:300]) + "…"
	}
	return s
}
