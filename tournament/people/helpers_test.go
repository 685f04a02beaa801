package people_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/store"
)

func ptr[T any](v T) *T { return &v }

// services are the tournament's service and the register's over one store.
func services(st *store.Store) (*tournament.Service, *people.Service) {
	return tournament.NewService(st, engines.Options()), people.NewService(st.People(), people.Options{})
}

// signIn signs in an account created in the store.
func signIn(t *testing.T, st *store.Store, u *tournament.User) context.Context {
	t.Helper()
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

func arbiterContext(t *testing.T, st *store.Store) context.Context {
	t.Helper()
	return signIn(t, st, &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"})
}

func adminContext(t *testing.T, st *store.Store) context.Context {
	t.Helper()
	return signIn(t, st, &tournament.User{Email: "admin@example.org", Role: tournament.Admin, Locale: "ru"})
}

func playerAccount(t *testing.T, st *store.Store, email, name string) context.Context {
	t.Helper()
	return signIn(t, st, &tournament.User{Email: email, Name: name, Role: tournament.PlayerRole, Locale: "ru"})
}

// createEvent creates a rapid event of the system with no players yet.
func createEvent(t *testing.T, ctx context.Context, svc *tournament.Service, system string, rounds int) *tournament.Event {
	t.Helper()
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Турнир"), Discipline: ptr("rapid"), System: ptr(system), Rounds: ptr(rounds), TimeControl: ptr("8+4")})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if tournament.ErrorCode(err) != code {
		t.Errorf("%s: error %v, want %s", what, err, code)
	}
}

func lastAudit(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) tournament.AuditEntry {
	t.Helper()
	entries, err := svc.Audit(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return entries[len(entries)-1]
}

// registerList registers a pasted list of players as the arbiter's desk
// does (package entries), linking those whose federation ID is in the
// register: the players the register's matches start from.
func registerList(t *testing.T, ctx context.Context, st *store.Store, eventID int64, text string) []tournament.Player {
	t.Helper()
	lines, err := entries.ParsePlayerList(text)
	if err != nil {
		t.Fatal(err)
	}
	players, err := entries.NewService(st.Entries(), entries.Options{}).RegisterPlayers(ctx, eventID, lines, false)
	if err != nil {
		t.Fatal(err)
	}
	return players
}
