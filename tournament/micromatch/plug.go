package micromatch

import (
	"bytes"
	"math/rand/v2"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/openings"
)

// Plug is the rules of micro-matches the events' service asks
// (tournament.Options.MicroMatches): an event's setting, the openings
// drawn when a round is paired, a board the pairing forfeits.
type Plug struct{}

var _ tournament.MicroMatches = Plug{}

// Settle sets the event's micro-match setting and count where they are
// given, and refuses a setting the event cannot play (check).
func (Plug) Settle(e *tournament.Event, draw, count *string) error {
	if err := settle(e, draw, count); err != nil {
		return err
	}
	return check(e)
}

// settle sets the event's micro-match setting when one is given.
func settle(e *tournament.Event, draw, count *string) error {
	var errs []error
	if draw != nil {
		switch d := tournament.OpeningDraw(strings.TrimSpace(*draw)); d {
		case tournament.NoMicroMatch, tournament.DrawPerRound, tournament.DrawPerBoard:
			e.MicroMatch = d
		default:
			errs = append(errs, tournament.Invalid("micro_match", "unknown micro-match setting %q; use \"\" (one game a pairing), \"round\" or \"board\" (where the opening is drawn)", *draw))
		}
	}
	if count != nil {
		switch c := tournament.MicroCount(strings.TrimSpace(*count)); c {
		case tournament.CountGames, tournament.CountMatches, "":
			e.MicroCount = c
		default:
			errs = append(errs, tournament.Invalid("micro_count", "unknown count %q; use \"games\" or \"matches\"", *count))
		}
	}
	switch {
	case !e.MicroMatch.On():
		// An event of single games counts nothing of micro-matches.
		e.MicroCount = ""
	case e.MicroCount == "" && e.Discipline.IsTeam():
		e.MicroCount = tournament.CountMatches
	case e.MicroCount == "":
		e.MicroCount = tournament.CountGames
	}
	return tournament.JoinInvalid(errs)
}

// check refuses micro-matches where they cannot be played: only a game
// with micro-matches (its value's MicroMatch) draws openings; between
// players, over the board or on the server, or on the boards of a team
// competition's matches over the board. Counting the games' points needs a
// table where a draw is half a win and a loss, as 2/1/0 and 1/½/0 are:
// only the sum of a micro-match's game points is kept on its board. A team
// competition counts its boards' micro-matches by their results: the team
// standings score a board as one game won, drawn or lost.
func check(e *tournament.Event) error {
	if !e.MicroMatch.On() {
		return nil
	}
	switch {
	case e.Game.Variant().MicroMatch == nil:
		return tournament.Invalid("micro_match", "%s has no table of openings: micro-matches with drawn openings are not played in it", e.Game)
	case !e.Discipline.PlaysGames():
		return tournament.Invalid("micro_match", "micro-matches are played in events of games: not in composition contests")
	case e.Discipline.IsTeam() && e.Online:
		return tournament.Invalid("micro_match", "a team competition's micro-matches are played over the board: not online")
	case e.Discipline.IsTeam() && e.MicroCount != tournament.CountMatches:
		return tournament.Invalid("micro_count", "a team competition counts its boards' micro-matches by their results (\"matches\"): a board's micro-match scores as one game won, drawn or lost")
	case e.CountsMicroGames() && 2*e.Scoring.Draw != e.Scoring.Win+e.Scoring.Loss:
		return tournament.Invalid("micro_count", "counting the games of micro-matches needs a draw worth half a win and a loss (2/1/0 or 1/½/0); got %g/%g/%g", e.Scoring.Win, e.Scoring.Draw, e.Scoring.Loss)
	}
	return nil
}

// DrawRound draws the openings of a micro-match event's new round r, one
// for the round or one for each board with two players, from a fresh seed
// that is stored with them: the openings drawn in the earlier rounds come
// again only once the table is exhausted (openings.Draw). The root's
// pairing calls it through the plug, and a correspondence section's
// service, which pairs all its rounds when the section starts.
func (Plug) DrawRound(tx tournament.OpeningTx, e *tournament.Event, earlier []tournament.Round, r *tournament.Round) error {
	return DrawRound(tx, e, earlier, r)
}

// DrawRound draws the openings of the event's new round r (Plug.DrawRound).
func DrawRound(tx tournament.OpeningTx, e *tournament.Event, earlier []tournament.Round, r *tournament.Round) error {
	r.Openings = nil
	if !e.MicroMatch.On() {
		return nil
	}
	var boards []int
	if e.MicroMatch == tournament.DrawPerBoard {
		for _, g := range r.Games {
			if !g.IsBye() {
				boards = append(boards, g.Board)
			}
		}
		if len(boards) == 0 {
			return nil
		}
	}
	openings, err := draw(tx, e, earlier, boards)
	r.Openings = openings
	return err
}

// DrawOpenings draws the openings of a team competition's new round of
// micro-matches (tournament.Service.DrawOpenings): one for the round, or
// one for each of boards when the event draws them by board.
func (Plug) DrawOpenings(tx tournament.OpeningTx, e *tournament.Event, earlier []tournament.Round, boards []int) ([]tournament.DrawnOpening, error) {
	if e.MicroMatch == tournament.DrawPerRound {
		boards = nil
	}
	return draw(tx, e, earlier, boards)
}

// draw draws one opening for the round (boards nil) or one for each of
// boards from the event's table (its game's default one when it has none),
// from a fresh seed that is stored with them.
func draw(tx tournament.OpeningTx, e *tournament.Event, earlier []tournament.Round, boards []int) ([]tournament.DrawnOpening, error) {
	n := max(len(boards), 1)
	var drawn []int
	for _, old := range earlier {
		for _, o := range old.Openings {
			drawn = append(drawn, o.Number)
		}
	}
	table, err := tx.EventOpenings(e.ID)
	if err != nil {
		return nil, err
	}
	seed := rand.Uint64()
	out, err := DrawFrom(e.Game, table, seed, n, drawn)
	if err != nil {
		return nil, err
	}
	for i, b := range boards {
		out[i].Board = b
	}
	return out, nil
}

// DrawFrom draws n openings from the seed, as openings.Draw does, from
// table, the event's table as stored (nil: the game's default one); drawn
// are the numbers drawn in the event's earlier rounds, in order.
func DrawFrom(game tournament.GameKind, table []byte, seed uint64, n int, drawn []int) ([]tournament.DrawnOpening, error) {
	v := game.Variant()
	t := openings.Default(v)
	if table != nil {
		var err error
		if t, err = openings.ReadJSON(bytes.NewReader(table), v.Rules); err != nil {
			return nil, err
		}
	}
	if t == nil {
		return nil, tournament.Conflict("micro_match", "%s has no table of openings of its own: load one for the event", tournament.GameKind(v.Key))
	}
	picked, err := openings.Draw(t, openings.NewSource(seed), n, drawn)
	if err != nil {
		return nil, err
	}
	out := make([]tournament.DrawnOpening, len(picked))
	for i, o := range picked {
		out[i] = tournament.DrawnOpening{Number: o.Number, Name: o.Name, NameEn: o.NameEn, Moves: o.Moves, FEN: o.FEN, Seed: seed}
	}
	return out, nil
}

// SplitForfeit makes a board that the pairing forfeits (an absent player)
// a micro-match of two forfeited games.
func (Plug) SplitForfeit(e *tournament.Event, g *tournament.Game) {
	if !e.MicroMatch.On() || g.Result == nil || (g.Result.EndReason != tournament.Forfeit && g.Result.EndReason != tournament.DoubleForfeit) {
		return
	}
	first := *g.Result
	second := tournament.Result{White: first.Black, Black: first.White, EndReason: first.EndReason}
	g.MicroGames = [2]*tournament.Result{&first, &second}
	res := Result(first, second)
	g.Result = &res
}

// Result is the board's result of a micro-match from its two games
// (first: the board's White had White), as the standings read it: the sum
// of each side's game points, ended on the board unless both games were
// forfeited (then a forfeit, or a double forfeit).
func Result(first, second tournament.Result) tournament.Result {
	// The second game is played with the colours exchanged.
	white, black := first.White+second.Black, first.Black+second.White
	switch {
	case first.EndReason == tournament.DoubleForfeit && second.EndReason == tournament.DoubleForfeit:
		return tournament.Result{EndReason: tournament.DoubleForfeit}
	case first.EndReason == tournament.Forfeit && second.EndReason == tournament.Forfeit && (white == 0 || black == 0):
		return tournament.Result{White: white, Black: black, EndReason: tournament.Forfeit}
	}
	return tournament.Result{White: white, Black: black, EndReason: tournament.FinalPosition}
}

// KeptScores are the results a file that records who won keeps of a
// board beside it, so that the board reads back as it was: a micro-match's
// two games (each from its own White's side), or the board's own result
// when it was played to a known score; none for a bye, a forfeit of a
// single game, or a score already unknown.
func KeptScores(board tournament.Result, micro [2]*tournament.Result) []tournament.Result {
	switch {
	case micro[0] != nil && micro[1] != nil:
		return []tournament.Result{*micro[0], *micro[1]}
	case board.Played() && board.EndReason != tournament.ScoreUnknown:
		return []tournament.Result{board}
	}
	return nil
}
