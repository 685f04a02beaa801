package play_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// A live game adjourned by the arbiter reads in live play's words, not
// correspondence's: «Отложена» on its page and the event's Games tab, not
// «На присуждении»; a move sent then is refused with its clocks stopped,
// not as waiting for an adjudication; and its flag, fallen after the
// resumption, is a flag in the audit log, not a time limit passed.
func TestLiveAdjournedGameReadsLive(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	s := apitest.NewCorrServer(t, storetest.SQLite(t), t0, nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(s)[0]
	gid := apitest.Num(g["id"])
	path := fmt.Sprintf("/api/v1/games/%d", gid)
	white, black := sec.Tokens[apitest.Num(g["white"])], sec.Tokens[apitest.Num(g["black"])]
	for _, token := range []string{white, black} {
		s.Must(http.StatusOK, token, "GET", path, nil)
	}
	s.Clock.Set(t0.Add(10 * time.Second))
	s.Must(http.StatusOK, arbiter, "POST", path+"/adjourn", map[string]any{"reason": "спор о ходе"})

	cookie := s.Session("arbiter@example.org")
	adjourned, adjudication := apitest.RuT("live.status.adjourned"), apitest.RuT("corr.status.adjudication")
	for _, page := range []string{fmt.Sprintf("/games/%d", gid), sec.Ev[len("/api/v1"):] + "/games"} {
		if body := s.Page(cookie, page); !strings.Contains(body, adjourned) || strings.Contains(body, adjudication) {
			t.Errorf("%s of the adjourned live game: want %q, not %q", page, adjourned, adjudication)
		}
	}
	code, out := s.Call(white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
	if msg := fmt.Sprint(out); code != http.StatusConflict || !strings.Contains(msg, "its clocks stopped") || strings.Contains(msg, "adjudication") {
		t.Errorf("a move in the adjourned live game: %d %v, want 409 saying its clocks stopped", code, out)
	}

	s.Clock.Set(t0.Add(time.Minute))
	s.Must(http.StatusOK, arbiter, "POST", path+"/reopen", map[string]any{"seconds": 0, "reason": "продолжить"})
	s.Clock.Set(t0.Add(time.Minute + 3*time.Minute))
	if n, err := s.Corr.ExpireLive(context.Background(), s.Clock.Now()); err != nil || n != 1 {
		t.Fatalf("the sweep after White's flag ended %d games (%v), want 1", n, err)
	}
	flag, timeout := apitest.RuT("audit.live.flag"), apitest.RuT("audit.correspondence.timeout")
	if body := s.Page(cookie, sec.Ev[len("/api/v1"):]+"/audit"); !strings.Contains(body, flag) || strings.Contains(body, timeout) {
		t.Errorf("the audit log after White's flag fell: want %q, not %q", flag, timeout)
	}
}

// Issue 60: the arbiter of a live Adiukh event gives its rounds a thematic
// start on the desk's form: a position that is not one is refused next to
// its field, with what was typed kept; a position saved before round 1 is
// published, Black to move, is where its games start; once the event runs,
// a new one needs its reason.
func TestLiveThematicStartOnTheDesk(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	s := apitest.NewCorrServer(t, storetest.SQLite(t), t0, nil)
	token := s.User("arbiter@example.org", tournament.ArbiterRole)
	arbiter := s.Session("arbiter@example.org")
	api := fmt.Sprintf("/api/v1/events/%d", apitest.Num(s.Must(http.StatusCreated, token, "POST", "/api/v1/events",
		map[string]any{"name": "Тематический блиц", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true}).(map[string]any)["id"]))
	for i := 1; i <= 2; i++ {
		s.Must(http.StatusCreated, token, "POST", api+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
	}
	ev := strings.TrimPrefix(api, "/api/v1")
	desk := ev + "/manage"
	apitest.MustContain(t, "the desk of a live event", s.Page(arbiter, desk), `action="`+ev+`/live/start-position"`, apitest.RuT("live.start_title"))

	const cycle = "white: d6-3, f8-4/3; black: c7-1/3, e1-3/1, e3-2, h4-3/1"
	rec := s.Post(arbiter, ev+"/live/start-position", url.Values{"start_position": {"white: z9-1"}, "start_side": {"black"}})
	if body := html.UnescapeString(rec.Body.String()); rec.Code != http.StatusBadRequest || !strings.Contains(body, `class="field-error"`) || !strings.Contains(body, `value="white: z9-1"`) {
		t.Errorf("a position that is not one: %d, want 400 with the error by its field and the text kept\n%s", rec.Code, body)
	}
	s.MustPost(arbiter, ev+"/live/start-position", url.Values{"start_position": {cycle}, "start_side": {"black"}})
	apitest.MustContain(t, "the desk with the start saved", html.UnescapeString(s.Page(arbiter, desk)), `value="`+cycle+`"`, `<option value="black" selected>`)
	s.MustPost(arbiter, ev+"/rounds", nil)
	s.MustPost(arbiter, ev+"/rounds/1/publish", nil)
	games := s.Must(http.StatusOK, token, "GET", api+"/games", nil).([]any)
	if g := games[0].(map[string]any); len(games) != 1 || g["position"] != cycle || g["to_move"] != "black" {
		t.Errorf("round 1's live games: %v, want one from the start saved, Black to move", games)
	}
	if rec := s.Post(arbiter, ev+"/live/start-position", url.Values{"start_position": {""}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(html.UnescapeString(rec.Body.String()), `name="reason"`) {
		t.Errorf("a new start while the event runs, without a reason: %d, want 400 with the reason's field", rec.Code)
	}
	s.MustPost(arbiter, ev+"/live/start-position", url.Values{"start_position": {""}, "reason": {"второй тур — с начальной расстановки"}})
}
