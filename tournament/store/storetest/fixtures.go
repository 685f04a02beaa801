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
		p, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: &name, Rating: &rating})
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	return e, players
}
