package scan

import (
	"runtime"
	"sync"
)

// How a long text uses the cores. The stages of a scan depend on one
// another little: §3 (markup) and §4 (base64) read the text alone; the
// pass over the codepoints (§2) needs the §3 constructs first only when it
// builds the sanitized copy, which leaves them out, and otherwise resolves
// their positions afterwards from checkpoints it records (see
// withCheckpoints); §5 reads each segment as soon as the pass has gone by
// it (see segmentCuts and heurPipe). So for a text of 2*segmentSize bytes
// or more, with GOMAXPROCS above one, §3 and §4 run on goroutines of their
// own while the pass runs, and §5 on GOMAXPROCS workers (the scanning
// goroutine among them once its pass is done), segment by segment, merged
// in order; at most GOMAXPROCS of them all run at once (see cores).
// Shorter texts, which agent hosts scan by the thousand, start no
// goroutine.

// workersFor returns how many goroutines read §5 in a text of n bytes;
// one means none is started and everything runs in order on the caller's.
func workersFor(n int) int {
	if n < 2*segmentSize {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// cores holds a token for each goroutine of a scan that may run at once:
// GOMAXPROCS of them. The scanning goroutine holds one while it makes the
// pass over the codepoints, a stage while it runs, a worker while it reads
// a segment for §5; none is held while waiting. So the stages started
// first (§3 above all, which on HTML is the longest) are not slowed down
// by more goroutines than there are cores. nil holds no token and limits
// nothing.
type cores chan struct{}

func (c cores) acquire() {
	if c != nil {
		c <- struct{}{}
	}
}

func (c cores) release() {
	if c != nil {
		<-c
	}
}

// stage runs f, on a goroutine of its own (holding a token of c) when
// concurrent and at once otherwise, and returns what waits for it to be
// done.
func stage(c cores, concurrent bool, f func()) (wait func()) {
	if !concurrent {
		f()
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.acquire()
		defer c.release()
		f()
	}()
	return func() { <-done }
}

// extensionsBeside starts the Strict profile's search for the extension
// classes of s (findExtensions), which reads the text alone: for a long
// text on a goroutine of its own, beside the Spec scan. The function it
// returns waits for it and gives what it found; for a short text it is
// nil, and strict searches when it needs to.
func extensionsBeside(s string, o options) func() ([]extSpan, int, bool) {
	if workersFor(len(s)) == 1 {
		return nil
	}
	var (
		ext     []extSpan
		total   int
		removes bool
	)
	wait := stage(nil, true, func() { ext, total, removes = findExtensionsIn(s, o.maxFindings, o.format) })
	return func() ([]extSpan, int, bool) {
		wait()
		return ext, total, removes
	}
}

// heurPipe reads the segments of a text for §5 (heuristicsIn) as they are
// published, in order, on up to workers goroutines, and merges their
// findings in order: the first max of them (all when max < 0) and the
// count of all.
//
// A segment is taken by the first idle worker, which keeps at most max
// findings less those merged so far (a worker ahead does not know how many
// the segments before its own will keep, so it may keep more than are
// needed); the merge trims them. Once max are merged, later segments are
// only counted. At most window segments are taken and not yet merged, so
// that the findings held at once stay within a few segments' worth.
//
// The caller is one of the workers: it starts workers-1 goroutines, which
// read segments while it publishes them, and joins them in wait. With one
// worker there is no goroutine: each segment is read as soon as it is
// published, on the caller's goroutine, while it is fresh in the cache.
type heurPipe struct {
	s       string
	isWTF8  bool
	max     int
	segs    []segment
	workers int
	cores   cores // tokens held while a segment is read

	jobs     chan int      // published segments, in order
	window   chan struct{} // a slot per segment taken and not merged
	passDone chan struct{} // closed once transparent is known
	wg       sync.WaitGroup

	// transparent says whether the text holds a codepoint of a §2 class,
	// known once the pass is done: a segment whose only edits are
	// ill-formed sequences reads them as U+FFFD or as they are according
	// to it (see heuristicsIn), and waits for it.
	transparent bool
	published   int // serial: the segments published

	mu    sync.Mutex
	reads []segRead
	next  int // the first segment not merged
	out   []Finding
	total int
}

// segRead is what a worker found in a segment, until it is merged.
type segRead struct {
	found []Finding
	count int
	done  bool
}

// newHeurPipe returns the pipeline that reads segs, whose start and end
// are set (their other fields are set before each is published).
// c, if not nil, holds the tokens of the scan's goroutines.
func newHeurPipe(s string, isWTF8 bool, max int, segs []segment, workers int, c cores) *heurPipe {
	p := &heurPipe{
		s: s, isWTF8: isWTF8, max: max, segs: segs, cores: c,
		workers: min(workers, len(segs)),
		reads:   make([]segRead, len(segs)),
	}
	if p.workers <= 1 {
		p.workers = 1
		return p
	}
	p.jobs = make(chan int, len(segs)) // publishing never waits
	p.window = make(chan struct{}, 2*p.workers)
	p.passDone = make(chan struct{})
	p.wg.Add(p.workers - 1)
	for range p.workers - 1 {
		go func() {
			defer p.wg.Done()
			p.work()
		}()
	}
	return p
}

// publish hands segment k, now complete, to the workers. Segments are
// published in order.
func (p *heurPipe) publish(k int) {
	if p.workers > 1 {
		p.jobs <- k
		return
	}
	p.published = k + 1
	for p.next < p.published && !p.segs[p.next].waitPass {
		p.read(p.next)
	}
}

// finish says that every segment is published and whether the text holds
// a codepoint of a §2 class.
func (p *heurPipe) finish(transparent bool) {
	p.transparent = transparent
	if p.workers > 1 {
		close(p.passDone)
		close(p.jobs)
		return
	}
	for p.next < len(p.segs) {
		p.read(p.next)
	}
}

// wait reads the segments left (with the other workers, if any) and
// returns the findings merged and the count of all. It follows finish.
func (p *heurPipe) wait() ([]Finding, int) {
	if p.workers > 1 {
		p.work()
		p.wg.Wait()
	}
	return p.out, p.total
}

// work reads segments until there are none left to take.
func (p *heurPipe) work() {
	for {
		p.window <- struct{}{}
		k, ok := <-p.jobs
		if !ok {
			return
		}
		p.read(k)
	}
}

// read reads segment k and merges what is ready.
func (p *heurPipe) read(k int) {
	sg := &p.segs[k]
	transparent := sg.transparent
	if sg.waitPass {
		if p.workers > 1 {
			<-p.passDone
		}
		transparent = p.transparent
	}
	p.mu.Lock()
	keep := p.max
	if keep >= 0 {
		keep -= len(p.out)
	}
	p.mu.Unlock()
	if p.workers > 1 {
		p.cores.acquire()
	}
	found, count := heuristicsIn(p.s[sg.start:sg.end], p.isWTF8, transparent, keep, *sg)
	if p.workers > 1 {
		p.cores.release()
	}

	p.mu.Lock()
	defer p.mu.Unlock()
	p.reads[k] = segRead{found, count, true}
	for ; p.next < len(p.segs) && p.reads[p.next].done; p.next++ {
		r := &p.reads[p.next]
		f := r.found
		if p.max >= 0 {
			f = f[:min(len(f), p.max-len(p.out))]
		}
		p.out = append(p.out, f...)
		p.total += r.count
		r.found = nil
		if p.workers > 1 {
			<-p.window
		}
	}
}

// checkpointGap is the greatest distance between the checkpoints that the
// pass over the codepoints records when it cannot resolve the positions of
// the §3 constructs itself (see withCheckpoints). A variable for the
// tests, which put checkpoints everywhere.
var checkpointGap = 16 << 10

// withCheckpoints returns offs (the segment cuts) and a checkpoint every
// checkpointGap bytes of s, each moved back to the start of its codepoint:
// a byte that is not a continuation byte (10xxxxxx) is one, in UTF-8 read
// as the WHATWG decoder reads it and in WTF-8 alike. Once the §3
// constructs are found, their positions are resolved from the nearest
// checkpoint before them (see resolveFrom), so the walk to them is at most
// the text once, and usually a small part of it.
func withCheckpoints(s string, offs []int) []int {
	out := make([]int, 0, len(offs)+len(s)/checkpointGap+1)
	out = append(out, offs...)
	for b := checkpointGap; b < len(s); b += checkpointGap {
		i := b
		for i > 0 && s[i]&0xC0 == 0x80 {
			i--
		}
		out = append(out, i)
	}
	return out
}

// resolveFrom sets the positions of o's offsets (each at the start of a
// codepoint of s), walking s from the nearest of known's offsets at or
// before each, whose positions the pass has recorded.
func (o *offsets) resolveFrom(s string, isWTF8 bool, known *offsets) {
	i, at := 0, position{}
	j := 0 // known.bytes[j] is the next checkpoint
	for k, b := range o.bytes[:len(o.bytes)-1] {
		for ; known.bytes[j] <= b; j++ {
			if kb := known.bytes[j]; kb > i {
				i, at = kb, known.pos[j]
			}
		}
		i, at = advance(s, isWTF8, i, b, at)
		o.pos[k] = at
	}
}

// advance returns byte offset end of s and its position, from byte offset
// i at position at (both at codepoint starts, i <= end).
func advance(s string, isWTF8 bool, i, end int, at position) (int, position) {
	cp, u16 := at.cp, at.u16
	for i < end {
		// ASCII eight bytes at a time: a byte, a codepoint, a unit.
		for i+8 <= end && load64(s[i:])&high == 0 {
			i, cp, u16 = i+8, cp+8, u16+8
		}
		if i == end {
			break
		}
		if s[i] < 0x80 {
			i, cp, u16 = i+1, cp+1, u16+1
			continue
		}
		r, size, _ := decodeAt(s, i, isWTF8)
		i, cp, u16 = i+size, cp+1, u16+1
		if r >= 0x10000 {
			u16++
		}
	}
	return i, position{cp, u16}
}
