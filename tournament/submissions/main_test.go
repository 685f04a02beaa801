package submissions_test

import (
	"context"
	"os"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func ptr[T any](v T) *T { return &v }

func arbiterContext(t *testing.T, st *store.Store) context.Context {
	t.Helper()
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

// createEvent creates an event of rapid games with the named players,
// rated in the order given.
func createEvent(t *testing.T, ctx context.Context, svc *tournament.Service, system string, rounds int, names ...string) (*tournament.Event, []*tournament.Player) {
	t.Helper()
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Турнир"), Discipline: ptr("rapid"), System: ptr(system), Rounds: ptr(rounds), TimeControl: ptr("8+4")})
	if err != nil {
		t.Fatal(err)
	}
	var players []*tournament.Player
	for i, name := range names {
		p, err := svc.RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Rating: ptr(2000 - 100*i)})
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	return e, players
}
