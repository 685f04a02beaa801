package events_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// cardScore and cardTotal read a player card's score in its header and the
// points of its total row.
var (
	cardScore = regexp.MustCompile(`<dt>Очки</dt><dd>([^<]*)</dd>`)
	cardTotal = regexp.MustCompile(`<tfoot><tr><td colspan="4">[^<]*</td><td class="num strong">([^<]*)</td>`)
)

// While a round waits for a result, the player card adds up only the games
// the standings count, so that its total agrees with its header, and lists
// the unfinished round's games apart.
func TestPlayerCardUnfinishedRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 7 {
		s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	// play enters 17:7 on every board of a round but the last with an opponent,
	// and returns the round's games.
	play := func(n int, leaveOne bool) []map[string]any {
		round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", events, n), nil)
		var games []map[string]any
		for _, g := range round["games"].([]any) {
			if g := g.(map[string]any); apitest.Num(g["black"]) != 0 {
				games = append(games, g)
			}
		}
		if leaveOne {
			games = games[:len(games)-1]
		}
		for _, g := range games {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", events, n, apitest.Num(g["board"])),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
		}
		return games
	}
	played := map[int]bool{}
	for _, g := range play(1, false) {
		played[apitest.Num(g["white"])], played[apitest.Num(g["black"])] = true, true
	}
	player := 0
	for _, g := range play(2, true) {
		if played[apitest.Num(g["white"])] {
			player = apitest.Num(g["white"])
		}
	}
	if player == 0 {
		t.Fatal("no player with a result in both rounds")
	}

	card := s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, player)).Body.String()
	score, total := cardScore.FindStringSubmatch(card), cardTotal.FindStringSubmatch(card)
	if score == nil || total == nil {
		t.Fatalf("the card has no score or no total row:\n%s", card)
	}
	if score[1] != total[1] {
		t.Errorf("the card's header gives %s points, its total row %s", score[1], total[1])
	}
	for _, want := range []string{apitest.RuT("standings.after", "N", 1), apitest.RuT("player.pending", "N", 2)} {
		if !strings.Contains(card, want) {
			t.Errorf("the card does not show %q", want)
		}
	}
	if strings.Contains(card, apitest.RuT("teamweb.official_row")) || strings.Contains(card, apitest.RuT("teamweb.official_why")) {
		t.Error("a card of played games only explains a difference by unplayed ones")
	}
}

// While a round waits for a result, every card says after which round its
// values are — also the card of a player without a game in that round (here
// one withdrawn from it), whose values lag behind the round all the same.
func TestPlayerCardWithoutAGameInTheUnfinishedRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	var players []int
	for i := range 5 {
		p := s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
		players = append(players, apitest.Num(p["id"]))
	}
	round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
	for _, g := range round["games"].([]any) {
		if g := g.(map[string]any); apitest.Num(g["black"]) != 0 {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, apitest.Num(g["board"])),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
		}
	}
	withdrawn := players[4]
	s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("%s/players/%d", events, withdrawn), map[string]any{"withdraw_from_round": 2, "reason": "болезнь"})
	s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/2/publish", nil)

	for lang, want := range map[string]string{"ru": apitest.RuT("standings.after", "N", 1), "en": "Standings after round 1"} {
		card := s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d?lang=%s", id, withdrawn, lang)).Body.String()
		if !strings.Contains(card, want) {
			t.Errorf("%s: the card of a player without a game in the unfinished round 2 does not say %q", lang, want)
		}
	}
	// Once round 2 is complete the card is current and says nothing.
	rounds := s.Must(http.StatusOK, arbiter, "GET", events+"/rounds/2", nil)
	for _, g := range rounds["games"].([]any) {
		if g := g.(map[string]any); apitest.Num(g["black"]) != 0 {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/2/games/%d/result", events, apitest.Num(g["board"])),
				map[string]any{"score": "12:12", "end_reason": "agreement", "version": apitest.Num(g["version"])})
		}
	}
	if card := s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, withdrawn)).Body.String(); strings.Contains(card, apitest.Lead(apitest.RuT("standings.after", "N", "\x00"))) {
		t.Errorf("the card still says after which round its values are once every round is complete")
	}
}
