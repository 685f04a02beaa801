package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// ranksOf are a national rank and, where the game has them, an FMJD title
// of the game: those two players of the tests hold.
func ranksOf(k tournament.GameKind) (rank, title string) {
	titles := k.Variant().Titles
	rank, title = titles[0].Notation, titles[len(titles)-1].Notation
	if t, ok := titles.Parse("КМС"); ok {
		rank = t.Notation
	}
	for _, t := range titles {
		if t.FMJD {
			return rank, t.Notation
		}
	}
	return rank, title
}

// The pages show a player's rank or title in a column of its own after
// the name, headed from the catalogue, as Russian crosstables print it —
// the standings, the crosstable, the round's pairings and a team round's
// board tables — and after the name on the game's page, in every game and
// both languages, an English page in the Latin form (KMS); an event where
// no one holds a rank has no such column (issue 64).
func TestRanksInAColumnOnPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	anonymous := s.Anonymous()
	for _, k := range tournament.GameKinds {
		rank, title := ranksOf(k)
		ranked := map[string]string{"Хуаде Аскер": rank, "Тлехас Мурат": title, "Шеуджен Заур": "", "Нехай Руслан": ""}
		win := k.Win(rules.White, tournament.Resignation)
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок " + string(k), "game": string(k),
			"discipline": "rapid", "system": "round-robin", "visibility": "public"})["id"])
		for _, name := range []string{"Хуаде Аскер", "Тлехас Мурат", "Шеуджен Заур", "Нехай Руслан"} {
			s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name, "title": ranked[name]})
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
			map[string]any{"score": win.Score(), "end_reason": string(win.EndReason), "version": 1})

		teamEvent := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок " + string(k), "game": string(k),
			"discipline": "rapid-team", "system": "round-robin", "visibility": "public"})["id"])
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/team-settings", teamEvent), map[string]any{"boards": 2})
		for i, names := range [][]string{{"Хуаде Аскер", "Шеуджен Заур"}, {"Тлехас Мурат", "Нехай Руслан"}} {
			var players []map[string]any
			for _, n := range names {
				players = append(players, map[string]any{"name": n, "title": ranked[n]})
			}
			s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", teamEvent), map[string]any{"name": fmt.Sprintf("Команда %d", i+1), "players": players})
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", teamEvent), nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", teamEvent), nil)

		for _, lang := range catalog.Langs {
			latin := lang == catalog.English
			shown := func(notation string) string {
				if latin {
					return rules.LatinNotation(notation)
				}
				return notation
			}
			heading := `<th class="rank">` + catalog.For(lang).T("col.title") + "</th>"
			page := func(path string) string {
				t.Helper()
				rec := anonymous.Get(path + "?lang=" + string(lang))
				body := apitest.PageText(rec)
				apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
				if latin && rank != rules.LatinNotation(rank) && strings.Contains(body, ">"+rank+"<") {
					t.Errorf("%s %s: the English page shows the rank %q, not its Latin form", k, path, rank)
				}
				return body
			}
			for _, path := range []string{"/events/%d/standings", "/events/%d/crosstable", "/events/%d"} {
				path = fmt.Sprintf(path, id)
				body := page(path)
				if !strings.Contains(body, heading) {
					t.Errorf("%s %s (%s): no rank column %q", k, path, lang, heading)
				}
				for _, r := range []string{rank, title} {
					if cell := `<td class="rank">` + shown(r) + "</td>"; !strings.Contains(body, cell) {
						t.Errorf("%s %s (%s): no %q", k, path, lang, cell)
					}
				}
				if n := strings.Count(body, `<td class="rank"></td>`); n != 2 {
					t.Errorf("%s %s (%s): %d empty rank cells, want the 2 of the players without a rank", k, path, lang, n)
				}
			}
			var onBoards []string
			for board := 1; board <= 2; board++ {
				body := page(fmt.Sprintf("/events/%d/rounds/1/boards/%d", id, board))
				for _, r := range []string{rank, title} {
					if strings.Contains(body, `<span class="sport-title">`+shown(r)+"</span>") {
						onBoards = append(onBoards, r)
					}
				}
			}
			if len(onBoards) != 2 {
				t.Errorf("%s (%s): the games' pages show the ranks %q, want %q and %q once each", k, lang, onBoards, rank, title)
			}
			body := page(fmt.Sprintf("/events/%d", teamEvent))
			for _, r := range []string{rank, title} {
				if cell := `<td class="rank">` + shown(r) + "</td>"; !strings.Contains(body, cell) {
					t.Errorf("%s team round (%s): the board table lacks %q", k, lang, cell)
				}
			}
		}
	}

	// No one ranked, no rank column.
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Без разрядов", "discipline": "rapid", "system": "round-robin", "visibility": "public"})["id"])
	for _, name := range []string{"Хуаде Аскер", "Тлехас Мурат"} {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	for _, path := range []string{"/events/%d/standings", "/events/%d/crosstable", "/events/%d"} {
		path = fmt.Sprintf(path, id)
		if body := apitest.PageText(anonymous.Get(path)); strings.Contains(body, `class="rank"`) {
			t.Errorf("%s: a rank column in an event where no one holds a rank", path)
		}
	}
}
