package account_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// readsCounted is an account store whose reads are counted.
type readsCounted struct {
	account.Store
	reads atomic.Int64
}

func (r *readsCounted) View(ctx context.Context, fn func(tx account.Tx) error) error {
	r.reads.Add(1)
	return r.Store.View(ctx, fn)
}

func (r *readsCounted) DataVersion(ctx context.Context) (int64, error) {
	return r.Store.(account.Versioner).DataVersion(ctx)
}

// A token or a session verified once is not read again for the next
// requests while nothing is written; revoked, ended, expired, or its
// owner's role changed, on another instance on the same database, it
// stops working at the next request.
func TestVerifiedSignInsStopAtOnce(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			stores := storetest.TwoInstances(t, dsn)
			now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
			opt := account.Options{Now: func() time.Time { return now }, PasswordCost: account.MinPasswordCost}
			a := account.NewServiceWith(stores[0].Accounts(), opt)
			counted := &readsCounted{Store: stores[1].Accounts()}
			b := account.NewServiceWith(counted, opt)
			ctx := context.Background()
			owner, err := a.AddUser(ctx, account.NewUser{Email: "owner@example.org", Role: "player", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			asOwner := tournament.NewContextWithUser(ctx, owner)
			token, tok, err := a.CreateToken(ctx, account.NewToken{Email: "owner@example.org", Name: "live", TTL: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			session, err := a.StartSession(ctx, owner)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if u, err := b.Authenticate(ctx, token); err != nil || u.ID != owner.ID {
					t.Fatalf("the token on instance B: %v, %v", u, err)
				}
				if u, err := b.SessionUser(ctx, session); err != nil || u.ID != owner.ID {
					t.Fatalf("the session on instance B: %v, %v", u, err)
				}
			}
			if n := counted.reads.Load(); n != 2 {
				t.Errorf("three requests each with the token and the session read them %d times, want once each", n)
			}

			// The owner's role changed on A is seen on B at once.
			if _, err := a.SetRole(account.AsOperator(ctx), owner.ID, "arbiter"); err != nil {
				t.Fatal(err)
			}
			if u, err := b.Authenticate(ctx, token); err != nil || u.Role != tournament.ArbiterRole {
				t.Errorf("the token after its owner became an arbiter: %+v, %v", u, err)
			}

			// Revoked and ended on A, they stop on B at the next request.
			if err := a.RevokeToken(asOwner, tok.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := b.Authenticate(ctx, token); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a token revoked on another instance: %v, want EUNAUTHORIZED", err)
			}
			if u, err := b.SessionUser(ctx, session); err != nil || u.ID != owner.ID {
				t.Fatalf("the session after the token was revoked: %v, %v", u, err)
			}
			if err := a.EndSession(ctx, session); err != nil {
				t.Fatal(err)
			}
			if _, err := b.SessionUser(ctx, session); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a session ended on another instance: %v, want EUNAUTHORIZED", err)
			}

			// A token kept expires on time, with nothing written.
			token, _, err = a.CreateToken(ctx, account.NewToken{Email: "owner@example.org", Name: "live", TTL: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Authenticate(ctx, token); err != nil {
				t.Fatal(err)
			}
			now = now.Add(time.Hour)
			if _, err := b.Authenticate(ctx, token); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a kept token an hour after it was made for an hour: %v, want EUNAUTHORIZED", err)
			}
		})
	}
}
