package correspondence

import (
	"context"
	"fmt"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/micromatch"
)

// Micro-matches on the server (issue 51): a Russian draughts event that
// plays each pairing as a micro-match (tournament.Event MicroMatch) plays
// both of a board's games here, the first with the paired colours, the
// second with the colours exchanged, both from the opening drawn for the
// round or the board (its moves made: the game starts after them), each on
// the event's clock. Each game's end is kept as that game's result
// (tournament.Game MicroGames); the board's result is their sum
// (micromatch.Result) once both are over.
//
// A live micro-match plays its second game when the first ends, at once:
// an arbiter runs it as over the board, where the two games are played one
// after the other at the same table, and one account plays one live game
// at a time (playingElsewhere), so a second game begun beside the first
// would only run its clock down. A correspondence section plays both at
// once, as ICCF plays a pairing's two games.
//
// Each game is a row of its own, with its own ID; both name the board's
// game they play (BoardGameID), by which one finds the other.

// microGames are the games a board of a micro-match event starts with:
// the first alone when it is played live (the second follows it,
// startSecondGame), both in a correspondence section. g is the board's game as
// the section starts it, from the section's start; r the round, whose
// opening both games start from.
func microGames(e *tournament.Event, r *tournament.Round, g Game) ([]Game, error) {
	if !e.MicroMatch.On() {
		return []Game{g}, nil
	}
	o := r.OpeningOf(g.Board)
	if o == nil {
		return nil, fmt.Errorf("event %d, round %d, board %d: no opening was drawn for the micro-match", e.ID, r.Number, g.Board)
	}
	start, err := e.Game.Rules().ParseState(o.FEN, rules.White)
	if err != nil {
		return nil, fmt.Errorf("event %d, round %d, board %d: the drawn opening's position: %w", e.ID, r.Number, g.Board, err)
	}
	g.MicroGame, g.Start, g.Position, g.ToMove = 1, start.Notation(), start.Notation(), start.ToMove()
	if g.Live {
		return []Game{g}, nil
	}
	second := exchanged(g)
	second.Bank = g.Bank
	return []Game{g, second}, nil
}

// exchanged is the second game of the micro-match whose first is g, as it
// starts: its colours exchanged, from the same position; its ID is the
// store's to give, its clocks its caller's to set.
func exchanged(g Game) Game {
	second := Game{BoardGameID: g.BoardGameID, EventID: g.EventID, Round: g.Round, Board: g.Board,
		WhiteID: g.BlackID, BlackID: g.WhiteID, Status: Running, Position: g.Start, StartedAt: g.StartedAt,
		Live: g.Live, MicroGame: 2, Start: g.Start}
	second.ToMove = g.FirstSide()
	// The players of a live first game are at the board: they have shown
	// up for the second.
	second.Shown = [2]time.Time{rules.White: g.Shown[rules.Black], rules.Black: g.Shown[rules.White]}
	return second
}

// recordMicroGame writes the result of one game of a micro-match into its
// board (nil: the game reopened) and, when both are over, the board's
// result, their sum; and sheet, when not "", as that game's sheet (a game
// reopened keeps the moves played so far, as a board keeps an ordinary
// game's, until it ends again). A live first game lost by forfeit (a
// player who did not show up, or the arbiter's decision) forfeits the
// micro-match: the second is recorded lost by the same player, as a board
// the pairing forfeits, and not played. It reports whether that was so. (A correspondence section's
// second game runs already, and ends on its own.)
func recordMicroGame(tx Tx, g *Game, res *tournament.Result, sheet string) (forfeited bool, err error) {
	err = updateRoundGame(tx, g, func(tg *tournament.Game) {
		tg.MicroGames[g.MicroGame-1] = res
		if sheet != "" {
			tg.MicroSheets[g.MicroGame-1] = microSheet(sheet)
		}
		if res != nil && g.Live && g.MicroGame == 1 && (res.EndReason == tournament.Forfeit || res.EndReason == tournament.DoubleForfeit) && tg.MicroGames[1] == nil {
			tg.MicroGames[1] = &tournament.Result{White: res.Black, Black: res.White, EndReason: res.EndReason}
			forfeited = true
		}
		tg.Result = nil
		if first, second := tg.MicroGames[0], tg.MicroGames[1]; first != nil && second != nil {
			sum := micromatch.Result(*first, *second)
			tg.Result = &sum
		}
	})
	return forfeited, err
}

// startSecondGame starts the second game of the live micro-match whose
// first game g has just ended, at now, on full clocks: unless it was
// started before (the first game reopened and ended again).
func startSecondGame(tx Tx, e *tournament.Event, st *Settings, g *Game, now time.Time) error {
	started, err := tx.SecondGames([]int64{g.BoardGameID})
	if err != nil || started[g.BoardGameID] != 0 {
		return err
	}
	second := exchanged(*g)
	bank := InitialBank(e.TimeControl)
	second.StartedAt, second.Bank = now, [2]time.Duration{bank, bank}
	startTurn(&second, st, nil, now)
	second.Deadline = liveCheck(&second, e.TimeControl, now)
	return tx.CreateGames([]Game{second})
}

// MicroMatch is what a game's readers see of the micro-match it is one
// game of.
type MicroMatch struct {
	// Game is the game's number in it: 1, or 2 with the colours exchanged.
	Game int
	// Opening is the drawn opening both games start after.
	Opening *tournament.DrawnOpening
	// Games are the results of its two games as the board keeps them
	// (nil: not over).
	Games [2]*tournament.Result
	// Second is the ID of the second game once it has started (0 before):
	// where the first game's players go on.
	Second int64
}

// microMatchOf is the micro-match of g as its event's rounds have it. The
// second game of the first is known only once read (secondGames): it is
// left 0 here.
func microMatchOf(rounds []tournament.Round, g *Game) *MicroMatch {
	m := &MicroMatch{Game: g.MicroGame}
	if g.MicroGame == 2 {
		m.Second = g.ID
	}
	if g.Round < 1 || g.Round > len(rounds) {
		return m
	}
	r := &rounds[g.Round-1]
	m.Opening = r.OpeningOf(g.Board)
	for i := range r.Games {
		if r.Games[i].ID == g.BoardGameID {
			m.Games = r.Games[i].MicroGames
		}
	}
	return m
}

// secondGames fills in, in one read, the second games of the first games
// of views that have one: a section's from its start, a live micro-match's
// once its first game is over (no read is needed before).
func secondGames(tx Tx, views []View) error {
	var boards []int64
	for i := range views {
		if v := &views[i]; hasSecond(v) {
			boards = append(boards, v.BoardGameID)
		}
	}
	if len(boards) == 0 {
		return nil
	}
	seconds, err := tx.SecondGames(boards)
	if err != nil {
		return err
	}
	for i := range views {
		if v := &views[i]; hasSecond(v) {
			v.Micro.Second = seconds[v.BoardGameID]
		}
	}
	return nil
}

// hasSecond reports whether v is a first game of a micro-match whose
// second may have started.
func hasSecond(v *View) bool {
	return v.Micro != nil && v.Micro.Game == 1 && (!v.Live || v.Status == Finished)
}

// RenamedGame is the ID of the game that had the ID former before a
// micro-match's second game had an ID of its own (its board's plus 2^40,
// which links kept from then still name), for the readers of its event;
// ENOTFOUND for anyone else and for an ID no game had.
func (s *Service) RenamedGame(ctx context.Context, former int64) (int64, error) {
	var id int64
	err := s.store.View(ctx, func(tx Tx) (err error) {
		if id, err = tx.RenamedGame(former); err != nil {
			return err
		}
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if _, err := readable(ctx, tx, g.EventID); err != nil {
			return tournament.NotFound("game %d not found", former)
		}
		return nil
	})
	return id, err
}
