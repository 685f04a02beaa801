package knockout

import (
	"context"
	"fmt"
	"strings"

	"adiukh/tournament"
)

// Sheet is the score sheet of one game of a match played over the board,
// as the arbiter entered it, with its report: the sheet replayed by the
// rules of the event's game.
type Sheet struct {
	Round  int
	Board  int
	Number int
	Text   string
	Report *tournament.SheetReport
	// OverrideReason is why the arbiter kept the game's result against a
	// sheet that does not show it; "" when the sheet supports the result.
	OverrideReason string
}

// SheetTx is what the sheets of the matches' games need of the
// transaction.
type SheetTx interface {
	// MatchSheets reads the sheets of every game of the event's matches.
	MatchSheets(eventID int64) ([]Sheet, error)
	// SaveMatchSheet stores a game's sheet in place of the one of the same
	// round, board and number.
	SaveMatchSheet(eventID int64, s Sheet) error
}

// SheetInput is the score sheet of one game of a match.
type SheetInput struct {
	EventID int64
	Round   int
	Board   int
	// Number is the game's in the match, from 1 (tie-break games after
	// the match's own): a game whose result is entered, or the next game,
	// whose result the sheet then gives.
	Number int
	Sheet  string
	// Reason is why the sheet replaces one the game has, or why the
	// game's result stands against a sheet that does not show it.
	Reason string
}

// sheetLog is what the audit log keeps of a game's sheet.
type sheetLog struct {
	Game     int    `json:"game"`
	Score    string `json:"score"`
	Sheet    bool   `json:"sheet"`
	Override bool   `json:"override,omitempty"`
}

// SubmitSheet stores the score sheet of a game of a match, replayed by
// the rules of the event's game as every sheet is: one that is not valid
// (an illegal or ambiguous move, a start that cannot be read) is refused
// with its line and move. As a board's sheet entered with an empty score:
// a sheet of the match's next game gives the game's result (its final
// position, or the result written on it), recorded through the match's
// own checks (RecordGame's); a sheet of a game whose result is entered
// must show that result, or the arbiter keeps the result against it with
// a reason. Replacing a game's sheet needs a reason. A match played on
// the site has the moves of its games, and takes no sheet.
func (s *Service) SubmitSheet(ctx context.Context, in SheetInput) (*MatchView, error) {
	if err := tournament.CheckSheetBytes(in.Sheet); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Sheet) == "" {
		return nil, tournament.Invalid("sheet", "paste or upload the score sheet of game %d of the match", in.Number)
	}
	in.Reason = strings.TrimSpace(in.Reason)
	var out *MatchView
	err := s.store.Update(ctx, func(tx Tx) error {
		b, err := openBoard(ctx, tx, in.EventID, in.Round, in.Board)
		if err != nil {
			return err
		}
		if err := tournament.PlayedOnServer(b.e, in.Round, in.Board); err != nil {
			return err
		}
		switch {
		case in.Number < 1:
			return tournament.Invalid("number", "the games of a match are numbered from 1; got %d", in.Number)
		case in.Number > len(b.games)+1:
			return tournament.Conflict("number", "game %d of the match of board %d is not played yet: the match's next game is game %d", in.Number, in.Board, len(b.games)+1)
		}
		rep := tournament.CheckSheet(b.e.Game, in.Sheet)
		if !rep.Valid {
			return tournament.Invalid("sheet", "%s", tournament.SheetDisagreement(tournament.Result{}, &rep))
		}
		sheets, err := tx.MatchSheets(in.EventID)
		if err != nil {
			return err
		}
		var old *Sheet
		for i := range sheets {
			if sh := &sheets[i]; sh.Round == in.Round && sh.Board == in.Board && sh.Number == in.Number {
				old = sh
			}
		}
		sheet := Sheet{Round: in.Round, Board: in.Board, Number: in.Number, Text: in.Sheet, Report: &rep}
		if in.Number == len(b.games)+1 {
			out, err = s.recordFromSheet(tx, b, sheet)
			return err
		}
		res := b.games[in.Number-1].Result
		if !res.Played() {
			return tournament.Conflict("number", "game %d of the match of board %d was not played (%s); it has no score sheet", in.Number, in.Board, res.EndReason)
		}
		if problem := tournament.SheetDisagreement(res, &rep); problem.Format != "" {
			if in.Reason == "" {
				return tournament.Invalid("sheet", "%s (game %d of the match); correct the sheet or the game's result, or keep the result with a reason", problem, in.Number)
			}
			sheet.OverrideReason = in.Reason
		}
		if old != nil {
			if tournament.SameSheet(old.Text, in.Sheet) && old.OverrideReason == sheet.OverrideReason {
				out, err = s.matchOfBoard(tx, b)
				return err // nothing changes: nothing to log
			}
			if in.Reason == "" {
				return tournament.Invalid("reason", "game %d of the match has a score sheet; replacing it needs a reason", in.Number)
			}
		}
		if err := tx.SaveMatchSheet(in.EventID, sheet); err != nil {
			return err
		}
		action, note := tournament.ResultAudit(old != nil, tournament.SheetDisagreement(res, &rep), in.Reason)
		var oldLog *sheetLog
		if old != nil {
			oldLog = &sheetLog{Game: in.Number, Score: res.Score(), Sheet: true, Override: old.OverrideReason != ""}
		}
		newLog := &sheetLog{Game: in.Number, Score: res.Score(), Sheet: true, Override: sheet.OverrideReason != ""}
		if err := tournament.Audit(tx, s.now(), b.user, in.EventID, action, fmt.Sprintf("round %d board %d", in.Round, in.Board), oldLog, newLog, note); err != nil {
			return err
		}
		out, err = s.matchOfBoard(tx, b)
		return err
	})
	return out, err
}

// recordFromSheet records the match's next game with the result its sheet
// gives, through the checks of a game entered on the bracket, and keeps
// the sheet.
func (s *Service) recordFromSheet(tx Tx, b *board, sheet Sheet) (*MatchView, error) {
	score, reason, err := tournament.ScoreFromSheet(b.e, "", "", sheet.Text)
	if err != nil {
		return nil, err
	}
	res, err := b.e.ParseResult(score, reason)
	if err != nil {
		return nil, err
	}
	m, err := record(tx, s.now(), b, sheet.Number, res, "", false, "")
	if err != nil {
		return nil, err
	}
	return m, tx.SaveMatchSheet(b.e.ID, sheet)
}

// matchOfBoard is the view of match b as its games stand.
func (s *Service) matchOfBoard(tx Tx, b *board) (*MatchView, error) {
	st, err := Format(b.e.Knockout).Play(true, outcomes(b.game, b.games))
	if err != nil {
		return nil, err
	}
	return matchOf(b.e, b.round.Number, b.game, b.games, b.lot, st), nil
}

// withSheets marks the games of the bracket's matches that have a sheet.
func withSheets(v *BracketView, sheets []Sheet) {
	type key struct{ round, board, number int }
	byGame := map[key]*Sheet{}
	for i := range sheets {
		sh := &sheets[i]
		byGame[key{sh.Round, sh.Board, sh.Number}] = sh
	}
	for ri := range v.Rounds {
		r := &v.Rounds[ri]
		for mi := range r.Matches {
			m := &r.Matches[mi]
			for gi := range m.Games {
				m.Games[gi].Sheet = byGame[key{r.Number, m.Board, m.Games[gi].Number}]
			}
		}
	}
}

// MatchGame is a game of a match as its page shows it: the match, the
// game, and its sheet (nil without one).
type MatchGame struct {
	Event *tournament.Event
	Match MatchView
	Game  GameView
}

// Game reads game number of the match of board of round, as the bracket
// shows it to the reader.
func (s *Service) Game(ctx context.Context, eventID int64, round, board, number int) (*MatchGame, error) {
	b, err := s.Bracket(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for _, r := range b.Rounds {
		if r.Number != round {
			continue
		}
		for _, m := range r.Matches {
			if m.Board != board {
				continue
			}
			for _, g := range m.Games {
				if g.Number == number {
					return &MatchGame{Event: b.Event, Match: m, Game: g}, nil
				}
			}
			return nil, tournament.NotFound("the match of board %d of round %d has no game %d", board, round, number)
		}
	}
	return nil, tournament.NotFound("board %d of round %d not found", board, round)
}
