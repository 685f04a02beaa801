package play_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// The desk of a running correspondence section offers "Withdraw from the
// event" (never "from round N": every round is played at once); the
// confirmation asks for the reason and for what becomes of the unfinished
// games, choosing neither beforehand; once confirmed, the games end, the
// desk, the standings and the crosstable show it.
func TestCorrespondenceWithdrawalOnTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 4)
	ev := strings.Replace(sec.ev, "/api/v1", "", 1)
	cookie := s.Session("arbiter@example.org")
	players := s.Must(http.StatusOK, sec.arbiter, "GET", sec.ev+"/players", nil).(map[string]any)["players"].([]any)
	pid := apitest.Num(players[0].(map[string]any)["id"])
	withdraw := fmt.Sprintf("%s/players/%d/withdraw", ev, pid)
	for lang, want := range map[string]string{"ru": apitest.RuT("corr.withdraw"), "en": "Withdraw from the event"} {
		desk := s.Page(cookie, ev+"/manage?lang="+lang)
		apitest.MustContain(t, lang+" desk", desk, `action="`+withdraw+`"`, want)
		if _, fromRound, _ := strings.Cut(apitest.RuT("manage.withdraw", "N", "\x00"), "\x00"); strings.Contains(desk, fromRound) || strings.Contains(desk, "from round") || strings.Contains(desk, `name="from_round"`) {
			t.Errorf("%s: the desk of a running section offers a withdrawal from a round", lang)
		}
	}
	// The button opens the confirmation: the question, the two choices,
	// none checked.
	rec := s.Post(cookie, withdraw+"?lang=ru", url.Values{})
	page := rec.Body.String()
	apitest.MustContain(t, "the confirmation", apitest.PageText(rec), apitest.RuT("corr.withdraw_question", "Name", "Игрок А", "Finished", 0, "Unfinished", 3),
		`name="games" value="lose" required>`, `name="games" value="adjudicate" required>`, apitest.RuT("corr.games_lose"), apitest.RuT("corr.games_adjudicate"),
		apitest.RuT("corr.games_lose_hint", "Win", "24:0"))
	if strings.Contains(page, "checked") {
		t.Error("the confirmation chooses for the arbiter")
	}
	// Confirmed without a choice: asked again, nothing done.
	rec = s.Post(cookie, withdraw+"?lang=ru", url.Values{"confirm": {"1"}, "reason": {"перестал отвечать"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("choose what becomes of the withdrawn player's unfinished games: %q (the opponents win) or %q (the arbiter adjudicates them)",
		correspondence.WithdrawalLoses, correspondence.WithdrawalAdjudicates)) {
		t.Errorf("confirmation without a choice: %d, want 400 asking to choose", rec.Code)
	}
	for _, g := range sec.games {
		if got := s.Game(apitest.Num(g["id"])); got["status"] != "running" {
			t.Fatalf("a refused withdrawal changed game %v", got)
		}
	}
	s.MustPost(cookie, withdraw, url.Values{"confirm": {"1"}, "reason": {"перестал отвечать"}, "games": {"lose"}})
	ended := 0
	for _, g := range sec.games {
		got := s.Game(apitest.Num(g["id"]))
		if apitest.Num(got["white"]) != pid && apitest.Num(got["black"]) != pid {
			if got["status"] != "running" {
				t.Errorf("game %v of two other players ended", got["id"])
			}
			continue
		}
		res, _ := got["result"].(map[string]any)
		if got["status"] != "finished" || res == nil || res["end_reason"] != "forfeit" {
			t.Errorf("game %v of the withdrawn player: %v %v, want finished by forfeit", got["id"], got["status"], res)
			continue
		}
		ended++
	}
	if ended != 3 {
		t.Errorf("%d games of the withdrawn player ended, want 3", ended)
	}
	desk := s.Page(cookie, ev+"/manage?lang=ru")
	apitest.MustContain(t, "the desk after the withdrawal", desk, `<span class="badge">`+apitest.RuT("corr.withdrawn")+"</span>")
	if strings.Contains(desk, `action="`+withdraw+`"`) {
		t.Error("the desk offers to withdraw the player again")
	}
	apitest.MustContain(t, "the crosstable", s.Page(nil, ev+"/crosstable"), "−:&#43;")
	apitest.MustContain(t, "the player card", s.Page(nil, fmt.Sprintf("%s/players/%d?lang=en", ev, pid)), "withdrawn from the event")
	// The general player update does not withdraw "from a round" here.
	code, _ := s.Call(sec.arbiter, "PATCH", fmt.Sprintf("%s/players/%d", sec.ev, apitest.Num(players[1].(map[string]any)["id"])), map[string]any{"withdraw_from_round": 4, "reason": "x"})
	if code != http.StatusConflict {
		t.Errorf("PATCH withdraw_from_round in a running section: %d, want 409", code)
	}
}

// POST /events/{id}/players/{pid}/withdraw withdraws a player from a
// running section through the API, with the same choice.
func TestCorrespondenceWithdrawalAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 3)
	players := s.Must(http.StatusOK, sec.arbiter, "GET", sec.ev+"/players", nil).(map[string]any)["players"].([]any)
	path := fmt.Sprintf("%s/players/%d/withdraw", sec.ev, apitest.Num(players[2].(map[string]any)["id"]))
	if code, _ := s.Call(sec.arbiter, "POST", path, map[string]any{"games": "resign", "reason": "ill"}); code != http.StatusBadRequest {
		t.Errorf("an unknown choice: %d, want 400", code)
	}
	out := s.Must(http.StatusOK, sec.arbiter, "POST", path, map[string]any{"games": "adjudicate", "reason": "ill"}).(map[string]any)
	if p := out["player"].(map[string]any); apitest.Num(p["withdraw_from_round"]) != 1 {
		t.Errorf("player after the withdrawal: %v", p)
	}
	games := out["games"].([]any)
	if len(games) != 2 {
		t.Fatalf("%d games of the withdrawn player, want 2 (and a bye)", len(games))
	}
	for _, g := range games {
		if g := g.(map[string]any); g["status"] != "adjudication" || !strings.Contains(fmt.Sprint(g["note"]), "withdrew from the event") {
			t.Errorf("game %v: %v %q, want waiting for adjudication", g["id"], g["status"], g["note"])
		}
	}
}

// The confirmation of a Russian draughts section's withdrawal tells the
// opponents' win in its game's points, 2:0, never Adiukh's 24:0.
func TestCorrespondenceWithdrawalInTheGamesPoints(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSectionOf(t, s, 3, "russian")
	ev := strings.Replace(sec.ev, "/api/v1", "", 1)
	players := s.Must(http.StatusOK, sec.arbiter, "GET", sec.ev+"/players", nil).(map[string]any)["players"].([]any)
	withdraw := fmt.Sprintf("%s/players/%d/withdraw", ev, apitest.Num(players[0].(map[string]any)["id"]))
	for lang, want := range map[string]string{"ru": apitest.RuT("corr.games_lose_hint", "Win", "2:0"), "en": "A win to each opponent (2:0)"} {
		page := apitest.PageText(s.Post(s.Session("arbiter@example.org"), withdraw+"?lang="+lang, url.Values{}))
		apitest.MustContain(t, lang+" confirmation", page, want)
		if strings.Contains(page, "24:0") {
			t.Errorf("the %s confirmation of a Russian section names 24:0:\n%s", lang, page)
		}
	}
}
