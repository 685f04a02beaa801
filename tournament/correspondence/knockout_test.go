package correspondence_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	"adiukh/tournament/store/storetest"
)

// knockoutInput is a knockout of two-game matches and one tie-break game
// at tieBreak, of the discipline at control.
func knockoutInput(discipline, control, tieBreak string, online bool) tournament.EventInput {
	return tournament.EventInput{Name: ptr("Кубок"), Discipline: &discipline, System: ptr("knockout"), TimeControl: &control, Online: &online,
		Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz", TimeControl: tieBreak}}}}
}

// runningGame is the running game of board's match of round, which must
// be its game number.
func runningGame(t *testing.T, svc *correspondence.Service, sec *section, round, board, number int) correspondence.View {
	t.Helper()
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	var found []correspondence.View
	for _, g := range games {
		if g.Round == round && g.Board == board && g.Status == correspondence.Running {
			found = append(found, g)
		}
	}
	if len(found) != 1 || found[0].MatchGame != number || found[0].Match == nil || found[0].Match.Number != number {
		t.Fatalf("round %d board %d: running games %+v, want game %d of the match alone", round, board, found, number)
	}
	return found[0]
}

// matchBoard is board n of round r as the event keeps it.
func matchBoard(t *testing.T, sec *section, r, n int) tournament.Game {
	t.Helper()
	round, err := sec.events.Round(sec.ctx, sec.eventID, r)
	if err != nil {
		t.Fatal(err)
	}
	return *tournament.FindGame(round, n)
}

// A live knockout of four players and two-game matches played on the site:
// each match's games start one after the other, colours exchanged; a match
// won in its games gives its board's result; a level match goes on to its
// tie-break game on the tie-break stage's clock, which decides it; the
// bracket then pairs the final of the two winners, whose first game starts
// when it is published.
func TestLiveKnockoutOnSite(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEventOf(t, st, svc, clk, 4, knockoutInput("blitz", "5+3", "3+2", true), time.Time{})
			if len(games) != 2 {
				t.Fatalf("round 1's games: %+v, want the first game of each of 2 matches", games)
			}
			for _, g := range games {
				if !g.Live || g.MatchGame != 1 || g.Bank[rules.White] != 5*time.Minute {
					t.Fatalf("round 1's game %+v: want the live first game of its match on 5+3", g)
				}
			}
			play := func(g correspondence.View, end func(white, black context.Context, id int64) error) {
				t.Helper()
				white, black := sec.as(g.WhiteID), sec.as(g.BlackID)
				for _, ctx := range []context.Context{white, black} {
					if err := svc.Present(ctx, g.ID); err != nil {
						t.Fatal(err)
					}
				}
				clk.Set(clk.Now().Add(time.Second))
				if _, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.Move(black, correspondence.MoveInput{GameID: g.ID, Move: "f6-e5", Ply: 1}); err != nil {
					t.Fatal(err)
				}
				if err := end(white, black, g.ID); err != nil {
					t.Fatal(err)
				}
			}
			blackResigns := func(_, black context.Context, id int64) error { _, err := svc.Resign(black, id); return err }
			drawn := func(white, black context.Context, id int64) error {
				if _, err := svc.OfferDraw(white, id); err != nil {
					return err
				}
				_, err := svc.AcceptDraw(black, id)
				return err
			}

			// Board 1: game 1 won by its White, game 2 drawn: 1.5:0.5.
			b1 := matchBoard(t, sec, 1, 1)
			g := runningGame(t, svc, sec, 1, 1, 1)
			play(g, blackResigns)
			first := g
			g = runningGame(t, svc, sec, 1, 1, 2)
			page, err := svc.GamePage(sec.as(first.WhiteID), first.ID)
			if err != nil {
				t.Fatal(err)
			}
			if page.NextGame != g.ID || page.Match == nil || page.Match.Points != [2]float64{1, 0} {
				t.Errorf("game 1's page once over: next game %d, standing %+v; want game 2 (%d) and 1:0", page.NextGame, page.Match, g.ID)
			}
			if g.WhiteID != b1.BlackID || g.Match.Points != [2]float64{0, 1} || g.Match.Of != 2 || g.Match.InStage != 2 {
				t.Fatalf("game 2 of board 1: %+v (standing %+v), want the board's Black with White, 0:1 for them", g.Game, g.Match)
			}
			play(g, drawn)
			if b := matchBoard(t, sec, 1, 1); b.Result == nil || b.Result.Outcome() != tournament.WhiteWins {
				t.Fatalf("board 1 after 1.5:0.5: %+v, want the board's White through", b.Result)
			}

			// Board 2: two draws, then the tie-break game on 3+2.
			b2 := matchBoard(t, sec, 1, 2)
			play(runningGame(t, svc, sec, 1, 2, 1), drawn)
			play(runningGame(t, svc, sec, 1, 2, 2), drawn)
			if b := matchBoard(t, sec, 1, 2); b.Result != nil {
				t.Fatalf("board 2 level at 1:1 has the result %+v", b.Result)
			}
			g = runningGame(t, svc, sec, 1, 2, 3)
			if g.WhiteID != b2.WhiteID || g.Bank[rules.White] != 3*time.Minute || g.Match.Stage != 1 || g.Match.Tempo != "blitz" || g.Match.Of != 1 {
				t.Fatalf("the tie-break game of board 2: %+v (standing %+v), want the board's White with White on 3+2", g.Game, g.Match)
			}
			// The game's clock is the stage's: the increment is 2 s.
			white := sec.as(g.WhiteID)
			for _, ctx := range []context.Context{white, sec.as(g.BlackID)} {
				if err := svc.Present(ctx, g.ID); err != nil {
					t.Fatal(err)
				}
			}
			clk.Set(clk.Now().Add(10 * time.Second))
			v, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
			if err != nil {
				t.Fatal(err)
			}
			if want := 3*time.Minute - 10*time.Second + 2*time.Second; v.Bank[rules.White] != want {
				t.Errorf("the tie-break game's clock after a move in 10 s: %v, want %v", v.Bank[rules.White], want)
			}
			if _, err := svc.Resign(white, g.ID); err != nil {
				t.Fatal(err)
			}
			if b := matchBoard(t, sec, 1, 2); b.Result == nil || b.Result.Outcome() != tournament.BlackWins {
				t.Fatalf("board 2 after its tie-break game: %+v, want the board's Black through", b.Result)
			}
			if _, err := svc.Games(sec.ctx, sec.eventID); err != nil {
				t.Fatal(err)
			}

			// The final: the two winners.
			if _, err := sec.events.PairNextRound(sec.ctx, sec.eventID); err != nil {
				t.Fatal(err)
			}
			if _, err := sec.events.PublishRound(sec.ctx, sec.eventID, 2); err != nil {
				t.Fatal(err)
			}
			final := matchBoard(t, sec, 2, 1)
			if got, want := []int64{final.WhiteID, final.BlackID}, []int64{b1.WhiteID, b2.BlackID}; !sameSet(got, want) {
				t.Fatalf("the final's players: %v, want the winners %v", got, want)
			}
			if g := runningGame(t, svc, sec, 2, 1, 1); g.WhiteID != final.WhiteID {
				t.Fatalf("the final's first game: %+v, want the board's White with White", g.Game)
			}
			bracket, err := knockout.NewService(st.Knockout(), clk.Now).Bracket(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			if m := bracket.Rounds[0].Matches[1]; len(m.Games) != 3 || m.WinnerID != b2.BlackID || m.Stages[0] != [2]float64{0, 1} {
				t.Errorf("board 2 on the bracket: %+v, want its three games and the board's Black through", m)
			}
			if !bracket.PlayedOnSite {
				t.Error("the bracket of a knockout played live does not say so: its page would offer to enter the games the site plays")
			}
		})
	}
}

func sameSet(a, b []int64) bool {
	return len(a) == 2 && len(b) == 2 && (a[0] == b[0] && a[1] == b[1] || a[0] == b[1] && a[1] == b[0])
}

// A correspondence knockout is paired round by round: publishing its first
// round starts each match's first game on the event's days per move, the
// player to move told.
func TestCorrespondenceKnockoutStarts(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEventOf(t, st, svc, clk, 4, knockoutInput("correspondence", "5d", "2d", false), time.Time{})
			if len(games) != 2 {
				t.Fatalf("round 1's games: %+v, want the first game of each of 2 matches", games)
			}
			for _, g := range games {
				if g.Live || g.MatchGame != 1 || g.Bank[rules.White] != 5*correspondence.Day || g.Status != correspondence.Running {
					t.Fatalf("round 1's game %+v: want the first game of its match on 5 days a move", g)
				}
				if g.Match == nil || g.Match.Of != 2 || g.Match.InStage != 1 {
					t.Errorf("game %d's match: %+v, want game 1 of 2", g.ID, g.Match)
				}
				inbox, err := svc.Inbox(sec.as(g.WhiteID), 10)
				if err != nil {
					t.Fatal(err)
				}
				if len(inbox) == 0 || inbox[0].Kind != correspondence.YourMove {
					t.Errorf("the first mover of game %d was told %+v, want their move", g.ID, inbox)
				}
			}
			if _, err := svc.Start(sec.ctx, sec.eventID); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "round by round") {
				t.Errorf("a correspondence knockout started all at once: %v, want refused", err)
			}
			if _, err := sec.events.PairNextRound(sec.ctx, sec.eventID); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("round 2 paired before round 1's matches are decided: %v, want ECONFLICT", err)
			}
		})
	}
}

// A knockout played on the site needs its tie-break stages' clocks, in the
// unit of its play.
func TestKnockoutOnSiteClocks(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bg := context.Background()
			arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
			if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
				t.Fatal(err)
			}
			events, ctx := tournament.NewService(st, engines.Options()), tournament.NewContextWithUser(bg, arbiter)
			for _, tc := range []struct {
				in   tournament.EventInput
				want string
			}{
				{knockoutInput("blitz", "5+3", "", true), "has no time control"},
				{knockoutInput("blitz", "5+3", "2d", true), "in minutes"},
				{knockoutInput("correspondence", "5d", "15+5", false), "days per move"},
			} {
				_, err := events.CreateEvent(ctx, tc.in)
				if tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s knockout with tie-break clock %q: %v, want refused (%s)", *tc.in.Discipline, tc.in.Knockout.TieBreaks[0].TimeControl, err, tc.want)
				}
			}
		})
	}
}
