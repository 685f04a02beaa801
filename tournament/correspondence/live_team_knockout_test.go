package correspondence_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// liveCup is a team knockout of rapid played live on the site, its
// services and the players' accounts.
type liveCup struct {
	*section
	svc          *correspondence.Service
	clk          *clock
	competitions *teams.Service
	entered      []teams.Team
	// teamOf is each player's team's start number.
	teamOf map[int64]int
}

// newLiveCup makes a live team knockout of rapid ("15+5") of four teams
// of two players on two boards, team k rated below team k-1: a tie of one
// leg, then a tie-break leg of blitz at "3+2".
func newLiveCup(t *testing.T, st *store.Store) *liveCup {
	t.Helper()
	bg := context.Background()
	clk := &clock{now: t0}
	svc := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now, BoardClocks: teams.LegClocks})
	arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
		t.Fatal(err)
	}
	opt := engines.Options()
	opt.Now, opt.LiveRound = clk.Now, svc.StartLiveRound
	sec := &section{ctx: tournament.NewContextWithUser(bg, arbiter), st: st, events: tournament.NewService(st, opt), users: map[int64]*tournament.User{}}
	topt := engines.TeamOptions()
	topt.Now = clk.Now
	c := &liveCup{section: sec, svc: svc, clk: clk, competitions: teams.NewService(st.Teams(), sec.events, topt), teamOf: map[int64]int{}}
	k := tournament.KnockoutSettings{MatchGames: 1, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz", TimeControl: "3+2"}}}
	e, err := sec.events.CreateEvent(sec.ctx, tournament.EventInput{Name: ptr("Кубок онлайн"), Discipline: ptr("rapid-team"), System: ptr("knockout"),
		TimeControl: ptr("15+5"), Online: ptr(true), Knockout: &k})
	if err != nil {
		t.Fatalf("a team knockout played live: %v", err)
	}
	sec.eventID = e.ID
	if _, err := c.competitions.UpdateTeamSettings(sec.ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 4; i++ {
		players := []tournament.PlayerInput{
			{Name: ptr(fmt.Sprintf("Первый %d", i)), Rating: ptr(2400 - 10*i)},
			{Name: ptr(fmt.Sprintf("Второй %d", i)), Rating: ptr(2300 - 10*i)},
		}
		if _, err := c.competitions.RegisterTeam(sec.ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Клуб %d", i)), Players: players}); err != nil {
			t.Fatal(err)
		}
	}
	if c.entered, err = c.competitions.Teams(sec.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	for _, team := range c.entered {
		for _, p := range team.Roster {
			sec.linkPlayer(t, st, p.ID)
			c.teamOf[p.ID] = team.StartNo
		}
	}
	return c
}

// startRound pairs and publishes the next round, its games starting at
// once, and returns the round and its live games.
func (c *liveCup) startRound(t *testing.T) (*teams.TeamRound, []correspondence.View) {
	t.Helper()
	tr, err := c.competitions.PairNextTeamRound(c.ctx, c.eventID)
	if err != nil {
		t.Fatalf("pairing the next round: %v", err)
	}
	if _, err := c.events.PublishRound(c.ctx, c.eventID, tr.Number); err != nil {
		t.Fatal(err)
	}
	all, err := c.svc.Games(c.ctx, c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	var games []correspondence.View
	for _, g := range all {
		if g.Round == tr.Number {
			games = append(games, g)
		}
	}
	return tr, games
}

// play ends each live game g of a round by a resignation: of the player
// of team loser(g) (a start number), who shows up first.
func (c *liveCup) play(t *testing.T, games []correspondence.View, loser func(g correspondence.View) int) {
	t.Helper()
	for _, g := range games {
		resigns := g.WhiteID
		if loser(g) == c.teamOf[g.BlackID] {
			resigns = g.BlackID
		}
		if err := c.svc.Present(c.as(resigns), g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := c.svc.Resign(c.as(resigns), g.ID); err != nil {
			t.Fatalf("round %d board %d: a resignation: %v", g.Round, g.Board, err)
		}
	}
}

// lowerSeed has the team of the higher start number lose every game.
func (c *liveCup) lowerSeed(g correspondence.View) int {
	return max(c.teamOf[g.WhiteID], c.teamOf[g.BlackID])
}

// A team knockout of rapid played live on the site, on both databases:
// each leg a team round whose boards are live games on the event's
// clock, their results making the matches; a semi-final level after its
// leg (a board each) goes to a tie-break leg played live on its stage's
// clock, "3+2" (the bank and the increment), not the event's; the bracket
// decided from the games, the final is paired and played, and the cup won.
func TestLiveTeamKnockout(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := newLiveCup(t, st)

			// The semi-finals: 1–4 and 3–2 (the lower seed at home in the
			// second tie). Team 1 wins its tie; 2 and 3 win a board each.
			semis, games := c.startRound(t)
			if got := homes(semis); got != "1-4 3-2" {
				t.Errorf("the semi-finals: %s, want 1-4 3-2", got)
			}
			if len(games) != 4 {
				t.Fatalf("the semi-finals' live games: %d, want 4 (2 ties of 2 boards)", len(games))
			}
			for _, g := range games {
				if !g.Live || g.TimeControl != "" || g.Bank[rules.White] != 15*time.Minute {
					t.Errorf("semi-final board %d: live %v, clock %q, bank %v; want live at the event's 15+5", g.Board, g.Live, g.TimeControl, g.Bank[rules.White])
				}
			}
			// Round boards 3 and 4 are tie 3–2's (table 2): team 3 loses
			// board 3, team 2 board 4.
			c.play(t, games, func(g correspondence.View) int {
				switch g.Board {
				case 3:
					return 3
				case 4:
					return 2
				}
				return c.lowerSeed(g)
			})
			b, err := c.competitions.KnockoutBracket(c.ctx, c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			ties := b.Rounds[0].Ties
			if ties[0].WinnerID != c.entered[0].ID || ties[1].WinnerID != 0 || ties[1].Next == nil {
				t.Fatalf("after the semi-finals' legs: winners %d and %d (next %+v), want team 1 through and 3–2 level", ties[0].WinnerID, ties[1].WinnerID, ties[1].Next)
			}

			// The tie-break leg of 3–2, live on the stage's clock: 3 minutes,
			// 2 s a move.
			tieBreak, games := c.startRound(t)
			if got := homes(tieBreak); got != "2-3" {
				t.Errorf("the tie-break leg: %s, want 2-3 (the sides changed)", got)
			}
			if len(games) != 2 {
				t.Fatalf("the tie-break leg's live games: %d, want 2", len(games))
			}
			for _, g := range games {
				if !g.Live || g.TimeControl != "3+2" || g.Bank[rules.White] != 3*time.Minute || g.Bank[rules.Black] != 3*time.Minute {
					t.Errorf("tie-break board %d: live %v, clock %q, banks %v; want live at the stage's 3+2", g.Board, g.Live, g.TimeControl, g.Bank)
				}
			}
			first := games[0]
			for _, id := range []int64{first.WhiteID, first.BlackID} {
				if err := c.svc.Present(c.as(id), first.ID); err != nil {
					t.Fatal(err)
				}
			}
			c.clk.Set(t0.Add(10 * time.Second))
			moved, err := c.svc.Move(c.as(first.WhiteID), correspondence.MoveInput{GameID: first.ID, Move: "c3-d4", Ply: 0})
			if err != nil {
				t.Fatal(err)
			}
			if want := 3*time.Minute - 10*time.Second + 2*time.Second; moved.Bank[rules.White] != want {
				t.Errorf("White's clock after a move of 10 s in the tie-break leg: %v, want %v (the stage's increment)", moved.Bank[rules.White], want)
			}
			// Team 2 wins the tie-break leg on both boards.
			c.play(t, games, c.lowerSeed)
			b, err = c.competitions.KnockoutBracket(c.ctx, c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			tie := b.Rounds[0].Ties[1]
			if tie.WinnerID != c.entered[1].ID || len(tie.Legs) != 2 || tie.Legs[1].Stage != 1 || tie.Legs[1].TimeControl != "3+2" {
				t.Fatalf("the tie 3–2: winner %d, legs %+v; want team 2 through on its tie-break leg at 3+2", tie.WinnerID, tie.Legs)
			}

			// The final, 1–2, back on the event's clock; team 1 wins it.
			final, games := c.startRound(t)
			if got := homes(final); got != "1-2" {
				t.Errorf("the final: %s, want 1-2", got)
			}
			for _, g := range games {
				if g.TimeControl != "" || g.Bank[rules.White] != 15*time.Minute {
					t.Errorf("final board %d: clock %q, bank %v; want the event's 15+5", g.Board, g.TimeControl, g.Bank[rules.White])
				}
			}
			c.play(t, games, c.lowerSeed)
			b, err = c.competitions.KnockoutBracket(c.ctx, c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			if b.Winner == nil || b.Winner.StartNo != 1 || b.RunnerUp == nil || b.RunnerUp.StartNo != 2 {
				t.Errorf("the cup: winner %+v, runner-up %+v; want team 1, then team 2", b.Winner, b.RunnerUp)
			}
		})
	}
}

// homes lists a round's matches as "home-away" start numbers.
func homes(tr *teams.TeamRound) string {
	out := ""
	for i, m := range tr.Matches {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("%d-%d", m.HomeNo, m.AwayNo)
	}
	return out
}
