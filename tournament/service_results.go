package tournament

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"adiukh/rules"
)

// ResultInput is a result as an arbiter enters it for one board.
type ResultInput struct {
	EventID int64
	Round   int
	Board   int
	// Score ("17:7") and EndReason ("final_position", …) may both be left
	// empty with a sheet that says them: one that ends in a final position,
	// or carries a written result with its reason.
	Score     string
	EndReason string
	// Sheet is the game record; empty, or the sheet already stored (up to
	// line ends and surrounding space), keeps the sheet and its report.
	Sheet string
	// Version is the game version the arbiter saw; a newer stored version
	// refuses the update (ECONFLICT) instead of losing the other change.
	Version int
	// Reason is why the arbiter corrects a result the game already has, or
	// accepts a result the sheet does not support (or a standard game
	// without a sheet). Both need one; it goes to the audit log.
	Reason string
}

// RecordedResult is a stored result with what the arbiter should know
// about it.
type RecordedResult struct {
	*Game
	// Warnings name what the change may have upset, such as later rounds
	// already paired on the old result.
	Warnings []Warning
}

// RecordResult stores the result of one game; every door (the JSON API, the
// keyboard entry, the sheet form, a team board) comes through here, so its
// rules hold for all of them:
//   - a sheet that disagrees with the score blocks the result until one of
//     them is corrected or the arbiter overrides with a reason;
//   - changing a result the game already has is a correction and needs a
//     reason, which the audit log keeps with the old and the new result;
//     when a later round was already paired on the old result, the result
//     is stored and a warning says so;
//   - a stale version is refused, not overwritten;
//   - the same result with an unchanged sheet changes nothing.
//
// DecideResult takes these decisions, for this door as for the others.
func (s *Service) RecordResult(ctx context.Context, in ResultInput) (*RecordedResult, error) {
	if err := checkSheetBytes(in.Sheet); err != nil {
		return nil, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	var out *RecordedResult
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		// Where the result may come from is settled before what it says:
		// a correspondence game's sheet is refused for where it was sent,
		// not for what it lacks.
		if err := playedOnServer(e, in.Round, in.Board); err != nil {
			return err
		}
		if e.ResultsOnBracket() {
			// The board is a match: its result follows from the match's
			// games (package knockout), and one written over it would
			// part from them.
			return Invalid("board", "a knockout board is a match, won in its games: enter each game of the match on the bracket (POST /api/v1/events/%d/knockout/games)", e.ID)
		}
		if err := in.scoreFromSheet(e.Game); err != nil {
			return err
		}
		res, err := e.ParseResult(in.Score, in.EndReason)
		if err != nil {
			return err
		}
		if !slices.Contains(EndReasonsFor(e.Discipline), res.EndReason) {
			return Invalid("end_reason", "a %s game cannot end by %s", e.Discipline, res.EndReason)
		}
		rounds, round, err := storedRound(tx, in.EventID, in.Round)
		if err != nil {
			return err
		}
		if round.Status == Draft {
			return Conflict("", "round %d is not published yet", in.Round)
		}
		g := findGame(round, in.Board)
		if g == nil {
			return NotFound("board %d of round %d not found", in.Board, in.Round)
		}
		switch {
		case g.IsBye():
			return Conflict("", "board %d of round %d is the bye; its result follows from the pairing", in.Board, in.Round)
		case res.EndReason == Bye:
			return Invalid("end_reason", "only the pairing gives a bye; board %d has two players", in.Board)
		case e.MicroMatch.On():
			return Conflict("", "board %d of round %d is a micro-match: enter the result of each of its two games", in.Board, in.Round)
		case e.System == Knockout && g.Result != nil && len(rounds) > in.Round:
			// A knockout of teams: the later rounds are the legs the ties
			// needed after this one, read back from its results.
			return Conflict("", "round %d of the knockout is paired on who won the ties after round %d; take the later rounds back before correcting a result of round %d", in.Round+1, in.Round, in.Round)
		}
		before := *g
		sheetChanged := in.Sheet != "" && sameSheet(in.Sheet) != sameSheet(g.Sheet)
		if sheetChanged {
			g.Sheet, g.SheetReport = in.Sheet, nil
		}
		if g.Sheet != "" && g.SheetReport == nil {
			report := checkSheet(e.Game, g.Sheet)
			g.SheetReport = &report
		}
		problem := sheetProblem(e, res, g)
		change, err := DecideResult(ResultEntry{Event: e, Round: in.Round, Board: in.Board, Stored: g.Version, Sent: in.Version,
			Old: before.Result, New: res, SheetChanged: sheetChanged, HadSheet: before.Sheet != "",
			Problem: problem, SheetValid: g.Sheet != "" && g.SheetReport.Valid, Reason: in.Reason})
		if err != nil {
			return err
		}
		if change == ResultUnchanged {
			out = &RecordedResult{Game: &before}
			return nil // nothing changes: no new version, nothing to log
		}
		correction := change == ResultCorrected
		g.Result = &res
		g.OverrideReason = ""
		action, reason := ResultAudit(correction, problem, in.Reason)
		if problem.Format != "" {
			g.OverrideReason = in.Reason
		}
		if err := StoreGame(tx, round, g); err != nil {
			return err
		}
		warnings, err := ResultWarnings(tx, e, rounds, in.Round, &before, g, problem, sheetChanged, in.Sheet)
		if err != nil {
			return err
		}
		out = &RecordedResult{Game: g, Warnings: warnings}
		return Audit(tx, s.now(), u, in.EventID, action, fmt.Sprintf("round %d board %d", in.Round, in.Board), resultView(&before), resultView(g), reason)
	})
	return out, err
}

// ResultAudit is the audit log's action of a result recorded through any
// door (a board's, a micro-match game's) — a correction, an override of
// the sheet, both, or neither — and the reason it keeps: the arbiter's
// reason as typed, and with an override the sheet's problem as a message,
// so that the log says it in each reader's language.
func ResultAudit(correction bool, problem rules.Message, reason string) (action, note string) {
	if problem.Format != "" {
		reason = Note("note.result.against_sheet", reason, problem)
	}
	switch {
	case correction && problem.Format != "":
		return ActionResultCorrectOverride, reason
	case problem.Format != "":
		return ActionResultOverride, reason
	case correction:
		return ActionResultCorrect, reason
	}
	return ActionResultRecord, reason
}

// ResultWarnings are what a result just stored on board g of round n may
// have upset, whichever door it came through: a result the score sheet
// does not support (problem), kept because a reason overrode it, which the
// page says rather than accept an illegal sheet silently; later rounds
// paired on the board's old result; a score sheet the event requires and
// the board lacks; a new sheet naming others than the board's players.
// before is the board as it was.
func ResultWarnings(tx PlayerTx, e *Event, rounds []Round, n int, before, g *Game, problem rules.Message, sheetChanged bool, sheet string) ([]Warning, error) {
	var warnings []Warning
	if problem.Format != "" {
		warnings = append(warnings, newWarning("sheet", "the result of board %d is stored against its score sheet (%s): the reason given is kept as the arbiter's override", g.Board, problem))
	}
	if old := before.Result; old != nil && (g.Result == nil || *old != *g.Result) {
		warnings = append(warnings, pairedOnOldResult(e, rounds, n, g.Board, old)...)
	}
	if g.SheetMissing(e.Discipline) {
		warnings = append(warnings, sheetMissingWarning(e, n, g.Board))
	}
	if sheetChanged {
		named, err := sheetNamesOther(tx, e, g, n, sheet)
		if err != nil {
			return nil, err
		}
		warnings = append(warnings, named...)
	}
	return warnings, nil
}

// pairedOnOldResult warns that rounds after round n were paired while
// board's old result stood. A round robin's pairings follow the Berger
// table whatever the results, so only the systems that pair by score are
// upset.
func pairedOnOldResult(e *Event, rounds []Round, n, board int, old *Result) []Warning {
	if e.System.IsRoundRobin() {
		return nil
	}
	var later []string
	for _, r := range rounds {
		if r.Number > n {
			later = append(later, strconv.Itoa(r.Number))
		}
	}
	if len(later) == 0 {
		return nil
	}
	return []Warning{newWarning("score", "round %s was already paired on the old result %s of board %d in round %d; check its pairings, or unpublish and pair it again",
		strings.Join(later, ", "), old.Score(), board, n)}
}

// sheetNamesOther warns when the players a new sheet's header names are
// not the board's players (a sheet typed onto the wrong board): the full
// name or the surname alone, as NamesPlayer, count as naming them. A sheet
// without names is not warned about.
func sheetNamesOther(tx PlayerTx, e *Event, g *Game, round int, sheet string) ([]Warning, error) {
	sh := rules.ReadSheet(sheet)
	white, black := sh.Header("White"), sh.Header("Black")
	if white == "" && black == "" {
		return nil, nil
	}
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	name := func(id int64) string {
		if p := findPlayer(players, id); p != nil {
			return p.Name
		}
		return "?"
	}
	w, b := name(g.WhiteID), name(g.BlackID)
	if (white == "" || NamesPlayer(white, w)) && (black == "" || NamesPlayer(black, b)) {
		return nil, nil
	}
	return []Warning{newWarning("sheet", "the sheet names %s – %s, but board %d of round %d is %s – %s; check that it is the right sheet", cmp.Or(white, "?"), cmp.Or(black, "?"), g.Board, round, w, b)}, nil
}

// scoreFromSheet fills what is left empty of the score and the end reason
// from the sheet: the score of its final position, or its written result
// and reason. The sheet is checked against them as always afterwards.
func (in *ResultInput) scoreFromSheet(game GameKind) error {
	score, reason, err := fromSheet(game, in.Score, in.EndReason, in.Sheet, strings.TrimSpace(in.Reason) != "")
	if err != nil {
		return err
	}
	in.Score, in.EndReason = score, reason
	return nil
}

// fromSheet is the one rule by which a result left empty is taken from
// its sheet («по бланку»), at the arbiter's entry and in a player's report
// alike (ScoreFromSheet): a score and an end reason both given, or no
// sheet, are kept as they are.
func fromSheet(game GameKind, score, reason, sheet string, overridden bool) (string, string, error) {
	if (strings.TrimSpace(score) != "" && strings.TrimSpace(reason) != "") || strings.TrimSpace(sheet) == "" {
		return score, reason, nil
	}
	return scoreOfReport(score, reason, checkSheet(game, sheet), overridden)
}

// scoreOfReport fills what is left empty of a score and an end reason from
// a sheet's report (overridden: the arbiter gave a reason to override the
// sheet).
func scoreOfReport(score, reason string, rep SheetReport, overridden bool) (string, string, error) {
	score, reason = strings.TrimSpace(score), strings.TrimSpace(reason)
	switch {
	case rep.FinalReached && rep.FinalScore != "":
		score, reason = cmp.Or(score, rep.FinalScore), cmp.Or(reason, string(FinalPosition))
	case rep.ClaimedScore != "":
		score, reason = cmp.Or(score, rep.ClaimedScore), cmp.Or(reason, rep.ClaimedReason)
	}
	switch {
	case (score == "" || reason == "") && !overridden && !rep.Valid && len(rep.Errors) > 0:
		// A move that does not replay, or a start that cannot be read
		// (a bad FEN stops the check), is why the sheet gives no score:
		// say that first, not that a result it may well write is
		// missing. With the arbiter's reason to override the sheet
		// given, what is left to ask for is what the sheet cannot give:
		// the score or the ending.
		return "", "", Invalid("sheet", "%s; correct the score or the sheet, or override with a reason", sheetDisagreement(Result{}, &rep))
	case score == "":
		return "", "", Invalid("score", "give the score: the sheet neither reaches a final position nor records a result")
	case reason == "":
		return "", "", Invalid("end_reason", "the sheet does not say how the game ended before a final position; choose the end reason")
	}
	return score, reason, nil
}

// sheetMissingWarning says that a result came in without its score sheet.
func sheetMissingWarning(e *Event, round, board int) Warning {
	if e.SheetsRequired {
		return newWarning("sheet", "the result of board %d is stored without its score sheet; the event requires sheets, so round %d waits for it before the next round is paired", board, round)
	}
	return newWarning("sheet", "the result of board %d is stored without its score sheet; the desk lists the game until the sheet comes in", board)
}

// sameSheet is a sheet as compared with another: a form sends its text
// back with CRLF line ends and perhaps blank lines around it, which change
// nothing.
func sameSheet(sheet string) string {
	return strings.TrimSpace(strings.ReplaceAll(sheet, "\r\n", "\n"))
}

func findGame(r *Round, board int) *Game {
	for i := range r.Games {
		if r.Games[i].Board == board {
			return &r.Games[i]
		}
	}
	return nil
}

// sheetProblem says why the game's sheet does not support the result, or
// the zero Message when it does. Unplayed games need no sheet; a played
// game without one keeps its result and shows as missing its sheet
// (Game.SheetMissing) until the sheet comes in.
func sheetProblem(e *Event, res Result, g *Game) rules.Message {
	if !res.Played() || g.Sheet == "" {
		return rules.Message{}
	}
	return sheetDisagreement(res, g.SheetReport)
}

// sheetDisagreement compares a result with what the sheet shows.
func sheetDisagreement(res Result, rep *SheetReport) rules.Message {
	switch {
	case !rep.Valid:
		if len(rep.Errors) == 0 {
			return say("the score sheet is not valid")
		}
		first := rep.Errors[0]
		detail := first.Detail
		if detail.Format == "" {
			detail = say("%s", first.Message)
		}
		if first.Ply == 0 {
			return say("the score sheet is not valid at line %d: %s", first.Line, detail)
		}
		return say("the score sheet is not valid at line %d, move %d (ply %d): %s", first.Line, first.MoveNo, first.Ply, detail)
	case rep.FinalReached && res.EndReason != FinalPosition:
		// §5.5: a final position reached on the board stands.
		return say("the score sheet reaches a final position scoring %s, but the result entered ends by %s", rep.FinalScore, res.EndReason)
	case rep.FinalReached && rep.FinalScore != res.Score():
		return say("the score sheet ends in a final position scoring %s, but %s was entered", rep.FinalScore, res.Score())
	case !rep.FinalReached && res.EndReason == FinalPosition:
		return say("the result entered ends in a final position, but the score sheet stops before one")
	case rep.ClaimedScore != "" && rep.ClaimedScore != res.Score():
		return say("the score sheet records %s, but %s was entered", rep.ClaimedScore, res.Score())
	case rep.ClaimedReason != "" && EndReason(rep.ClaimedReason) != res.EndReason:
		return say("the score sheet says the game ended by %s, but %s was entered", EndReason(rep.ClaimedReason), res.EndReason)
	}
	return rules.Message{}
}

// resultLog is a game's result as the audit log keeps it.
type resultLog struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Version   int    `json:"version"`
	Sheet     bool   `json:"sheet"`
}

func resultView(g *Game) *resultLog {
	if g.Result == nil {
		return nil
	}
	return &resultLog{Score: g.Result.Score(), EndReason: string(g.Result.EndReason), Version: g.Version, Sheet: g.Sheet != ""}
}

// playedOnServer refuses a result entered for a game of a correspondence
// event or of an event played live: the game is played on the server, and its result comes from the
// play itself (a final position, resignation, agreement, loss on time) or
// from the arbiter's decision on the game, which also stops its clocks. A
// result written into the round beside it would count in the standings
// while the game went on.
func playedOnServer(e *Event, round, board int) error {
	switch {
	case e.Online:
		return Conflict("", "board %d of round %d is played live on the site: its result comes from the game itself or from the arbiter's decision on the game's page", board, round)
	case e.Discipline.PlayedOnServer():
		return Conflict("", "board %d of round %d is a correspondence game played on the server: its result comes from the game itself or from the arbiter's decision on the game's page", board, round)
	}
	return nil
}
