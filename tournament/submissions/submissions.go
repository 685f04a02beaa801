// Package submissions is the results that reach an event from outside the
// desk's result form: a player's report of their own board (a
// tournament.Submission, which counts only once the arbiter or the opponent
// confirms it) and a batch of score sheets the arbiter sends at once, each
// matched to its board.
//
// A confirmed report writes the game through the root's one writer of it
// (tournament.StoreGame, which keeps the round's status in step), its
// result checked against the sheet as the arbiter's entry is checked, a
// batch's sheets go one by one through tournament.Service.RecordResult, so
// that a result obeys one set of rules whichever door it came through. The
// reports and the accounts players report with are read by the root too
// (tournament.PlayerView), since the desk and the pairings show them in
// their own snapshot. It knows no HTTP and no SQL.
package submissions

import (
	"context"
	"fmt"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// Audit actions of players' reports; a confirmation is the root's
// (tournament.ActionResultConfirm), written with the result.
const (
	ActionSubmissionsOpen = "submissions.open"
	ActionResultSubmit    = "result.submit"
	ActionResultReject    = "result.reject"
)

// Store keeps the reports on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the domain's transaction (which reads the reports,
// tournament.SubmissionTx) with the reports' writers, and the knockout
// matches' (a confirmed report of a match game enters it there).
type Tx interface {
	tournament.Tx
	ReportTx
	knockout.Tx
}

// ReportTx writes whether an event takes results from players and the
// results they report.
type ReportTx interface {
	SetSubmissionsOpen(eventID int64, open bool) error
	CreateSubmission(s *tournament.Submission) error
	UpdateSubmission(s *tournament.Submission) error
}

// Service carries out the use cases of reported results. The signed-in
// user comes from the context, as for tournament.Service.
type Service struct {
	store  Store
	events *tournament.Service
	now    func() time.Time
}

// NewService returns the service over st; events records a batch's sheets;
// now is the clock (time.Now when nil).
func NewService(st Store, events *tournament.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, events: events, now: now}
}

// Input is a result a player reports for their board.
type Input struct {
	EventID int64
	Round   int
	Board   int
	// GameNo is the game of a knockout's match reported, numbered as the
	// bracket numbers them (from 1, tie-break games after the match's
	// own); 0 on an ordinary board.
	GameNo    int
	Score     string
	EndReason string
	Sheet     string
}

// PlayerView reads what the signed-in user may do as a player of an event,
// and for the event's arbiter the accounts and submissions of all players.
func (s *Service) PlayerView(ctx context.Context, eventID int64) (*tournament.PlayerView, error) {
	var v *tournament.PlayerView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		v, err = tournament.ReadPlayerView(tx, tournament.UserFromContext(ctx), e)
		return err
	})
	return v, err
}

// SetSubmissions opens or closes an event to results reported by players.
func (s *Service) SetSubmissions(ctx context.Context, eventID int64, open bool) error {
	return s.store.Update(ctx, func(tx Tx) error {
		_, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		before, err := tx.SubmissionsOpen(eventID)
		if err != nil {
			return err
		}
		if err := tx.SetSubmissionsOpen(eventID, open); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionSubmissionsOpen, fmt.Sprintf("event %d", eventID), before, open, "")
	})
}

// SubmitResult records a player's report of their own board's result. The
// score and sheet are checked now, as the arbiter's entry would be; the
// report waits for the arbiter or the opponent to confirm it.
func (s *Service) SubmitResult(ctx context.Context, in Input) (*tournament.Submission, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to report a result")
	}
	if err := tournament.CheckSheetBytes(in.Sheet); err != nil {
		return nil, err
	}
	var sub *tournament.Submission
	err := s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(in.EventID); err != nil {
			return err
		}
		e, playerID, g, err := reportable(ctx, tx, u, in.EventID, in.Round, in.Board)
		if err != nil {
			return err
		}
		if err := reportableGame(tx, e, g, in.Round, in.GameNo); err != nil {
			return err
		}
		score, reason, err := tournament.ScoreFromSheet(e, in.Score, in.EndReason, in.Sheet)
		if err != nil {
			return err
		}
		res, err := e.ParseResult(score, reason)
		if err != nil {
			return err
		}
		if res.EndReason == tournament.Bye || res.EndReason == tournament.Forfeit || res.EndReason == tournament.DoubleForfeit {
			return tournament.Invalid("end_reason", "only the arbiter records a bye or a forfeit")
		}
		if problem := tournament.ReportProblem(e, res, g, in.Sheet); problem.Format != "" {
			return tournament.Invalid("sheet", "%s; correct the score or the sheet", problem)
		}
		sub = &tournament.Submission{
			EventID: in.EventID, GameID: g.ID, Round: in.Round, Board: in.Board, GameNo: in.GameNo, PlayerID: playerID, UserID: u.ID, UserEmail: u.Email,
			Score: res.Score(), EndReason: string(res.EndReason), Sheet: in.Sheet, Status: tournament.Pending, CreatedAt: s.now().UTC(),
		}
		if err := tx.CreateSubmission(sub); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, in.EventID, ActionResultSubmit, target(sub), nil, sub.Score+" "+sub.EndReason, "")
	})
	return sub, err
}

// ReportForm is what the form a player reports a board with asks.
type ReportForm struct {
	// MatchGame is, on a knockout's board, the game of the match the form
	// offers (the first neither entered nor reported); 0 on an ordinary
	// board.
	MatchGame int
}

// ReportForm tells whether the signed-in player may report the result of a
// board, so that the report form is offered only where SubmitResult would
// take it (the error says why not), and what the form asks.
func (s *Service) ReportForm(ctx context.Context, eventID int64, round, board int) (*ReportForm, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to report a result")
	}
	form := &ReportForm{}
	err := s.store.View(ctx, func(tx Tx) error {
		e, _, g, err := reportable(ctx, tx, u, eventID, round, board)
		if err != nil || !e.ResultsOnBracket() {
			return err
		}
		waiting, err := waitingGames(tx, e.ID, g.ID)
		if err != nil {
			return err
		}
		form.MatchGame, err = knockout.ReportableGame(tx, e, round, board, 0, waiting)
		return err
	})
	if err != nil {
		return nil, err
	}
	return form, nil
}

// reportableGame checks the game number of a report on board g of round:
// a game of the match the player may report on a knockout's board, none on
// an ordinary board.
func reportableGame(tx Tx, e *tournament.Event, g *tournament.Game, round, gameNo int) error {
	if !e.ResultsOnBracket() {
		if gameNo != 0 {
			return tournament.Invalid("game_no", "board %d of round %d is a single game; a game number names a game of a knockout's match", g.Board, round)
		}
		return nil
	}
	if gameNo == 0 {
		return tournament.Invalid("game_no", "board %d of round %d is a knockout match: say which of its games you report", g.Board, round)
	}
	waiting, err := waitingGames(tx, e.ID, g.ID)
	if err != nil {
		return err
	}
	_, err = knockout.ReportableGame(tx, e, round, g.Board, gameNo, waiting)
	return err
}

// waitingGames are the numbers of the match games of board game gameID
// whose reports wait for a decision.
func waitingGames(tx Tx, eventID, gameID int64) ([]int, error) {
	all, err := tx.Submissions(eventID)
	if err != nil {
		return nil, err
	}
	var waiting []int
	for _, sub := range all {
		if sub.GameID == gameID && sub.Status == tournament.Pending && sub.GameNo > 0 {
			waiting = append(waiting, sub.GameNo)
		}
	}
	return waiting, nil
}

// target names a report's board, and its game in a knockout's match, as
// the audit log keeps it.
func target(sub *tournament.Submission) string {
	if sub.GameNo > 0 {
		return fmt.Sprintf("round %d board %d game %d", sub.Round, sub.Board, sub.GameNo)
	}
	return fmt.Sprintf("round %d board %d", sub.Round, sub.Board)
}

// reportable finds the board a player may report on: the event takes
// results from players, the board is the player's own, its round is
// published and it has no result yet (a knockout's match is undecided;
// which of its games may be reported is reportableGame's).
func reportable(ctx context.Context, tx Tx, u *tournament.User, eventID int64, roundNo, board int) (*tournament.Event, int64, *tournament.Game, error) {
	e, err := tournament.Readable(ctx, tx, eventID)
	if err != nil {
		return nil, 0, nil, err
	}
	open, err := tx.SubmissionsOpen(eventID)
	if err != nil {
		return nil, 0, nil, err
	}
	if !open {
		return nil, 0, nil, tournament.Forbidden("%s does not take results from players; the arbiter enters them", e.Name)
	}
	if err := tournament.PlayedOnServer(e, roundNo, board); err != nil {
		return nil, 0, nil, err
	}
	if e.MicroMatch.On() {
		return nil, 0, nil, tournament.Conflict("", "board %d of round %d is a micro-match: the arbiter enters the result of each of its two games", board, roundNo)
	}
	playerID, err := ownPlayer(tx, eventID, u)
	if err != nil {
		return nil, 0, nil, err
	}
	_, round, err := tournament.StoredRound(tx, eventID, roundNo)
	if err != nil {
		return nil, 0, nil, err
	}
	g := tournament.FindGame(round, board)
	switch {
	case g == nil:
		return nil, 0, nil, tournament.NotFound("board %d of round %d not found", board, roundNo)
	case g.WhiteID != playerID && g.BlackID != playerID:
		return nil, 0, nil, tournament.Forbidden("board %d of round %d is not your game", board, roundNo)
	case round.Status == tournament.Draft:
		return nil, 0, nil, tournament.Conflict("", "round %d is not published yet", roundNo)
	case g.Result != nil:
		return nil, 0, nil, tournament.Conflict("", "board %d of round %d already has a result; ask the arbiter to correct it", board, roundNo)
	}
	return e, playerID, g, nil
}

func ownPlayer(tx tournament.SubmissionTx, eventID int64, u *tournament.User) (int64, error) {
	accounts, err := tx.PlayerAccounts(eventID)
	if err != nil {
		return 0, err
	}
	for pid, account := range accounts {
		if account.ID == u.ID {
			return pid, nil
		}
	}
	return 0, tournament.Forbidden("%s is not a player of this event", u.Email)
}

// DecideSubmission confirms or rejects a pending submission. The arbiter of
// the event or the reporting player's opponent decides; a confirmed result
// is recorded as the game's result in the same transaction.
func (s *Service) DecideSubmission(ctx context.Context, eventID, submissionID int64, confirm bool, reason string) (*tournament.Submission, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to confirm or reject a result")
	}
	var sub *tournament.Submission
	err := s.store.Update(ctx, func(tx Tx) error {
		// The event is locked before anything the decision reads, as every
		// write of the event does: a confirmation, a rejection and the
		// arbiter's entry of the same board run one after another, so
		// exactly one decision finds the report pending.
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		all, err := tx.Submissions(eventID)
		if err != nil {
			return err
		}
		for i := range all {
			if all[i].ID == submissionID {
				sub = &all[i]
			}
		}
		if sub == nil {
			return tournament.NotFound("submission %d not found in event %d", submissionID, eventID)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		// Who may decide is asked first: an outsider learns nothing of the
		// report, not even that it was decided.
		if !tournament.CanManage(u, e) {
			own, err := ownPlayer(tx, eventID, u)
			if err != nil || own != tournament.OpponentOf(rounds, sub.GameID, sub.PlayerID) {
				return tournament.Forbidden("only the arbiter or the opponent confirms or rejects a reported result")
			}
		}
		if sub.Status != tournament.Pending {
			return tournament.Conflict("", "the result reported for board %d of round %d was already %s", sub.Board, sub.Round, sub.Status)
		}
		sub.DecidedBy, sub.DecidedAt, sub.Reason = u.Email, s.now().UTC(), strings.TrimSpace(reason)
		if !confirm {
			sub.Status = tournament.Rejected
			if err := tx.UpdateSubmission(sub); err != nil {
				return err
			}
			return tournament.Audit(tx, s.now(), u, eventID, ActionResultReject, target(sub), sub.Score+" "+sub.EndReason, nil, sub.Reason)
		}
		if err := recordReport(tx, s.now(), u, e, rounds, sub); err != nil {
			return err
		}
		sub.Status = tournament.Confirmed
		return tx.UpdateSubmission(sub)
	})
	return sub, err
}
