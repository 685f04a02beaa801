package tournament

import (
	"fmt"
	"strings"
	"time"

	"adiukh/rules"
)

// What package submissions uses of the events: players' reports and
// batches of score sheets are checked as the arbiter's entry of a result
// is, and a confirmed report is written through RecordReport, in the
// area's own transaction.

// ReadPlayerView reads what u may do as a player of the event e, which the
// transaction has read, and for its arbiter the accounts and submissions of
// all players.
func ReadPlayerView(tx Tx, u *User, e *Event) (*PlayerView, error) { return playerView(tx, u, e) }

// OpponentOf returns the player facing playerID in a game of rounds, 0
// when none.
func OpponentOf(rounds []Round, gameID, playerID int64) int64 {
	return opponentOf(rounds, gameID, playerID)
}

// CheckSheet replays a game sheet of the game as a board's sheet is
// checked: its report.
func CheckSheet(game GameKind, text string) SheetReport { return checkSheet(game, text) }

// CheckSheetBytes refuses a sheet that is too large or not text
// (checkSheetBytes).
func CheckSheetBytes(sheet string) error { return checkSheetBytes(sheet) }

// PlayedOnServer refuses a result sent for a board of round whose game is
// played on the server (live or by correspondence): its result comes from
// the game.
func PlayedOnServer(e *Event, round, board int) error { return playedOnServer(e, round, board) }

// StoredRound reads the rounds of an event and round n of them.
func StoredRound(tx RoundTx, eventID int64, n int) ([]Round, *Round, error) {
	return storedRound(tx, eventID, n)
}

// NamesPlayer tells whether a name written on a sheet names a player: the
// same name (SameFolded), or the same surname — the first word — as sheets
// often carry "Ёлкин О." for "Ёлкин Олег".
func NamesPlayer(written, player string) bool {
	a, b := strings.Fields(FoldName(written)), strings.Fields(FoldName(player))
	return sameName(written, player) || (len(a) > 0 && len(b) > 0 && a[0] == b[0])
}

// ReportProblem checks a reported result against the sheet that comes
// with it, or the sheet already stored, as the arbiter's entry is checked;
// the zero Message when the sheet supports it.
func ReportProblem(e *Event, res Result, g *Game, sheet string) rules.Message {
	check := *g
	if strings.TrimSpace(sheet) != "" {
		check.Sheet = sheet
		rep := checkSheet(e.Game, sheet)
		check.SheetReport = &rep
	}
	return sheetProblem(e, res, &check)
}

// ScoreFromSheet fills what a player's report leaves empty of the score
// and the end reason from its sheet («по бланку»), by the rule of the
// arbiter's entry (RecordResult); a player gives no reason to override the
// sheet.
func ScoreFromSheet(e *Event, score, endReason, sheet string) (string, string, error) {
	return fromSheet(e.Game, score, endReason, sheet, false)
}

// RecordReport writes the result a player reported, now confirmed by u,
// as the game's result of the event e, which the transaction has locked
// and whose rounds it read: the one writer through which a confirmed
// report (package submissions) becomes the game's result, checked against
// its sheet, the round's status kept in step (StoreGame), with its entry
// in the audit log at now.
func RecordReport(tx Tx, now time.Time, u *User, e *Event, rounds []Round, sub *Submission) error {
	if err := e.TableOpen(""); err != nil {
		return err
	}
	round, err := findRound(rounds, e.ID, sub.Round)
	if err != nil {
		return err
	}
	g := findGame(round, sub.Board)
	if g == nil || g.ID != sub.GameID {
		return Conflict("", "board %d of round %d was paired again; the report no longer fits", sub.Board, sub.Round)
	}
	res, err := e.ParseResult(sub.Score, sub.EndReason)
	if err != nil {
		return err
	}
	before := *g
	sheetChanged := sub.Sheet != "" && sameSheet(sub.Sheet) != sameSheet(g.Sheet)
	if sheetChanged {
		rep := checkSheet(e.Game, sub.Sheet)
		g.Sheet, g.SheetReport = sub.Sheet, &rep
	}
	if g.Sheet != "" && g.SheetReport == nil {
		rep := checkSheet(e.Game, g.Sheet)
		g.SheetReport = &rep
	}
	problem := sheetProblem(e, res, g)
	// A report carries no reason of the arbiter's: it never corrects a
	// result nor overrides its sheet. The result the board has by now
	// (the arbiter entered it meanwhile), reported, changes nothing.
	change, err := DecideResult(ResultEntry{Event: e, Round: sub.Round, Board: sub.Board, Old: before.Result, New: res,
		SheetChanged: sheetChanged, HadSheet: before.Sheet != "", Problem: problem,
		SheetValid: g.Sheet != "" && g.SheetReport.Valid})
	switch {
	case err == nil && change == ResultUnchanged:
		return nil
	case before.Result != nil:
		return Conflict("", "board %d of round %d already has a result", sub.Board, sub.Round)
	case problem.Format != "":
		return Invalid("sheet", "%s; the report cannot be confirmed", problem)
	case err != nil:
		return err
	}
	g.Result = &res
	if err := StoreGame(tx, round, g); err != nil {
		return err
	}
	return Audit(tx, now, u, e.ID, ActionResultConfirm, fmt.Sprintf("round %d board %d", sub.Round, sub.Board), resultView(&before), resultView(g), "reported by "+sub.UserEmail)
}
