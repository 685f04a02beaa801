package submissions_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
)

// knockoutReports is a 4-player knockout of 2-game matches open to the
// players' reports, its first round published: each player signs in as
// the context of their player's ID.
type knockoutReports struct {
	st      *store.Store
	arbiter context.Context
	events  *tournament.Service
	subs    *submissions.Service
	matches *knockout.Service
	event   *tournament.Event
	round   *tournament.Round
	as      map[int64]context.Context
}

func newKnockoutReports(t *testing.T, st *store.Store) *knockoutReports {
	k := &knockoutReports{st: st, arbiter: storetest.Arbiter(t, st), as: map[int64]context.Context{}}
	k.events = tournament.NewService(st, engines.Options())
	k.subs = submissions.NewService(st.Submissions(), k.events, nil)
	k.matches = knockout.NewService(st.Knockout(), nil)
	name, discipline, system, control := "Кубок", "rapid", "knockout", "15+10"
	e, err := k.events.CreateEvent(k.arbiter, tournament.EventInput{Name: &name, Discipline: &discipline, System: &system, TimeControl: &control,
		Knockout: &tournament.KnockoutSettings{MatchGames: 2}})
	if err != nil {
		t.Fatal(err)
	}
	k.event = e
	for i, name := range []string{"Хуаде", "Тлехас", "Нехай", "Ачмиз"} {
		p := storetest.Register(t, k.arbiter, k.events, e.ID, tournament.PlayerInput{Name: &name})
		u := &tournament.User{Email: []string{"a", "b", "c", "d"}[i] + "@example.org", Role: tournament.PlayerRole}
		if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
			t.Fatal(err)
		}
		k.as[p.ID] = tournament.NewContextWithUser(context.Background(), u)
		if err := k.events.LinkPlayer(k.arbiter, e.ID, p.ID, u.Email); err != nil {
			t.Fatal(err)
		}
	}
	if err := k.subs.SetSubmissions(k.arbiter, e.ID, true); err != nil {
		t.Fatal(err)
	}
	k.round = storetest.PublishNextRound(t, k.arbiter, k.events, e.ID)
	return k
}

// report is a player's report of game number of a board's match.
func (k *knockoutReports) report(ctx context.Context, board, number int, score, sheet string) (*tournament.Submission, error) {
	return k.subs.SubmitResult(ctx, submissions.Input{EventID: k.event.ID, Round: 1, Board: board, GameNo: number, Score: score, EndReason: "resignation", Sheet: sheet})
}

// A player reports game 1 and game 2 of their 2-game match by number (the
// form offering the next game not yet reported); the arbiter's
// confirmation enters each through the match's own checks, in order, and
// the second decides the match: the board's result is the winner's, as
// when the arbiter enters the games on the bracket.
func TestPlayerReportsTheGamesOfAKnockoutMatch(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			k := newKnockoutReports(t, st)
			g := k.round.Games[0]
			white := k.as[g.WhiteID]
			form, err := k.subs.ReportForm(white, k.event.ID, 1, g.Board)
			if err != nil || form.MatchGame != 1 {
				t.Fatalf("the report form of a knockout board: %+v %v, want game 1", form, err)
			}
			// Game 1: the board's White wins with White, with its sheet;
			// game 2: the board's White wins with Black (0:24 from its
			// White's side), reported before game 1 is confirmed.
			first, err := k.report(white, g.Board, 1, "", "1. c3-b4 b6-c5\n24:0 (resignation)")
			if err != nil {
				t.Fatal(err)
			}
			if first.GameNo != 1 || first.Score != "24:0" {
				t.Fatalf("game 1's report: %+v", first)
			}
			second, err := k.report(white, g.Board, 2, "0:24", "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := k.subs.ReportForm(white, k.event.ID, 1, g.Board); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("the report form with every game reported: %v, want ECONFLICT", err)
			}
			// Game 2 is not the match's next game while game 1 waits.
			if _, err := k.subs.DecideSubmission(k.arbiter, k.event.ID, second.ID, true, ""); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "next game of the match is game 1") {
				t.Fatalf("game 2 confirmed before game 1: %v, want EINVALID", err)
			}
			if _, err := k.subs.DecideSubmission(k.arbiter, k.event.ID, first.ID, true, ""); err != nil {
				t.Fatal(err)
			}
			b, err := k.matches.Bracket(k.arbiter, k.event.ID)
			if err != nil {
				t.Fatal(err)
			}
			m := b.Rounds[0].Matches[0]
			if len(m.Games) != 1 || m.Games[0].Sheet == nil || m.WinnerID != 0 {
				t.Fatalf("after game 1 confirmed: %+v", m)
			}
			if _, err := k.subs.DecideSubmission(k.arbiter, k.event.ID, second.ID, true, ""); err != nil {
				t.Fatal(err)
			}
			if b, err = k.matches.Bracket(k.arbiter, k.event.ID); err != nil {
				t.Fatal(err)
			}
			if m := b.Rounds[0].Matches[0]; len(m.Games) != 2 || m.WinnerID != g.WhiteID || m.Score != [2]float64{2, 0} {
				t.Fatalf("after game 2 confirmed: %+v", m)
			}
			round, err := k.events.Round(k.arbiter, k.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if r := tournament.FindGame(round, g.Board).Result; r == nil || r.Outcome() != tournament.WhiteWins {
				t.Errorf("the decided match's board: %+v, want a win for the board's White", r)
			}
			// The match is decided: no game of it is left to report.
			if _, err := k.report(white, g.Board, 3, "24:0", ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a report on a decided match: %v, want ECONFLICT", err)
			}
		})
	}
}

// A report of a match game is refused when its number cannot be the
// match's (none, 0, beyond the match, already entered), when its sheet
// disagrees with its score, and at the confirmation when the arbiter
// entered the game meanwhile with another result; a report of the whole
// board kept from before is not confirmed either.
func TestKnockoutReportRefusals(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			k := newKnockoutReports(t, st)
			g := k.round.Games[0]
			white, black := k.as[g.WhiteID], k.as[g.BlackID]
			for _, tc := range []struct {
				number        int
				score, sheet  string
				code, field   string
				mentionsInErr string
			}{
				{0, "24:0", "", tournament.EINVALID, "game_no", "say which of its games"},
				{-1, "24:0", "", tournament.EINVALID, "game_no", "numbered from 1"},
				{2, "24:0", "", tournament.EINVALID, "game_no", "is game 1"},
				{3, "24:0", "", tournament.EINVALID, "game_no", "at most 2 games"},
				{1, "24:0", "1. c3-b4 b6-c5\n0:24 (resignation)", tournament.EINVALID, "sheet", "0:24"},
			} {
				_, err := k.report(white, g.Board, tc.number, tc.score, tc.sheet)
				var de *tournament.Error
				if tournament.ErrorCode(err) != tc.code || !errors.As(err, &de) || de.Field != tc.field || !strings.Contains(err.Error(), tc.mentionsInErr) {
					t.Errorf("game %d reported %s with sheet %q: %v, want %s on %s", tc.number, tc.score, tc.sheet, err, tc.code, tc.field)
				}
			}
			// The opponent reports winning game 1; the arbiter enters it as a
			// win for the board's White meanwhile: the report is not confirmed,
			// the game kept.
			lost, err := k.report(black, g.Board, 1, "0:24", "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := k.matches.RecordGame(k.arbiter, knockout.GameInput{EventID: k.event.ID, Round: 1, Board: g.Board, Number: 1, Score: "24:0", EndReason: "resignation"}); err != nil {
				t.Fatal(err)
			}
			if _, err := k.subs.DecideSubmission(k.arbiter, k.event.ID, lost.ID, true, ""); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "entered as 24:0") {
				t.Errorf("a report of a game entered otherwise confirmed: %v, want ECONFLICT", err)
			}
			if _, err := k.report(white, g.Board, 1, "24:0", ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a report of a game entered: %v, want ECONFLICT", err)
			}
			// A report of the whole board, game number 0, kept from before.
			old := &tournament.Submission{EventID: k.event.ID, GameID: g.ID, Round: 1, Board: g.Board, PlayerID: g.WhiteID, UserEmail: "a@example.org",
				Score: "24:0", EndReason: "resignation", Status: tournament.Pending}
			if err := st.Submissions().Update(context.Background(), func(tx submissions.Tx) error { return tx.CreateSubmission(old) }); err != nil {
				t.Fatal(err)
			}
			if _, err := k.subs.DecideSubmission(k.arbiter, k.event.ID, old.ID, true, ""); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "knockout match") {
				t.Errorf("a kept report of a knockout board confirmed: %v, want ECONFLICT", err)
			}
			b, err := k.matches.Bracket(k.arbiter, k.event.ID)
			if err != nil {
				t.Fatal(err)
			}
			if m := b.Rounds[0].Matches[0]; len(m.Games) != 1 || m.Games[0].Result.Score() != "24:0" || m.WinnerID != 0 {
				t.Errorf("the match after the refusals: %+v", m)
			}
		})
	}
}
