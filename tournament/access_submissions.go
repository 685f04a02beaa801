package tournament

import (
	"strings"

	"adiukh/rules"
)

// What package submissions uses of the events: players' reports and
// batches of score sheets are checked as the arbiter's entry of a result
// is, and a confirmed report is written through StoreGame and Audit, in
// the area's own transaction, as the arbiter's entry writes a result.

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
	return SameFolded(written, player) || (len(a) > 0 && len(b) > 0 && a[0] == b[0])
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

// SameSheet reports whether two score sheets are one, up to line ends and
// the space around them.
func SameSheet(a, b string) bool { return sameSheet(a) == sameSheet(b) }

// ResultView is a board's result as the audit log keeps it.
func ResultView(g *Game) any { return resultView(g) }

// SheetDisagreement says why a sheet's report does not support the result
// res (the sheet not valid, with its first problem's line and move; a
// final position or a written result other than res), the zero Message
// when it does: the check of a board's sheet, for the sheets an area keeps
// of its own games (a knockout match's).
func SheetDisagreement(res Result, rep *SheetReport) rules.Message {
	return sheetDisagreement(res, rep)
}
