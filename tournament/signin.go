package tournament

import "time"

// SignInBackoff is the state of one (address, e-mail) pair of the sign-in
// limits (see account.Limits).
type SignInBackoff struct {
	Failures int
	Next     time.Time // no attempt is checked before this
	Last     time.Time
}

// SignInLimitTx keeps the sign-in limits in the database, so that every
// instance serving the site counts the same guesses.
type SignInLimitTx interface {
	// LockAddress makes the sign-ins of one address wait for each other
	// until this transaction ends, on every instance.
	LockAddress(addr string) error
	// Pair reads a pair's backoff; nil when it has none.
	Pair(key string) (*SignInBackoff, error)
	SavePair(key string, b *SignInBackoff) error
	DeletePair(key string) error
	// Failures counts an address's failures after since, and gives the
	// oldest of them.
	Failures(addr string, since time.Time) (n int, oldest time.Time, err error)
	AddFailure(addr string, at time.Time) (id int64, err error)
	DeleteFailure(id int64) error
	// Sweep forgets the pairs quiet since pairsBefore and the failures
	// older than failuresBefore.
	Sweep(pairsBefore, failuresBefore time.Time) error
}
