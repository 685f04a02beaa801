package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"
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

// Audit actions of a player's account and of a confirmed report; package
// submissions has those of the reports themselves.
const (
	ActionPlayerLink    = "player.link"
	ActionResultConfirm = "result.confirm"
)

// Submission is a result a player reports for their own board.
type Submission struct {
	ID      int64
	EventID int64
	GameID  int64
	Round   int
	Board   int
	// GameNo is the game's number in the match of a knockout's board,
	// from 1 (tie-break games after the match's own); 0 for an ordinary
	// board's single game.
	GameNo    int
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
// accounts of events and reads the results players submit (which package
// submissions writes).
type SubmissionTx interface {
	// SubmissionsOpen reports whether players of the event may report results.
	SubmissionsOpen(eventID int64) (bool, error)
	// PlayerAccounts maps the event's player IDs to the accounts they sign
	// in with.
	PlayerAccounts(eventID int64) (map[int64]User, error)
	// LinkPlayer gives a player an account; userID 0 takes it away.
	LinkPlayer(eventID, playerID, userID int64) error
	// Submissions lists the event's submissions, oldest first.
	Submissions(eventID int64) ([]Submission, error)
}

// PlayerView is what a signed-in user may do as a player of one event.
type PlayerView struct {
	// SubmissionsOpen says whether the event takes results from players.
	SubmissionsOpen bool
	// MicroMatches: the event's boards are micro-matches, whose two games'
	// results the arbiter enters; a player reports none.
	MicroMatches bool
	// Matches: the event's boards are knockout matches, whose games a
	// player reports one by one, a game while an earlier one's report
	// waits.
	Matches bool
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
// player's on it still waits for a decision, unless it is a knockout's
// match, whose next game may be reported meanwhile.
func (v *PlayerView) MayReport(g *Game) bool {
	if v == nil || !v.SubmissionsOpen || v.MicroMatches || v.PlayerID == 0 || g.Result != nil || g.IsBye() {
		return false
	}
	if g.WhiteID != v.PlayerID && g.BlackID != v.PlayerID {
		return false
	}
	for _, s := range v.Submissions {
		if s.GameID == g.ID && s.PlayerID == v.PlayerID && s.Status == Pending && !v.Matches {
			return false
		}
	}
	return true
}

// playerView is PlayerView inside a transaction that has read the event.
func playerView(tx Tx, u *User, e *Event) (*PlayerView, error) {
	v := &PlayerView{MicroMatches: e.MicroMatch.On(), Matches: e.ResultsOnBracket()}
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
	if manager {
		v.Submissions = append(v.Submissions, all...)
		v.Accounts = map[int64]string{}
		for pid, account := range accounts {
			v.Accounts[pid] = account.Email
		}
		return v, nil
	}
	// A report is the player's or their opponent's in one of their own
	// games: those alone are read, not the event's thousands, as every
	// page a player reads asks for their view (issue 65).
	games, err := tx.PlayerGames(e.ID, v.PlayerID)
	if err != nil {
		return nil, err
	}
	own := []Round{{Games: games}}
	for _, sub := range all {
		if sub.PlayerID == v.PlayerID || opponentOf(own, sub.GameID, sub.PlayerID) == v.PlayerID {
			v.Submissions = append(v.Submissions, sub)
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
		return LinkPlayerAccount(tx, s.now(), u, eventID, playerID, account)
	})
}

// LinkPlayerAccount is LinkPlayer inside a transaction that has locked the
// event, which u may manage, and found the player: account nil takes the
// account away. An accepted entry links its player through it too
// (players.AdmitPlayer).
func LinkPlayerAccount(tx Tx, now time.Time, u *User, eventID, playerID int64, account *User) error {
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
