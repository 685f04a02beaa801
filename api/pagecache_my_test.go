package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// myReader is an account whose own page and calendar a test reads: its
// session and its calendar's token.
type myReader struct {
	name   string
	cookie *http.Cookie
	feed   string
}

// newMyReader makes the account email of role, signed in on s, with a
// calendar token.
func newMyReader(t *testing.T, s *apitest.CorrServer, st *store.Store, email string, role tournament.Role) myReader {
	t.Helper()
	ctx := context.Background()
	u, err := s.Accounts.AddUser(ctx, account.NewUser{Email: email, Role: string(role), Password: "пароль игрока"})
	if err != nil {
		t.Fatal(err)
	}
	feed, err := entries.NewService(st.Entries(), entries.Options{}).NewFeedToken(tournament.NewContextWithUser(ctx, u))
	if err != nil {
		t.Fatal(err)
	}
	return myReader{name: email, cookie: s.Session(email), feed: feed}
}

// get is the answer of h to the reader's GET of path.
func (r myReader) get(h http.Handler, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if r.cookie != nil {
		req.AddCookie(r.cookie)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Issue 65: /my and /my.ics are made of each event's parts kept by the
// event's versions, and are byte for byte what a site that keeps nothing
// makes: for a player of several events (a Swiss with a bye, a forfeit
// and a withdrawal, a team competition, a knockout), the withdrawn player,
// the bye's, a team's player, a knockout's player (whose first round is a
// bye), an account that follows an event and a player, and the events'
// arbiter, who plays in one and follows another; read first
// (the parts made and kept) and again (from the parts kept), on both
// databases.
func TestMyPagesFromKeptPartsAreWhatAFreshOneWouldBe(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var deps api.Deps
			s := apitest.NewCorrServerOn(t, st, st.Correspondence(), apitest.CorrStart, nil, func(d *api.Deps) {
				d.Secret = []byte("the sites' one secret of 32 bytes")
				deps = *d
			})
			// The site without the page cache nor the kept parts, on the
			// same clock, accounts and secret.
			deps.DB = database{st}
			fresh := api.NewRouter(apitest.WithServices(deps, st))

			m := &matrixSite{t: t, game: games.Default, s: s, accounts: map[string]string{}, kept: map[string]*httptest.ResponseRecorder{}}
			m.arbiter = s.User("arbiter@example.org", tournament.ArbiterRole)
			swiss, team, cup := m.individual(), m.team(), m.knockout()
			link := func(ev matrixEvent, player int, email string) {
				m.must(http.StatusOK, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", ev.id, player), map[string]any{"email": email})
			}
			readers := []myReader{
				newMyReader(t, s, st, "several@example.org", tournament.PlayerRole),
				newMyReader(t, s, st, "withdrawn@example.org", tournament.PlayerRole),
				newMyReader(t, s, st, "bye@example.org", tournament.PlayerRole),
				newMyReader(t, s, st, "team@example.org", tournament.PlayerRole),
				newMyReader(t, s, st, "cup@example.org", tournament.PlayerRole),
				newMyReader(t, s, st, "follower@example.org", tournament.ArbiterRole),
			}
			link(swiss, swiss.players[0], "several@example.org")
			link(team, team.players[1], "several@example.org")
			link(cup, cup.players[4], "several@example.org")
			link(swiss, swiss.players[1], "withdrawn@example.org")
			link(swiss, swiss.players[4], "bye@example.org")
			link(team, team.players[0], "team@example.org")
			link(cup, cup.players[0], "cup@example.org")
			// The events' arbiter, who manages them, follows the team
			// competition and plays in the Swiss too.
			director, err := s.Accounts.User(context.Background(), "arbiter@example.org")
			if err != nil {
				t.Fatal(err)
			}
			feed, err := entries.NewService(st.Entries(), entries.Options{}).NewFeedToken(tournament.NewContextWithUser(context.Background(), director))
			if err != nil {
				t.Fatal(err)
			}
			readers = append(readers, myReader{name: "the events' arbiter", cookie: s.Session("arbiter@example.org"), feed: feed})
			link(swiss, swiss.players[2], "arbiter@example.org")
			follows := map[int][]string{
				5: {fmt.Sprintf("/events/%d/follow", swiss.id), fmt.Sprintf("/events/%d/players/%d/follow", cup.id, cup.players[1])},
				6: {fmt.Sprintf("/events/%d/follow", team.id)},
			}
			for reader, paths := range follows {
				following := &apitest.Page{Server: &apitest.Server{T: t, Handler: s.Handler}, Cookie: readers[reader].cookie}
				for _, path := range paths {
					if rec := following.Post(path, nil); rec.Code != http.StatusSeeOther {
						t.Fatalf("%s: %d", path, rec.Code)
					}
				}
			}

			for _, r := range readers {
				for _, path := range []string{"/my", "/my.ics?token=" + r.feed} {
					// /my marks the notices it shows read: it is read once
					// before it is compared.
					r.get(fresh, path)
					made, kept, want := r.get(s.Handler, path), r.get(s.Handler, path), r.get(fresh, path)
					if want.Code != http.StatusOK {
						t.Fatalf("%s of %s without the cache: %d\n%s", path, r.name, want.Code, want.Body)
					}
					if r.name == "several@example.org" {
						// Their games of both events of games, so that what
						// is compared is what the parts are made of.
						for _, ev := range []matrixEvent{swiss, cup} {
							if round := fmt.Sprintf("/events/%d?round=", ev.id); !strings.Contains(want.Body.String(), round) {
								t.Errorf("%s of the player of several events has no game of event %d:\n%s", path, ev.id, want.Body)
							}
						}
					}
					for reading, got := range map[string]*httptest.ResponseRecorder{"first": made, "again": kept} {
						if got.Code != want.Code || got.Body.String() != want.Body.String() {
							t.Errorf("%s of %s, read %s: (%d)\n%s\nwant what the site without the cache makes (%d)\n%s", path, r.name, reading, got.Code, got.Body, want.Code, want.Body)
						}
					}
				}
			}
		})
	}
}

// Issue 65: a write on either of two instances of one database is on the
// next /my and /my.ics of both at once, though each keeps the parts it
// made of the event before: the parts are kept by the versions the
// request's own transaction reads. A calendar that has the feed is
// answered 304 while it is the same, the new feed once a game of it
// changed.
func TestMyPagesAfterAWriteOnEitherInstance(t *testing.T) {
	t.Parallel()
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			dsn, ok := storetest.MigratedDSNs(t)[db]
			if !ok {
				storetest.SkipWithoutPostgres(t)
			}
			stores := storetest.TwoInstances(t, dsn)
			keepVersions(t, stores[0])
			ctx := context.Background()
			accounts := apitest.Accounts(stores[0], account.Options{})
			t.Cleanup(func() { _ = accounts.Close(ctx) })
			other := apitest.Accounts(stores[1], account.Options{})
			t.Cleanup(func() { _ = other.Close(ctx) })
			u, err := accounts.AddUser(ctx, account.NewUser{Email: "player@example.org", Role: string(tournament.PlayerRole), Password: "пароль судьи"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.AddUser(ctx, account.NewUser{Email: "arbiter@example.org", Role: string(tournament.ArbiterRole), Password: "пароль судьи"}); err != nil {
				t.Fatal(err)
			}
			token, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "arbiter@example.org"})
			if err != nil {
				t.Fatal(err)
			}
			secret := []byte("the site's one secret of 32 bytes")
			instances := [2]http.Handler{instance(stores[0], accounts, secret), instance(stores[1], other, secret)}
			withoutCache := apitest.WithServices(api.Deps{Events: tournament.NewService(stores[0], engines.Options()), Accounts: accounts,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret}, stores[0])
			withoutCache.DB = database{stores[0]}
			fresh := api.NewRouter(withoutCache)

			const arbiter = tournament.ArbiterRole
			s := &apitest.Server{T: t, Handler: instances[0], Tokens: map[tournament.Role]string{arbiter: token}}
			events := []int{s.RoundRobin(6), s.RoundRobin(4)}
			for _, id := range events {
				game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
				player := apitest.PlayerByStartNo(t, &apitest.WebServer{Server: s}, id, apitest.Num(game["white"]))
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, player), map[string]any{"email": "player@example.org"})
			}
			feed, err := entries.NewService(stores[0].Entries(), entries.Options{}).NewFeedToken(tournament.NewContextWithUser(ctx, u))
			if err != nil {
				t.Fatal(err)
			}
			reader := myReader{name: "the player", cookie: s.SignInAs("player@example.org").Cookie, feed: feed}
			calendar := "/my.ics?token=" + feed

			// read compares both pages on both instances with the fresh
			// ones, and returns the calendar's ETag on each.
			read := func(after string) (etags [2]string) {
				t.Helper()
				for _, path := range []string{"/my", calendar} {
					reader.get(fresh, path)
					want := reader.get(fresh, path)
					for n, h := range instances {
						got := reader.get(h, path)
						if got.Code != http.StatusOK || got.Body.String() != want.Body.String() {
							t.Errorf("after %s, %s on instance %d: (%d)\n%s\nwant what the site without the cache makes (%d)\n%s", after, path, n+1, got.Code, got.Body, want.Code, want.Body)
						}
						etags[n] = got.Header().Get("ETag")
					}
				}
				return etags
			}
			before := read("the links")
			for n, h := range instances {
				req := httptest.NewRequest(http.MethodGet, calendar, nil)
				req.Header.Set("If-None-Match", before[n])
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if before[n] == "" || rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
					t.Errorf("the calendar asked again with its ETag %q on instance %d: %d, %d bytes; want 304 and nothing", before[n], n+1, rec.Code, rec.Body.Len())
				}
			}
			// Each event's round 1, board by board from the player's own,
			// each result written on the other instance than the one before.
			on := 0
			for _, id := range events {
				games := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)
				for board := 1; board <= len(games); board++ {
					s.Handler = instances[on]
					s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
						map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
					etags := read(fmt.Sprintf("the result of event %d's board %d on instance %d", id, board, on+1))
					if board == 1 && etags == before {
						t.Errorf("after the player's result in event %d, the calendar's ETag stayed %q", id, before[0])
					}
					before = etags
					on = 1 - on
				}
			}
		})
	}
}
