package account

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"

	"adiukh/tournament"
)

// Limits bound password guessing and the memory password checks take.
//
// Every sign-in counts against two keys before its password is checked:
// the pair (client address, e-mail) and the client address alone. A pair
// gets FreeFailures attempts, then each further failure doubles a delay
// before the next attempt may be checked, from BaseDelay up to MaxDelay.
// The delay never becomes a lock, and it only binds the address that
// guessed: the owner signing in from another address is not slowed down.
// An address gets PerAddress failures per Window over all accounts, which
// stops one address from trying many accounts.
type Limits struct {
	FreeFailures int
	BaseDelay    time.Duration
	MaxDelay     time.Duration
	// Forget is how long a pair must stay quiet for its failures to be
	// forgotten.
	Forget     time.Duration
	PerAddress int
	Window     time.Duration
	// ConcurrentChecks is how many argon2id checks run at once; each holds
	// 64 MiB, so this bounds their memory. Further sign-ins queue.
	ConcurrentChecks int
}

// DefaultLimits are the limits of the server.
func DefaultLimits() Limits {
	return Limits{
		FreeFailures:     5,
		BaseDelay:        time.Second,
		MaxDelay:         15 * time.Minute,
		Forget:           24 * time.Hour,
		PerAddress:       50,
		Window:           15 * time.Minute,
		ConcurrentChecks: max(1, min(runtime.GOMAXPROCS(0), 4)),
	}
}

// WaitError is a sign-in refused before its password was checked, because
// the attempts came too fast; Wait is how long until the next may be made.
type WaitError struct {
	Err  *tournament.Error
	Wait time.Duration
}

func (e *WaitError) Error() string { return e.Err.Error() }
func (e *WaitError) Unwrap() error { return e.Err }

// backoff is the state of one (address, e-mail) pair.
type backoff struct {
	failures int
	next     time.Time // no attempt is checked before this
	last     time.Time
}

// limiter counts sign-in attempts. Its check and its count are one step
// under one lock (reserve), so parallel attempts cannot all pass the check
// before any of them is counted.
type limiter struct {
	mu     sync.Mutex
	limits Limits
	now    func() time.Time
	pairs  map[string]*backoff
	addrs  map[string][]time.Time
}

func newLimiter(l Limits, now func() time.Time) *limiter {
	return &limiter{limits: l, now: now, pairs: map[string]*backoff{}, addrs: map[string][]time.Time{}}
}

// delay is the wait imposed after the n-th failure of a pair.
func (l *limiter) delay(n int) time.Duration {
	over := n - l.limits.FreeFailures
	if over < 0 {
		return 0
	}
	if over >= 30 {
		return l.limits.MaxDelay
	}
	return min(l.limits.BaseDelay<<over, l.limits.MaxDelay)
}

// recentAddr drops an address's failures older than the window.
func (l *limiter) recentAddr(addr string, now time.Time) []time.Time {
	cutoff := now.Add(-l.limits.Window)
	kept := l.addrs[addr][:0]
	for _, at := range l.addrs[addr] {
		if at.After(cutoff) {
			kept = append(kept, at)
		}
	}
	if len(kept) == 0 {
		delete(l.addrs, addr)
	} else {
		l.addrs[addr] = kept
	}
	return kept
}

// sweepAt is the number of keys above which reserve drops the stale ones,
// so that the maps do not grow forever.
const sweepAt = 10000

// reserve counts an attempt as a failure before its password is checked,
// or returns how long to wait when it may not be made now. done(true)
// takes the count back after the right password.
func (l *limiter) reserve(addr, email string) (done func(ok bool), wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	pair := addr + "\x00" + email
	b := l.pairs[pair]
	if b != nil && now.Sub(b.last) > l.limits.Forget {
		delete(l.pairs, pair)
		b = nil
	}
	if b != nil && now.Before(b.next) {
		wait = b.next.Sub(now)
	}
	recent := l.recentAddr(addr, now)
	if len(recent) >= l.limits.PerAddress {
		wait = max(wait, recent[0].Add(l.limits.Window).Sub(now))
	}
	if wait > 0 {
		return nil, wait
	}
	if b == nil {
		b = &backoff{}
		l.pairs[pair] = b
	}
	b.failures++
	b.last = now
	b.next = now.Add(l.delay(b.failures))
	l.addrs[addr] = append(recent, now)
	if len(l.pairs)+len(l.addrs) > sweepAt {
		l.sweep(now)
	}
	return func(ok bool) {
		if ok {
			l.succeed(pair, addr, now)
		}
	}, 0
}

// succeed forgets the pair's failures and takes back the address's count
// of the attempt made at.
func (l *limiter) succeed(pair, addr string, at time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.pairs, pair)
	times := l.addrs[addr]
	for i, t := range times {
		if t.Equal(at) {
			l.addrs[addr] = append(times[:i], times[i+1:]...)
			break
		}
	}
	if len(l.addrs[addr]) == 0 {
		delete(l.addrs, addr)
	}
}

func (l *limiter) sweep(now time.Time) {
	for k, b := range l.pairs {
		if now.Sub(b.last) > l.limits.Forget || (b.failures < l.limits.FreeFailures && now.Sub(b.last) > l.limits.Window) {
			delete(l.pairs, k)
		}
	}
	for a := range l.addrs {
		l.recentAddr(a, now)
	}
}

// dummyHash is checked for e-mails without an account, so that an unknown
// e-mail costs the same argon2id work as a known one and the answer's time
// does not tell whether an account exists.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("adiukh: no account has this e-mail")
	if err != nil {
		panic(fmt.Sprintf("make the dummy password hash: %v", err))
	}
	return h
})

// checkPassword runs one argon2id check under the semaphore that bounds
// their memory; it gives up when ctx ends while it waits.
func (s *Service) checkPassword(ctx context.Context, hash, password string) (bool, error) {
	select {
	case s.checks <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-s.checks }()
	return s.check(hash, password)
}

// SignInFailures counts refused sign-ins: wrong credentials and attempts
// refused by the limits; the server exports it as a metric.
func (s *Service) SignInFailures() (wrong, limited int64) {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	return s.wrong, s.limited
}

func (s *Service) countFailure(limited bool) {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	if limited {
		s.limited++
	} else {
		s.wrong++
	}
}

// Login checks an e-mail and password for a sign-in from the client address
// from, under the limits: both the web form and the API token endpoint
// sign in through it. A wrong e-mail and a wrong password give the same
// answer after the same work, so that accounts cannot be probed.
func (s *Service) Login(ctx context.Context, email, password, from string) (*tournament.User, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	done, wait := s.limiter.reserve(from, email)
	if wait > 0 {
		s.countFailure(true)
		secs := int(math.Ceil(wait.Seconds()))
		return nil, &WaitError{Err: tournament.TooMany("too many failed sign-ins; try again in %d seconds", secs), Wait: wait}
	}
	u, err := s.login(ctx, email, password)
	if err == nil {
		done(true)
	} else if tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
		s.countFailure(false)
	}
	return u, err
}

func (s *Service) login(ctx context.Context, email, password string) (*tournament.User, error) {
	var u *tournament.User
	err := s.store.View(ctx, func(tx tournament.Tx) (err error) {
		u, err = tx.UserByEmail(email)
		return err
	})
	hash := dummyHash()
	switch {
	case err == nil:
		hash = u.PasswordHash
	case tournament.ErrorCode(err) != tournament.ENOTFOUND:
		return nil, err
	}
	ok, checkErr := s.checkPassword(ctx, hash, password)
	if checkErr != nil {
		return nil, checkErr
	}
	if !ok || err != nil {
		return nil, tournament.Unauthorized("wrong e-mail or password")
	}
	return u, nil
}

// hashPassword hashes a new password under the same semaphore as checks.
func (s *Service) hashPassword(ctx context.Context, password string) (string, error) {
	select {
	case s.checks <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-s.checks }()
	return HashPassword(password)
}
