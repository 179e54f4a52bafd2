package precall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/probe"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store"
)

// Errors of the registry operations.
var (
	// ErrRedirects: a URL that redirects cannot be registered (§9); the
	// *RedirectError names the destination to register instead.
	ErrRedirects = errors.New("precall: the URL redirects: register the destination")
	// ErrUnreachable: the server could not be probed, so it cannot be
	// registered.
	ErrUnreachable = errors.New("precall: the server could not be probed")
	// ErrAlreadyRegistered: a server is registered at the URL or slug.
	ErrAlreadyRegistered = errors.New("precall: already registered")
	// ErrNotRegistered: no server is registered at the URL.
	ErrNotRegistered = errors.New("precall: not registered")
	// ErrNoStore: the operation needs a Checker with a Store.
	ErrNoStore = errors.New("precall: no store")
)

// RedirectError is ErrRedirects with the chain and its destination.
type RedirectError struct {
	URL         string
	Destination string
	Redirects   []guard.Redirect
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("precall: %s redirects to %s: register the destination", e.URL, e.Destination)
}

// Unwrap returns ErrRedirects.
func (e *RedirectError) Unwrap() error { return ErrRedirects }

// ArtifactType is the §8 artifact type of flags against an external
// server; the ref is the server's URL.
const ArtifactType = flag.ArtifactExternalServer

// StaleAfter is how old a last check must be for a feed read to re-check
// the server (§11), and FeedRefreshes how many a read re-checks at most.
const (
	StaleAfter    = 6 * time.Hour
	FeedRefreshes = 3
)

func (c *Checker) now() time.Time {
	now := time.Now
	if c.Clock != nil {
		now = c.Clock
	}
	return now().UTC().Truncate(time.Microsecond)
}

func (c *Checker) guard() *guard.Guard {
	if c.Guard == nil {
		return &guard.Guard{}
	}
	return c.Guard
}

func (c *Checker) flags() *flag.Service {
	return &flag.Service{Store: c.Store, Now: c.now}
}

// probeURL probes rawURL through the guard, keeping the redirect chain.
func (c *Checker) probeURL(ctx context.Context, rawURL string) (*fingerprint.Definitions, Landing, error) {
	g := c.guard()
	tr := &guard.Trace{}
	pctx := guard.WithTrace(ctx, tr)
	var defs *fingerprint.Definitions
	var err error
	if c.prober != nil {
		defs, err = c.prober(pctx, rawURL, g)
	} else {
		client := g.Client()
		defs, err = (&probe.HTTP{URL: rawURL, Client: client}).Probe(pctx)
		client.CloseIdleConnections()
	}
	if err == nil && defs != nil {
		if serr := fingerprint.SortTools(defs.Tools); serr != nil {
			err = serr
		}
	}
	landing := Landing{EffectiveURL: tr.EffectiveURL(), Redirects: tr.Redirects()}
	if landing.EffectiveURL == "" && len(landing.Redirects) == 0 && err == nil && defs != nil {
		// Answered without a redirect: the asked URL answered.
		landing.EffectiveURL = rawURL
	}
	return defs, landing, err
}

// RegisterInput names a server to register (§9 registration).
type RegisterInput struct {
	URL string
	// Slug names the server in the registry; derived from the URL's host
	// and path when empty.
	Slug               string
	PageURL            string
	LinkedStoreListing string // empty when none
}

// The outcomes of Register.
const (
	RegisterDone   = "registered"
	RegisterHeld   = "held"
	RegisterExists = "already_registered"
)

// RegisterResult is what Register did.
type RegisterResult struct {
	Status string `json:"status"`
	URL    string `json:"url"`
	Slug   string `json:"slug"`
	// Fingerprint and FingerprintVersion are the recorded version 1; empty
	// when held.
	Fingerprint        string `json:"fingerprint,omitempty"`
	FingerprintVersion int    `json:"fingerprint_version,omitempty"`
	// Findings are the deterministic findings that held the registration;
	// FlagIDs the flags standing against the URL for them.
	Findings []Located `json:"findings"`
	FlagIDs  []string  `json:"flag_ids"`
	Note     string    `json:"note"`
}

// RegisterNoteHeld explains a held registration.
const RegisterNoteHeld = "Deterministic findings in the definitions held the registration; the flags stand against the URL. A flag says invisible content was found and attributed, nothing more."

// RegisterNote qualifies a registration.
const RegisterNote = "Registration records what the server served at one moment: fingerprint version 1 and its definitions. It is not a finding that the server is safe."

var slugJunk = regexp.MustCompile(`[^a-z0-9]+`)

func slugOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	s := strings.Trim(slugJunk.ReplaceAllString(strings.ToLower(u.Host+u.EscapedPath()), "-"), "-")
	if len(s) > 100 {
		s = s[:100]
	}
	return s
}

// Register probes the server at in.URL through the guard and registers
// it (§9): fingerprint version 1 and its definitions recorded, publisher
// status unclaimed. Every tool name, description and schema string and
// the instructions are scanned first: deterministic findings become flags
// (source external_pull) that stand against the URL, and hold the
// registration — nothing else is recorded. A URL that redirects is
// refused with a *RedirectError naming the destination; a URL the guard
// refuses is an error wrapping *guard.RefusedError; a server that cannot
// be probed is ErrUnreachable.
func (c *Checker) Register(ctx context.Context, in RegisterInput) (*RegisterResult, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	if _, err := guard.CheckURL(in.URL, c.guard().Policy); err != nil {
		return nil, fmt.Errorf("precall: %w", err)
	}
	if in.Slug == "" {
		in.Slug = slugOf(in.URL)
	}
	if _, err := c.Store.Server(ctx, in.URL); err == nil {
		return nil, fmt.Errorf("%w: %s", ErrAlreadyRegistered, in.URL)
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	defs, landing, err := c.probeURL(ctx, in.URL)
	var refused *guard.RefusedError
	if errors.As(err, &refused) {
		return nil, fmt.Errorf("precall: %w", refused)
	}
	if len(landing.Redirects) > 0 {
		dest := landing.EffectiveURL
		if dest == "" {
			dest = landing.Redirects[len(landing.Redirects)-1].To
		}
		return nil, &RedirectError{URL: in.URL, Destination: dest, Redirects: landing.Redirects}
	}
	if err != nil || defs == nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreachable, err)
	}
	fp, err := fingerprint.Fingerprint(defs)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreachable, err)
	}
	rep := c.scanDefinitions(defs)
	res := &RegisterResult{URL: in.URL, Slug: in.Slug, Findings: rep.Findings, FlagIDs: []string{}}
	if len(rep.Findings) > 0 {
		ids, err := c.recordFlags(ctx, nil, in.URL, in.Slug, defs, flag.ExternalPull)
		if err != nil {
			return nil, err
		}
		res.Status, res.FlagIDs, res.Note = RegisterHeld, ids, RegisterNoteHeld
		return res, nil
	}
	body, err := encodeDefinitions(defs)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	now := c.now()
	err = c.Store.Atomic(ctx, func(tx store.Tx) error {
		if err := tx.InsertServer(ctx, store.Server{URL: in.URL, Slug: in.Slug, PageURL: in.PageURL,
			PublisherStatus: store.PublisherUnclaimed, LinkedStoreListing: in.LinkedStoreListing,
			FirstSeen: now, LastChecked: now, Version: 1}); err != nil {
			return err
		}
		return tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: in.URL, Version: 1, Fingerprint: fp, Definitions: body, RecordedAt: now})
	})
	if errors.Is(err, store.ErrDuplicate) {
		return nil, fmt.Errorf("%w: %w", ErrAlreadyRegistered, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	res.Status, res.Fingerprint, res.FingerprintVersion, res.Note = RegisterDone, fp, 1, RegisterNote
	return res, nil
}

// fieldInputs are the submissions of every scanned string of defs that
// has a deterministic finding: the field names the tool and the place
// ("tools/NAME/description", "tools/NAME/inputSchema/POINTER",
// "tools/NAME/inputSchemaKey/POINTER", "tools/NAME/name",
// "instructions").
func fieldInputs(rawURL, slug string, defs *fingerprint.Definitions, src flag.Source, p scan.Profile) []flag.SubmissionInput {
	var ins []flag.SubmissionInput
	ScannedFields(defs, func(sf ScannedField) bool {
		s := sf.Text
		res := scanString(s, p)
		if res == nil {
			return true
		}
		// A flag's class is one of §2–§4 (§8): the Strict profile's
		// extension findings are reported by the scan, never recorded.
		var kept []scan.Finding
		for _, f := range res.Findings {
			if !f.Heuristic && !f.Extension {
				kept = append(kept, f)
			}
		}
		if len(kept) == 0 {
			return true
		}
		if len(kept) < len(res.Findings) {
			cp := *res
			cp.Findings = kept
			res = &cp
		}
		field := flagField(sf)
		field = strings.ToValidUTF8(field, "\uFFFD")
		if len(field) > store.TextMaxBytes {
			field = field[:store.TextMaxBytes]
			for !utf8.ValidString(field) {
				field = field[:len(field)-1]
			}
		}
		ins = append(ins, flag.SubmissionInput{
			Artifact: flag.Artifact{Type: ArtifactType, Ref: rawURL, Label: slug},
			Field:    field, Bytes: []byte(s), Result: res,
			Actor:  flag.Actor{Kind: flag.KindAnonymous, Handle: slug},
			Source: src,
		})
		return true
	})
	return ins
}

// flagField is the field a flag names for sf.
func flagField(sf ScannedField) string {
	if sf.Tool == nil {
		return "instructions"
	}
	p := "tools/" + escapePointer(*sf.Tool)
	switch sf.Field {
	case FieldName:
		return p + "/name"
	case FieldDescription:
		return p + "/description"
	case FieldInputSchemaKey:
		return p + "/inputSchemaKey" + sf.Path
	}
	return p + "/inputSchema" + sf.Path
}

// recordFlags submits the deterministic findings of defs as flags against
// rawURL, in tx when it is not nil, and returns the ids of the flags that
// hold them (created now, or already standing with the same §8 identity).
func (c *Checker) recordFlags(ctx context.Context, tx store.Tx, rawURL, slug string, defs *fingerprint.Definitions, src flag.Source) ([]string, error) {
	ins := fieldInputs(rawURL, slug, defs, src, c.Profile)
	ids := []string{}
	if len(ins) == 0 {
		return ids, nil
	}
	// A claimed server's flags are attributed to its publisher (issue 28,
	// item 3), who may then dispute them.
	if acct, err := c.publisherOf(ctx, tx, rawURL); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	} else if acct != "" {
		for i := range ins {
			ins[i].Actor = flag.Actor{Kind: flag.KindAccount, AccountID: acct, Handle: slug}
		}
	}
	var outs []flag.Outcome
	var err error
	if tx != nil {
		outs, err = c.flags().SubmitAllIn(ctx, tx, ins)
	} else {
		outs, err = c.flags().SubmitAll(ctx, ins)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	for _, o := range outs {
		for _, id := range o.FlagIDs() {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}

// Refresh is the outcome of an integrity check of a registered server.
type Refresh struct {
	// Server is the registry record after the check.
	Server store.Server
	// Status is unchanged, changed or unreachable (§7).
	Status fingerprint.Status
	// Fresh are the definitions served for this check (nil when
	// unreachable, or when the URL now redirects: the destination's are
	// in Destination).
	Fresh       *fingerprint.Definitions
	Destination *fingerprint.Definitions
	// Landing is where the probe landed and the redirects it followed.
	Landing Landing
	// Fingerprint is the fresh fingerprint; "" when unreachable or
	// redirecting.
	Fingerprint string
	// Diff is the §7 diff when changed (nil when the URL redirects to a
	// refused destination).
	Diff *fingerprint.Diff
	// Recorded and RecordedFP are the definitions and fingerprint of the
	// version the check started from.
	Recorded   *fingerprint.Definitions
	RecordedFP string
	// FlagIDs are the flags holding this check's findings (created now, or
	// already standing with the same §8 identity).
	FlagIDs []string
	// Detail says what happened, for people.
	Detail string
	// Event is the change event this check appended; 0 when none (another
	// instance may have recorded the same change first).
	Event int64
	// RedirectEvent is the redirect event this check appended (issue 28,
	// item 4): the URL started redirecting, redirects along another
	// chain, or stopped; 0 when none (no transition, or another check
	// recorded it first).
	RedirectEvent int64
}

// Refresh runs the integrity check of the server registered at rawURL
// (§7, §9): unchanged, changed (the next fingerprint version, a change
// event and the flags of the refresh's findings, in one atomic write) or
// unreachable (never unchanged). A registered URL that now redirects is
// changed, and the destination's definitions are never recorded as its
// own; a URL that starts redirecting, redirects along another chain or
// stops redirecting appends a redirect event to the feed, once per
// transition (issue 28, item 4; see ChangeEvent.Redirects).
// ErrNotRegistered when nothing is registered at rawURL.
func (c *Checker) Refresh(ctx context.Context, rawURL string) (*Refresh, error) {
	if c.Store == nil {
		return nil, ErrNoStore
	}
	srv, err := c.Store.Server(ctx, rawURL)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", ErrNotRegistered, rawURL)
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return c.refresh(ctx, srv, false)
}

func (c *Checker) recorded(ctx context.Context, r store.Tx, url string, version int) (*fingerprint.Definitions, string, error) {
	fv, err := r.FingerprintVersion(ctx, url, version)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	d, err := decodeDefinitions(fv.Definitions)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return d, fv.Fingerprint, nil
}

// refresh checks srv; claimed says its last check was already moved to
// now by the caller (a feed read's claim).
func (c *Checker) refresh(ctx context.Context, srv store.Server, claimed bool) (*Refresh, error) {
	rec, recFP, err := c.recorded(ctx, c.Store, srv.URL, srv.Version)
	if err != nil {
		return nil, err
	}
	defs, landing, perr := c.probeURL(ctx, srv.URL)
	now := c.now()
	r := &Refresh{Server: srv, Landing: landing, Recorded: rec, RecordedFP: recFP, FlagIDs: []string{}}
	mark := func() error {
		if claimed {
			return nil
		}
		at := now
		if at.Before(srv.LastChecked) {
			at = srv.LastChecked
		}
		err := c.Store.MarkChecked(ctx, srv.URL, srv.LastChecked, at)
		if err == nil {
			r.Server.LastChecked = at
		}
		if errors.Is(err, store.ErrConflict) { // another check marked it
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrRegistry, err)
		}
		return nil
	}
	var refused *guard.RefusedError
	redirected := len(landing.Redirects) > 0
	if errors.As(perr, &refused) && refused.Hop > 0 {
		// A redirect hop the guard refused: the URL redirects, to a
		// destination nothing was dialed for.
		redirected = true
		if len(refused.Redirects) > len(landing.Redirects) {
			landing.Redirects = refused.Redirects
			r.Landing = landing
		}
		if landing.EffectiveURL == "" {
			landing.EffectiveURL = refused.URL
		}
	}
	switch {
	case redirected:
		r.Status = fingerprint.Changed
		dest := landing.EffectiveURL
		if dest == "" {
			dest = landing.Redirects[len(landing.Redirects)-1].To
		}
		r.Detail = "The registered URL now redirects to " + dest + ": it no longer answers itself. No definitions were recorded; the destination's are not this server's."
		if errors.As(perr, &refused) {
			r.Detail += " The redirect was refused: " + oneLine(refused.Error()) + "."
		} else if perr == nil && defs != nil {
			r.Destination = defs
			if d, err := fingerprint.Compare(rec, defs); err == nil {
				r.Diff = &d
			}
		}
		seq, err := c.recordRedirect(ctx, srv, landing.Redirects, now)
		if err != nil {
			return nil, err
		}
		r.RedirectEvent = seq
		if seq > 0 {
			r.Detail += " The redirect chain was recorded in the change feed."
		}
		return r, mark()
	case perr != nil || defs == nil:
		r.Status = fingerprint.Unreachable
		why := "no definitions"
		if perr != nil {
			why = oneLine(perr.Error())
		}
		r.Detail = "The server could not be probed: " + why + ". Nothing is said about its current definitions; the last recorded ones are version " + fmt.Sprint(srv.Version) + "."
		return r, mark()
	}
	r.Fresh = defs
	fp, err := fingerprint.Fingerprint(defs)
	if err != nil {
		r.Status, r.Fresh = fingerprint.Unreachable, nil
		r.Detail = "The server's definitions cannot be fingerprinted: " + oneLine(err.Error()) + "."
		return r, mark()
	}
	r.Fingerprint = fp
	// A URL that redirected at its last redirect event and answers itself
	// again stopped redirecting: an event (issue 28, item 4), so not the
	// fast path.
	state, err := redirectState(ctx, c.Store, srv.URL)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	wasRedirecting := redirecting(state)
	if fp == recFP && !wasRedirecting && len(fieldInputs(srv.URL, srv.Slug, defs, flag.IntegrityRefresh, c.Profile)) == 0 {
		// The fast path: unchanged, nothing to flag; only the last check
		// is written (a compare-and-set, no transaction). A concurrent
		// change recorded since srv was read shows as a lost
		// compare-and-set, and the slow path below sorts it out.
		at := now
		if at.Before(srv.LastChecked) {
			at = srv.LastChecked
		}
		err := error(nil)
		if !claimed {
			err = c.Store.MarkChecked(ctx, srv.URL, srv.LastChecked, at)
		}
		if err == nil {
			if !claimed {
				r.Server.LastChecked = at
			}
			r.Status = fingerprint.Unchanged
			r.Detail = fmt.Sprintf("The definitions served match recorded version %d.", srv.Version)
			return r, nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
		}
	}
	body, err := encodeDefinitions(defs)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	err = c.Store.Atomic(ctx, func(tx store.Tx) error {
		cur, err := tx.Server(ctx, srv.URL)
		if err != nil {
			return err
		}
		at := now
		if at.Before(cur.LastChecked) {
			at = cur.LastChecked
		}
		base, baseFP := rec, recFP
		if cur.Version != srv.Version {
			// Another check recorded a change since srv was read: compare
			// with the latest record, so that one change bumps the
			// version once.
			if base, baseFP, err = c.recorded(ctx, tx, srv.URL, cur.Version); err != nil {
				return err
			}
		}
		ids, err := c.recordFlags(ctx, tx, srv.URL, cur.Slug, defs, flag.IntegrityRefresh)
		if err != nil {
			return err
		}
		r.FlagIDs = ids
		stopped := ""
		if wasRedirecting {
			// Read again in the transaction: of two checks that saw the
			// URL stop, one records it.
			st, err := redirectState(ctx, tx, srv.URL)
			if err != nil {
				return err
			}
			if redirecting(st) {
				seq, err := tx.AppendChangeEvent(ctx, redirectEvent(srv.URL, base, baseFP, cur.Version, at, []byte("[]")))
				if err != nil {
					return err
				}
				r.RedirectEvent = seq
				stopped = " The URL answers itself again after redirecting: recorded in the change feed."
			}
		}
		defer func() { r.Detail += stopped }()
		if fp == baseFP {
			if cur.Version != srv.Version {
				// The change this check saw was recorded by another.
				r.Status = fingerprint.Changed
				r.Detail = fmt.Sprintf("The definitions changed since version %d; the change was recorded as version %d by a concurrent check.", srv.Version, cur.Version)
				d, err := fingerprint.Compare(rec, defs)
				if err == nil {
					r.Diff = &d
				}
			} else {
				r.Status = fingerprint.Unchanged
				r.Detail = fmt.Sprintf("The definitions served match recorded version %d.", cur.Version)
			}
			if !claimed && cur.LastChecked.Before(at) {
				// A lost compare-and-set means another check marked the
				// server since this transaction read it: nothing to do.
				err := tx.MarkChecked(ctx, srv.URL, cur.LastChecked, at)
				if err != nil && !errors.Is(err, store.ErrConflict) {
					return err
				}
				if err == nil {
					cur.LastChecked = at
				}
			}
			r.Server = cur
			return nil
		}
		d, err := fingerprint.Compare(base, defs)
		if err != nil {
			return err
		}
		diff := diffJSON(&d)
		next := cur.Version + 1
		if err := tx.InsertFingerprintVersion(ctx, store.FingerprintVersion{ServerURL: srv.URL, Version: next, Fingerprint: fp, Definitions: body, RecordedAt: at}); err != nil {
			return err
		}
		seq, err := tx.AppendChangeEvent(ctx, store.ChangeEvent{ServerURL: srv.URL, ServerName: strings.ToValidUTF8(defs.Server.Name, "\uFFFD"), At: at,
			FromVersion: cur.Version, ToVersion: next, FingerprintBefore: baseFP, FingerprintAfter: fp, Diff: diff})
		if err != nil {
			return err
		}
		if err := tx.AdvanceServer(ctx, srv.URL, cur.Version, at); err != nil {
			return err
		}
		cur.Version, cur.LastChecked = next, at
		r.Server, r.Status, r.Diff, r.Event = cur, fingerprint.Changed, &d, seq
		r.Detail = fmt.Sprintf("The definitions changed: recorded as version %d (was %d), with a change event.", next, next-1)
		return nil
	})
	if err != nil {
		if errors.Is(err, ErrRegistry) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return r, nil
}

// redirectState returns the chain of the latest redirect event of the
// server at url (JSON): nil when it never redirected, "[]" when it
// stopped.
func redirectState(ctx context.Context, r store.Tx, url string) ([]byte, error) {
	evs, err := r.ListChangeEvents(ctx, store.ChangeQuery{ServerURL: url, RedirectsOnly: true, Limit: 1})
	if err != nil || len(evs) == 0 {
		return nil, err
	}
	return evs[0].Redirects, nil
}

// redirecting reports whether a redirect state is a chain.
func redirecting(state []byte) bool { return len(state) > 0 && string(state) != "[]" }

// emptyDiff is the diff of a redirect event: no definitions were recorded.
var emptyDiff = []byte(`{"tools_added":[],"tools_removed":[],"tools_changed":[],"server_identity_changed":false}`)

// redirectEvent is the change event of a redirect transition (issue 28,
// item 4): no fingerprint version is recorded, so from_version and
// to_version are the current version, both fingerprints its recorded one
// and the diff empty — the destination's definitions are never recorded
// as the URL's own (§9) — and the name is the recorded server's.
func redirectEvent(url string, rec *fingerprint.Definitions, recFP string, version int, at time.Time, chain []byte) store.ChangeEvent {
	return store.ChangeEvent{ServerURL: url, ServerName: strings.ToValidUTF8(rec.Server.Name, "\uFFFD"), At: at,
		FromVersion: version, ToVersion: version, FingerprintBefore: recFP, FingerprintAfter: recFP, Diff: emptyDiff, Redirects: chain}
}

// recordRedirect appends the redirect event of srv redirecting along
// hops, unless its latest redirect event has the same chain (a URL that
// keeps redirecting the same way records one event); it returns the
// event's sequence number, 0 when none was appended. The latest event is
// read again in the transaction, so of two checks seeing one transition,
// one records it.
func (c *Checker) recordRedirect(ctx context.Context, srv store.Server, hops []guard.Redirect, now time.Time) (int64, error) {
	chain, err := json.Marshal(hops)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	if state, err := redirectState(ctx, c.Store, srv.URL); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrRegistry, err)
	} else if bytes.Equal(state, chain) {
		return 0, nil
	}
	var seq int64
	err = c.Store.Atomic(ctx, func(tx store.Tx) error {
		state, err := redirectState(ctx, tx, srv.URL)
		if err != nil || bytes.Equal(state, chain) {
			return err
		}
		cur, err := tx.Server(ctx, srv.URL)
		if err != nil {
			return err
		}
		rec, recFP, err := c.recorded(ctx, tx, srv.URL, cur.Version)
		if err != nil {
			return err
		}
		at := now
		if at.Before(cur.LastChecked) {
			at = cur.LastChecked
		}
		seq, err = tx.AppendChangeEvent(ctx, redirectEvent(srv.URL, rec, recFP, cur.Version, at, chain))
		return err
	})
	if err != nil {
		if errors.Is(err, ErrRegistry) {
			return 0, err
		}
		return 0, fmt.Errorf("%w: %w", ErrRegistry, err)
	}
	return seq, nil
}

// walkSchema calls fn for every key and string of a canonical schema.
func walkSchema(schema []byte, fn func(path string, key bool, s string)) {
	v, err := canon.Parse(schema, canon.Limits{MaxDepth: 256})
	if err == nil {
		walkStrings(v, "", fn)
	}
}
