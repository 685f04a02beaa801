package composition_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules/solve"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// newCompServer is the application with a composition service on a fake
// clock, for the contest's pages.
func newCompServer(t *testing.T, start time.Time) *apitest.CorrServer {
	t.Helper()
	return newCompServerWithBudget(t, start, 5_000_000)
}

// newCompServerWithBudget gives the contests' solver maxNodes per entry.
func newCompServerWithBudget(t *testing.T, start time.Time, maxNodes int64) *apitest.CorrServer {
	t.Helper()
	return newCompServerOver(t, storetest.SQLite(t), &apitest.FakeClock{At: start}, maxNodes)
}

// newCompServerOver serves the contests kept in st, at the clock's time,
// with maxNodes for the solver; two of them over one store see the same
// contests with different budgets.
func newCompServerOver(t *testing.T, st *store.Store, clock *apitest.FakeClock, maxNodes int64) *apitest.CorrServer {
	t.Helper()
	s := &apitest.CorrServer{T: t, Clock: clock, Accounts: apitest.Accounts(st, account.Options{})}
	opt := engines.Options()
	opt.Now = clock.Now
	s.Handler = apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: s.Accounts,
		Composition: composition.NewService(st.Composition(), composition.Options{Now: clock.Now, MaxNodes: maxNodes, TableBytes: 4 << 20}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now,
	})
	return s
}

// namedUser creates an account with a name, as the award prints it.
func namedUser(s *apitest.CorrServer, email, name string, role tournament.Role) {
	s.T.Helper()
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: email, Names: account.Names{Name: name}, Role: string(role), Password: "пароль игрока"}); err != nil {
		s.T.Fatal(err)
	}
}

// ruStip is a stipulation as stored ("exact 18:6") as a Russian page
// words it ("точно 18:6").
func ruStip(text string) string { return apitest.Ru.Message(solve.SayStipulation(text)) }

// ruPosition is a position in the rules' notation as a Russian page writes
// it, the sides named in the catalogue's words: "белые: a5-1/6, …; чёрные: d6-1/2".
func ruPosition(p string) string {
	return strings.NewReplacer("white:", apitest.RuT("report.notation_white")+":", "black:", apitest.RuT("report.notation_black")+":").Replace(p)
}

// inMoscow is a moment as a contest's message names it in the event's
// zone, Moscow's unless set: "10 ноября 2026, 15:00 MSK".
func inMoscow(at time.Time) tournament.Moment {
	zone, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		panic(err)
	}
	return tournament.In(at, zone)
}

// toSecond is a moment named to the second, as a solving contest's window is.
func toSecond(m tournament.Moment) tournament.Moment {
	m.Seconds = true
	return m
}

// fourLines is the refusal of a problem of the solving contest's form
// written in got lines, not four, as a Russian page says it.
func fourLines(problem, got int) string {
	return apitest.RuF("problem %d: write four lines (position, side to move, stipulation, solution) and, if you like, a fifth with the points for the solution and for the key alone; got %d", problem, got)
}

func withPoints(problem map[string]any, points, key int) map[string]any {
	out := maps.Clone(problem)
	out["points"], out["key_points"] = points, key
	return out
}

// g019 is another position four plies before the end of a random game:
// best play draws.
const g019 = "white: b8-3, c7-1/4, d6-3/1; black: c1-4/2, e1-1/2, g1-1/1, h4-1"

// enterG005 submits the late position of game g005, Black to move, to the
// contest at base as author.
func enterG005(s *apitest.CorrServer, author, base, section, stipulation, solution string) {
	s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": section, "position": apitest.G005, "side": "black",
		"stipulation": stipulation, "solution": solution})
}

// oneEntryAtTheDeadline enters g005 (author@example.org, 001) in the
// section "Задачи" of judgedContest's contest and moves the clock to its
// deadline.
func oneEntryAtTheDeadline(s *apitest.CorrServer, base string) {
	author := s.User("author@example.org", tournament.PlayerRole)
	enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
}

// twoMarkedEntries enters g005 (first@example.org, 001) and g019
// (second@example.org, 002) in the section "Задачи" of judgedContest's
// contest, and after the deadline the judge marks them 4 and 3; it returns
// the second author.
func twoMarkedEntries(s *apitest.CorrServer, judge, base string) (second string) {
	first := s.User("first@example.org", tournament.PlayerRole)
	second = s.User("second@example.org", tournament.PlayerRole)
	enterG005(s, first, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	s.Must(http.StatusCreated, second, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": g019, "side": "black",
		"stipulation": "draw", "solution": "h4-g3 d6-e7 g3-h2 c7-d8"})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 4})
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/002", map[string]any{"mark": 3})
	return second
}

// judgedContest creates a contest of one section, open for entries until
// 10 November 2026, 12:00 UTC, marked out of 4 by judge@example.org, with a
// week for claims; it returns the director, the judge, the contest's path
// in the API and its event's ID.
func judgedContest(s *apitest.CorrServer, section string) (director, judge, base string, id int) {
	director = s.User("director@example.org", tournament.ArbiterRole)
	judge = s.User("judge@example.org", tournament.PlayerRole)
	id = apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	base = fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": section}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", base+"/contest/judges", map[string]any{"judges": []string{"judge@example.org"}})
	return director, judge, base, id
}

// provisionalAwardWithAClaim publishes the provisional award of two
// entries, the prize to Автор Абрегов's 001, against which the reader
// Читатель Тхагапсов (reader@example.org) files a claim of anticipation.
func provisionalAwardWithAClaim(t *testing.T, s *apitest.CorrServer) (base, ev string) {
	t.Helper()
	director, judge, base, _ := judgedContest(s, "Задачи")
	namedUser(s, "first@example.org", "Автор Абрегов", tournament.PlayerRole)
	namedUser(s, "second@example.org", "Автор Бжассо", tournament.PlayerRole)
	for _, email := range []string{"first@example.org", "second@example.org"} {
		author, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	}
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 4})
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/002", map[string]any{"mark": 3})
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1, "honourable_mentions": 1})
	namedUser(s, "reader@example.org", "Читатель Тхагапсов", tournament.PlayerRole)
	ev = strings.TrimPrefix(base, "/api/v1")
	s.MustPost(s.Session("reader@example.org"), ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"anticipated"}, "evidence": {"Мамсиров, 1998"}})
	return base, ev
}
