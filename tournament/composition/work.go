package composition

import (
	"context"
	"runtime"
	"sync"
	"time"

	"adiukh/tournament"
)

// Defaults of WorkLimits left at zero.
const (
	DefaultWorkWaiting = 64
	DefaultWorkRate    = 30
	DefaultWorkPer     = 10 * time.Minute
	// busyRetry is when a job refused for a full queue is asked to come
	// back: the jobs ahead of it take seconds each.
	busyRetry = 30 * time.Second
)

// WorkLimits bound the expensive work (solver runs: contest entries, their
// edits, solving-contest answers) the server does for its accounts, so that
// no signed-in account can take the server's cores from everyone else.
type WorkLimits struct {
	// Workers is how many jobs run at once on the server: half the cores
	// Go uses (runtime.GOMAXPROCS), at least one, when 0, so that pages
	// and moves keep the other half whatever the accounts send.
	Workers int
	// Waiting bounds the jobs that wait for a worker; a job beyond it is
	// refused at once rather than queued without end.
	Waiting int
	// Rate jobs may start per account within any Per; beyond it a job is
	// refused with the time the oldest of them leaves the window.
	Rate int
	Per  time.Duration
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// WorkQueue runs expensive jobs under WorkLimits: one job at a time per
// account (a second one waits for the first), at most Workers on the
// server, at most Waiting waiting, and at most Rate started per account
// within Per. It is safe for concurrent use.
type WorkQueue struct {
	limits  WorkLimits
	workers chan struct{}

	mu      sync.Mutex
	waiting int
	// accounts holds the accounts with a job running or waiting: a channel
	// of one place held by the account's running job, and how many jobs
	// use it.
	accounts map[int64]*accountTurn
	// started holds each account's starts within the last Per, oldest first.
	started map[int64][]time.Time
	swept   time.Time
}

type accountTurn struct {
	turn  chan struct{}
	users int
}

// NewWorkQueue returns a queue with the limits, defaults for those left at
// zero.
func NewWorkQueue(l WorkLimits) *WorkQueue {
	if l.Workers <= 0 {
		l.Workers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if l.Waiting <= 0 {
		l.Waiting = DefaultWorkWaiting
	}
	if l.Rate <= 0 {
		l.Rate = DefaultWorkRate
	}
	if l.Per <= 0 {
		l.Per = DefaultWorkPer
	}
	if l.Now == nil {
		l.Now = time.Now
	}
	return &WorkQueue{limits: l, workers: make(chan struct{}, l.Workers),
		accounts: map[int64]*accountTurn{}, started: map[int64][]time.Time{}}
}

// Do runs job for the account under the limits, with ctx: a job refused by
// them is an ETOOMANY error with RetryAfter, and a ctx that ends while the
// job waits ends the wait with its error.
func (q *WorkQueue) Do(ctx context.Context, account int64, job func(context.Context) error) error {
	t, err := q.admit(account)
	if err != nil {
		return err
	}
	defer q.leave(account)
	select {
	case t.turn <- struct{}{}:
	case <-ctx.Done():
		q.stopWaiting()
		return ctx.Err()
	}
	defer func() { <-t.turn }()
	select {
	case q.workers <- struct{}{}:
	case <-ctx.Done():
		q.stopWaiting()
		return ctx.Err()
	}
	q.stopWaiting()
	defer func() { <-q.workers }()
	return belowTheWeb(ctx, job)
}

// admit counts a job of the account against the rate and the queue, or
// refuses it.
func (q *WorkQueue) admit(account int64) (*accountTurn, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.limits.Now()
	q.sweep(now)
	recent := q.recent(account, now)
	if len(recent) >= q.limits.Rate {
		until := recent[0].Add(q.limits.Per)
		return nil, tournament.TooManyUntil(until.Sub(now), "at most %d solver runs per account within %d minutes; the next one can start at %s",
			q.limits.Rate, int(q.limits.Per/time.Minute), tournament.UTCToSecond(until))
	}
	if q.waiting >= q.limits.Waiting {
		return nil, tournament.TooManyUntil(busyRetry, "the server is busy with %d solver runs waiting; try again in %d seconds",
			q.waiting, int(busyRetry/time.Second))
	}
	q.started[account] = append(recent, now)
	q.waiting++
	t := q.accounts[account]
	if t == nil {
		t = &accountTurn{turn: make(chan struct{}, 1)}
		q.accounts[account] = t
	}
	t.users++
	return t, nil
}

// recent returns the account's starts within the window ending at now.
func (q *WorkQueue) recent(account int64, now time.Time) []time.Time {
	starts := q.started[account]
	i := 0
	for i < len(starts) && !starts[i].Add(q.limits.Per).After(now) {
		i++
	}
	return starts[i:]
}

// sweep forgets, once per window, the accounts with no start within it, so
// the map holds only the accounts of the last window.
func (q *WorkQueue) sweep(now time.Time) {
	if now.Sub(q.swept) < q.limits.Per {
		return
	}
	q.swept = now
	for account := range q.started {
		if len(q.recent(account, now)) == 0 {
			delete(q.started, account)
		}
	}
}

// Waiting returns the number of jobs waiting for their account's turn or
// a worker: the queue's length, for metrics and tests.
func (q *WorkQueue) Waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.waiting
}

func (q *WorkQueue) stopWaiting() {
	q.mu.Lock()
	q.waiting--
	q.mu.Unlock()
}

func (q *WorkQueue) leave(account int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	t := q.accounts[account]
	if t.users--; t.users == 0 {
		delete(q.accounts, account)
	}
}
