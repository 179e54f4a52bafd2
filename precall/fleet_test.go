package precall

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/store"
)

// fleet is n cheap MCP servers on a few loopback listeners: one handler
// serves /s/0 … /s/N-1, speaking just enough Streamable HTTP for the
// probe (initialize, notifications/initialized, tools/list, JSON
// answers). Server i is on listener i % len(listeners); its one tool's
// description names its generation, which change bumps.
type fleet struct {
	listeners []*httptest.Server
	urls      []string

	mu    sync.Mutex
	gen   []int // each server's generation
	lists []int // tools/list calls each server answered
	// inFlight and maxInFlight are the requests being answered on each
	// listener, and the most seen at once.
	inFlight, maxInFlight []int
}

func newFleet(t testing.TB, n, listeners int) *fleet {
	f := &fleet{gen: make([]int, n), lists: make([]int, n), inFlight: make([]int, listeners), maxInFlight: make([]int, listeners)}
	for l := range listeners {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { f.serve(w, r, l) }))
		t.Cleanup(srv.Close)
		f.listeners = append(f.listeners, srv)
	}
	for i := range n {
		f.urls = append(f.urls, fmt.Sprintf("%s/s/%d", f.listeners[i%listeners].URL, i))
	}
	return f
}

func (f *fleet) serve(w http.ResponseWriter, r *http.Request, l int) {
	f.mu.Lock()
	f.inFlight[l]++
	f.maxInFlight[l] = max(f.maxInFlight[l], f.inFlight[l])
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.inFlight[l]--
		f.mu.Unlock()
	}()
	i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/s/"))
	if r.Method != http.MethodPost || err != nil || i < 0 || i >= len(f.gen) || i%len(f.listeners) != l {
		http.NotFound(w, r)
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&msg); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var result any
	switch msg.Method {
	case "initialize":
		result = map[string]any{"protocolVersion": "2025-03-26", "capabilities": map[string]any{"tools": map[string]any{}},
			"serverInfo": map[string]any{"name": fmt.Sprintf("fleet-%d", i), "version": "1.0"}}
	case "tools/list":
		f.mu.Lock()
		g := f.gen[i]
		f.lists[i]++
		f.mu.Unlock()
		result = map[string]any{"tools": json.RawMessage(fleetTools(i, g))}
	default:
		if len(msg.ID) == 0 { // a notification
			w.WriteHeader(http.StatusAccepted)
			return
		}
		result = nil
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": result})
}

// fleetTools is the tools/list result's tools of server i at generation g.
func fleetTools(i, g int) string {
	return fmt.Sprintf(`[{"name":"lookup","description":"Looks a record up (server %d, generation %d).","inputSchema":{"type":"object"}}]`, i, g)
}

// defs are the definitions a probe of server i gathers at generation 0:
// what the registration records, without the HTTP round trips (the
// refreshes probe the servers for real).
func (f *fleet) defs(i int) (*fingerprint.Definitions, error) {
	tools, err := fingerprint.ParseTools([]byte(fleetTools(i, 0)))
	if err != nil {
		return nil, err
	}
	v := "1.0"
	return &fingerprint.Definitions{Server: fingerprint.Server{Name: fmt.Sprintf("fleet-%d", i), Version: &v}, ProtocolVersion: "2025-03-26", Tools: tools}, nil
}

// change bumps server i's generation: its next probe serves another
// description.
func (f *fleet) change(i int) {
	f.mu.Lock()
	f.gen[i]++
	f.mu.Unlock()
}

// listCounts returns a copy of the tools/list counts.
func (f *fleet) listCounts() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]int(nil), f.lists...)
}

// vclock is a virtual clock the tests move by hand.
type vclock struct{ ns atomic.Int64 }

func (c *vclock) Now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *vclock) Set(t time.Time)     { c.ns.Store(t.UnixNano()) }
func (c *vclock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// The simulation's settings.
const (
	simEvery   = 6 * time.Hour
	simWorkers = 8
	simPerHost = 2
)

// report is what an instance did in one round: its stats and what its
// Started and Done saw (the most checks in flight at once, in all and per
// host, and the outcomes).
type report struct {
	Stats         RoundStats
	MaxTotal      int
	MaxPer        map[string]int
	Started, Done int
	Failed        []string
	Statuses      map[fingerprint.Status]int
	total         int
	perHost       map[string]int
	mu            sync.Mutex
}

func newReport() *report {
	return &report{MaxPer: map[string]int{}, perHost: map[string]int{}, Statuses: map[fingerprint.Status]int{}}
}

// hook makes f's Started and Done write into b.
func (b *report) hook(f *Refresher) {
	f.Started = func(u string) {
		b.mu.Lock()
		defer b.mu.Unlock()
		h := hostOf(u)
		b.Started++
		b.total++
		b.perHost[h]++
		b.MaxTotal = max(b.MaxTotal, b.total)
		b.MaxPer[h] = max(b.MaxPer[h], b.perHost[h])
	}
	f.Done = func(u string, r *Refresh, err error) {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.Done++
		b.total--
		b.perHost[hostOf(u)]--
		if err != nil {
			b.Failed = append(b.Failed, u+": "+err.Error())
			return
		}
		b.Statuses[r.Status]++
	}
}

// instance runs rounds of one Refresher, in this process or another.
type instance interface {
	// round runs one round at the virtual time at.
	round(ctx context.Context, at time.Time) (*report, error)
}

// inProcess is an instance in this process: a Refresher on its own
// store handle, its clock the simulation's.
type inProcess struct {
	f   *Refresher
	clk *vclock
}

func newInProcess(t testing.TB, s store.Store) *inProcess {
	clk := &vclock{}
	g := testGuard(t, guard.Policy{AllowLoopback: true})
	return &inProcess{f: &Refresher{Checker: &Checker{Guard: g, Store: s, Clock: clk.Now}, Every: simEvery, Workers: simWorkers, PerHost: simPerHost}, clk: clk}
}

func (p *inProcess) round(ctx context.Context, at time.Time) (*report, error) {
	p.clk.Set(at)
	r := newReport()
	r.hook(p.f)
	st, err := p.f.Round(ctx)
	r.Stats = st
	return r, err
}

// simulate registers the fleet's servers in reg, then runs rounds of
// every instance at once on a virtual clock, a few servers changing
// before each round, and checks that every server was probed exactly
// once a round, that each changed server's change was recorded as one
// event and that no other event was, and that each instance kept its
// bounds (issue 33, item 4).
func simulate(t *testing.T, reg store.Store, fl *fleet, instances []instance, rounds int) {
	ctx := t.Context()
	servers := len(fl.urls)
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	at := t0
	g := testGuard(t, guard.Policy{AllowLoopback: true})
	index := map[string]int{}
	for i, u := range fl.urls {
		index[u] = i
	}
	rc := &Checker{Guard: g, Store: reg, Clock: func() time.Time { return t0 },
		prober: func(_ context.Context, u string, _ *guard.Guard) (*fingerprint.Definitions, error) {
			return fl.defs(index[u])
		}}
	began := time.Now()
	var wg sync.WaitGroup
	next := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if r, err := rc.Register(ctx, RegisterInput{URL: fl.urls[i], Slug: fmt.Sprintf("fleet-%d", i)}); err != nil || r.Status != RegisterDone {
					t.Errorf("register %d: %v %v", i, r, err)
				}
			}
		}()
	}
	for i := range servers {
		next <- i
	}
	close(next)
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("%d servers registered in %v", servers, time.Since(began).Round(time.Millisecond))
	startEvents := lastSeq(t, reg)
	changedTotal := make([]int, servers)
	before := fl.listCounts()
	// Between registration and the first round no server is due: a round
	// now checks nothing.
	for k, in := range instances {
		if r, err := in.round(ctx, t0.Add(simEvery-time.Minute)); err != nil || r.Stats != (RoundStats{}) {
			t.Fatalf("instance %d, a round before anything is due: %+v %v", k, r, err)
		}
	}
	changes, outcomes := 0, map[fingerprint.Status]int{}
	mostPerHost := 0
	for round := 1; round <= rounds; round++ {
		at = at.Add(simEvery + time.Minute)
		// A few servers change: round+2 of them, spread over the fleet.
		changed := map[int]bool{}
		for k := range round + 2 {
			changed[(k*997+round*31)%servers] = true
		}
		for i := range changed {
			fl.change(i)
			changedTotal[i]++
			changes++
		}
		seq0 := lastSeq(t, reg)
		began := time.Now()
		var rw sync.WaitGroup
		reps := make([]*report, len(instances))
		for k, in := range instances {
			rw.Add(1)
			go func() {
				defer rw.Done()
				r, err := in.round(ctx, at)
				if err != nil {
					t.Errorf("round %d, instance %d: %v", round, k, err)
					r = newReport()
				}
				reps[k] = r
			}()
		}
		rw.Wait()
		took := time.Since(began)
		after := fl.listCounts()
		for i := range servers {
			if d := after[i] - before[i]; d != 1 {
				t.Errorf("round %d: server %d probed %d times, want once", round, i, d)
			}
		}
		before = after
		total := 0
		var per []int
		for k, r := range reps {
			if r.Stats.Failed != 0 || len(r.Failed) != 0 {
				t.Errorf("round %d, instance %d: %d refreshes failed: %v", round, k, r.Stats.Failed, r.Failed)
			}
			if r.Started != r.Done || r.Done != r.Stats.Refreshed+r.Stats.Failed {
				t.Errorf("round %d, instance %d: %d checks started, %d done, stats %+v", round, k, r.Started, r.Done, r.Stats)
			}
			if r.MaxTotal > simWorkers {
				t.Errorf("round %d, instance %d: %d refreshes in flight at once, want at most %d", round, k, r.MaxTotal, simWorkers)
			}
			for h, m := range r.MaxPer {
				mostPerHost = max(mostPerHost, m)
				if m > simPerHost {
					t.Errorf("round %d, instance %d: %d refreshes of %s in flight at once, want at most %d", round, k, m, h, simPerHost)
				}
			}
			for st, n := range r.Statuses {
				outcomes[st] += n
			}
			total += r.Stats.Refreshed
			per = append(per, r.Stats.Refreshed)
		}
		if total != servers {
			t.Errorf("round %d: %d refreshes over the instances %v, want %d", round, total, per, servers)
		}
		// The round's events: one per changed server, from its version
		// to the next.
		evs, err := reg.ListChangeEvents(ctx, store.ChangeQuery{Limit: store.MaxListLimit})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, e := range evs {
			if e.Seq <= seq0 {
				continue
			}
			seen[e.ServerURL]++
			if e.ToVersion != e.FromVersion+1 {
				t.Errorf("round %d: event %d of %s from %d to %d", round, e.Seq, e.ServerURL, e.FromVersion, e.ToVersion)
			}
		}
		for i := range changed {
			if seen[fl.urls[i]] != 1 {
				t.Errorf("round %d: changed server %d has %d events this round, want 1", round, i, seen[fl.urls[i]])
			}
			delete(seen, fl.urls[i])
		}
		for u, n := range seen {
			t.Errorf("round %d: unchanged server %s has %d events", round, u, n)
		}
		t.Logf("round %d: %d servers refreshed in %v, %d changed, refreshes per instance %v", round, servers, took.Round(time.Millisecond), len(changed), per)
	}
	// Every server's version is 1 + its changes, and its events are its
	// changes, each once.
	perURL := map[string]int{}
	seq := int64(0)
	for {
		evs, err := reg.ListChangeEvents(ctx, store.ChangeQuery{Before: seq, Limit: store.MaxListLimit})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Seq > startEvents {
				perURL[e.ServerURL]++
			}
		}
		if len(evs) < store.MaxListLimit || evs[len(evs)-1].Seq <= startEvents {
			break
		}
		seq = evs[len(evs)-1].Seq
	}
	for i, u := range fl.urls {
		s, err := reg.Server(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		if s.Version != 1+changedTotal[i] || perURL[u] != changedTotal[i] {
			t.Errorf("server %d: version %d and %d events, want %d and %d", i, s.Version, perURL[u], 1+changedTotal[i], changedTotal[i])
		}
	}
	if want := map[fingerprint.Status]int{fingerprint.Changed: changes, fingerprint.Unchanged: servers*rounds - changes}; !maps.Equal(outcomes, want) {
		t.Errorf("outcomes over the instances %v, want %v", outcomes, want)
	}
	// With fewer slots over the hosts than workers, an instance's workers
	// had more taken servers of one host than it may probe at once: the
	// bound was reached, and held.
	if len(fl.listeners)*simPerHost < simWorkers && mostPerHost != simPerHost {
		t.Errorf("at most %d checks of one host in flight at once, want the bound %d reached", mostPerHost, simPerHost)
	}
	for l, m := range fl.maxInFlight {
		if m > simPerHost*len(instances) {
			t.Errorf("listener %d: %d requests at once, want at most %d (%d per instance)", l, m, simPerHost*len(instances), simPerHost)
		}
	}
}

// lastSeq is the newest change event's sequence number, 0 when none.
func lastSeq(t testing.TB, s store.Store) int64 {
	evs, err := s.ListChangeEvents(t.Context(), store.ChangeQuery{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) == 0 {
		return 0
	}
	return evs[0].Seq
}
