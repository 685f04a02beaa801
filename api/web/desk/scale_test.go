package desk_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestOneHalfZeroEventShowsItsOwnScale: a Russian draughts round robin
// scored 1-½-0 takes its results as its pages write them (1:0, ½:½, +:-)
// and shows them so on the round, the desk's results, a game's page, the
// crosstable and a player's card: never the game's 2:0 or 1:1.
func TestOneHalfZeroEventShowsItsOwnScale(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Первенство района", "game": "russian", "discipline": "standard", "system": "round-robin", "rounds": 3,
			"scoring": map[string]any{"win": 1, "draw": 0.5, "loss": 0, "bye": 0, "forfeit_win": 1}})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 4 {
		s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1)})
	}
	results := map[int][2]string{1: {"½:½", "agreement"}, 2: {"+:-", ""}}
	var player int
	for n := 1; n <= 2; n++ {
		round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", events, n), nil)
		if n == 2 {
			results = map[int][2]string{1: {"1:0", "resignation"}, 2: {"0:1", "final_position"}}
		}
		for _, g := range round["games"].([]any) {
			g := g.(map[string]any)
			board := apitest.Num(g["board"])
			res, ok := results[board]
			if !ok {
				continue
			}
			player = apitest.Num(g["white"])
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", events, n, board),
				map[string]any{"score": res[0], "end_reason": res[1], "version": apitest.Num(g["version"])})
		}
	}
	gameScale := regexp.MustCompile(`\b(2:0|0:2|1:1)\b`)
	for _, page := range []struct{ path, want string }{
		{fmt.Sprintf("/events/%d?round=1", id), "½:½"},
		{fmt.Sprintf("/events/%d?round=1", id), "+:−"},
		{fmt.Sprintf("/events/%d?round=2", id), "1:0"},
		{fmt.Sprintf("/events/%d?round=2", id), "0:1"},
		{fmt.Sprintf("/events/%d/rounds/2/results", id), "1:0"},
		{fmt.Sprintf("/events/%d/rounds/2/boards/1", id), "1:0"},
		{fmt.Sprintf("/events/%d/crosstable", id), "½"},
		{fmt.Sprintf("/events/%d/players/%d", id, player), ""},
	} {
		rec := s.SignIn(arbiter).Get(page.path)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d", page.path, rec.Code)
			continue
		}
		_, main, _ := strings.Cut(apitest.PageText(rec), "<main")
		main, _, _ = strings.Cut(main, "</main>")
		if !strings.Contains(main, page.want) {
			t.Errorf("%s does not show %q:\n%s", page.path, page.want, main)
		}
		if m := gameScale.FindString(main); m != "" {
			t.Errorf("%s shows the game's %s in a 1-½-0 event: …%s…", page.path, m, main[max(0, strings.Index(main, m)-300):strings.Index(main, m)+10])
		}
	}
	// The documents print them so too: the crosstable, its legend of
	// forfeits, and a round's pairings.
	for _, doc := range []struct{ path, want string }{
		{fmt.Sprintf("%s/crosstable.pdf", events), "½"},
		{fmt.Sprintf("%s/rounds/1/pairings.pdf", events), "½:½"},
		{fmt.Sprintf("%s/rounds/2/pairings.pdf", events), "1:0"},
	} {
		rec := s.Download(arbiter, doc.path, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d", doc.path, rec.Code)
			continue
		}
		text := rec.Body.String()
		if strings.HasSuffix(doc.path, ".pdf") {
			text = apitest.PDFToText(t, "scale", rec.Body.Bytes())
		}
		if !strings.Contains(text, doc.want) {
			t.Errorf("%s does not print %q:\n%s", doc.path, doc.want, text)
		}
		if m := gameScale.FindString(text); m != "" {
			t.Errorf("%s prints the game's %s in a 1-½-0 event:\n%s", doc.path, m, text)
		}
	}
}

// TestOneHalfZeroSectionShowsItsOwnScale: a 1-½-0 correspondence section
// of Russian draughts takes the arbiter's decision as its pages write it
// (1:0) and shows it so on its game list and the game's page.
func TestOneHalfZeroSectionShowsItsOwnScale(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочное первенство", "discipline": "correspondence",
		"system": "round-robin", "time_control": "50d/10", "game": "russian", "scoring": map[string]any{"win": 1, "draw": 0.5, "loss": 0, "bye": 0, "forfeit_win": 1}}).(map[string]any)["id"])
	ev := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 2 {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %c", 'А'+rune(i))}).(map[string]any)["id"])
		email := fmt.Sprintf("p%d@example.org", i)
		s.User(email, tournament.PlayerRole)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
	}
	games := s.Must(http.StatusOK, arbiter, "POST", ev+"/start", nil).([]any)
	gid := apitest.Num(games[0].(map[string]any)["id"])
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/games/%d/decision", gid), map[string]any{"score": "1:0", "end_reason": "resignation", "reason": "сдача письмом"})
	cookie := s.Session("arbiter@example.org")
	gameScale := regexp.MustCompile(`\b(2:0|0:2|1:1)\b`)
	for _, path := range []string{fmt.Sprintf("/events/%d/games", id), fmt.Sprintf("/events/%d/correspondence", id), fmt.Sprintf("/games/%d", gid)} {
		page := s.Page(cookie, path)
		_, main, _ := strings.Cut(page, "<main")
		main, _, _ = strings.Cut(main, "</main>")
		if !strings.Contains(main, "1:0") {
			t.Errorf("%s does not show 1:0:\n%s", path, main)
		}
		if m := gameScale.FindString(main); m != "" {
			t.Errorf("%s shows the game's %s in a 1-½-0 section", path, m)
		}
	}
}

// TestOneHalfZeroTeamEventShowsItsOwnScale: a team competition of Russian
// draughts scored 1-½-0 takes a board's 1:0 at the desk's keyboard entry
// and shows its boards so on the round's page, the desk and the match
// cards.
func TestOneHalfZeroTeamEventShowsItsOwnScale(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2, 2})
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"game": "russian", "scoring": map[string]any{"win": 1, "draw": 0.5, "loss": 0, "bye": 0, "forfeit_win": 1}})
	s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
	a := s.SignIn(apitest.Arbiter)
	results := fmt.Sprintf("/events/%d/rounds/1/results", te.ID)
	for game, score := range map[int]string{1: "1:0", 2: "½:½"} {
		page := a.Get(results).Body.String()
		rec := a.Post(results, url.Values{"board": {fmt.Sprint(game)}, "score": {score}, "end_reason": {"final_position"}, "versions": {apitest.VersionsOf(page)}})
		apitest.MustStatus(t, "result "+score, rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	gameScale := regexp.MustCompile(`\b(2:0|0:2|1:1)\b`)
	for _, path := range []string{fmt.Sprintf("/events/%d?round=1", te.ID), results} {
		_, main, _ := strings.Cut(apitest.PageText(a.Get(path)), "<main")
		main, _, _ = strings.Cut(main, "</main>")
		if !strings.Contains(main, "1:0") || !strings.Contains(main, "½:½") {
			t.Errorf("%s does not show 1:0 and ½:½:\n%s", path, main)
		}
		if m := gameScale.FindString(main); m != "" {
			t.Errorf("%s shows the game's %s in a 1-½-0 event", path, m)
		}
	}
	cards := apitest.PDFToText(t, "cards", s.Download(apitest.Arbiter, te.Path("/rounds/1/matches.pdf"), nil).Body.Bytes())
	if !strings.Contains(cards, "½") || gameScale.MatchString(cards) {
		t.Errorf("the match cards do not print the board's ½ (or print the game's 2:0):\n%s", cards)
	}
}
