package account

import "context"

// SetCheck replaces the argon2id check, for tests of the limits.
func SetCheck(s *Service, check func(hash, password string) (bool, error)) { s.check = check }

// DummyHash is the hash a sign-in with an unknown e-mail is checked against.
func DummyHash(s *Service) string { return s.dummyHash() }

// OccupyChecks takes n of the slots of argon2id checks, as n running
// checks would.
func OccupyChecks(s *Service, n int) {
	for range n {
		s.checks <- struct{}{}
	}
}

// Flush waits until the mail queued so far has gone out: the queue has one
// worker, which runs its jobs in order.
func Flush(s *Service) {
	done := make(chan struct{})
	if err := s.enqueue("flush", func(context.Context) error { close(done); return nil }); err != nil {
		panic(err)
	}
	<-done
}
