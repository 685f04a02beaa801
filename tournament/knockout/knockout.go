// Package knockout is the knockout events (issue 68): a bracket of matches
// of several games, the winners going through.
//
// A knockout round is a round of the event whose boards are its matches:
// one board a match, the board's White the player with White in the
// match's first game (the colours alternate after it). The games of a
// match, its tie-break games and a lot that decided it are this package's
// (Tx.MatchGames); the board's result is the match's once it is decided (a
// win for the player who goes through, which every read of a round shows
// and the pairing of the next round reads), written through the root's one
// writer of a board, tournament.StoreGame. The bracket is paired by the
// plug engines fills (Options.Pairing[tournament.Knockout]) from the pure
// tournament/pairing/knockout, whose match rules this package asks too.
//
// It knows no HTTP and no SQL.
package knockout

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	bracket "adiukh/tournament/pairing/knockout"
)

// Store keeps the knockout matches on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the domain's transaction with the games of the event's matches.
type Tx interface {
	tournament.Tx
	SheetTx
	PlayedTx
	// MatchGames reads every game of the event's matches (and the lots),
	// by round, board and number.
	MatchGames(eventID int64) ([]Game, error)
	// SaveMatchGame stores a game of a match, or the lot (Number 0), in
	// place of the one of the same round, board and number.
	SaveMatchGame(eventID int64, g Game) error
}

// Game is one game of a match, or the lot that decided it (Number 0:
// WhiteID is the winner drawn and Reason the arbiter's).
type Game struct {
	Round  int
	Board  int
	Number int
	// WhiteID is the player who had White; Result is the game's score
	// from that side, as the game's sheets write it.
	WhiteID int64
	Result  tournament.Result
	// Reason is why a lot decided the match, or why the game's result
	// was corrected.
	Reason string
}

// Service carries out the use cases of knockout events. The signed-in
// user comes from the context, as for tournament.Service.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the service over st; now is the clock (time.Now when
// nil).
func NewService(st Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, now: now}
}

// Format is the event's setting as the pure rules of a match read it.
func Format(s tournament.KnockoutSettings) bracket.Format {
	f := bracket.Format{Games: s.MatchGames}
	for _, st := range s.TieBreaks {
		f.TieBreaks = append(f.TieBreaks, bracket.Stage{Games: st.Games, Tempo: bracket.Tempo(st.Tempo)})
	}
	return f
}

// GameInput is the result of one game of a match.
type GameInput struct {
	EventID int64
	Round   int
	Board   int
	// Number is the game's in the match, from 1 (the match's own games,
	// then its tie-break games): the next one, or one entered before to
	// correct it.
	Number int
	// Score is the game's, White's first in that game (2:0, 1:1, 0:2 …),
	// with its end reason as a board's.
	Score     string
	EndReason string
	// Reason is why a game's result is corrected.
	Reason string
}

// LotInput is a match decided by lot.
type LotInput struct {
	EventID  int64
	Round    int
	Board    int
	WinnerID int64
	Reason   string
}

// matchLog is what the audit log keeps of a match's game or lot.
type matchLog struct {
	Game      int    `json:"game"`
	Score     string `json:"score,omitempty"`
	EndReason string `json:"end_reason,omitempty"`
	Winner    int    `json:"winner,omitempty"`
	Match     string `json:"board_score,omitempty"`
}

// board is a match being changed: the event, its rounds, the round and
// board, and the match's games so far.
type board struct {
	e      *tournament.Event
	user   *tournament.User
	rounds []tournament.Round
	round  *tournament.Round
	game   *tournament.Game
	games  []Game // the match's games by number, the lot apart
	lot    *Game
}

// openBoard reads a match the signed-in arbiter may change.
func openBoard(ctx context.Context, tx Tx, eventID int64, round, boardNo int) (*board, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, err
	}
	return readBoard(tx, e, u, round, boardNo)
}

// readBoard reads the match of board boardNo of round of event e, changed
// by u (nil: the site, for a game played on it).
func readBoard(tx Tx, e *tournament.Event, u *tournament.User, round, boardNo int) (*board, error) {
	eventID := e.ID
	if err := e.TableOpen(""); err != nil {
		return nil, err
	}
	if e.System != tournament.Knockout {
		return nil, tournament.Conflict("system", "%s is not a knockout; its boards are single games", e.Name)
	}
	if e.Discipline.IsTeam() {
		return nil, tournament.Conflict("system", "%s is a knockout of teams; its boards are single games of the ties' legs, entered as in every team round", e.Name)
	}
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(rounds, func(r tournament.Round) bool { return r.Number == round })
	if i < 0 {
		return nil, tournament.NotFound("round %d of event %d not found", round, eventID)
	}
	r := &rounds[i]
	if r.Status == tournament.Draft {
		return nil, tournament.Conflict("", "round %d is not published yet", round)
	}
	g := tournament.FindGame(r, boardNo)
	switch {
	case g == nil:
		return nil, tournament.NotFound("board %d of round %d not found", boardNo, round)
	case g.IsBye():
		return nil, tournament.Conflict("", "board %d of round %d is the bye; its result follows from the pairing", boardNo, round)
	}
	all, err := tx.MatchGames(eventID)
	if err != nil {
		return nil, err
	}
	b := &board{e: e, user: u, rounds: rounds, round: r, game: g}
	for _, mg := range all {
		if mg.Round != round || mg.Board != boardNo {
			continue
		}
		if mg.Number == 0 {
			b.lot = &mg
			continue
		}
		b.games = append(b.games, mg)
	}
	slices.SortFunc(b.games, func(x, y Game) int { return x.Number - y.Number })
	return b, nil
}

// outcomes are the match's games from the board White's side.
func outcomes(g *tournament.Game, games []Game) []bracket.Outcome {
	out := make([]bracket.Outcome, len(games))
	for i, mg := range games {
		o := mg.Result.Outcome()
		white := mg.WhiteID == g.WhiteID
		switch {
		case o == tournament.Draw || o == tournament.NoWinner:
			out[i] = bracket.Drawn
		case (o == tournament.WhiteWins) == white:
			out[i] = bracket.TopWins
		default:
			out[i] = bracket.BottomWins
		}
	}
	return out
}

// boardResult is the board's result for the match's state: a win for the
// player who goes through, nil while undecided.
func boardResult(e *tournament.Event, st bracket.State, lot *Game, g *tournament.Game) *tournament.Result {
	side := func(white bool) rules.Color {
		if white {
			return rules.White
		}
		return rules.Black
	}
	var r tournament.Result
	switch {
	case st.Winner != 0:
		r = e.Game.Win(side(st.Winner == bracket.TopWins), tournament.FinalPosition)
	case lot != nil:
		r = e.Game.Win(side(lot.WhiteID == g.WhiteID), tournament.ArbiterLoss)
	default:
		return nil
	}
	return &r
}

// RecordGame stores the result of one game of a match: the next game, or
// a game entered before (a correction, which needs a reason). When the
// game decides the match the board's result is the match's (the winner
// goes through); a correction that changes who goes through is refused
// once the next round is paired on it. A match played on the site has its
// games' results from its games (RecordPlayed), never from this door.
func (s *Service) RecordGame(ctx context.Context, in GameInput) (*MatchView, error) {
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
		res, err := b.e.ParseResult(in.Score, in.EndReason)
		if err != nil {
			return err
		}
		out, err = record(tx, s.now(), b, in.Number, res, in.Reason, false, "")
		return err
	})
	return out, err
}

// PlayedInput is the end of a game of a match played on the site.
type PlayedInput struct {
	EventID int64
	Round   int
	Board   int
	// Number is the game's in the match: the next one.
	Number int
	// Result is the game's, from its own White's side, as the game ended
	// (by the rules, resignation, time, agreement or the arbiter's
	// decision).
	Result tournament.Result
	// By is who ended the game (the player who resigned, the arbiter who
	// decided it), as the audit log names them; nil for the server.
	By *tournament.User
}

// RecordPlayed records the end of a game of a knockout match played on the
// site (tournament/correspondence), inside the caller's transaction, with
// the checks of a game entered on the bracket: it must be the match's next
// game, and the match undecided. The returned match's Next is the game to
// start after it (nil once the match is decided, or when only a lot can
// decide it).
func RecordPlayed(tx Tx, now time.Time, in PlayedInput) (*MatchView, error) {
	e, err := tx.Event(in.EventID)
	if err != nil {
		return nil, err
	}
	b, err := readBoard(tx, e, in.By, in.Round, in.Board)
	if err != nil {
		return nil, err
	}
	if in.Number <= len(b.games) {
		return nil, tournament.Conflict("number", "game %d of the match of board %d is counted in the match: a finished game of a knockout match played on the site cannot be reopened or corrected yet", in.Number, in.Board)
	}
	return record(tx, now, b, in.Number, in.Result, "", true, "")
}

// GameTimeControl is the clock of game number of a match of event e: the
// event's for the match's own games, a tie-break stage's for its games
// (the event's when the stage sets none, as over the board).
func GameTimeControl(e *tournament.Event, number int) tournament.TimeControl {
	end := e.Knockout.MatchGames
	for _, st := range e.Knockout.TieBreaks {
		if number <= end {
			break
		}
		end += st.Games
		if number <= end && st.TimeControl != "" {
			if tc, err := tournament.ParseTimeControl(st.TimeControl); err == nil {
				return tc
			}
		}
	}
	return e.TimeControl
}

// record stores result res of game number of the match b, the checks of
// every door applied: the next game, or a correction with a reason. A game
// played on the site may end in the arbiter's adjudication, as every game
// played there may; one entered on the bracket is played out. reporter is
// the e-mail of the player whose report b.user confirms, "" when the game
// is entered or played.
func record(tx Tx, now time.Time, b *board, number int, res tournament.Result, reason string, played bool, reporter string) (*MatchView, error) {
	format := Format(b.e.Knockout)
	before, err := format.Play(true, outcomes(b.game, b.games))
	if err != nil {
		return nil, err
	}
	if number < 1 || number > len(b.games)+1 {
		return nil, tournament.Invalid("number", "the next game of the match is game %d; got %d", len(b.games)+1, number)
	}
	correction := number <= len(b.games)
	if !correction && (before.Winner != 0 || b.lot != nil) {
		return nil, tournament.Conflict("number", "the match of board %d is decided; it has no game %d", b.game.Board, number)
	}
	if !correction && before.Next == nil {
		return nil, tournament.Conflict("number", "the match of board %d is level after every tie-break stage; decide it by lot, with a reason", b.game.Board)
	}
	if correction && reason == "" {
		return nil, tournament.Invalid("reason", "game %d of the match has a result; correcting it needs a reason", number)
	}
	switch res.EndReason {
	case tournament.Adjudication:
		if !played {
			return nil, tournament.Invalid("end_reason", "a game of a match cannot end by %s", res.EndReason)
		}
	case tournament.Bye, tournament.HalfPointBye, tournament.ZeroPointBye, tournament.DoubleForfeit:
		return nil, tournament.Invalid("end_reason", "a game of a match cannot end by %s", res.EndReason)
	}
	round := b.round.Number
	white := b.game.WhiteID
	if number%2 == 0 {
		white = b.game.BlackID
	}
	mg := Game{Round: round, Board: b.game.Board, Number: number, WhiteID: white, Result: res}
	var old *Game
	games := slices.Clone(b.games)
	if correction {
		old = &b.games[number-1]
		mg.Reason = reason
		games[number-1] = mg
	} else {
		games = append(games, mg)
	}
	st, err := format.Play(true, outcomes(b.game, games))
	if err != nil {
		// A correction that decides the match before its later games.
		return nil, tournament.Conflict("number", "with this result the match is decided before its game %d; correct the later games first", len(games))
	}
	lot := b.lot
	if st.Winner != 0 || st.Next != nil {
		lot = nil // the games decide, or are not over
	}
	if err := settle(tx, b, boardResult(b.e, st, lot, b.game)); err != nil {
		return nil, err
	}
	if err := tx.SaveMatchGame(b.e.ID, mg); err != nil {
		return nil, err
	}
	action, note := tournament.ResultAudit(correction, rules.Message{}, reason)
	if reporter != "" {
		action, note = tournament.ActionResultConfirm, "reported by "+reporter
	}
	var oldLog *matchLog
	if old != nil {
		oldLog = &matchLog{Game: old.Number, Score: old.Result.Score(), EndReason: string(old.Result.EndReason)}
	}
	newLog := &matchLog{Game: number, Score: res.Score(), EndReason: string(res.EndReason)}
	if b.game.Result != nil {
		newLog.Match = b.game.Result.Score()
	}
	if err := tournament.Audit(tx, now, b.user, b.e.ID, action, fmt.Sprintf("round %d board %d", round, b.game.Board), oldLog, newLog, note); err != nil {
		return nil, err
	}
	return matchOf(b.e, round, b.game, games, lot, st), nil
}

// DecideByLot records the lot that decided a level match: after every
// tie-break stage, or instead of the stages left when the regulations say
// so (the match level, no game of the next stage played). The reason is
// required and kept. A lot drawn before is corrected the same way (another
// winner, with the reason in the audit log), as a game's result is: refused
// once the next round is paired on who went through.
func (s *Service) DecideByLot(ctx context.Context, in LotInput) (*MatchView, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	var out *MatchView
	err := s.store.Update(ctx, func(tx Tx) error {
		b, err := openBoard(ctx, tx, in.EventID, in.Round, in.Board)
		if err != nil {
			return err
		}
		if in.Reason == "" {
			return tournament.Invalid("reason", "a match decided by lot needs the reason (the regulations' rule, the arbiter's decision)")
		}
		if in.WinnerID != b.game.WhiteID && in.WinnerID != b.game.BlackID {
			return tournament.Invalid("winner_id", "the winner of the lot plays the match of board %d; player %d does not", in.Board, in.WinnerID)
		}
		st, err := Format(b.e.Knockout).Play(true, outcomes(b.game, b.games))
		if err != nil {
			return err
		}
		// Level after a stage: after the last, or before the first game of
		// the next.
		level := st.Lot || (st.Next != nil && st.Next.Stage > 0 && st.Next.InStage == 1)
		if st.Winner != 0 || !level {
			return tournament.Conflict("", "the match of board %d is not level after a stage of its games; a lot decides only a level match", in.Board)
		}
		lot := Game{Round: in.Round, Board: in.Board, Number: 0, WhiteID: in.WinnerID, Reason: in.Reason}
		if b.lot != nil && *b.lot == lot {
			out = matchOf(b.e, b.round.Number, b.game, b.games, &lot, st)
			return nil // drawn so already: nothing to log
		}
		players, err := tx.Players(in.EventID)
		if err != nil {
			return err
		}
		startNo := func(id int64) int {
			if p := tournament.FindPlayer(players, id); p != nil {
				return p.StartNo
			}
			return 0
		}
		// The audit log keeps the lot corrected, winner and board score.
		action := tournament.ActionResultRecord
		var before *matchLog
		if b.lot != nil {
			action, before = tournament.ActionResultCorrect, &matchLog{Winner: startNo(b.lot.WhiteID)}
			if b.game.Result != nil {
				before.Match = b.game.Result.Score()
			}
		}
		if err := settle(tx, b, boardResult(b.e, st, &lot, b.game)); err != nil {
			return err
		}
		if err := tx.SaveMatchGame(in.EventID, lot); err != nil {
			return err
		}
		out = matchOf(b.e, b.round.Number, b.game, b.games, &lot, st)
		return tournament.Audit(tx, s.now(), b.user, in.EventID, action, fmt.Sprintf("round %d board %d", in.Round, in.Board),
			before, &matchLog{Winner: startNo(in.WinnerID), Match: b.game.Result.Score()}, tournament.Note("note.knockout.lot", in.Reason))
	})
	return out, err
}

// settle writes the board's result for the match, refusing a change of
// who goes through once the next round is paired on it.
func settle(tx Tx, b *board, res *tournament.Result) error {
	same := (b.game.Result == nil) == (res == nil) && (res == nil || res.Outcome() == b.game.Result.Outcome())
	if same && (res == nil || *res == *b.game.Result) {
		return nil
	}
	if !same && len(b.rounds) > b.round.Number {
		return tournament.Conflict("", "round %d is paired on who won the match of board %d; take the later rounds back before changing it", b.round.Number+1, b.game.Board)
	}
	b.game.Result = res
	return tournament.StoreGame(tx, b.round, b.game)
}
