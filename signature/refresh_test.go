package signature

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
)

// feedStore is a memory store that counts its reads of the feed and can
// hold them (until release is closed) or fail them.
type feedStore struct {
	*memory.Memory
	reads atomic.Int64
	mu    sync.Mutex
	hold  chan struct{} // non-nil: a read waits for it to close
	fail  error
}

func (s *feedStore) FeedChanges(ctx context.Context, since int64, limit int) ([]store.FeedChange, error) {
	s.reads.Add(1)
	s.mu.Lock()
	hold, fail := s.hold, s.fail
	s.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if fail != nil {
		return nil, fail
	}
	return s.Memory.FeedChanges(ctx, since, limit)
}

func (s *feedStore) set(hold chan struct{}, fail error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hold, s.fail = hold, fail
}

// confirm confirms attack through three owners' check-ins on sv.
func confirm(t *testing.T, sv *Service, text string) string {
	t.Helper()
	var out []Outcome
	var err error
	for _, o := range []string{"o1", "o2", "o3"} {
		if out, err = sv.CheckIn(t.Context(), o, "a", []Report{report(text, time.Now())}); err != nil {
			t.Fatal(err)
		}
	}
	if out[0].Status != store.CandidateConfirmed {
		t.Fatalf("not confirmed: %+v", out[0])
	}
	return out[0].CandidateID
}

func matches(t *testing.T, sv *Service, text, id string) bool {
	t.Helper()
	ms, err := sv.Check(t.Context(), text)
	if err != nil {
		t.Fatal(err)
	}
	return len(ms) == 1 && ms[0].ID == id
}

// Issue 28, item 8: concurrent checks share one read of the feed — on
// PostgreSQL each check read the feed under a mutex, one at a time, and
// 200 clients waited 719 ms (p50) for their turn.
func TestChecksShareOneRead(t *testing.T) {
	s := &feedStore{Memory: memory.New()}
	sv := NewService(s, Options{NoJudge: true, Refresh: time.Hour})
	hold := make(chan struct{})
	s.set(hold, nil)
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := sv.Check(t.Context(), attack); err != nil {
				t.Error(err)
			}
		}()
	}
	for s.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // the other 99 checks arrive, and wait
	close(hold)
	wg.Wait()
	for range 100 {
		if _, err := sv.Check(t.Context(), attack); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.reads.Load(); n != 1 {
		t.Errorf("200 checks read the feed %d times, want 1", n)
	}
}

// A check never waits for a read of the feed while its index is younger
// than Refresh: past Refresh/4 a read starts in the background, and while
// the store holds it (a slow database) the check answers from the index
// it has.
func TestCheckDoesNotWaitForARead(t *testing.T) {
	s := &feedStore{Memory: memory.New()}
	const refresh = 300 * time.Millisecond
	sv := NewService(s, Options{NoJudge: true, Refresh: refresh})
	id := confirm(t, sv, attack)
	if !matches(t, sv, attack, id) {
		t.Fatal("no match after the confirmation")
	}
	time.Sleep(refresh / 2) // past Refresh/4: the next check starts a read
	hold := make(chan struct{})
	s.set(hold, nil)
	defer close(hold)
	before := s.reads.Load()
	done := make(chan bool)
	go func() { done <- matches(t, sv, attack, id) }()
	select {
	case ok := <-done:
		if !ok {
			t.Error("no match from the index it had")
		}
	case <-time.After(refresh / 3):
		t.Fatal("the check waited for the store's read of the feed")
	}
	deadline := time.Now().Add(time.Second)
	for s.reads.Load() == before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if s.reads.Load() == before {
		t.Error("a stale index started no read of the feed")
	}
}

// A signature a Service confirms is seen by its own next check, however
// long Refresh is; one confirmed through another Service over the same
// store (another instance) by every check that starts Refresh after the
// confirmation returned.
func TestCheckSeesConfirmations(t *testing.T) {
	m := memory.New()
	const refresh = 100 * time.Millisecond
	a := NewService(m, Options{NoJudge: true, Refresh: time.Hour})
	b := NewService(m, Options{NoJudge: true, Refresh: refresh})
	if ms, err := a.Check(t.Context(), attack); err != nil || len(ms) != 0 {
		t.Fatalf("before: %v, %v", ms, err)
	}
	if ms, err := b.Check(t.Context(), attack); err != nil || len(ms) != 0 {
		t.Fatalf("before: %v, %v", ms, err)
	}
	id := confirm(t, a, attack)
	done := time.Now()
	if !matches(t, a, attack, id) {
		t.Error("the confirming service's next check does not see the signature")
	}
	time.Sleep(time.Until(done.Add(refresh)))
	if !matches(t, b, attack, id) {
		t.Errorf("another service's check %v after the confirmation does not see it", refresh)
	}
	// Retirement, the other way a local change reaches the feed.
	if err := a.Retire(t.Context(), id, "test"); err != nil {
		t.Fatal(err)
	}
	if ms, err := a.Check(t.Context(), attack); err != nil || len(ms) != 0 {
		t.Errorf("after retirement: %v, %v", ms, err)
	}
}

// A confirmation through a review vote is seen by the next check too.
func TestCheckSeesVoteConfirmation(t *testing.T) {
	sv := NewService(memory.New(), Options{NoJudge: true, Refresh: time.Hour})
	out, err := sv.CheckIn(t.Context(), "o1", "a1", []Report{report(attack, time.Now())})
	if err != nil {
		t.Fatal(err)
	}
	cand := out[0].CandidateID
	if matches(t, sv, attack, cand) {
		t.Fatal("an open candidate matched")
	}
	for i := range ReviewOwners {
		j, err := sv.CreateReviewJob(t.Context(), cand, "p"+string(rune('0'+i)), "r", true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sv.Vote(t.Context(), j.JobID, cand, "p"+string(rune('0'+i)), "r", true); err != nil {
			t.Fatal(err)
		}
	}
	if !matches(t, sv, attack, cand) {
		t.Error("the next check after the confirming vote does not see the signature")
	}
}

// A store that cannot be read fails the checks once the index is older
// than Refresh, rather than answering from it for ever; a check waiting
// for a read gives up with its context.
func TestCheckStaleIndexFails(t *testing.T) {
	s := &feedStore{Memory: memory.New()}
	const refresh = 50 * time.Millisecond
	sv := NewService(s, Options{NoJudge: true, Refresh: refresh})
	if _, err := sv.Check(t.Context(), attack); err != nil {
		t.Fatal(err)
	}
	down := errors.New("down")
	s.set(nil, down)
	time.Sleep(refresh)
	if _, err := sv.Check(t.Context(), attack); !errors.Is(err, down) {
		t.Errorf("a check on an index %v old with the store down: %v", refresh, err)
	}
	hold := make(chan struct{})
	defer close(hold)
	s.set(hold, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := sv.Check(ctx, attack); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a check whose context ends while it waits: %v", err)
	}
}

// With a negative Refresh every check waits for a read of the feed begun
// after it was called.
func TestCheckStrictRefresh(t *testing.T) {
	m := memory.New()
	a := NewService(m, Options{NoJudge: true})
	b := NewService(m, Options{NoJudge: true, Refresh: -1})
	if ms, _ := b.Check(t.Context(), attack); len(ms) != 0 {
		t.Fatal("a match before any signature")
	}
	id := confirm(t, a, attack)
	if !matches(t, b, attack, id) {
		t.Error("a strict service's next check does not see another's confirmation")
	}
}
