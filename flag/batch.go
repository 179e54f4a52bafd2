package flag

import (
	"context"
	"sync"
	"time"
)

// Batcher is group commit for Submit (issue 33, item 3): a Submit made
// while a batch is being written waits for it, and the calls that waited
// are then written together, as one SubmitAll — one transaction, so one
// hold of the ledger chain's lock and one commit for all of them. Each
// call still gets its own Outcome, as if the calls had been made one after
// another in the order they arrived: an identical finding submitted twice
// in one batch creates one flag, the second call finding it live.
//
// A call's bad input is its own error, before it joins a batch. When a
// batch's transaction fails, each of its calls is written again alone, so
// that one call's store error is not the others'. A call whose context
// ends stops waiting (and may still be written); the batch itself runs
// under a context detached from its callers', bounded by BatchTimeout.
//
// A Batcher is safe for concurrent use; its zero value, with Service set,
// is ready. Batching pays where transactions queue (several instances on
// one PostgreSQL database, whose chain is one lock); a lone caller waits
// for no one.
type Batcher struct {
	// Service writes the batches. Required.
	Service *Service
	// MaxBatch bounds the calls of one transaction; 64 when 0.
	MaxBatch int
	// BatchTimeout bounds one batch's transaction; 30 s when 0.
	BatchTimeout time.Duration

	mu      sync.Mutex
	queue   []*batchCall
	running bool
}

type batchCall struct {
	prep prepared
	out  Outcome
	err  error
	done chan struct{}
}

// Submit is Service.Submit, written in a batch with the calls made
// meanwhile.
func (b *Batcher) Submit(ctx context.Context, in SubmissionInput) (Outcome, error) {
	preps, err := prepare([]SubmissionInput{in})
	if err != nil {
		return Outcome{}, err
	}
	c := &batchCall{prep: preps[0], done: make(chan struct{})}
	b.mu.Lock()
	b.queue = append(b.queue, c)
	if !b.running {
		b.running = true
		go b.run(context.WithoutCancel(ctx))
	}
	b.mu.Unlock()
	select {
	case <-c.done:
		return c.out, c.err
	case <-ctx.Done():
		return Outcome{}, &Error{Op: "Submit", Err: ctx.Err()}
	}
}

// run writes the queue, a batch at a time, until it is empty.
func (b *Batcher) run(ctx context.Context) {
	most := b.MaxBatch
	if most <= 0 {
		most = 64
	}
	for {
		b.mu.Lock()
		n := min(len(b.queue), most)
		if n == 0 {
			b.running = false
			b.mu.Unlock()
			return
		}
		batch := b.queue[:n:n]
		b.queue = append([]*batchCall(nil), b.queue[n:]...)
		b.mu.Unlock()
		b.write(ctx, batch)
	}
}

func (b *Batcher) write(ctx context.Context, batch []*batchCall) {
	timeout := b.BatchTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	preps := make([]prepared, len(batch))
	for i, c := range batch {
		preps[i] = c.prep
	}
	outs, err := b.Service.submitPrepared(tctx, preps)
	cancel()
	if err != nil && len(batch) > 1 {
		for _, c := range batch {
			b.write(ctx, []*batchCall{c})
		}
		return
	}
	for i, c := range batch {
		if err != nil {
			c.err = err
		} else {
			c.out = outs[i]
		}
		close(c.done)
	}
}
