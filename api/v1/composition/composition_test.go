package composition_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// A composition contest through the JSON API: the director sets it up and
// names the jury, authors enter, the jury marks anonymously, the director
// publishes the provisional award, a claim is decided, the final award.
func TestCompositionContestAPI(t *testing.T) {
	t.Parallel()
	s, clock, _ := contestServer(t)
	director := s.User("director@example.org", tournament.ArbiterRole)
	judge := s.User("judge@example.org", tournament.PlayerRole)
	author := s.User("author@example.org", tournament.PlayerRole)
	reader := s.User("reader@example.org", tournament.PlayerRole)

	// What only events of games use is not kept, whatever is sent.
	e := s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition",
		"time_control": "5+3", "tiebreaks": []string{"buchholz"}, "baku": true}).(map[string]any)
	if e["time_control"] != "" || fmt.Sprint(e["tiebreaks"]) != "[]" || e["baku"] == true || e["rounds"] != 0.0 {
		t.Errorf("the composition event keeps what games use: %v", e)
	}
	id := int(e["id"].(float64))
	base := fmt.Sprintf("/api/v1/events/%d", id)

	// Pairing a composition event is a clear EINVALID, not a failure.
	code, out := s.Call(director, "POST", base+"/rounds", nil)
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "no rounds to pair") {
		t.Fatalf("pairing: %d %v", code, out)
	}
	code, out = s.Call(director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}}, "deadline": "tomorrow", "scale": 4, "aggregation": "mean", "claim_days": 7})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "RFC 3339") {
		t.Fatalf("bad deadline: %d %v", code, out)
	}
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи", "rules": "12+12"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", base+"/contest/judges", map[string]any{"judges": []string{"judge@example.org"}})
	contest := s.Must(http.StatusOK, "", "GET", base+"/contest", nil).(map[string]any)
	if contest["open"] != true || contest["stage"] != "entries" || len(contest["judges"].([]any)) != 1 {
		t.Fatalf("contest %v", contest)
	}
	// Changing the settings answers with the contest as it now stands,
	// open and with its jury, as reading it does.
	again := s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи", "rules": "12+12"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 8}).(map[string]any)
	if again["open"] != true || again["claim_days"] != 8.0 || len(again["judges"].([]any)) != 1 {
		t.Fatalf("the contest after its settings changed: %v", again)
	}

	code, out = s.Call(author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": apitest.G005, "side": "white", "stipulation": "draw"})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "the stipulation") && !strings.Contains(fmt.Sprint(out), "solution") {
		t.Fatalf("bad entry: %d %v", code, out)
	}
	entry := s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": apitest.G005, "side": "black",
		"stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5", "comment": "посвящается"}).(map[string]any)
	if entry["code"] != "001" || entry["findings"].(map[string]any)["verdict"] != "sound" {
		t.Fatalf("entry %v", entry)
	}
	eid := int(entry["id"].(float64))
	edited := s.Must(http.StatusOK, author, "PUT", fmt.Sprintf("/api/v1/contest-entries/%d", eid), map[string]any{"section": "Задачи", "position": apitest.G005, "side": "black",
		"stipulation": "black wins", "solution": "d6:f8"}).(map[string]any)
	findings := edited["findings"].(map[string]any)
	refutation, _ := findings["refutation"].(map[string]any)
	if findings["verdict"] != "unsound" || refutation["reason"] != "black wins does not hold: best play ends 18:6" || len(refutation["line"].([]any)) == 0 {
		t.Fatalf("edited %v", edited)
	}
	s.Must(http.StatusOK, author, "PUT", fmt.Sprintf("/api/v1/contest-entries/%d", eid), map[string]any{"section": "Задачи", "position": apitest.G005, "side": "black",
		"stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5", "comment": "посвящается"})
	mine := s.Must(http.StatusOK, author, "GET", base+"/contest/my-entries", nil).([]any)
	if len(mine) != 1 {
		t.Fatalf("my entries %v", mine)
	}
	s.Must(http.StatusConflict, judge, "GET", base+"/contest/judging", nil)

	clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusConflict, author, "DELETE", fmt.Sprintf("/api/v1/contest-entries/%d", eid), nil)
	s.Must(http.StatusForbidden, author, "GET", base+"/contest/judging", nil)
	list := s.Must(http.StatusOK, judge, "GET", base+"/contest/judging", nil).([]any)
	if len(list) != 1 || strings.Contains(fmt.Sprint(list), "author") || list[0].(map[string]any)["code"] != "001" {
		t.Fatalf("jury list %v", list)
	}
	s.Must(http.StatusBadRequest, judge, "PUT", base+"/contest/marks/001", map[string]any{"comment": "нет оценки"})
	// A number that is no judge's mark is refused through the API as on the form.
	s.Must(http.StatusBadRequest, judge, "PUT", base+"/contest/marks/001", `{"mark": 1e0}`)
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра"})
	s.Must(http.StatusNotFound, "", "GET", base+"/contest/award", nil)
	award := s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1, "place": "Майкоп", "report": "Уровень конкурса высок."}).(map[string]any)
	if award["place"] != "Майкоп" || award["report"] != "Уровень конкурса высок." {
		t.Errorf("the award's place and report: %v, %v", award["place"], award["report"])
	}
	items := award["items"].([]any)
	if award["stage"] != "provisional" || len(items) != 1 || items[0].(map[string]any)["honour"] != "prize" || items[0].(map[string]any)["code"] != "001" {
		t.Fatalf("award %v", award)
	}
	if items[0].(map[string]any)["judge_comments"].([]any)[0] != "Тонкая игра" {
		t.Fatalf("award item %v", items[0])
	}
	req := httptest.NewRequest("GET", base+"/contest/award.pdn", nil)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `[Stipulation "exact 18:6"]`) || !strings.Contains(rec.Body.String(), `[Position "`+apitest.G005+`"]`) {
		t.Fatalf("award PDN: %d\n%s", rec.Code, rec.Body.String())
	}
	claim := s.Must(http.StatusCreated, reader, "POST", base+"/contest/claims", map[string]any{"code": "001", "kind": "anticipated", "evidence": "Петров, 1990"}).(map[string]any)
	cid := int(claim["id"].(float64))
	s.Must(http.StatusForbidden, reader, "POST", fmt.Sprintf("/api/v1/contest-claims/%d/decision", cid), map[string]any{"uphold": true, "reason": "да"})
	s.Must(http.StatusOK, director, "POST", fmt.Sprintf("/api/v1/contest-claims/%d/decision", cid), map[string]any{"uphold": false, "reason": "идея другая"})
	// The author's list gives the entry's honour and the claim decided
	// (issue 41, item 5).
	mine = s.Must(http.StatusOK, author, "GET", base+"/contest/my-entries", nil).([]any)
	if m := mine[0].(map[string]any); m["honour"] != "prize" || m["place"] != 1.0 || len(m["claims"].([]any)) != 1 ||
		m["claims"].([]any)[0].(map[string]any)["status"] != "rejected" || m["claims"].([]any)[0].(map[string]any)["reason"] != "идея другая" {
		t.Errorf("my entries after the award %v", m)
	}
	s.Must(http.StatusConflict, director, "POST", base+"/contest/award/final", map[string]any{})
	if text := s.Must(http.StatusOK, director, "PUT", base+"/contest/award/text", map[string]any{"place": "Адыгейск", "report": "Отчёт после претензий."}).(map[string]any); text["place"] != "Адыгейск" || text["report"] != "Отчёт после претензий." {
		t.Errorf("the award's text edited: %v, %v", text["place"], text["report"])
	}
	clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC))
	final := s.Must(http.StatusOK, director, "POST", base+"/contest/award/final", map[string]any{}).(map[string]any)
	if final["stage"] != "final" || len(final["claims"].([]any)) != 1 || final["claims"].([]any)[0].(map[string]any)["status"] != "rejected" {
		t.Fatalf("final %v", final)
	}
}

// contestServer is the site on a fresh SQLite database with composition
// contests (the solver's budget cut to a test's) on a fake clock, which
// starts at start.
func contestServer(t *testing.T) (s *apitest.CorrServer, clock *apitest.FakeClock, start time.Time) {
	st := storetest.SQLite(t)
	start = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	clock = &apitest.FakeClock{At: start}
	s = &apitest.CorrServer{T: t, Clock: clock, Accounts: apitest.Accounts(st, account.Options{})}
	opt := engines.Options()
	opt.Now = clock.Now
	s.Handler = apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: s.Accounts,
		Composition: composition.NewService(st.Composition(), composition.Options{Now: clock.Now, MaxNodes: 5_000_000, TableBytes: 4 << 20}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now,
	})
	return s, clock, start
}
