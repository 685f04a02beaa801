package correspondence_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/export"
	"adiukh/tournament/knockout"
	"adiukh/tournament/playoff"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// The games of a knockout played on the site are the server's: the bracket
// names each game's page (PlayedID) and keeps the moves of one that has
// them as its sheet, which games.pdn writes and our own reader reads back
// with the game's result; a game resigned before its first move has its
// page and its result alone, and the board keeps no one game's sheet.
func TestKnockoutOnSiteGamesHaveTheirPagesAndMoves(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, _ := liveEventOf(t, st, svc, clk, 4, knockoutInput("blitz", "5+3", "3+2", true), time.Time{})
			present := func(g correspondence.View) (white, black context.Context) {
				t.Helper()
				white, black = sec.as(g.WhiteID), sec.as(g.BlackID)
				for _, ctx := range []context.Context{white, black} {
					if err := svc.Present(ctx, g.ID); err != nil {
						t.Fatal(err)
					}
				}
				clk.Set(clk.Now().Add(time.Second))
				return white, black
			}
			twoMoves := func(g correspondence.View) (white, black context.Context) {
				t.Helper()
				white, black = present(g)
				if _, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.Move(black, correspondence.MoveInput{GameID: g.ID, Move: "f6-e5", Ply: 1}); err != nil {
					t.Fatal(err)
				}
				return white, black
			}
			// Board 1: game 1 resigned by Black after two moves, game 2
			// drawn by agreement after two moves.
			first := runningGame(t, svc, sec, 1, 1, 1)
			_, black := twoMoves(first)
			if _, err := svc.Resign(black, first.ID); err != nil {
				t.Fatal(err)
			}
			second := runningGame(t, svc, sec, 1, 1, 2)
			white, black := twoMoves(second)
			if _, err := svc.OfferDraw(white, second.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.AcceptDraw(black, second.ID); err != nil {
				t.Fatal(err)
			}
			// Board 2: game 1 resigned by Black before a move.
			resigned := runningGame(t, svc, sec, 1, 2, 1)
			_, black = present(resigned)
			if _, err := svc.Resign(black, resigned.ID); err != nil {
				t.Fatal(err)
			}
			if b := matchBoard(t, sec, 1, 1); b.Sheet != "" {
				t.Errorf("board 1 keeps the sheet %q: a match's board is no one game's", b.Sheet)
			}

			b, err := knockout.NewService(st.Knockout(), clk.Now).Bracket(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			want := map[[2]int]struct {
				id    int64
				moves bool
			}{{1, 1}: {first.ID, true}, {1, 2}: {second.ID, true}, {2, 1}: {resigned.ID, false}}
			seen := 0
			for _, m := range b.Rounds[0].Matches {
				for _, g := range m.Games {
					w, ok := want[[2]int{m.Board, g.Number}]
					if !ok {
						t.Errorf("board %d has a game %d: %+v", m.Board, g.Number, g)
						continue
					}
					seen++
					if g.PlayedID != w.id || (g.Sheet != nil) != w.moves {
						t.Errorf("board %d game %d: played as %d, sheet %+v; want game %d, moves %v", m.Board, g.Number, g.PlayedID, g.Sheet, w.id, w.moves)
					}
				}
			}
			if seen != len(want) {
				t.Errorf("%d games on the bracket, want %d", seen, len(want))
			}

			var pdn strings.Builder
			x := export.New(sec.events, teams.NewService(st.Teams(), sec.events, engines.TeamOptions()), schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), sec.events, nil, nil))
			skipped, err := x.PDN(sec.ctx, &pdn, sec.eventID)
			if err != nil || len(skipped) != 0 {
				t.Fatalf("the event's PDN: skipped %+v, %v", skipped, err)
			}
			verdicts := b.Event.Game.Rules().ValidateGames(pdn.String())
			// The bracket's games in the file's order, their results as the
			// game's scores write them.
			var wantPDN []struct {
				score, reason string
				moves         int
			}
			for _, m := range b.Rounds[0].Matches {
				for _, g := range m.Games {
					moves := 0
					if g.Sheet != nil {
						moves = 2
					}
					wantPDN = append(wantPDN, struct {
						score, reason string
						moves         int
					}{g.Result.Score(), string(g.Result.EndReason), moves})
				}
			}
			if len(verdicts) != len(wantPDN) {
				t.Fatalf("%d games read back from games.pdn, want %d:\n%s", len(verdicts), len(wantPDN), pdn.String())
			}
			for i, w := range wantPDN {
				v := verdicts[i]
				if !v.Valid || v.Result == nil || v.Result.String() != w.score || string(v.Reason) != w.reason || len(v.Moves) != w.moves {
					t.Errorf("game %d of games.pdn: valid %v, result %v (%s), %d moves, errors %+v; want %s (%s), %d moves\n%s",
						i+1, v.Valid, v.Result, v.Reason, len(v.Moves), v.Errors, w.score, w.reason, w.moves, pdn.String())
				}
			}
		})
	}
}

// A correspondence knockout's game keeps its moves as the game goes in the
// server's game alone (the board's sheet is no one game's of its match),
// and as its sheet in the match once it ends.
func TestCorrespondenceKnockoutGameKeepsItsMoves(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, _ := liveEventOf(t, st, svc, clk, 4, knockoutInput("correspondence", "5d", "2d", false), time.Time{})
			g := runningGame(t, svc, sec, 1, 1, 1)
			white, black := sec.as(g.WhiteID), sec.as(g.BlackID)
			if _, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Move(black, correspondence.MoveInput{GameID: g.ID, Move: "f6-e5", Ply: 1}); err != nil {
				t.Fatal(err)
			}
			if b := matchBoard(t, sec, 1, 1); b.Sheet != "" {
				t.Errorf("board 1 keeps the sheet %q of its match's running game", b.Sheet)
			}
			if _, err := svc.Resign(black, g.ID); err != nil {
				t.Fatal(err)
			}
			b, err := knockout.NewService(st.Knockout(), clk.Now).Bracket(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			m := b.Rounds[0].Matches[0]
			if len(m.Games) != 1 || m.Games[0].PlayedID != g.ID || m.Games[0].Sheet == nil || !strings.Contains(m.Games[0].Sheet.Text, "c3-d4 f6-e5") {
				t.Fatalf("board 1's games on the bracket: %+v; want game 1 played as %d with its two moves", m.Games, g.ID)
			}
		})
	}
}
