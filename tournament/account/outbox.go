package account

import (
	"context"
	"sync"
	"time"

	"adiukh/tournament"
)

// The account mails (sign-up links, password reset links) go out from a
// queue, one at a time, after the request that asked for them has been
// answered: a request then takes the same time whether a mail is sent or
// not, so that its time does not tell who has an account, and a slow mail
// server holds up no request.
const (
	// OutboxSize is how many mails may wait; a request finding the queue
	// full is asked to try again.
	OutboxSize = 256
	// sendWithin bounds the delivery of one mail, so that a mail server
	// that does not answer stops the queue for no longer.
	sendWithin = 30 * time.Second
	// outboxRetry is how long a request finding the queue full is asked to
	// wait.
	outboxRetry = time.Minute
)

// outbox is the queue of account mail and its one worker. Each job does
// all its work (reading, writing, sending) in the worker.
type outbox struct {
	// mu keeps jobs from being queued after close.
	mu     sync.RWMutex
	closed bool
	jobs   chan outboxJob
	done   chan struct{}
}

// outboxJob is one piece of mail work; kind names it in the log when it
// fails.
type outboxJob struct {
	kind string
	run  func(ctx context.Context) error
}

func (s *Service) startOutbox() {
	s.out = &outbox{jobs: make(chan outboxJob, OutboxSize), done: make(chan struct{})}
	go s.deliver()
}

// deliver runs the queued jobs until the queue is closed and empty. A job
// that fails is logged: its request was answered long ago.
func (s *Service) deliver() {
	defer close(s.out.done)
	for job := range s.out.jobs {
		ctx, cancel := context.WithTimeout(context.Background(), sendWithin)
		if err := job.run(ctx); err != nil {
			s.log.Warn("account mail not sent", "kind", job.kind, "err", err)
		}
		cancel()
	}
}

// enqueue queues a job, or answers ETOOMANY when the queue is full: the
// same answer whatever the job, so that it tells nothing either.
func (s *Service) enqueue(kind string, run func(ctx context.Context) error) error {
	s.out.mu.RLock()
	defer s.out.mu.RUnlock()
	full := &WaitError{Err: tournament.TooMany("the site has too many mails to send just now; try again in %d seconds", waitSeconds(outboxRetry)), Wait: outboxRetry}
	if s.out.closed {
		// Only a request that outlived the server's drain gets here.
		return full
	}
	select {
	case s.out.jobs <- outboxJob{kind: kind, run: run}:
		return nil
	default:
		return full
	}
}

// Close stops taking account mail and waits until the mail queued has
// gone out or ctx ends; the server calls it after its last request and
// before closing the database.
func (s *Service) Close(ctx context.Context) error {
	if s.out == nil {
		return nil
	}
	s.out.mu.Lock()
	if !s.out.closed {
		s.out.closed = true
		close(s.out.jobs)
	}
	s.out.mu.Unlock()
	select {
	case <-s.out.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
