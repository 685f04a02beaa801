package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"math"
	"runtime"
	"strings"
	"time"

	"adiukh/tournament"
)

// Limits bound password guessing and the memory password checks take.
//
// Every attempt counts against two keys before its password is checked:
// a pair and the client address. For a sign-in the pair is (client
// address, e-mail): it gets FreeFailures attempts, then each further
// failure doubles a delay before the next attempt may be checked, from
// BaseDelay up to MaxDelay. The delay never becomes a lock, and it only
// binds the address that guessed: the owner signing in from another
// address, or from the same one after others' failures, is not slowed
// down. An address gets PerAddress failures per Window over all accounts,
// a threshold well above what a venue's shared network produces by
// mistake, which stops one address from spraying guesses over many
// accounts. Changing one's password with the current one (an API token
// in other hands could guess it) and signing up are limited alike, each
// counted apart: neither ever slows down a sign-in.
type Limits struct {
	FreeFailures int
	BaseDelay    time.Duration
	MaxDelay     time.Duration
	// Forget is how long a pair must stay quiet for its failures to be
	// forgotten.
	Forget time.Duration
	// PerAddress is how many failures of one kind an address may have
	// per Window over all accounts.
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
		PerAddress:       300,
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

// limiter counts sign-in attempts in the database. Its check and its count
// are one transaction under a lock of the address (reserve), so parallel
// attempts, on one instance or several, cannot all pass the check before
// any of them is counted.
type limiter struct {
	store  Store
	limits Limits
	now    func() time.Time
	log    *slog.Logger
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

// The kinds of attempts the limits count apart, so that one never locks
// another.
const (
	signInAttempt   = "signin"
	passwordAttempt = "password"
	signUpAttempt   = "signup"
	resetAttempt    = "reset"
)

// pairKey keeps a pair by a hash: the database holds no typed e-mails.
func pairKey(addr, email string) string {
	sum := sha256.Sum256([]byte(addr + "\x00" + email))
	return hex.EncodeToString(sum[:])
}

// reserve counts an attempt of a kind from addr as a failure of the pair
// before its password is checked, or returns how long to wait when it may
// not be made now. done(true) takes the count back after the right
// password.
func (l *limiter) reserve(ctx context.Context, kind, addr, pair string) (done func(ok bool), wait time.Duration, err error) {
	now := l.now().UTC()
	var failure int64
	err = l.store.SignInLimits(ctx, func(tx LimitTx) error {
		// The address first, the pair last: two attempts never wait for
		// each other's locks in opposite order.
		if err := tx.Lock(kind + " " + addr); err != nil {
			return err
		}
		if err := tx.Lock(pair); err != nil {
			return err
		}
		b, err := tx.Pair(pair)
		if err != nil {
			return err
		}
		if b != nil && now.Sub(b.Last) > l.limits.Forget {
			b = nil
		}
		if b != nil && now.Before(b.Next) {
			wait = b.Next.Sub(now)
		}
		n, oldest, err := tx.Failures(kind, addr, now.Add(-l.limits.Window))
		if err != nil {
			return err
		}
		if n >= l.limits.PerAddress {
			wait = max(wait, oldest.Add(l.limits.Window).Sub(now))
		}
		if wait > 0 {
			return nil
		}
		if b == nil {
			b = &Backoff{}
		}
		b.Failures++
		b.Last = now
		b.Next = now.Add(l.delay(b.Failures))
		if err := tx.SavePair(pair, b); err != nil {
			return err
		}
		if failure, err = tx.AddFailure(kind, addr, now); err != nil {
			return err
		}
		return tx.Sweep(now.Add(-l.limits.Forget), now.Add(-l.limits.Window))
	})
	if err != nil || wait > 0 {
		return nil, wait, err
	}
	return func(ok bool) {
		if !ok {
			return
		}
		// The right password: the pair's failures are forgotten and the
		// attempt is not counted against the address.
		// The person is signed in already; if the count cannot be cleared,
		// it is forgotten in its time (Limits.Forget), which is said.
		err := l.store.SignInLimits(context.WithoutCancel(ctx), func(tx LimitTx) error {
			if err := tx.DeletePair(pair); err != nil {
				return err
			}
			return tx.DeleteFailure(failure)
		})
		if err != nil {
			l.log.Warn("sign-in: the failures before the right password were not cleared", "err", err)
		}
	}, 0, nil
}

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
	done, wait, err := s.limiter.reserve(ctx, signInAttempt, from, pairKey(from, email))
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		s.countFailure(true)
		return nil, &WaitError{Err: tournament.TooMany("too many failed sign-ins; try again in %d seconds", waitSeconds(wait)), Wait: wait}
	}
	u, err := s.login(ctx, email, password)
	switch {
	case err == nil || tournament.ErrorCode(err) == tournament.EFORBIDDEN:
		// The right password, of an account or of a sign-up awaiting
		// approval: not a guess.
		done(true)
	case tournament.ErrorCode(err) == tournament.EUNAUTHORIZED:
		s.countFailure(false)
	}
	return u, err
}

// waitSeconds is a wait told to people, in whole seconds rounded up.
func waitSeconds(wait time.Duration) int { return int(math.Ceil(wait.Seconds())) }

// checkCurrentPassword checks the current password of one's own account
// before a change, under limits of its own: the attempts on one account
// are counted from every address together, and they never slow down
// signing in, so that someone holding a stolen API token who guesses the
// password does not lock its owner out of the site.
func (s *Service) checkCurrentPassword(ctx context.Context, email, current, from string) error {
	done, wait, err := s.limiter.reserve(ctx, passwordAttempt, from, pairKey(passwordAttempt, email))
	if err != nil {
		return err
	}
	if wait > 0 {
		s.countFailure(true)
		return &WaitError{Err: tournament.TooMany("too many wrong current passwords; try again in %d seconds", waitSeconds(wait)), Wait: wait}
	}
	_, err = s.login(ctx, email, current)
	done(err == nil)
	if tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
		s.countFailure(false)
		return tournament.Invalid("current_password", "the current password is wrong")
	}
	return err
}

// login checks the password of the account with the address. An address
// with no account but a sign-up awaiting an administrator is checked
// against the sign-up's password: the right one is told that the sign-up
// awaits approval (EFORBIDDEN), a wrong one gets the answer of an unknown
// address, so that only the address's owner learns of the sign-up.
func (s *Service) login(ctx context.Context, email, password string) (*tournament.User, error) {
	var u *tournament.User
	var pending *SignUp
	err := s.store.View(ctx, func(tx Tx) (err error) {
		u, err = tx.UserByEmail(email)
		if tournament.ErrorCode(err) != tournament.ENOTFOUND {
			return err
		}
		su, suErr := tx.SignUpByEmail(email)
		switch {
		case suErr == nil && su.PasswordHash != "":
			pending = su
		case suErr != nil && tournament.ErrorCode(suErr) != tournament.ENOTFOUND:
			return suErr
		}
		return err
	})
	hash := s.dummyHash()
	switch {
	case err == nil:
		hash = u.PasswordHash
	case tournament.ErrorCode(err) != tournament.ENOTFOUND:
		return nil, err
	case pending != nil:
		hash = pending.PasswordHash
	}
	ok, checkErr := s.checkPassword(ctx, hash, password)
	if checkErr != nil {
		return nil, checkErr
	}
	switch {
	case ok && err != nil && pending != nil:
		return nil, tournament.Forbidden("your sign-up awaits the approval of the site's administrator; sign in once it is approved")
	case !ok || err != nil:
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
	return hashPassword(password, s.cost)
}
