package checkin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// swissOfFive is a Swiss event of five players, Player 1 linked to the
// player's account and Player 5 withdrawn before round 1; its ID and the
// players' IDs.
func swissOfFive(s *apitest.Server) (int, []int) {
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
		map[string]any{"name": "Первенство Майкопа", "discipline": "rapid", "system": "swiss", "rounds": 3, "time_control": "15+10"})
	id := apitest.Num(ev["id"])
	var players []int
	for i := 1; i <= 5; i++ {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id),
			map[string]any{"name": fmt.Sprintf("Player %d", i), "rating": 2000 - i, "title": "КМС", "federation": "RUS"})
		players = append(players, apitest.Num(p["id"]))
	}
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, players[0]), map[string]any{"email": "player@example.org"})
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/%d", id, players[4]), map[string]any{"withdraw_from_round": 1, "reason": "не приехал"})
	return id, players
}

// TestCheckinThroughTheAPI: the check-in turned on, the player's own
// check-in and the arbiter's marks, the pairing refused while one player
// is neither in nor out and done once the arbiter confirms them absent,
// the absent on a zero-point bye, the marks in the audit log; then the
// round's table cards, a card a board played (none for the bye, the
// absent or the withdrawn), and the next round's, a card a player.
func TestCheckinThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id, ps := swissOfFive(s)
		at := func(suffix string) string { return fmt.Sprintf("/api/v1/events/%d%s", id, suffix) }

		v := s.Must(http.StatusOK, "", "GET", at("/rounds/1/checkin"), nil)
		if v["on"] != false || v["offered"] != true || len(v["players"].([]any)) != 4 {
			t.Fatalf("before the setting: %v; want off, offered, four players due (one withdrawn)", v)
		}
		s.Must(http.StatusForbidden, tournament.PlayerRole, "PUT", at("/checkin"), map[string]any{"on": true})
		s.Must(http.StatusBadRequest, tournament.ArbiterRole, "PUT", at("/checkin"), map[string]any{})
		if v = s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", at("/checkin"), map[string]any{"on": true}); v["on"] != true || v["open"] != true {
			t.Fatalf("turned on: %v", v)
		}
		if v = s.Must(http.StatusOK, tournament.PlayerRole, "GET", at("/rounds/1/checkin"), nil); v["may_check_in"] != true {
			t.Fatalf("the player's view: %v; want the check-in offered", v)
		}
		v = s.Must(http.StatusOK, tournament.PlayerRole, "POST", at("/rounds/1/checkin"), nil)
		if mine, _ := v["mine"].(map[string]any); mine == nil || mine["attendance"] != "present" || mine["by_player"] != true || v["may_check_in"] != false {
			t.Fatalf("checked in: %v", v)
		}
		s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": ps[1], "attendance": "present"})
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": ps[1], "attendance": "present"})
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": ps[2], "attendance": "present"})
		s.Must(http.StatusNotFound, tournament.ArbiterRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": ps[4], "attendance": "present"})

		refused := s.Must(http.StatusConflict, tournament.ArbiterRole, "POST", at("/rounds"), nil)
		if msg := fmt.Sprint(refused["message"]); !strings.Contains(msg, "Player 4") || strings.Contains(msg, "Player 3") {
			t.Errorf("pairing with Player 4 neither in nor out: %v; want the refusal naming Player 4 alone", refused)
		}
		v = s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/checkin/absent"), nil)
		if len(v["unconfirmed"].([]any)) != 0 {
			t.Fatalf("after the confirmation: %v", v)
		}
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", at("/rounds"), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/publish"), nil)
		round := s.Must(http.StatusOK, "", "GET", at("/rounds/1"), nil)
		var played, zero, byes int
		for _, g := range round["games"].([]any) {
			g := g.(map[string]any)
			// Start numbers follow the ratings: Player 4 is number 4.
			white, black := apitest.Num(g["white"]), g["black"]
			switch reason, _ := g["end_reason"].(string); {
			case white == 4 && reason == "zero_point_bye":
				zero++
			case white == 4 || black == 4.0:
				t.Errorf("the absent Player 4 is paired: %v", g)
			case reason == "bye":
				byes++
			default:
				played++
			}
		}
		if played != 1 || zero != 1 || byes != 1 {
			t.Errorf("round 1: %d boards played, %d zero-point byes, %d pairing byes; want 1 of each: %v", played, zero, byes, round["games"])
		}

		log := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", at("/audit"), nil)
		count := map[string]int{}
		for _, e := range log["entries"].([]any) {
			count[e.(map[string]any)["action"].(string)]++
		}
		if count[tournament.ActionCheckinSelf] != 1 || count[tournament.ActionCheckinPresent] != 2 || count[tournament.ActionCheckinAbsent] != 1 || count[tournament.ActionCheckinSetting] != 1 {
			t.Errorf("the audit log's check-in entries: %v", count)
		}

		cards := apitest.PDFToText(t, "table-cards-1.pdf", s.MustDownload(at("/rounds/1/table-cards.pdf"), "application/pdf"))
		var boardPlayers []string
		for _, g := range round["games"].([]any) {
			if g := g.(map[string]any); g["end_reason"] == nil || g["end_reason"] == "" {
				boardPlayers = append(boardPlayers, fmt.Sprintf("Player %d", apitest.Num(g["white"])), fmt.Sprintf("Player %d", apitest.Num(g["black"])))
			}
		}
		apitest.MustContain(t, "round 1's table cards", cards, append(boardPlayers, apitest.RuT("report.table")+" 1", "КМС · RUS")...)
		for _, name := range []string{"Player 4", "Player 5"} {
			if strings.Contains(cards, name) {
				t.Errorf("round 1's table cards name %s, who has no table:\n%s", name, cards)
			}
		}
		if pages := strings.Count(strings.TrimRight(cards, "\f"), "\f") + 1; pages != 1 {
			t.Errorf("round 1's table cards: %d pages, want 1 (one board played)", pages)
		}
		next := apitest.PDFToText(t, "table-cards-2.pdf", s.MustDownload(at("/rounds/2/table-cards.pdf?lang=en"), "application/pdf"))
		apitest.MustContain(t, "round 2's cards before the pairing", next, "Player 1", "Player 4", "start no. 4", "KMS · RUS")
		if strings.Contains(next, "Player 5") {
			t.Errorf("round 2's cards name the withdrawn Player 5:\n%s", next)
		}
		s.Must(http.StatusNotFound, "", "GET", at("/rounds/3/table-cards.pdf"), nil)
	})
}

// TestAbsentInARoundRobin: a round robin keeps the absent player's board
// as a forfeit, which has no table card; the board played has one.
func TestAbsentInARoundRobin(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
			map[string]any{"name": "Чемпионат Адыгеи", "discipline": "standard", "system": "round-robin", "time_control": "60+30"})
		id := apitest.Num(ev["id"])
		at := func(suffix string) string { return fmt.Sprintf("/api/v1/events/%d%s", id, suffix) }
		var ps []int
		for i := 1; i <= 4; i++ {
			p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", at("/players"), map[string]any{"name": fmt.Sprintf("Player %d", i), "rating": 2000 - i})
			ps = append(ps, apitest.Num(p["id"]))
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", at("/checkin"), map[string]any{"on": true})
		for _, p := range ps[:3] {
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": p, "attendance": "present"})
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/checkin"), map[string]any{"player_id": ps[3], "attendance": "absent", "reason": "болен"})
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", at("/rounds"), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", at("/rounds/1/publish"), nil)
		round := s.Must(http.StatusOK, "", "GET", at("/rounds/1"), nil)
		forfeits := 0
		for _, g := range round["games"].([]any) {
			g := g.(map[string]any)
			if g["white"] == 4.0 || g["black"] == 4.0 {
				forfeits++
				if g["end_reason"] != "forfeit" {
					t.Errorf("the absent Player 4's board: %v, want a forfeit", g)
				}
			}
		}
		if forfeits != 1 {
			t.Errorf("round 1: %d boards of Player 4, want 1 forfeited: %v", forfeits, round["games"])
		}
		cards := apitest.PDFToText(t, "table-cards-rr.pdf", s.MustDownload(at("/rounds/1/table-cards.pdf"), "application/pdf"))
		if pages := strings.Count(strings.TrimRight(cards, "\f"), "\f") + 1; pages != 1 || strings.Contains(cards, "Player 4") {
			t.Errorf("round 1's table cards: %d pages, want 1 without the forfeited board:\n%s", pages, cards)
		}
	})
}
