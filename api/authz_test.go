package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/checkin"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/interchange"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/people"
	"adiukh/tournament/playercard"
	registration "adiukh/tournament/players"
	"adiukh/tournament/playoff"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/ratings"
	"adiukh/tournament/relay"
	"adiukh/tournament/review"
	"adiukh/tournament/schedule"
	"adiukh/tournament/search"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
)

var authzSecret = []byte("the secret of the authorization test")

// authzWorld is the fixture: the accounts with their tokens and sessions.
type authzWorld struct {
	t        *testing.T
	store    *store.Store
	svc      *tournament.Service
	reports  *submissions.Service
	corr     *correspondence.Service
	accounts *account.Service
	handler  http.Handler
	users    map[string]*tournament.User
	tokens   map[string]string
	cookies  map[string]string
}

// event makes the fixture event and returns the values of the path
// parameters that point into it.
func (w *authzWorld) event(visibility string) map[string]string {
	return w.eventFor(visibility, "")
}

// eventFor makes the fixture event for one route: the correspondence game
// and the token to revoke, which take a dozen writes, only when the route
// names them (and for every route when route is "").
func (w *authzWorld) eventFor(visibility, route string) map[string]string {
	w.t.Helper()
	owner := tournament.NewContextWithUser(context.Background(), w.users["owner"])
	str := func(s string) *string { return &s }
	e, err := w.svc.CreateEvent(owner, tournament.EventInput{Name: str("Кубок"), Discipline: str("rapid"), System: str("round-robin"), TimeControl: str("8+4"), Visibility: str(visibility)})
	if err != nil {
		w.t.Fatal(err)
	}
	for _, name := range []string{"Хуаде", "Тлехас", "Нехай", "Ачмиз"} {
		if _, err := registration.NewService(w.svc).RegisterPlayer(owner, e.ID, tournament.PlayerInput{Name: str(name)}); err != nil {
			w.t.Fatal(err)
		}
	}
	r, err := w.svc.PairNextRound(owner, e.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.svc.PublishRound(owner, e.ID, 1); err != nil {
		w.t.Fatal(err)
	}
	if err := w.reports.SetSubmissions(owner, e.ID, true); err != nil {
		w.t.Fatal(err)
	}
	pid := r.Games[0].WhiteID
	if err := w.svc.LinkPlayer(owner, e.ID, pid, w.users["player"].Email); err != nil {
		w.t.Fatal(err)
	}
	params := map[string]string{"id": fmt.Sprint(e.ID), "n": "1", "board": "1", "game": "1", "number": "1", "pid": fmt.Sprint(pid), "team": "1", "table": "1",
		"token": "no-such-setup-token", "file": "/app.js", "email": w.users["bystander"].Email, "lid": "1",
		"user": fmt.Sprint(w.users["player"].ID), "uid": fmt.Sprint(w.users["bystander"].ID)}
	if visibility == string(tournament.Public) {
		player := tournament.NewContextWithUser(context.Background(), w.users["player"])
		sub, err := w.reports.SubmitResult(player, submissions.Input{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position"})
		if err != nil {
			w.t.Fatal(err)
		}
		params["sid"] = fmt.Sprint(sub.ID)
	}
	if route == "" || strings.Contains(route, ":gid") {
		params["gid"] = fmt.Sprint(w.correspondenceGame(visibility))
	}
	if route == "" || strings.Contains(route, ":tid") {
		_, tok, err := w.accounts.CreateToken(context.Background(), account.NewToken{Email: w.users["owner"].Email, Name: "to revoke"})
		if err != nil {
			w.t.Fatal(err)
		}
		params["tid"] = fmt.Sprint(tok.ID)
	}
	// The event is not a composition event: its contest routes refuse it,
	// and there are no contest entries or claims to find.
	params["eid"], params["cid"], params["code"] = "1", "1", "001"
	params["mid"], params["list"] = "1", "rapid"
	// A relay link no arbiter made: its pages are nothing for anyone.
	params["key"] = "relay-no-such-key"
	return params
}

// correspondenceGame starts a correspondence section of the owner where
// "player" has White in the game it returns, to move.
func (w *authzWorld) correspondenceGame(visibility string) int64 {
	w.t.Helper()
	owner := tournament.NewContextWithUser(context.Background(), w.users["owner"])
	str := func(s string) *string { return &s }
	e, err := w.svc.CreateEvent(owner, tournament.EventInput{Name: str("Заочный"), Discipline: str("correspondence"), System: str("round-robin"), TimeControl: str("10d"), Visibility: str(visibility)})
	if err != nil {
		w.t.Fatal(err)
	}
	for i, role := range []string{"player", "bystander"} {
		// The player is number 1, who has White in the Berger table.
		rating := 2000 - 100*i
		p, err := registration.NewService(w.svc).RegisterPlayer(owner, e.ID, tournament.PlayerInput{Name: str(role), Rating: &rating})
		if err != nil {
			w.t.Fatal(err)
		}
		if err := w.svc.LinkPlayer(owner, e.ID, p.ID, w.users[role].Email); err != nil {
			w.t.Fatal(err)
		}
	}
	games, err := w.corr.Start(owner, e.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	g := games[0]
	return g.ID
}

// dataVersion is the store's version of every write (WriteVersion).
func (w *authzWorld) dataVersion() int64 {
	w.t.Helper()
	v, err := w.store.WriteVersion(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return v
}

// outcome sends the route's request as role and classifies the answer.
func (w *authzWorld) outcome(method, pattern string, params map[string]string, role string) (byte, *httptest.ResponseRecorder) {
	path := pattern
	for _, part := range strings.Split(pattern, "/") {
		if len(part) > 1 && (part[0] == ':' || part[0] == '*') {
			v, ok := params[part[1:]]
			if !ok {
				w.t.Fatalf("%s %s: no test value for %s", method, pattern, part)
			}
			path = strings.Replace(path, part, strings.TrimPrefix(v, "/"), 1)
		}
	}
	if pattern == "/logout" && role != "anonymous" {
		// Logging out ends the session it is sent with: use a spare one.
		value, err := w.accounts.StartSession(context.Background(), w.users[role])
		if err != nil {
			w.t.Fatal(err)
		}
		defer func(c string) { w.cookies[role] = c }(w.cookies[role])
		w.cookies[role] = core.NewSessions(authzSecret).Seal(value)
	}
	var body *strings.Reader
	contentType := "application/json"
	if strings.HasPrefix(pattern, "/api/") {
		body = strings.NewReader("{}")
	} else {
		body = strings.NewReader("")
		contentType = "application/x-www-form-urlencoded"
	}
	if method == http.MethodGet {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if role != "anonymous" {
		if strings.HasPrefix(pattern, "/api/") {
			req.Header.Set("Authorization", "Bearer "+w.tokens[role])
		}
		req.AddCookie(&http.Cookie{Name: core.SessionCookie, Value: w.cookies[role]})
	}
	var rec *httptest.ResponseRecorder
	if strings.HasSuffix(pattern, "/stream") {
		// A stream answers until the reader leaves: leave after its first
		// event.
		rec = serveStream(w.t, w.handler, req)
	} else {
		rec = httptest.NewRecorder()
		w.handler.ServeHTTP(rec, req)
	}
	switch code := rec.Code; {
	case code >= 500:
		return '!', rec
	case code == http.StatusNotFound:
		return '0', rec
	case code == http.StatusBadRequest || code == http.StatusRequestEntityTooLarge:
		return 'v', rec
	case code == http.StatusConflict:
		return 'c', rec
	case code == http.StatusUnauthorized || code == http.StatusForbidden || code == http.StatusTooManyRequests,
		code == http.StatusSeeOther && strings.HasPrefix(rec.Header().Get("Location"), "/login"):
		return 'n', rec
	}
	return 'y', rec
}

func newAuthzWorld(t *testing.T) *authzWorld {
	st := storetest.SQLite(t)
	w := &authzWorld{t: t, store: st, svc: tournament.NewService(st, engines.Options()), accounts: account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost}),
		users: map[string]*tournament.User{}, tokens: map[string]string{}, cookies: map[string]string{}}
	roles := map[string]tournament.Role{"bystander": tournament.ArbiterRole, "player": tournament.PlayerRole, "other arbiter": tournament.ArbiterRole, "owner": tournament.ArbiterRole, "admin": tournament.Admin}
	w.reports = submissions.NewService(st.Submissions(), w.svc, nil)
	w.corr = correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	deps := Deps{DB: st, Events: w.svc, Accounts: w.accounts, Log: slog.New(slog.DiscardHandler), Secret: authzSecret, Correspondence: w.corr,
		Composition: composition.NewService(st.Composition(), composition.Options{}), People: people.NewService(st.People(), people.Options{}),
		Ratings: ratings.NewService(st.Ratings(), ratings.Options{}), Entries: entries.NewService(st.Entries(), entries.Options{}),
		Search: search.NewService(st.Search()), Teams: teams.NewService(st.Teams(), w.svc, engines.TeamOptions()), MicroMatches: micromatch.NewService(st.MicroMatches(), nil), Playoffs: playoff.NewService(st.Playoffs(), w.svc, nil, nil), Knockout: knockout.NewService(st.Knockout(), nil), Submissions: w.reports,
		PlayerCards: playercard.NewService(st, w.svc), Schedule: schedule.NewService(st, nil), Swiss: swiss.NewService(st, w.svc, nil), Checkin: checkin.NewService(st.Checkin(), nil), Interchange: interchange.NewService(st.Interchange(), w.svc, engines.InterchangeOptions()),
		Review: review.NewService(st.Review(), w.svc, engines.ReviewOptions()), Relay: relay.NewService(st.Relay(), w.svc, relay.Options{}), PrizeLists: prizelist.NewService(st.PrizeLists(), w.svc, nil)}
	w.handler = NewRouter(deps)
	seal := core.NewSessions(authzSecret)
	for _, role := range append(authzRoles[1:], "bystander") {
		u, err := w.accounts.AddUser(context.Background(), account.NewUser{Email: strings.ReplaceAll(role, " ", "-") + "@example.org", Role: string(roles[role]), Password: "пароль роли"})
		if err != nil {
			t.Fatal(err)
		}
		w.users[role] = u
		if w.tokens[role], _, err = w.accounts.CreateToken(context.Background(), account.NewToken{Email: u.Email}); err != nil {
			t.Fatal(err)
		}
		value, err := w.accounts.StartSession(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		w.cookies[role] = seal.Seal(value)
	}
	return w
}

// TestAuthorizationOfEveryRoute tries every registered route as every role
// and compares with authzTable, which names every route and only those.
func TestAuthorizationOfEveryRoute(t *testing.T) {
	t.Parallel()
	routes := routesOf(t)
	seen := map[string]bool{}
	for _, r := range routes {
		seen[r.Method+" "+r.Path] = true
	}
	for key := range authzTable {
		if !seen[key] {
			t.Errorf("authzTable has %s, which no longer exists", key)
		}
	}
	// The routes are tried in shards, each in a world of its own (its own
	// database), side by side: most of the time goes to setting up the
	// fresh event of every write.
	const shards = 4
	for shard := range shards {
		t.Run(fmt.Sprintf("shard %d", shard+1), func(t *testing.T) {
			t.Parallel()
			w := newAuthzWorld(t)
			shared := w.event(string(tournament.Public))
			for i, r := range routes {
				if i%shards != shard {
					continue
				}
				w.checkRoute(r.Method, r.Path, shared)
			}
		})
	}
}

// checkRoute tries one route as every role and compares with authzTable.
// Reads share one event; a write gets a fresh one after a role's request
// changed anything (the data version tells), so that what one role changed
// does not decide another's answer, while the refusals, most of the
// answers, share one.
func (w *authzWorld) checkRoute(method, path string, shared map[string]string) {
	t := w.t
	key := method + " " + path
	want, ok := authzTable[key]
	if !ok {
		t.Errorf("route %s has no line in authzTable: say what each role may do", key)
		return
	}
	got := make([]byte, len(authzRoles))
	params, changed := shared, true
	for i, role := range authzRoles {
		if method != http.MethodGet && changed {
			params = w.eventFor(string(tournament.Public), path)
		}
		before := w.dataVersion()
		var rec *httptest.ResponseRecorder
		got[i], rec = w.outcome(method, path, params, role)
		changed = w.dataVersion() != before
		if got[i] == '!' {
			t.Errorf("%s as %s: status %d\n%.300s", key, role, rec.Code, rec.Body.String())
		}
	}
	if string(got) != want {
		t.Errorf("%-70s got %s, want %s (roles: %s)", key, got, want, strings.Join(authzRoles, ", "))
	}
}

// A private event is hidden on every route that names it: whoever may not
// manage it gets 404 (or is sent to sign in), as if it did not exist.
func TestPrivateEventHiddenOnEveryRoute(t *testing.T) {
	t.Parallel()
	w := newAuthzWorld(t)
	private := w.event(string(tournament.Private))
	private["sid"] = "1"
	for _, r := range routesOf(t) {
		if r.Method != http.MethodGet || !strings.Contains(r.Path, "/events/:id") {
			continue
		}
		for _, role := range authzRoles[:3] {
			if got, rec := w.outcome(r.Method, r.Path, private, role); got != '0' && got != 'n' {
				t.Errorf("GET %s of a private event as %s: status %d, want it hidden", r.Path, role, rec.Code)
			}
		}
	}
}

// routesOf lists the router's routes in a stable order.
func routesOf(t *testing.T) gin.RoutesInfo {
	t.Helper()
	routes := newEngine(Deps{Log: slog.New(slog.DiscardHandler)}).Routes()
	sort.Slice(routes, func(i, j int) bool {
		return routes[i].Method+routes[i].Path < routes[j].Method+routes[j].Path
	})
	return routes
}
