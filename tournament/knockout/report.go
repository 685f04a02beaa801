package knockout

import (
	"slices"
	"time"

	"adiukh/tournament"
)

// A player of a knockout open to players' reports (package submissions)
// reports one game of their match by its number; the arbiter's (or the
// opponent's) confirmation enters it through the checks of the arbiter's
// own entry (record), inside the submissions' transaction.

// ReportableGame checks, inside the caller's transaction, that a player
// may report game number of the match of board boardNo of round of event
// e, and returns the game: the match undecided, the game not entered yet,
// and either the match's next game or one after games whose reports wait
// for a decision (waiting, their numbers). number 0 asks for the game the
// report form offers: the first neither entered nor reported.
func ReportableGame(tx Tx, e *tournament.Event, round, boardNo, number int, waiting []int) (int, error) {
	b, err := readBoard(tx, e, nil, round, boardNo)
	if err != nil {
		return 0, err
	}
	format := Format(e.Knockout)
	st, err := format.Play(true, outcomes(b.game, b.games))
	if err != nil {
		return 0, err
	}
	switch {
	case st.Winner != 0 || b.lot != nil:
		return 0, tournament.Conflict("", "the match of board %d of round %d is decided; it has no game left to report", boardNo, round)
	case st.Next == nil:
		return 0, tournament.Conflict("", "the match of board %d of round %d is level after every tie-break stage; the arbiter decides it by lot", boardNo, round)
	}
	entered := len(b.games)
	free := entered + 1
	for slices.Contains(waiting, free) {
		free++
	}
	most := format.MostGames()
	switch {
	case number == 0 && free > most:
		return 0, tournament.Conflict("", "every game of the match of board %d of round %d is reported; the reports wait for a decision", boardNo, round)
	case number == 0:
		return free, nil
	case number < 1:
		return 0, tournament.Invalid("game_no", "the games of a match are numbered from 1; got %d", number)
	case number <= entered:
		return 0, tournament.Conflict("game_no", "game %d of the match of board %d of round %d already has a result; ask the arbiter to correct it", number, boardNo, round)
	case number > most:
		return 0, tournament.Invalid("game_no", "the match of board %d has at most %d games with its tie-break games; got game %d", boardNo, most, number)
	case number > free:
		return 0, tournament.Invalid("game_no", "the next game of the match of board %d to report is game %d; got %d", boardNo, free, number)
	}
	return number, nil
}

// ReportedGame is a game of a match a player reported, as confirmed.
type ReportedGame struct {
	Round, Board, Number int
	// Result is the game's, from its own White's side.
	Result tournament.Result
	// Sheet is the game's score sheet, "" without one.
	Sheet string
	// Reporter is the e-mail the report came from, as the audit log
	// names it.
	Reporter string
}

// RecordReported enters game in.Number of its match, reported by a player
// and confirmed by u, inside the caller's transaction, with the checks of
// the arbiter's entry of the game (RecordGame): the match's next game, the
// match undecided, the match decided when the game decides it; its sheet,
// when it has one, replayed and holding the result. A game entered
// meanwhile with the same result changes nothing; with another, the report
// is refused: a report never corrects a game.
func RecordReported(tx Tx, now time.Time, u *tournament.User, e *tournament.Event, in ReportedGame) error {
	b, err := readBoard(tx, e, u, in.Round, in.Board)
	if err != nil {
		return err
	}
	if err := tournament.PlayedOnServer(e, in.Round, in.Board); err != nil {
		return err
	}
	if in.Number >= 1 && in.Number <= len(b.games) {
		entered := b.games[in.Number-1].Result
		if entered == in.Result {
			return nil
		}
		return tournament.Conflict("game_no", "game %d of the match of board %d of round %d was entered as %s meanwhile; the report of %s cannot be confirmed (ask the arbiter to correct the game)",
			in.Number, in.Board, in.Round, entered.Score(), in.Result.Score())
	}
	var sheet *Sheet
	if in.Sheet != "" {
		rep := tournament.CheckSheet(e.Game, in.Sheet)
		if problem := tournament.SheetDisagreement(in.Result, &rep); in.Result.Played() && problem.Format != "" {
			return tournament.Invalid("sheet", "%s (game %d of the match); the report cannot be confirmed", problem, in.Number)
		}
		sheet = &Sheet{Round: in.Round, Board: in.Board, Number: in.Number, Text: in.Sheet, Report: &rep}
	}
	if _, err := record(tx, now, b, in.Number, in.Result, "", false, in.Reporter); err != nil {
		return err
	}
	if sheet == nil {
		return nil
	}
	return tx.SaveMatchSheet(e.ID, *sheet)
}
