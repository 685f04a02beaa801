package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"

	"adiukh/rules"
)

// Players who have accounts may report the result of their own board when
// the event allows it. A report is a Submission; it counts only once the
// arbiter or the opponent confirms it, and then it is recorded like a result
// the arbiter entered, with the same checks against the game sheet.

// SubmissionStatus is where a submission is in its life.
type SubmissionStatus string

const (
	Pending   SubmissionStatus = "pending"   // waiting for the arbiter or the opponent
	Confirmed SubmissionStatus = "confirmed" // recorded as the game's result
	Rejected  SubmissionStatus = "rejected"  // refused; the game is unchanged
)

// Audit actions of submissions.
const (
	ActionSubmissionsOpen = "submissions.open"
	ActionPlayerLink      = "player.link"
	ActionResultSubmit    = "result.submit"
	ActionResultConfirm   = "result.confirm"
	ActionResultReject    = "result.reject"
)

// Submission is a result a player reports for their own board.
type Submission struct {
	ID        int64
	EventID   int64
	GameID    int64
	Round     int
	Board     int
	PlayerID  int64 // the reporting player
	UserID    int64
	UserEmail string
	Score     string
	EndReason string
	Sheet     string
	Status    SubmissionStatus
	// DecidedBy is the e-mail of whoever confirmed or rejected it.
	DecidedBy string
	Reason    string // why it was rejected
	CreatedAt time.Time
	DecidedAt time.Time
}

// SubmissionTx is the part of a store transaction that keeps player
// accounts of events and the results players submit.
type SubmissionTx interface {
	// SubmissionsOpen reports whether players of the event may report results.
	SubmissionsOpen(eventID int64) (bool, error)
	SetSubmissionsOpen(eventID int64, open bool) error
	// PlayerAccounts maps the event's player IDs to the accounts they sign
	// in with.
	PlayerAccounts(eventID int64) (map[int64]User, error)
	// LinkPlayer gives a player an account; userID 0 takes it away.
	LinkPlayer(eventID, playerID, userID int64) error
	CreateSubmission(s *Submission) error
	// Submissions lists the event's submissions, oldest first.
	Submissions(eventID int64) ([]Submission, error)
	UpdateSubmission(s *Submission) error
}

// SubmissionInput is a result a player reports for their board.
type SubmissionInput struct {
	EventID   int64
	Round     int
	Board     int
	Score     string
	EndReason string
	Sheet     string
}

// PlayerView is what a signed-in user may do as a player of one event.
type PlayerView struct {
	// SubmissionsOpen says whether the event takes results from players.
	SubmissionsOpen bool
	// MicroMatches: the event's boards are micro-matches, whose two games'
	// results the arbiter enters; a player reports none.
	MicroMatches bool
	// PlayerID is the user's own player in the event; 0 when the user is
	// not one of its players.
	PlayerID int64
	// Accounts maps player IDs to the e-mails they sign in as; only those
	// who may change the event see it.
	Accounts map[int64]string
	// Submissions are those of the user's own games, or every one for
	// those who may change the event.
	Submissions []Submission
}

// MayReport tells whether the view's player may report the result of g, a
// game of a published round, now: the event takes results from players, g
// is the player's own game against an opponent and has no result (the rule
// SubmitReport enforces, told from this view), and no report of the
// player's on it still waits for a decision.
func (v *PlayerView) MayReport(g *Game) bool {
	if v == nil || !v.SubmissionsOpen || v.MicroMatches || v.PlayerID == 0 || g.Result != nil || g.IsBye() {
		return false
	}
	if g.WhiteID != v.PlayerID && g.BlackID != v.PlayerID {
		return false
	}
	for _, s := range v.Submissions {
		if s.GameID == g.ID && s.PlayerID == v.PlayerID && s.Status == Pending {
			return false
		}
	}
	return true
}

// PlayerView reads what the signed-in user may do as a player of an event,
// and for the event's arbiter the accounts and submissions of all players.
func (s *Service) PlayerView(ctx context.Context, eventID int64) (*PlayerView, error) {
	var v *PlayerView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		v, err = playerView(tx, UserFromContext(ctx), e)
		return err
	})
	return v, err
}

// playerView is PlayerView inside a transaction that has read the event.
func playerView(tx Tx, u *User, e *Event) (*PlayerView, error) {
	v := &PlayerView{MicroMatches: e.MicroMatch.On()}
	var err error
	if v.SubmissionsOpen, err = tx.SubmissionsOpen(e.ID); err != nil {
		return nil, err
	}
	if u == nil {
		return v, nil
	}
	accounts, err := tx.PlayerAccounts(e.ID)
	if err != nil {
		return nil, err
	}
	for pid, account := range accounts {
		if account.ID == u.ID {
			v.PlayerID = pid
		}
	}
	manager := CanManage(u, e)
	if !manager && v.PlayerID == 0 {
		return v, nil
	}
	all, err := tx.Submissions(e.ID)
	if err != nil {
		return nil, err
	}
	rounds, err := tx.Rounds(e.ID)
	if err != nil {
		return nil, err
	}
	for _, sub := range all {
		if manager || sub.PlayerID == v.PlayerID || opponentOf(rounds, sub.GameID, sub.PlayerID) == v.PlayerID {
			v.Submissions = append(v.Submissions, sub)
		}
	}
	if manager {
		v.Accounts = map[int64]string{}
		for pid, account := range accounts {
			v.Accounts[pid] = account.Email
		}
	}
	return v, nil
}

// opponentOf returns the player facing playerID in a game, 0 when none.
func opponentOf(rounds []Round, gameID, playerID int64) int64 {
	for _, r := range rounds {
		for _, g := range r.Games {
			if g.ID != gameID {
				continue
			}
			if g.WhiteID == playerID {
				return g.BlackID
			}
			return g.WhiteID
		}
	}
	return 0
}

// SetSubmissions opens or closes an event to results reported by players.
func (s *Service) SetSubmissions(ctx context.Context, eventID int64, open bool) error {
	return s.store.Update(ctx, func(tx Tx) error {
		_, u, err := manageable(ctx, tx, eventID)
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
		return Audit(tx, s.now(), u, eventID, ActionSubmissionsOpen, fmt.Sprintf("event %d", eventID), before, open, "")
	})
}

// LinkPlayer gives a player of the event the account with that e-mail, so
// that the player can report the results of their own games; an empty
// e-mail takes the account away.
func (s *Service) LinkPlayer(ctx context.Context, eventID, playerID int64, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	return s.store.Update(ctx, func(tx Tx) error {
		_, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		p := findPlayer(players, playerID)
		if p == nil {
			return NotFound("player %d not found in event %d", playerID, eventID)
		}
		var account *User
		if email != "" {
			account, err = tx.UserByEmail(email)
			if ErrorCode(err) == ENOTFOUND {
				return Invalid("email", "no account has the e-mail %s; the player signs up first (adiukh user add --role player)", email)
			}
			if err != nil {
				return err
			}
		}
		return linkPlayer(tx, s.now(), u, eventID, playerID, account)
	})
}

// linkPlayer is LinkPlayer inside a transaction that has locked the event,
// which u may manage, and found the player: account nil takes the account
// away. An accepted entry links its player through it too (AdmitPlayer).
func linkPlayer(tx Tx, now time.Time, u *User, eventID, playerID int64, account *User) error {
	var userID int64
	var email string
	if account != nil {
		userID, email = account.ID, account.Email
	}
	accounts, err := tx.PlayerAccounts(eventID)
	if err != nil {
		return err
	}
	for pid, linked := range accounts {
		if userID != 0 && linked.ID == userID && pid != playerID {
			return Conflict("email", "%s already plays in this event as player %d", email, pid)
		}
	}
	if err := tx.LinkPlayer(eventID, playerID, userID); err != nil {
		return err
	}
	return Audit(tx, now, u, eventID, ActionPlayerLink, fmt.Sprintf("player %d", playerID), nil, email, "")
}

// SubmitResult records a player's report of their own board's result. The
// score and sheet are checked now, as the arbiter's entry would be; the
// report waits for the arbiter or the opponent to confirm it.
func (s *Service) SubmitResult(ctx context.Context, in SubmissionInput) (*Submission, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, Unauthorized("sign in to report a result")
	}
	if err := checkSheetSize(in.Sheet); err != nil {
		return nil, err
	}
	var sub *Submission
	err := s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(in.EventID); err != nil {
			return err
		}
		e, playerID, g, err := reportable(ctx, tx, u, in.EventID, in.Round, in.Board)
		if err != nil {
			return err
		}
		res, err := e.ParseResult(in.Score, in.EndReason)
		if err != nil {
			return err
		}
		if res.EndReason == Bye || res.EndReason == Forfeit || res.EndReason == DoubleForfeit {
			return Invalid("end_reason", "only the arbiter records a bye or a forfeit")
		}
		if problem := submittedSheetProblem(e, res, g, in.Sheet); problem.Format != "" {
			return Invalid("sheet", "%s; correct the score or the sheet", problem)
		}
		sub = &Submission{
			EventID: in.EventID, GameID: g.ID, Round: in.Round, Board: in.Board, PlayerID: playerID, UserID: u.ID, UserEmail: u.Email,
			Score: res.Score(), EndReason: string(res.EndReason), Sheet: in.Sheet, Status: Pending, CreatedAt: s.now().UTC(),
		}
		if err := tx.CreateSubmission(sub); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, in.EventID, ActionResultSubmit, fmt.Sprintf("round %d board %d", in.Round, in.Board), nil, sub.Score+" "+sub.EndReason, "")
	})
	return sub, err
}

// MayReport tells whether the signed-in player may report the result of a
// board, so that the report form is offered only where SubmitResult would
// take it; the error says why not.
func (s *Service) MayReport(ctx context.Context, eventID int64, round, board int) error {
	u := UserFromContext(ctx)
	if u == nil {
		return Unauthorized("sign in to report a result")
	}
	return s.store.View(ctx, func(tx Tx) error {
		_, _, _, err := reportable(ctx, tx, u, eventID, round, board)
		return err
	})
}

// reportable finds the board a player may report on: the event takes
// results from players, the board is the player's own, its round is
// published and it has no result yet.
func reportable(ctx context.Context, tx Tx, u *User, eventID int64, roundNo, board int) (*Event, int64, *Game, error) {
	e, err := readable(ctx, tx, eventID)
	if err != nil {
		return nil, 0, nil, err
	}
	open, err := tx.SubmissionsOpen(eventID)
	if err != nil {
		return nil, 0, nil, err
	}
	if !open {
		return nil, 0, nil, Forbidden("event %d does not take results from players; the arbiter enters them", eventID)
	}
	if err := playedOnServer(e, roundNo, board); err != nil {
		return nil, 0, nil, err
	}
	if e.MicroMatch.On() {
		return nil, 0, nil, Conflict("", "board %d of round %d is a micro-match: the arbiter enters the result of each of its two games", board, roundNo)
	}
	playerID, err := ownPlayer(tx, eventID, u)
	if err != nil {
		return nil, 0, nil, err
	}
	_, round, err := storedRound(tx, eventID, roundNo)
	if err != nil {
		return nil, 0, nil, err
	}
	g := findGame(round, board)
	switch {
	case g == nil:
		return nil, 0, nil, NotFound("board %d of round %d not found", board, roundNo)
	case g.WhiteID != playerID && g.BlackID != playerID:
		return nil, 0, nil, Forbidden("board %d of round %d is not your game", board, roundNo)
	case round.Status == Draft:
		return nil, 0, nil, Conflict("", "round %d is not published yet", roundNo)
	case g.Result != nil:
		return nil, 0, nil, Conflict("", "board %d of round %d already has a result; ask the arbiter to correct it", board, roundNo)
	}
	return e, playerID, g, nil
}

// submittedSheetProblem checks a reported result against the sheet that
// comes with it, or the sheet already stored.
func submittedSheetProblem(e *Event, res Result, g *Game, sheet string) rules.Message {
	check := *g
	if strings.TrimSpace(sheet) != "" {
		check.Sheet = sheet
		rep := checkSheet(e.Game, sheet)
		check.SheetReport = &rep
	}
	return sheetProblem(e, res, &check)
}

func ownPlayer(tx SubmissionTx, eventID int64, u *User) (int64, error) {
	accounts, err := tx.PlayerAccounts(eventID)
	if err != nil {
		return 0, err
	}
	for pid, account := range accounts {
		if account.ID == u.ID {
			return pid, nil
		}
	}
	return 0, Forbidden("%s is not a player of event %d", u.Email, eventID)
}

// DecideSubmission confirms or rejects a pending submission. The arbiter of
// the event or the reporting player's opponent decides; a confirmed result
// is recorded as the game's result in the same transaction.
func (s *Service) DecideSubmission(ctx context.Context, eventID, submissionID int64, confirm bool, reason string) (*Submission, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, Unauthorized("sign in to confirm or reject a result")
	}
	var sub *Submission
	err := s.store.Update(ctx, func(tx Tx) error {
		// The event is locked before anything the decision reads, as every
		// write of the event does: a confirmation, a rejection and the
		// arbiter's entry of the same board run one after another, so
		// exactly one decision finds the report pending.
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := readable(ctx, tx, eventID)
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
			return NotFound("submission %d not found in event %d", submissionID, eventID)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		// Who may decide is asked first: an outsider learns nothing of the
		// report, not even that it was decided.
		if !CanManage(u, e) {
			own, err := ownPlayer(tx, eventID, u)
			if err != nil || own != opponentOf(rounds, sub.GameID, sub.PlayerID) {
				return Forbidden("only the arbiter or the opponent confirms or rejects a reported result")
			}
		}
		if sub.Status != Pending {
			return Conflict("", "the result reported for board %d of round %d was already %s", sub.Board, sub.Round, sub.Status)
		}
		sub.DecidedBy, sub.DecidedAt, sub.Reason = u.Email, s.now().UTC(), strings.TrimSpace(reason)
		subject := fmt.Sprintf("round %d board %d", sub.Round, sub.Board)
		if !confirm {
			sub.Status = Rejected
			if err := tx.UpdateSubmission(sub); err != nil {
				return err
			}
			return Audit(tx, s.now(), u, eventID, ActionResultReject, subject, sub.Score+" "+sub.EndReason, nil, sub.Reason)
		}
		round, err := findRound(rounds, eventID, sub.Round)
		if err != nil {
			return err
		}
		g := findGame(round, sub.Board)
		if g == nil || g.ID != sub.GameID {
			return Conflict("", "board %d of round %d was paired again; the report no longer fits", sub.Board, sub.Round)
		}
		if g.Result != nil {
			return Conflict("", "board %d of round %d already has a result", sub.Board, sub.Round)
		}
		res, err := e.ParseResult(sub.Score, sub.EndReason)
		if err != nil {
			return err
		}
		before := *g
		if sub.Sheet != "" {
			rep := checkSheet(e.Game, sub.Sheet)
			g.Sheet, g.SheetReport = sub.Sheet, &rep
		}
		if problem := sheetProblem(e, res, g); problem.Format != "" {
			return Invalid("sheet", "%s; the report cannot be confirmed", problem)
		}
		g.Result = &res
		if err := StoreGame(tx, round, g); err != nil {
			return err
		}
		sub.Status = Confirmed
		if err := tx.UpdateSubmission(sub); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionResultConfirm, subject, resultView(&before), resultView(g), "reported by "+sub.UserEmail)
	})
	return sub, err
}
