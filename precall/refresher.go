package precall

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/plainsight/plainsight/store"
)

// The defaults of a [Refresher].
const (
	// DefaultRefreshWorkers bounds the refreshes one Refresher has in
	// flight.
	DefaultRefreshWorkers = 8
	// DefaultRefreshPerHost bounds the refreshes one Refresher has in
	// flight to one upstream host.
	DefaultRefreshPerHost = 2
	// DefaultRefreshPoll is how long Run waits between rounds (at most
	// Every).
	DefaultRefreshPoll = time.Minute
)

// ErrRefreshEvery: a Refresher needs a positive Every.
var ErrRefreshEvery = errors.New("precall: a background refresh needs a positive interval")

// Refresher refreshes the registered servers in the background (issue 33,
// item 4): every server whose last check is older than Every gets the
// integrity check of [Checker.Refresh] — unchanged, changed (the next
// fingerprint version, the change event, the flags and their ledger
// entries in one transaction) or unreachable — through the Checker's
// guarded client, exactly as a pre-call check would run it.
//
// Each server is taken for its check with [store.Servers.TakeDue], which
// moves its last check to now: of several Refreshers on one database
// (instances sharing a PostgreSQL database, each with its own
// Refresher) each due server is taken by one, once per round, and a
// refresh a §11 feed read or a pre-call check runs meanwhile is the same
// compare-and-set-guarded check, so one change records one event. A
// server taken by an instance that dies before its check is done waits
// for its next round (Every later): a round checks a server at most once.
//
// Bounds: at most Workers refreshes in flight per Refresher (a taken
// server waiting for its host counts), at most PerHost of them probing
// one upstream host (the URL's host and port) at once; each probe has
// §7's six-second budget per call and the guard's body cap. The §11
// feed's own rule (a read re-checks at most three servers older than six
// hours) is not changed by a Refresher, nor needed by one: without one,
// nothing runs in the background.
type Refresher struct {
	// Checker runs the checks: its Store, Guard, Clock and Profile.
	Checker *Checker
	// Every is the age of a last check that makes a server due.
	Every time.Duration
	// Workers bounds the refreshes in flight; 0 means
	// DefaultRefreshWorkers.
	Workers int
	// PerHost bounds the refreshes in flight to one upstream host; 0
	// means DefaultRefreshPerHost.
	PerHost int
	// Poll is how long Run waits after a round; 0 means
	// DefaultRefreshPoll. It is at most Every.
	Poll time.Duration
	// Started, when set, is called as the check of a taken server starts
	// (after its host's slot is had), and Done, when set, as that check
	// ends, with its outcome or its error; both from the check's
	// goroutine. A taken server whose check never started (the context
	// ended while it waited for its host) is given to neither; Round
	// counts it in Failed.
	Started func(url string)
	Done    func(url string, r *Refresh, err error)
}

// RoundStats is what one round did.
type RoundStats struct {
	// Refreshed counts the checks that ended with an outcome (unchanged,
	// changed or unreachable), Failed those that ended with an error (the
	// store's, or the context's).
	Refreshed, Failed int
}

func (f *Refresher) workers() int {
	if f.Workers > 0 {
		return f.Workers
	}
	return DefaultRefreshWorkers
}

func (f *Refresher) perHost() int {
	if f.PerHost > 0 {
		return f.PerHost
	}
	return DefaultRefreshPerHost
}

func (f *Refresher) poll() time.Duration {
	p := f.Poll
	if p <= 0 {
		p = DefaultRefreshPoll
	}
	return min(p, f.Every)
}

// Run runs rounds until ctx ends, Poll apart, and returns ctx's error.
// Each round's stats and error (the store's; the next round runs Poll
// later) are given to report, when not nil.
func (f *Refresher) Run(ctx context.Context, report func(RoundStats, error)) error {
	if err := f.check(); err != nil {
		return err
	}
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		st, err := f.Round(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if report != nil {
			report(st, err)
		}
		t.Reset(f.poll())
	}
}

func (f *Refresher) check() error {
	switch {
	case f.Every <= 0:
		return ErrRefreshEvery
	case f.Checker == nil || f.Checker.Store == nil:
		return ErrNoStore
	}
	return nil
}

// Round checks every server due now (last checked more than Every before
// the Checker's clock), taking them a few at a time as workers free up,
// until none is due, and returns when their checks have ended. A store
// error taking servers ends the round (the checks in flight finish
// first); a check's own error is counted in Failed and given to Done.
func (f *Refresher) Round(ctx context.Context) (RoundStats, error) {
	var st RoundStats
	if err := f.check(); err != nil {
		return st, err
	}
	c := f.Checker
	n := f.workers()
	slots := make(chan struct{}, n)
	hosts := newHostSlots(f.perHost())
	var mu sync.Mutex
	var wg sync.WaitGroup
	var err error
	for ctx.Err() == nil {
		// One slot, waited for; then every other free one.
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			continue
		}
		free := 1
		for free < n && tryPut(slots) {
			free++
		}
		now := c.now()
		var due []store.Server
		due, err = c.Store.TakeDue(ctx, store.DueQuery{CheckedBefore: now.Add(-f.Every), At: now, Limit: free})
		for range free - len(due) {
			<-slots
		}
		if err != nil {
			err = fmt.Errorf("%w: %w", ErrRegistry, err)
			break
		}
		if len(due) == 0 {
			break
		}
		for _, s := range due {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-slots }()
				err := f.one(ctx, hosts, s)
				mu.Lock()
				if err != nil {
					st.Failed++
				} else {
					st.Refreshed++
				}
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return st, err
}

// tryPut puts a token in slots if one is free.
func tryPut(slots chan struct{}) bool {
	select {
	case slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// one checks the taken server s in a slot of its host, calling Started
// and Done in the slot.
func (f *Refresher) one(ctx context.Context, hosts *hostSlots, s store.Server) error {
	h := hostOf(s.URL)
	if err := hosts.acquire(ctx, h); err != nil {
		return err
	}
	defer hosts.release(h)
	if f.Started != nil {
		f.Started(s.URL)
	}
	r, err := f.Checker.refresh(ctx, s, true)
	if f.Done != nil {
		f.Done(s.URL, r, err)
	}
	return err
}

// hostOf is the upstream host of a registered URL: its host and port,
// lowercased.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return strings.ToLower(u.Host)
}

// hostSlots bounds the refreshes in flight per host.
type hostSlots struct {
	per  int
	mu   sync.Mutex
	busy map[string]int
	free chan struct{} // signalled (closed and replaced) when a slot frees
}

func newHostSlots(per int) *hostSlots {
	return &hostSlots{per: per, busy: map[string]int{}, free: make(chan struct{})}
}

func (h *hostSlots) acquire(ctx context.Context, host string) error {
	for {
		h.mu.Lock()
		if h.busy[host] < h.per {
			h.busy[host]++
			h.mu.Unlock()
			return nil
		}
		wait := h.free
		h.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (h *hostSlots) release(host string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.busy[host]--; h.busy[host] == 0 {
		delete(h.busy, host)
	}
	close(h.free)
	h.free = make(chan struct{})
}
