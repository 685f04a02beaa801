package export

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// games.pdn names each player's rank or title in the tags PDN takes from
// PGN, WhiteTitle and BlackTitle, as the rule book of the event's game
// writes it, in every game: a national rank and, where the game has them,
// an FMJD title; a player without one has no such tag, as PDN leaves out a
// tag with no value (issue 64).
func TestPDNCarriesTitles(t *testing.T) {
	t.Parallel()
	for _, k := range tournament.GameKinds {
		t.Run(string(k), func(t *testing.T) {
			t.Parallel()
			f := newDocFixture(t)
			e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Кубок"), Game: ptr(string(k)), Discipline: ptr("rapid"),
				System: ptr("round-robin"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-09")})
			f.must(err)
			rank, title := ranksOf(k)
			titleOf := map[string]string{fixturePlayers[0]: rank, fixturePlayers[1]: title, fixturePlayers[2]: ""}
			for _, name := range fixturePlayers[:3] {
				_, err := registration.NewService(f.svc).RegisterPlayer(f.ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Title: ptr(titleOf[name])})
				f.must(err)
			}
			for range 3 {
				r := f.pair(e.ID)
				_, err = f.svc.PublishRound(f.ctx, e.ID, r.Number)
				f.must(err)
				for _, g := range r.Games {
					if g.Result == nil {
						win := k.Win(rules.White, tournament.Resignation)
						_, err := f.svc.RecordResult(f.ctx, tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Version: g.Version, EndReason: string(win.EndReason), Score: win.Score()})
						f.must(err)
					}
				}
			}
			var pdn strings.Builder
			if _, err := f.exporter().PDN(f.ctx, &pdn, e.ID); err != nil {
				t.Fatal(err)
			}
			games := pdnGames(pdn.String())
			if len(games) != 3 {
				t.Fatalf("%d games, want 3:\n%s", len(games), pdn.String())
			}
			for _, g := range games {
				for _, side := range []string{"White", "Black"} {
					name := regexp.MustCompile(`\[` + side + ` "([^"]*)"\]`).FindStringSubmatch(g)
					if name == nil {
						t.Fatalf("no %s tag in:\n%s", side, g)
					}
					tag := fmt.Sprintf("[%sTitle %q]", side, titleOf[name[1]])
					if has := strings.Contains(g, side+"Title"); titleOf[name[1]] == "" && has || titleOf[name[1]] != "" && !strings.Contains(g, tag) {
						t.Errorf("%s (%q): want %s in:\n%s", name[1], titleOf[name[1]], tag, g)
					}
				}
			}
			for i, v := range k.Rules().ValidateGames(pdn.String()) {
				if !v.Valid {
					t.Errorf("game %d does not validate: %+v\n%s", i+1, v.Errors, pdn.String())
				}
			}
		})
	}
}
