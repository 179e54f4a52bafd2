package storetest

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
)

// testTakeDue: TakeDue takes the servers whose last check is older than
// the cut, the oldest first and at most the limit, moving each one's last
// check to At, so that a second call does not take them again; its bad
// queries are ErrInvalid (issue 33, item 4).
func testTakeDue(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	var all []store.Server
	for n := 1; n <= 5; n++ { // last checks r0+1m … r0+5m
		all = append(all, register(t, s, n))
	}
	at := r0.Add(time.Hour)
	cut := r0.Add(4*time.Minute + time.Second) // servers 1–4 are due
	got, err := s.TakeDue(c, store.DueQuery{CheckedBefore: cut, At: at, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{all[0].URL, all[1].URL, all[2].URL}; !slices.Equal(sortedURLs(got), want) {
		t.Errorf("first take: %v, want the three oldest %v", sortedURLs(got), want)
	}
	for _, g := range got {
		if !g.LastChecked.Equal(at) {
			t.Errorf("%s: taken with last check %v, want %v", g.URL, g.LastChecked, at)
		}
		if cur, err := s.Server(c, g.URL); err != nil || !cur.LastChecked.Equal(at) {
			t.Errorf("%s after the take: %v %v, want last check %v", g.URL, cur.LastChecked, err, at)
		}
	}
	got, err = s.TakeDue(c, store.DueQuery{CheckedBefore: cut, At: at})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{all[3].URL}; !slices.Equal(sortedURLs(got), want) {
		t.Errorf("second take: %v, want %v", sortedURLs(got), want)
	}
	if got, err := s.TakeDue(c, store.DueQuery{CheckedBefore: cut, At: at}); err != nil || len(got) != 0 {
		t.Errorf("third take: %v %v, want none", got, err)
	}
	if cur, _ := s.Server(c, all[4].URL); !cur.LastChecked.Equal(all[4].LastChecked) {
		t.Errorf("server 5, not due, was moved to %v", cur.LastChecked)
	}
	for name, q := range map[string]store.DueQuery{
		"At before the cut": {CheckedBefore: at, At: cut},
		"no cut":            {At: at},
		"no At":             {CheckedBefore: cut},
	} {
		_, err := s.TakeDue(c, q)
		wantKind(t, name, err, store.ErrInvalid)
	}
	// In a transaction that fails, nothing is taken.
	boom := errors.New("boom")
	later := at.Add(time.Hour)
	err = s.Atomic(c, func(tx store.Tx) error {
		got, err := tx.TakeDue(c, store.DueQuery{CheckedBefore: later, At: later})
		if err != nil {
			return err
		}
		if len(got) != 5 {
			t.Errorf("in the transaction: %d taken, want 5", len(got))
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Atomic: %v", err)
	}
	if got, err := s.TakeDue(c, store.DueQuery{CheckedBefore: later, At: later}); err != nil || len(got) != 5 {
		t.Errorf("after the rollback: %d taken (%v), want 5", len(got), err)
	}
}

func sortedURLs(ss []store.Server) []string {
	var us []string
	for _, s := range ss {
		us = append(us, s.URL)
	}
	slices.Sort(us)
	return us
}

// testRaceTakeDue: handles on one database taking due servers at once,
// a few at a time, until none is left, take each server exactly once.
func testRaceTakeDue(t *testing.T, o Opener) {
	s := o.New(t)
	c := ctx(t)
	const n = 40
	for i := 1; i <= n; i++ {
		register(t, s, i)
	}
	s2 := again(t, o, s)
	at := r0.Add(time.Hour)
	var mu sync.Mutex
	taken := map[string]int{}
	var wg sync.WaitGroup
	for _, h := range []store.Store{s, s2, s, s2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := h.TakeDue(c, store.DueQuery{CheckedBefore: at, At: at, Limit: 3})
				if err != nil {
					t.Errorf("TakeDue: %v", err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, g := range got {
					taken[g.URL]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(taken) != n {
		t.Errorf("%d servers taken, want %d", len(taken), n)
	}
	for u, k := range taken {
		if k != 1 {
			t.Errorf("%s taken %d times, want once", u, k)
		}
	}
}
