package entries_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store"
)

func ptr[T any](v T) *T { return &v }

// services are the tournament's service and the entries' over one store,
// on the options' clock.
func services(st *store.Store, opt tournament.Options) (*tournament.Service, *entries.Service) {
	return tournament.NewService(st, opt), entries.NewService(st.Entries(), entries.Options{Now: opt.Now})
}

// clock is a settable clock for a service.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.at }
func (c *clock) set(at time.Time) {
	c.mu.Lock()
	c.at = at
	c.mu.Unlock()
}

// playerAccount creates a player account with a name and signs it in.
func playerAccount(t *testing.T, st *store.Store, email, name string) context.Context {
	t.Helper()
	u := &tournament.User{Email: email, Name: name, Role: tournament.PlayerRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if tournament.ErrorCode(err) != code {
		t.Errorf("%s: error %v, want %s", what, err, code)
	}
}

// linkedAccount creates a player account linked by a confirmed request to
// a new person of the register (surname name, given names "Тест") with a
// published rating of the rapid list, and signs it in; it returns the
// person's ID too.
func linkedAccount(t *testing.T, st *store.Store, arbiter context.Context, email, name string, rating int) (context.Context, int64) {
	t.Helper()
	ctx := playerAccount(t, st, email, name)
	register := people.NewService(st.People(), people.Options{})
	person, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr(name), GivenNames: ptr("Тест"), BirthYear: ptr(1990)})
	if err != nil {
		t.Fatal(err)
	}
	claim, err := register.ClaimPerson(ctx, person.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := register.DecideClaim(arbiter, claim.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	publish(t, st, person.ID, rating)
	return ctx, person.ID
}

// publish makes rating the person's published rating of the rapid list.
func publish(t *testing.T, st *store.Store, personID int64, rating int) {
	t.Helper()
	err := st.People().Update(context.Background(), func(tx people.Tx) error {
		return tx.SetStandings(personID, []people.Standing{{List: ratings.Rapid, Rating: rating}})
	})
	if err != nil {
		t.Fatal(err)
	}
}
