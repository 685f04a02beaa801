package core

import (
	"context"
	"runtime"
	"sync"
)

// versionReads reads the data version for a crowd at once: a request waits
// for the next read that starts after it came, so it sees every write
// committed before it came (the cache stays never stale), while requests
// that come during one read share the read after it: one read per round
// trip to the database instead of one per request. A request that starts
// a read first lets the requests running beside it join the read, which
// has not started yet: on a few cores a crowd's requests come to the read
// together, and would otherwise each start one of their own in turn.
type versionReads struct {
	source  func(context.Context) (stamp, error)
	mu      sync.Mutex
	running bool
	forming *versionRead // the read about to start, which requests that come join
	next    *versionRead // the read for the requests that came during the running one
}

type versionRead struct {
	done    chan struct{}
	version stamp
	err     error
}

func (vr *versionReads) read(ctx context.Context) (stamp, error) {
	vr.mu.Lock()
	r := vr.next
	start := !vr.running
	switch {
	case vr.forming != nil:
		r, start = vr.forming, false
	case start:
		r = &versionRead{done: make(chan struct{})}
		vr.running, vr.forming = true, r
	case r == nil:
		r = &versionRead{done: make(chan struct{})}
		vr.next = r
	}
	vr.mu.Unlock()
	if start {
		runtime.Gosched()
		vr.mu.Lock()
		vr.forming = nil
		vr.mu.Unlock()
		vr.run(context.WithoutCancel(ctx), r)
	}
	select {
	case <-r.done:
		return r.version, r.err
	case <-ctx.Done():
		return stamp{}, ctx.Err()
	}
}

// run makes read r, then starts the next one when requests came meanwhile.
// The reads do not stop with the request that started them: others wait
// for them too.
func (vr *versionReads) run(ctx context.Context, r *versionRead) {
	r.version, r.err = vr.source(ctx)
	close(r.done)
	vr.mu.Lock()
	next := vr.next
	vr.next, vr.running = nil, next != nil
	vr.mu.Unlock()
	if next != nil {
		go vr.run(ctx, next)
	}
}
