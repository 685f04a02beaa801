package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// The arbiter's result entry of an over-the-board round does not take a
// result for a correspondence game still being played: the page and the
// API say that the result comes from the game or from the decision on its
// page, and the game and the round stay as they were.
func TestCorrespondenceResultNotEnteredBesideTheGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 2)
	g := sec.games[0]
	ev := strings.Replace(sec.ev, "/api/v1", "", 1)
	cookie := s.Session("arbiter@example.org")
	for lang, want := range map[string]string{"ru": apitest.RuF("board %d of round %d is a correspondence game played on the server: its result comes from the game itself or from the arbiter's decision on the game's page", 1, 1), "en": "board 1 of round 1 is a correspondence game played on the server"} {
		form := url.Values{"board": {"1"}, "score": {"12:12"}, "end_reason": {"agreement"}, "versions": {"1:1"}}
		req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("%s/rounds/1/results?lang=%s", ev, lang), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusConflict || !strings.Contains(apitest.PageText(rec), want) {
			t.Errorf("%s: the results form on a running correspondence game: %d, want 409 saying %q", lang, rec.Code, want)
		}
	}
	code, out := s.Call(sec.arbiter, "PUT", sec.ev+"/rounds/1/games/1/result", map[string]any{"score": "24:0", "end_reason": "arbiter", "version": 1})
	if code != http.StatusConflict {
		t.Errorf("PUT result on a running correspondence game: %d %v, want 409", code, out)
	}
	code, out = s.Call(sec.arbiter, "POST", sec.ev+"/rounds/1/unpublish", map[string]any{"reason": "ошибка"})
	if code != http.StatusConflict {
		t.Errorf("unpublishing a correspondence round: %d %v, want 409", code, out)
	}
	if got := s.Game(apitest.Num(g["id"])); got["status"] != "running" || got["result"] != nil {
		t.Errorf("the game after the refused entries: %v", got)
	}
	if page := s.Page(nil, ev+"/crosstable"); strings.Contains(page, "12:12") || strings.Contains(page, "24:0") {
		t.Error("the crosstable counts a result entered beside the game")
	}
}

// The desk of a correspondence section offers neither round-by-round
// pairing nor the results form nor taking a round back: before the start
// it sends the arbiter to the Correspondence tab, where all games start at
// once, and after it each round leads to the games and their decisions.
func TestCorrespondenceDeskSendsToTheGames(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	arbiter := s.User("arbiter@example.org", "arbiter")
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный", "discipline": "correspondence",
		"system": "round-robin", "time_control": "10d"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	for i := range 2 {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1"+ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1)}).(map[string]any)["id"])
		email := fmt.Sprintf("p%d@example.org", pid)
		s.User(email, "player")
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1%s/players/%d/account", ev, pid), map[string]any{"email": email})
	}
	cookie := s.Session("arbiter@example.org")
	for lang, want := range map[string]string{"ru": apitest.RuT("corr.start_on_tab"), "en": "Start the games on the Correspondence tab"} {
		desk := s.Page(cookie, ev+"/manage?lang="+lang)
		if strings.Contains(desk, `action="`+ev+`/rounds"`) || !strings.Contains(desk, `href="`+ev+`/correspondence">`+want) {
			t.Errorf("%s: the desk before the start offers pairing, or does not send to the Correspondence tab", lang)
		}
	}
	s.Must(http.StatusOK, arbiter, "POST", "/api/v1"+ev+"/start", nil)
	desk := s.Page(cookie, ev+"/manage")
	for _, refused := range []string{`action="` + ev + `/rounds"`, ev + "/rounds/1/results", ev + "/rounds/1/unpublish"} {
		if strings.Contains(desk, refused) {
			t.Errorf("the desk of a running section offers %s", refused)
		}
	}
	if !strings.Contains(desk, `href="`+ev+`/correspondence">`+apitest.RuT("corr.round_games")) {
		t.Error("the desk's round does not lead to the games and decisions")
	}
}
