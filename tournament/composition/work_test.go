package composition_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	at time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.at }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.at = c.at.Add(d)
	c.mu.Unlock()
}

func nothing(context.Context) error { return nil }

// An account may start Rate jobs within Per; the next is refused with when
// it may come back, and gets in once the oldest start leaves the window.
func TestWorkQueueRate(t *testing.T) {
	clock := &fakeClock{at: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	q := composition.NewWorkQueue(composition.WorkLimits{Rate: 3, Per: 10 * time.Minute, Now: clock.Now})
	ctx := context.Background()
	for i := range 3 {
		if err := q.Do(ctx, 1, nothing); err != nil {
			t.Fatalf("job %d: %v", i+1, err)
		}
		clock.add(time.Minute)
	}
	err := q.Do(ctx, 1, nothing)
	var e *tournament.Error
	if !errors.As(err, &e) || e.Code != tournament.ETOOMANY || e.RetryAfter != 7*time.Minute {
		t.Fatalf("the fourth job within 10 minutes: %v (%+v), want ETOOMANY, retry after 7m", err, e)
	}
	if want := "at most 3 solver runs per account within 10 minutes; the next one can start at 2026-11-30 12:10:00 UTC"; e.Message != want {
		t.Errorf("message %q, want %q", e.Message, want)
	}
	if err := q.Do(ctx, 2, nothing); err != nil {
		t.Fatalf("another account: %v", err)
	}
	clock.add(7 * time.Minute)
	if err := q.Do(ctx, 1, nothing); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

// One job runs at a time per account, and at most Workers on the server;
// a job beyond Waiting is refused at once.
func TestWorkQueueConcurrency(t *testing.T) {
	q := composition.NewWorkQueue(composition.WorkLimits{Workers: 2, Waiting: 3, Rate: 1000})
	release := make(chan struct{})
	var running, most, perAccount atomic.Int32
	job := func(account int64) func(context.Context) error {
		return func(context.Context) error {
			n := running.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			if account == 1 && perAccount.Add(1) > 1 {
				t.Error("two jobs of account 1 ran at once")
			}
			<-release
			if account == 1 {
				perAccount.Add(-1)
			}
			running.Add(-1)
			return nil
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 5)
	start := func(account int64) {
		wg.Go(func() { errs <- q.Do(context.Background(), account, job(account)) })
	}
	// A job counts as waiting from its admission until it has a worker: the
	// jobs start in turn, so that none is refused for the others' moment
	// between the two.
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })
	await := func(what string, done func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !done(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d running, %d waiting", what, running.Load(), q.Waiting())
			}
		}
	}
	start(1)
	start(2)
	await("two jobs of two accounts on two workers", func() bool { return running.Load() == 2 })
	for _, account := range []int64{1, 1, 3} {
		start(account)
	}
	// Of the five, two run and three wait; a sixth finds the queue full.
	await("three jobs waiting", func() bool { return q.Waiting() == 3 })
	err := q.Do(context.Background(), 4, nothing)
	var e *tournament.Error
	if !errors.As(err, &e) || e.Code != tournament.ETOOMANY || e.RetryAfter <= 0 {
		t.Fatalf("a job beyond the queue: %v, want ETOOMANY with a retry", err)
	}
	once.Do(func() { close(release) })
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if most.Load() > 2 {
		t.Errorf("%d jobs ran at once on 2 workers", most.Load())
	}
}

// A job whose request is dropped while it waits leaves the queue with the
// context's error and never runs.
func TestWorkQueueDroppedWhileWaiting(t *testing.T) {
	q := composition.NewWorkQueue(composition.WorkLimits{Workers: 1, Rate: 100})
	release := make(chan struct{})
	started := make(chan struct{})
	go func() {
		_ = q.Do(context.Background(), 1, func(context.Context) error { close(started); <-release; return nil })
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- q.Do(ctx, 2, func(context.Context) error { t.Error("a dropped job ran"); return nil })
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("dropped while waiting: %v", err)
	}
	close(release)
	// The queue is whole again: one worker, nobody waiting.
	if err := q.Do(context.Background(), 2, nothing); err != nil {
		t.Fatal(err)
	}
}
