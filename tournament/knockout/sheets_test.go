package knockout_test

import (
	"context"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// sheetGame is a game's sheets and scores as a knockout's tests enter them:
// a game White wins on the board, one Black wins by resignation, and the
// scores of a win by resignation for either side.
type sheetGame struct {
	name                   string
	whiteWins              string
	blackWins              string
	whiteScore, blackScore string
	illegal                string
}

var sheetGames = []sheetGame{
	{name: "adiukh",
		whiteWins: "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2 6. a1:c3 d8-c7 7. g3-f4 e5:g3 " +
			"8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4 11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.\nScore 17:7",
		blackWins: "1. c3-b4 b6-c5\n0:24 (resignation)", whiteScore: "24:0", blackScore: "0:24",
		illegal: "1. c3-b4 b6-c5 2. h2-g1 a7-b6"},
	{name: "russian",
		whiteWins: "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n2:0 resignation",
		blackWins: "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n0:2 resignation", whiteScore: "2:0", blackScore: "0:2",
		illegal: "1. c3-d4 f6-g5 2. g3-h4 g7-f6 3. h2-g1"},
}

// A 4-player knockout in each game: the score sheets of a match's games
// and of a tie-break game are replayed by the event's game; a sheet of the
// next game records its result through the match's checks, one of a game
// entered must show its result; the bracket marks the games with sheets.
func TestKnockoutSheets(t *testing.T) {
	for _, sg := range sheetGames {
		t.Run(sg.name, func(t *testing.T) {
			forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
				e := knockoutEvent(t, ctx, events, sg.name, 4, false)
				r := pairAndPublish(t, ctx, events, e.ID)
				board := r.Games[0].Board
				in := func(number int, sheet, reason string) knockout.SheetInput {
					return knockout.SheetInput{EventID: e.ID, Round: 1, Board: board, Number: number, Sheet: sheet, Reason: reason}
				}
				// Game 1 from its sheet alone: White (the board's) wins.
				m, err := svc.SubmitSheet(ctx, in(1, sg.whiteWins, ""))
				if err != nil {
					t.Fatal(err)
				}
				if len(m.Games) != 1 || m.Games[0].Result.Outcome() != tournament.WhiteWins || m.Score != [2]float64{1, 0} {
					t.Fatalf("game 1 from its sheet: %+v, score %v", m.Games, m.Score)
				}
				// Game 2 entered as a win for its White (the board's
				// Black): a sheet of Black's win is refused with both
				// results named, the right one kept.
				if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: board, Number: 2, Score: sg.whiteScore, EndReason: "resignation"}); err != nil {
					t.Fatal(err)
				}
				_, err = svc.SubmitSheet(ctx, in(2, sg.blackWins, ""))
				if code(err) != tournament.EINVALID || !strings.Contains(err.Error(), sg.blackScore) || !strings.Contains(err.Error(), sg.whiteScore) {
					t.Errorf("a sheet against the game's result: %v", err)
				}
				if _, err := svc.SubmitSheet(ctx, in(2, strings.Replace(sg.blackWins, sg.blackScore, sg.whiteScore, 1), "")); err != nil {
					t.Fatal(err)
				}
				// The match is level: game 3 is the first rapid game, its
				// result from its sheet.
				if m, err = svc.SubmitSheet(ctx, in(3, sg.whiteWins, "")); err != nil {
					t.Fatal(err)
				}
				if len(m.Games) != 3 || m.Games[2].Stage != 1 || m.Games[2].Tempo != "rapid" || m.Next == nil || m.Next.Number != 4 {
					t.Fatalf("after the tie-break game's sheet: %+v, next %+v", m.Games, m.Next)
				}
				// Bad input, each said: a game not played yet, no game 0,
				// an illegal move with its move number, a second sheet
				// without a reason, a game played on no sheet at all.
				for _, c := range []struct {
					in         knockout.SheetInput
					code, says string
				}{
					{in(5, sg.whiteWins, ""), tournament.ECONFLICT, "not played yet"},
					{in(0, sg.whiteWins, ""), tournament.EINVALID, "numbered from 1"},
					{in(4, sg.illegal, ""), tournament.EINVALID, "move"},
					{in(1, sg.blackWins, ""), tournament.EINVALID, "keep the result with a reason"},
					{in(1, sg.whiteWins+"\r\n", ""), "", ""},
					{in(4, "", ""), tournament.EINVALID, "paste or upload"},
				} {
					_, err := svc.SubmitSheet(ctx, c.in)
					if c.code == "" {
						if err != nil {
							t.Errorf("the same sheet again: %v", err)
						}
						continue
					}
					if code(err) != c.code || !strings.Contains(err.Error(), c.says) {
						t.Errorf("game %d, sheet %q: %v; want %s saying %q", c.in.Number, c.in.Sheet, err, c.code, c.says)
					}
				}
				if sg.name == "adiukh" {
					// Adiukh's illegal move is on move 2.
					_, err := svc.SubmitSheet(ctx, in(4, sg.illegal, ""))
					if err == nil || !strings.Contains(err.Error(), "move 2") || !strings.Contains(err.Error(), "h2-g1") {
						t.Errorf("an illegal move: %v", err)
					}
				}
				// A match decided has no further game to take a sheet.
				other := r.Games[1].Board
				for number, score := range []string{sg.whiteScore, sg.blackScore} {
					if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: other, Number: number + 1, Score: score, EndReason: "resignation"}); err != nil {
						t.Fatal(err)
					}
				}
				_, err = svc.SubmitSheet(ctx, knockout.SheetInput{EventID: e.ID, Round: 1, Board: other, Number: 3, Sheet: sg.whiteWins})
				if code(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "decided") {
					t.Errorf("a sheet of a game after the match is decided: %v", err)
				}
				// A sheet replaced needs a reason.
				if _, err := svc.SubmitSheet(ctx, in(2, strings.Replace(sg.blackWins, sg.blackScore, sg.whiteScore, 1)+"\n{переписан}", "")); code(err) != tournament.EINVALID {
					t.Errorf("a sheet replaced without a reason: %v", err)
				}
				// With a reason the game's result stands against its
				// sheet, which is kept with the reason.
				if _, err := svc.SubmitSheet(ctx, in(1, sg.blackWins, "чёрные сдались, записав не тот счёт")); err != nil {
					t.Fatal(err)
				}
				b, err := svc.Bracket(ctx, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				var sheets []int
				for _, g := range b.Rounds[0].Matches[0].Games {
					if g.Sheet != nil {
						sheets = append(sheets, g.Number)
						if !g.Sheet.Report.Valid {
							t.Errorf("game %d's sheet report: %+v", g.Number, g.Sheet.Report)
						}
					}
				}
				if len(sheets) != 3 {
					t.Errorf("games with sheets %v; want 1, 2, 3", sheets)
				}
				if g := b.Rounds[0].Matches[0].Games[0]; g.Result.Outcome() != tournament.WhiteWins || g.Sheet.OverrideReason == "" || g.Sheet.Text != sg.blackWins {
					t.Errorf("game 1 kept against its sheet: %+v, sheet %+v", g.Result, g.Sheet)
				}
				got, err := svc.Game(ctx, e.ID, 1, board, 3)
				if err != nil || got.Game.Sheet == nil || got.Game.Stage != 1 {
					t.Fatalf("game 3: %+v, %v", got, err)
				}
				if _, err := svc.Game(ctx, e.ID, 1, board, 4); code(err) != tournament.ENOTFOUND {
					t.Errorf("a game not played: %v", err)
				}
			})
		})
	}
}

// Nothing changes once the event is final: a sheet waits for the event
// to be reopened.
func TestKnockoutSheetAfterFinal(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
		sg := sheetGames[1]
		e := knockoutEvent(t, ctx, events, sg.name, 4, false)
		b := runKnockout(t, ctx, events, svc, e)
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		_, err := svc.SubmitSheet(ctx, knockout.SheetInput{EventID: e.ID, Round: 1, Board: b.Rounds[0].Matches[0].Board, Number: 1, Sheet: sg.whiteWins, Reason: "бланк нашёлся"})
		if code(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "reopen") {
			t.Errorf("a sheet after the event is final: %v", err)
		}
	})
}
