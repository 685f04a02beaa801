package storetest

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
)

// Arbiter makes an arbiter's account in st and signs it in: the context
// the use cases of an area's tests run as.
func Arbiter(t testing.TB, st *store.Store) context.Context {
	t.Helper()
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

// Event creates an event of rapid games of the system with the named
// players, rated in the order given.
func Event(t testing.TB, ctx context.Context, svc *tournament.Service, system string, rounds int, names ...string) (*tournament.Event, []*tournament.Player) {
	t.Helper()
	name, discipline, timeControl := "Турнир", "rapid", "8+4"
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: &name, Discipline: &discipline, System: &system, Rounds: &rounds, TimeControl: &timeControl})
	if err != nil {
		t.Fatal(err)
	}
	var players []*tournament.Player
	for i, name := range names {
		rating := 2000 - 100*i
		players = append(players, Register(t, ctx, svc, e.ID, tournament.PlayerInput{Name: &name, Rating: &rating}))
	}
	return e, players
}

// Register registers a player in an event as the desk does: for the tests
// of the areas, which do not import the players' area themselves.
func Register(t testing.TB, ctx context.Context, svc *tournament.Service, eventID int64, in tournament.PlayerInput) *tournament.Player {
	t.Helper()
	p, err := registration.NewService(svc).RegisterPlayer(ctx, eventID, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// PublishNextRound pairs the event's next round and publishes it, as its
// arbiter in ctx, and returns the round published.
func PublishNextRound(t testing.TB, ctx context.Context, svc *tournament.Service, eventID int64) *tournament.Round {
	t.Helper()
	r, err := svc.PairNextRound(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	if r, err = svc.PublishRound(ctx, eventID, r.Number); err != nil {
		t.Fatal(err)
	}
	return r
}
