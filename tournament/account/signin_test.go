package account_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// testService is an account service on a fresh SQLite file with one user,
// owner@example.org, whose password is "right password"; its clock is *now.
// Passwords are hashed at the least cost: the limits are what is tested.
func testService(t *testing.T, l account.Limits, now *time.Time) *account.Service {
	t.Helper()
	st := storetest.SQLite(t)
	s := account.NewServiceWith(st.Accounts(), account.Options{Now: func() time.Time { return *now }, Limits: l, PasswordCost: account.MinPasswordCost})
	if _, err := s.AddUser(context.Background(), account.NewUser{Email: "owner@example.org", Role: "arbiter", Password: "right password"}); err != nil {
		t.Fatal(err)
	}
	return s
}

// fastChecks replaces argon2id with a comparison, for tests of the limits.
func fastChecks(s *account.Service) {
	account.SetCheck(s, func(hash, password string) (bool, error) { return password == "right password", nil })
}

func testLimits() account.Limits {
	return account.Limits{FreeFailures: 3, BaseDelay: time.Second, MaxDelay: time.Minute, Forget: time.Hour, PerAddress: 10, Window: 15 * time.Minute, ConcurrentChecks: 2}
}

func waitOf(err error) time.Duration {
	var w *account.WaitError
	if errors.As(err, &w) {
		return w.Wait
	}
	return 0
}

func TestLoginDelaysGuessesFromOneAddressOnly(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := testService(t, testLimits(), &now)
	fastChecks(s)
	ctx := context.Background()
	for i := range 3 {
		if _, err := s.Login(ctx, "owner@example.org", "guess", "10.0.0.9"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
			t.Fatalf("guess %d: %v, want EUNAUTHORIZED", i+1, err)
		}
	}
	// The third failure starts the delay: 1 s, then 2 s, 4 s, … up to a minute.
	for _, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		_, err := s.Login(ctx, "owner@example.org", "guess", "10.0.0.9")
		if w := waitOf(err); w != want || tournament.ErrorCode(err) != tournament.ETOOMANY {
			t.Fatalf("guess at once after a failure: %v (wait %v), want ETOOMANY waiting %v", err, w, want)
		}
		now = now.Add(want)
		if _, err := s.Login(ctx, "owner@example.org", "guess", "10.0.0.9"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
			t.Fatalf("guess after waiting %v: %v, want it checked", want, err)
		}
	}
	// The owner, from their own address, is not slowed down by the guesses.
	if _, err := s.Login(ctx, "owner@example.org", "right password", "192.0.2.1"); err != nil {
		t.Fatalf("the owner from another address: %v", err)
	}
	// Nor is the guesser kept out for good: after the delay the right
	// password works, and it clears the delay.
	now = now.Add(8 * time.Second)
	if _, err := s.Login(ctx, "owner@example.org", "right password", "10.0.0.9"); err != nil {
		t.Fatalf("right password after the delay: %v", err)
	}
	if _, err := s.Login(ctx, "owner@example.org", "guess", "10.0.0.9"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
		t.Fatalf("a guess after a successful sign-in: %v, want it checked at once", err)
	}
	if wrong, limited := s.SignInFailures(); wrong != 7 || limited != 3 {
		t.Errorf("failures counted %d wrong, %d limited; want 7 and 3", wrong, limited)
	}
}

func TestLoginLimitsOneAddressOverAllAccounts(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := testService(t, testLimits(), &now)
	fastChecks(s)
	ctx := context.Background()
	for i := range 10 {
		email := fmt.Sprintf("user%d@example.org", i)
		if _, err := s.Login(ctx, email, "guess", "10.0.0.9"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
			t.Fatalf("guess %d: %v", i, err)
		}
		now = now.Add(time.Minute)
	}
	_, err := s.Login(ctx, "owner@example.org", "right password", "10.0.0.9")
	if w := waitOf(err); w != 5*time.Minute {
		t.Fatalf("11th account from one address: %v (wait %v), want a wait of 5m until the first guess leaves the window", err, w)
	}
	if _, err := s.Login(ctx, "owner@example.org", "right password", "10.0.0.10"); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

// Parallel attempts are counted before their passwords are checked, so 30
// at once get no more checks than the free failures.
func TestLoginParallelGuessesAreCountedFirst(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := testService(t, testLimits(), &now)
	var checked atomic.Int32
	account.SetCheck(s, func(hash, password string) (bool, error) {
		checked.Add(1)
		time.Sleep(5 * time.Millisecond)
		return false, nil
	})
	var wg sync.WaitGroup
	var refused atomic.Int32
	for range 30 {
		wg.Go(func() {
			_, err := s.Login(context.Background(), "owner@example.org", "guess", "10.0.0.9")
			if tournament.ErrorCode(err) == tournament.ETOOMANY {
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	if n := checked.Load(); n != 3 || refused.Load() != 27 {
		t.Errorf("30 parallel guesses: %d checked, %d refused; want 3 and 27", n, refused.Load())
	}
}

// At most ConcurrentChecks argon2id checks run at once, whatever the
// number of sign-ins: each holds 64 MiB.
func TestLoginBoundsConcurrentChecks(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	l := testLimits()
	l.FreeFailures, l.PerAddress = 100, 100
	s := testService(t, l, &now)
	var running, most atomic.Int32
	account.SetCheck(s, func(hash, password string) (bool, error) {
		n := running.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
		running.Add(-1)
		return false, nil
	})
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			_, _ = s.Login(context.Background(), "owner@example.org", "guess", fmt.Sprintf("10.0.0.%d", i))
		})
	}
	wg.Wait()
	if m := most.Load(); m != 2 {
		t.Errorf("%d checks ran at once, want at most and at least 2 (the limit)", m)
	}
	// A sign-in waiting for its turn gives up when its request ends.
	account.OccupyChecks(s, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Login(ctx, "owner@example.org", "guess", "10.0.0.200"); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled sign-in waiting for a check: %v, want context.Canceled", err)
	}
}

// An unknown e-mail costs the same argon2id check as a known one: against
// the dummy hash, so the time of the answer does not reveal accounts.
func TestLoginUnknownEmailChecksTheDummyHash(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := testService(t, testLimits(), &now)
	var hashes []string
	account.SetCheck(s, func(hash, password string) (bool, error) {
		hashes = append(hashes, hash)
		return account.CheckPassword(hash, password)
	})
	ctx := context.Background()
	_, errUnknown := s.Login(ctx, "nobody@example.org", "right password", "10.0.0.9")
	_, errKnown := s.Login(ctx, "owner@example.org", "wrong password", "10.0.0.9")
	if errUnknown == nil || errKnown == nil || errUnknown.Error() != errKnown.Error() {
		t.Fatalf("unknown e-mail: %v; wrong password: %v; want the same refusal", errUnknown, errKnown)
	}
	if len(hashes) != 2 || hashes[0] != account.DummyHash(s) || hashes[1] == account.DummyHash(s) {
		t.Fatalf("checked hashes %q, want the dummy hash and then the owner's", hashes)
	}
	// The dummy hash is a real argon2id hash with the parameters of a
	// user's, so checking it takes the same work.
	// "$argon2id$v=19$m=…,t=…,p=…$salt$key": all but the salt and the key.
	params := func(hash string) string { return hash[:strings.LastIndex(hash[:strings.LastIndex(hash, "$")], "$")] }
	if len(hashes[0]) != len(hashes[1]) || params(hashes[0]) != params(hashes[1]) {
		t.Errorf("dummy hash %q and a user's %q differ in parameters", params(hashes[0]), params(hashes[1]))
	}
	// Even its own password does not sign anyone in.
	if _, err := s.Login(ctx, "nobody@example.org", "adiukh: no account has this e-mail", "10.0.0.8"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
		t.Errorf("the dummy hash's password for an unknown e-mail: %v, want EUNAUTHORIZED", err)
	}
}

// Thirty guesses at once, half on each of two instances sharing one
// database (each with its own connections), are counted as one stream:
// the free failures are checked, every other guess waits.
func TestLoginParallelGuessesOnTwoInstances(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
			var checked, refused atomic.Int32
			var instances [2]*account.Service
			for i := range instances {
				st, err := store.Open(dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				s := account.NewServiceWith(st.Accounts(), account.Options{Now: func() time.Time { return now }, Limits: testLimits(), PasswordCost: account.MinPasswordCost})
				if i == 0 {
					if _, err := s.AddUser(context.Background(), account.NewUser{Email: "owner@example.org", Role: "arbiter", Password: "right password"}); err != nil {
						t.Fatal(err)
					}
				}
				account.SetCheck(s, func(hash, password string) (bool, error) {
					checked.Add(1)
					time.Sleep(5 * time.Millisecond)
					return false, nil
				})
				instances[i] = s
			}
			var wg sync.WaitGroup
			for i := range 30 {
				s := instances[i%2]
				wg.Go(func() {
					_, err := s.Login(context.Background(), "owner@example.org", "guess", "10.0.0.9")
					if tournament.ErrorCode(err) == tournament.ETOOMANY {
						refused.Add(1)
					}
				})
			}
			wg.Wait()
			if n := checked.Load(); n != 3 || refused.Load() != 27 {
				t.Errorf("30 parallel guesses on two instances: %d checked, %d refused; want 3 and 27", n, refused.Load())
			}
		})
	}
}

// A venue's shared network: many people's typos from one address do not
// keep out someone whose own password is right, until the address reaches
// the far higher threshold of the defaults, which does stop spraying.
func TestLoginFromASharedAddressSurvivesOthersFailures(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	limits := account.DefaultLimits()
	s := testService(t, limits, &now)
	fastChecks(s)
	ctx := context.Background()
	guess := func(i int) {
		t.Helper()
		if _, err := s.Login(ctx, fmt.Sprintf("player%d@example.org", i), "typo", "203.0.113.7"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
			t.Fatalf("failure %d: %v, want EUNAUTHORIZED", i+1, err)
		}
	}
	for i := range 60 {
		guess(i)
	}
	if _, err := s.Login(ctx, "owner@example.org", "right password", "203.0.113.7"); err != nil {
		t.Fatalf("the right password after 60 other accounts' failures from the same address: %v", err)
	}
	for i := 60; i < limits.PerAddress; i++ {
		guess(i)
	}
	if _, err := s.Login(ctx, "owner@example.org", "right password", "203.0.113.7"); waitOf(err) == 0 {
		t.Fatalf("the right password after %d failures from the address: %v, want a wait", limits.PerAddress, err)
	}
	if _, err := s.Login(ctx, "owner@example.org", "right password", "198.51.100.1"); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

// Guessing the current password with a stolen API token slows down
// password changes, never the owner's sign-in, from any address.
func TestWrongCurrentPasswordsDoNotLockSignIn(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := testService(t, testLimits(), &now)
	fastChecks(s)
	owner, err := s.User(account.AsOperator(context.Background()), "owner@example.org")
	if err != nil {
		t.Fatal(err)
	}
	asOwner := tournament.NewContextWithUser(context.Background(), owner)
	change := func(current, from string) error {
		return s.SetPassword(asOwner, "owner@example.org", current, "a new password", from)
	}
	for i := range 3 {
		if err := change("guess", "10.0.0.9"); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Fatalf("wrong current password %d: %v, want EINVALID", i+1, err)
		}
	}
	// The fourth guess waits, from this address and from any other.
	for _, from := range []string{"10.0.0.9", "10.0.0.10"} {
		if err := change("guess", from); waitOf(err) != time.Second {
			t.Fatalf("a guess at once from %s: %v (wait %v), want a wait of 1s", from, err, waitOf(err))
		}
	}
	if _, err := s.Login(context.Background(), "owner@example.org", "right password", "10.0.0.9"); err != nil {
		t.Fatalf("the owner signs in from the guessing address: %v", err)
	}
	now = now.Add(time.Second)
	if err := change("right password", "10.0.0.9"); err != nil {
		t.Fatalf("the right current password after the wait: %v", err)
	}
}
