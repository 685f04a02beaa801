package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// A database that refuses writes (SQLite full, PostgreSQL read-only)
// answers a write with EUNAVAILABLE, "the server cannot save now, nothing
// was changed", and nothing of it is kept; Ping (the readiness check)
// fails while it refuses, and passes again by itself once it takes writes.
func TestARefusedWriteSaysSoAndPingRecovers(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			st, err := store.Open(dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			user, err := account.NewService(st.Accounts()).AddUser(ctx, account.NewUser{Email: "arbiter@example.org", Role: "arbiter", Password: "пароль судьи"})
			if err != nil {
				t.Fatal(err)
			}
			refuse, allow := store.RefuseWrites(t, st)
			refuse()
			svc := tournament.NewService(st, engines.Options())
			str := func(s string) *string { return &s }
			_, err = svc.CreateEvent(tournament.NewContextWithUser(ctx, user), tournament.EventInput{Name: str("Кубок"), Discipline: str("rapid"), System: str("round-robin"), TimeControl: str("8+4")})
			var e *tournament.Error
			if !errors.As(err, &e) || e.Code != tournament.EUNAVAILABLE || !strings.Contains(e.Message, "nothing was changed") || e.RetryAfter == 0 {
				t.Fatalf("a write the database refused: %v, want EUNAVAILABLE saying nothing was changed, with a time to retry", err)
			}
			if err := st.Ping(ctx); err == nil {
				t.Error("Ping passed while the database refused writes")
			}
			allow()
			if err := st.Ping(ctx); err != nil {
				t.Errorf("Ping once the database takes writes again: %v", err)
			}
			events, err := svc.Events(ctx)
			if err != nil || len(events) != 0 {
				t.Errorf("events after the refused write: %d, %v; want none", len(events), err)
			}
		})
	}
}
