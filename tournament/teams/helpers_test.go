package teams_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

func ptr[T any](v T) *T { return &v }

// arbiterContext signs in an arbiter created in the store.
func arbiterContext(t *testing.T, st *store.Store) context.Context {
	t.Helper()
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

// forEachService runs a test on the events' service and the team
// competitions' over every test database, on the options' clock.
func forEachService(t *testing.T, opt tournament.Options, test func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			events := tournament.NewService(st, opt)
			topt := engines.TeamOptions()
			topt.Now = opt.Now
			test(t, arbiterContext(t, st), events, teams.NewService(st.Teams(), events, topt))
		})
	}
}

// createEvent creates a rapid event of the system with the named players.
func createEvent(t *testing.T, ctx context.Context, events *tournament.Service, system string, rounds int, names ...string) (*tournament.Event, []*tournament.Player) {
	t.Helper()
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Турнир"), Discipline: ptr("rapid"), System: ptr(system), Rounds: ptr(rounds), TimeControl: ptr("8+4")})
	if err != nil {
		t.Fatal(err)
	}
	var players []*tournament.Player
	for i, name := range names {
		p, err := events.RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Rating: ptr(2000 - 100*i)})
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	return e, players
}

// lastAudit is the newest entry of the event's audit log.
func lastAudit(t *testing.T, ctx context.Context, events *tournament.Service, eventID int64) tournament.AuditEntry {
	t.Helper()
	entries, err := events.Audit(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return entries[len(entries)-1]
}
