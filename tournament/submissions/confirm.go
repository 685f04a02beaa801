package submissions

import (
	"fmt"
	"slices"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// recordReport writes the result a player reported, now confirmed by u,
// as the game's result of the event e, which the transaction has locked
// and whose rounds it read: checked against its sheet as the arbiter's
// entry is, the round's status kept in step (tournament.StoreGame), with
// its entry in the audit log at now. A report of a knockout match's game
// goes into the match through its own checks (knockout.RecordReported).
func recordReport(tx Tx, now time.Time, u *tournament.User, e *tournament.Event, rounds []tournament.Round, sub *tournament.Submission) error {
	if err := e.TableOpen(""); err != nil {
		return err
	}
	i := slices.IndexFunc(rounds, func(r tournament.Round) bool { return r.Number == sub.Round })
	if i < 0 {
		return tournament.NotFound("round %d of event %d not found", sub.Round, e.ID)
	}
	round := &rounds[i]
	g := tournament.FindGame(round, sub.Board)
	if g == nil || g.ID != sub.GameID {
		return tournament.Conflict("", "board %d of round %d was paired again; the report no longer fits", sub.Board, sub.Round)
	}
	res, err := e.ParseResult(sub.Score, sub.EndReason)
	if err != nil {
		return err
	}
	if e.ResultsOnBracket() {
		if sub.GameNo == 0 {
			// A report of the whole board, kept from before a board was
			// known for a match's, would write the match's result over
			// its games.
			return tournament.Conflict("", "board %d of round %d is a knockout match, won in its games: the report names none of them; report a game of the match", sub.Board, sub.Round)
		}
		return knockout.RecordReported(tx, now, u, e, knockout.ReportedGame{Round: sub.Round, Board: sub.Board, Number: sub.GameNo,
			Result: res, Sheet: sub.Sheet, Reporter: sub.UserEmail})
	}
	before := *g
	sheetChanged := sub.Sheet != "" && !tournament.SameSheet(sub.Sheet, g.Sheet)
	if sheetChanged {
		rep := tournament.CheckSheet(e.Game, sub.Sheet)
		g.Sheet, g.SheetReport = sub.Sheet, &rep
	}
	if g.Sheet != "" && g.SheetReport == nil {
		rep := tournament.CheckSheet(e.Game, g.Sheet)
		g.SheetReport = &rep
	}
	problem := tournament.ReportProblem(e, res, g, "")
	// A report carries no reason of the arbiter's: it never corrects a
	// result nor overrides its sheet. The result the board has by now
	// (the arbiter entered it meanwhile), reported, changes nothing.
	change, err := tournament.DecideResult(tournament.ResultEntry{Event: e, Round: sub.Round, Board: sub.Board, Old: before.Result, New: res,
		SheetChanged: sheetChanged, HadSheet: before.Sheet != "", Problem: problem,
		SheetValid: g.Sheet != "" && g.SheetReport.Valid})
	switch {
	case err == nil && change == tournament.ResultUnchanged:
		return nil
	case before.Result != nil:
		return tournament.Conflict("", "board %d of round %d already has a result", sub.Board, sub.Round)
	case problem.Format != "":
		return tournament.Invalid("sheet", "%s; the report cannot be confirmed", problem)
	case err != nil:
		return err
	}
	g.Result = &res
	if err := tournament.StoreGame(tx, round, g); err != nil {
		return err
	}
	return tournament.Audit(tx, now, u, e.ID, tournament.ActionResultConfirm, fmt.Sprintf("round %d board %d", sub.Round, sub.Board), tournament.ResultView(&before), tournament.ResultView(g), "reported by "+sub.UserEmail)
}
