package export

import (
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
	"adiukh/tournament/store/storetest"
)

// A knockout's games.pdn writes the moves of the match games that have a
// score sheet (a match game and a tie-break game) and the result alone of
// one without, in Adiukh and in Russian draughts; our own reader of score
// sheets reads the file back with every game's result and its moves.
func TestPDNWritesKnockoutSheets(t *testing.T) {
	t.Parallel()
	games := []struct {
		game, whiteWins, blackWins, whiteScore, gameType string
	}{
		{"adiukh", "1. c3-b4 b6-c5 2. b4-a5 a7-b6\n24:0 (resignation)", "1. c3-b4 b6-c5\n0:24 (resignation)", "24:0", "49"},
		{"russian", "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n2:0 resignation", "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n0:2 resignation", "2:0", "25"},
	}
	for name, st := range storetest.Open(t) {
		arbiter := storetest.Arbiter(t, st)
		for _, c := range games {
			t.Run(name+"/"+c.game, func(t *testing.T) {
				f := docFixtureOn(t, st, arbiter)
				e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Кубок Адыгеи"), Game: ptr(c.game), Discipline: ptr("rapid"),
					System: ptr("knockout"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-10"), Visibility: ptr("public"),
					Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz"}}}})
				f.must(err)
				f.players(e.ID, 4)
				r := f.pair(e.ID)
				_, err = f.svc.PublishRound(f.ctx, e.ID, 1)
				f.must(err)
				sheet := func(board, number int, text string) {
					_, err := f.ko.SubmitSheet(f.ctx, knockout.SheetInput{EventID: e.ID, Round: 1, Board: board, Number: number, Sheet: text})
					f.must(err)
				}
				first, second := r.Games[0].Board, r.Games[1].Board
				// Board 1: game 1 from its sheet, game 2 entered and its
				// sheet after it, the tie-break game from its sheet.
				sheet(first, 1, c.whiteWins)
				_, err = f.ko.RecordGame(f.ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: first, Number: 2, Score: c.whiteScore, EndReason: "resignation"})
				f.must(err)
				sheet(first, 2, c.whiteWins)
				sheet(first, 3, c.whiteWins)
				// Board 2: a game entered without its sheet.
				_, err = f.ko.RecordGame(f.ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: second, Number: 1, Score: c.whiteScore, EndReason: "resignation"})
				f.must(err)

				var pdn strings.Builder
				skipped, err := f.exporter().PDN(f.ctx, &pdn, e.ID)
				if err != nil || len(skipped) != 0 {
					t.Fatalf("skipped %+v, %v", skipped, err)
				}
				read := pdnGames(pdn.String())
				verdicts := e.Game.Rules().ValidateGames(pdn.String())
				if len(verdicts) != 4 || len(read) != 4 {
					t.Fatalf("%d games read back (%d verdicts), want 4:\n%s", len(read), len(verdicts), pdn.String())
				}
				want := []struct {
					round string
					moves int
				}{{"1.1", 4}, {"1.2", 4}, {"1.3", 4}, {"1.1", 0}}
				for i, w := range want {
					v, text := verdicts[i], read[i]
					if !v.Valid || v.Result == nil || v.Result.String() != c.whiteScore || string(v.Reason) != "resignation" || len(v.Moves) != w.moves {
						t.Errorf("game %d: valid %v, result %v (%s), %d moves, errors %+v; want %s (resignation), %d moves\n%s",
							i+1, v.Valid, v.Result, v.Reason, len(v.Moves), v.Errors, c.whiteScore, w.moves, text)
					}
					for tag, ok := range map[string]bool{
						`[Round "` + w.round + `"]`: true,
						`[GameType "` + c.gameType:  true,
						`[TieBreak "1"]`:            i == 2,
					} {
						if strings.Contains(text, tag) != ok {
							t.Errorf("game %d: %s written %v, want %v\n%s", i+1, tag, !ok, ok, text)
						}
					}
				}
			})
		}
	}
}
