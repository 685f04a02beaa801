package correspondence

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// MoveInput is a move a player sends: the move in the rules' notation and
// the ply of the game as the player last read it.
type MoveInput struct {
	GameID int64
	Move   string
	Ply    int
	// OfferDraw offers a draw with the move (§6.1.3.2); a trailing "=" on
	// the move does the same.
	OfferDraw bool
}

// play is the state one use case on a game works with.
type play struct {
	e        *tournament.Event
	g        *Game
	st       *Settings
	leaves   []Leave
	players  []tournament.Player
	user     *tournament.User
	accounts []Account   // the players the user plays for, in every event
	side     rules.Color // the user's side, when a player
	isPlayer bool
	// gameOnly: the live game is locked, not its event, which ending
	// the game needs (see readGame).
	gameOnly bool
	// version is the data version the game was read at (Tx.GameAt).
	version int64
	// claimant is the player whose claim (ClaimFlag) ends the game by its
	// clock: the audit names them, where the sweep's entry names the server.
	claimant *tournament.User
}

// endedBy is who ends the game by its clock and under which audit action:
// the server's sweep under the cause's own (action), or the player who
// claimed the win.
func (p *play) endedBy(action string) (*tournament.User, string) {
	if p.claimant == nil {
		return nil, action
	}
	return p.claimant, ActionClaim
}

// load locks the event and the game and reads what a use case needs. The
// user must be a player of the game unless arbiter is set, when the
// event's arbiter may act instead.
func (s *Service) load(ctx context.Context, tx Tx, gameID int64, arbiter bool) (*play, error) {
	return s.loadLocked(ctx, tx, gameID, arbiter, true)
}

// loadLocked is load; without eventLock a live game is locked alone (see
// readGame).
func (s *Service) loadLocked(ctx context.Context, tx Tx, gameID int64, arbiter, eventLock bool) (*play, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in (an API token) to play")
	}
	p, err := readGame(tx, gameID, eventLock, &s.kept)
	if err != nil {
		return nil, err
	}
	p.user = u
	// The user's own players, not the event's every account: a move of a
	// live event of a thousand players reads two rows, not a thousand, and
	// a live game locked alone takes them as kept (see kept).
	var accounts []Account
	if p.gameOnly {
		accounts, err = s.kept.accountsOf(tx, p.version, u.ID)
	} else {
		accounts, err = tx.AccountsOfUser(u.ID)
	}
	if err != nil {
		return nil, err
	}
	p.accounts = accounts
	inSection := false
	for _, a := range accounts {
		if a.EventID != p.e.ID {
			continue
		}
		inSection = true
		if side, ok := p.g.SideOf(a.PlayerID); ok {
			p.side, p.isPlayer = side, true
		}
	}
	// A private section is read by its arbiters and its own players only.
	if !tournament.CanRead(u, p.e) && !inSection {
		return nil, tournament.NotFound("game %d not found", gameID)
	}
	switch {
	case arbiter && !tournament.CanManage(u, p.e):
		return nil, tournament.Forbidden("only an administrator or the event's own arbiter may decide game %d", gameID)
	case arbiter:
		// The arbiter's decisions change a game's result: none once the
		// event's final table stands.
		if err := p.e.TableOpen(""); err != nil {
			return nil, err
		}
	case !arbiter && !p.isPlayer:
		return nil, tournament.Forbidden("you do not play in game %d", gameID)
	}
	return p, nil
}

// loadGame locks a game's event and the game, in that order in every use
// case, and reads the event's settings, leave and players. A live game
// needs neither leave (there is none) nor the players' names (nobody is
// mailed about it): it reads neither, so that a move of a big event stays
// cheap.
func loadGame(tx Tx, gameID int64) (*play, error) {
	return readGame(tx, gameID, true, nil)
}

// errEventLock fails a transaction that locked a live game alone and must
// end it: the result goes into the event's round, which is written under
// the event's lock (the round is complete with its last game, once).
// updateGame runs the use case again with the event locked.
var errEventLock = errors.New("ending the game needs the event's lock")

// readGame is loadGame; without eventLock a live game is locked alone.
// That is what a live move and a player showing up need, which write the
// game and its moves only: the moves of an event's games do not wait for
// each other. Locking the event only after the game would lock in the
// other order than every other use case does, so one that must end the
// game fails with errEventLock instead and runs again (updateGame). A live
// game locked alone takes its event and settings from k while the data
// version is the one they were read at (see kept); k may be nil with
// eventLock.
func readGame(tx Tx, gameID int64, eventLock bool, k *kept) (*play, error) {
	peek, version, err := tx.GameAt(gameID)
	if err != nil {
		return nil, err
	}
	if _, ok := tx.(*staged); ok && !peek.Live {
		return nil, errNotStaged // a correspondence move writes its sheet
	}
	p := &play{gameOnly: !eventLock && peek.Live, version: version}
	if p.gameOnly {
		p.e, p.st, err = k.section(tx, version, peek.EventID)
	} else {
		p.e, err = section(tx, peek.EventID)
	}
	if err != nil {
		return nil, err
	}
	if p.g, err = tx.LockGame(gameID); err != nil {
		return nil, err
	}
	if p.st == nil {
		if p.st, err = tx.Settings(p.e.ID); err != nil {
			return nil, err
		}
	}
	if p.g.Live {
		return p, nil
	}
	if p.leaves, err = tx.Leaves(p.e.ID); err != nil {
		return nil, err
	}
	if p.players, err = tx.Players(p.e.ID); err != nil {
		return nil, err
	}
	return p, nil
}

// errLate is returned by a use case that found the game over on time or
// past the event's end: the transaction records that and commits, and the
// caller answers with the error.
type errLate struct{ err error }

func (e errLate) Error() string { return e.err.Error() }

// update runs fn in a transaction; an errLate from fn commits what fn wrote
// and is returned as its inner error.
func (s *Service) update(ctx context.Context, fn func(tx Tx) error) error {
	var late errLate
	err := s.store.Update(ctx, func(tx Tx) error {
		err := fn(tx)
		if errors.As(err, &late) {
			return nil
		}
		return err
	})
	if err == nil && late.err != nil {
		return late.err
	}
	return err
}

// updateGame runs fn as update does, first with a live game locked alone
// (eventLock false) and again with its event locked when fn must end the
// game (errEventLock, see readGame).
func (s *Service) updateGame(ctx context.Context, fn func(tx Tx, eventLock bool) error) error {
	err := s.update(ctx, func(tx Tx) error { return fn(tx, false) })
	if errors.Is(err, errEventLock) {
		err = s.update(ctx, func(tx Tx) error { return fn(tx, true) })
	}
	return err
}

// checkRunning refuses a game that is not running and ends one whose time
// or event has run out (errLate).
func (s *Service) checkRunning(tx Tx, p *play, now time.Time) error {
	switch p.g.Status {
	case Finished:
		if p.g.Result == nil {
			return tournament.Conflict("", "game %d is over", p.g.ID)
		}
		return tournament.Conflict("", "game %d is over: %s (%s)", p.g.ID, p.e.ScoreText(*p.g.Result), p.g.Result.EndReason)
	case Adjudication:
		if p.g.Live {
			// Adjourned by the arbiter (Adjourn): live play's words, not
			// correspondence's.
			return tournament.Conflict("", "game %d waits for the arbiter, its clocks stopped: %s", p.g.ID, tournament.NoteMessage(p.g.Note))
		}
		return tournament.Conflict("", "game %d waits for the arbiter's adjudication: %s", p.g.ID, tournament.NoteMessage(p.g.Note))
	}
	ended, err := s.expire(tx, p, now)
	if err != nil {
		return err // nothing is committed, errEventLock included
	}
	if ended {
		return errLate{tournament.Conflict("", "game %d is no longer played: %s", p.g.ID, tournament.NoteMessage(p.g.Note))}
	}
	return nil
}

func resultWords(r *tournament.Result) string {
	if r == nil {
		return "no result"
	}
	return r.Score() + " " + strings.ReplaceAll(string(r.EndReason), "_", " ")
}

// expire ends a running game whose side to move has run out of time (lost
// 0:24 or 24:0, 0:2 or 2:0 in Russian draughts) or whose event has passed
// its end date (adjudication). A deadline that came before the end of the
// event's last day is a loss on time even when it is found later, after a
// sweep missed it. It reports whether it did.
func (s *Service) expire(tx Tx, p *play, now time.Time) (bool, error) {
	g := p.g
	if g.Status != Running {
		return false, nil
	}
	if ended, err := s.noShow(tx, p, now); err != nil || ended {
		return ended, err
	}
	deadline := deadlineOf(g, p.st, p.leaves)
	if end, err := time.Parse(time.DateOnly, p.e.EndDate); err == nil && !g.Live && !now.Before(end.Add(Day)) && !deadline.Before(end.Add(Day)) {
		note := tournament.Note("note.game.event_ended", p.e.EndDate)
		return true, s.toAdjudication(tx, p, nil, ActionAdjudication, note)
	}
	if now.Before(deadline) {
		return false, nil
	}
	res := p.e.Game.Win(g.ToMove.Opponent(), tournament.LossOnTime)
	// The moment as the event's players and arbiter keep time: in its zone,
	// named.
	layout, action := "2006-01-02 15:04 MST", ActionTimeout
	if g.Live {
		layout, action = "2006-01-02 15:04:05 MST", ActionFlag // a blitz flag falls to the second
	}
	at := deadline.In(p.e.Location()).Format(layout)
	// A live game's note speaks of a flag, not of correspondence's time
	// limit.
	var note string
	switch {
	case g.Live && g.ToMove == rules.White:
		note = tournament.Note("note.game.flag.white", at)
	case g.Live:
		note = tournament.Note("note.game.flag.black", at)
	case g.ToMove == rules.White:
		note = tournament.Note("note.game.time_out.white", at)
	default:
		note = tournament.Note("note.game.time_out.black", at)
	}
	u, action := p.endedBy(action)
	return true, s.finish(tx, p, u, res, action, note)
}

// finish ends the game with res: the result goes into the event's round at
// once (and completes it when it was its last game), both players hear of it.
func (s *Service) finish(tx Tx, p *play, u *tournament.User, res tournament.Result, action, note string) error {
	if p.gameOnly {
		return errEventLock
	}
	g := p.g
	before := gameLog(g)
	g.Status, g.Result, g.Note, g.OfferBy, g.EndedAt = Finished, &res, note, nil, s.now().UTC()
	switch {
	case g.MicroGame != 0:
		// A live game's moves become its sheet of the board now, as an
		// ordinary live game's become the board's; a correspondence
		// game's are there already (syncSheet).
		var sheet string
		if g.Live {
			moves, err := tx.Moves(g.ID)
			if err != nil {
				return err
			}
			if len(moves) > 0 {
				if sheet, err = sheetText(p.e.Game, p.st, g, moves); err != nil {
					return err
				}
			}
		}
		forfeited, err := recordMicroGame(tx, g, &res, sheet)
		if err != nil {
			return err
		}
		if g.Live && g.MicroGame == 1 && !forfeited {
			if err := startSecondGame(tx, p.e, p.st, g, g.EndedAt); err != nil {
				return err
			}
		}
	case g.MatchGame != 0:
		// A game of a knockout match: its result goes into the match,
		// which writes the board's once decided, and its moves become
		// its sheet in the match (keepMatchMoves).
		if err := s.recordMatchGame(tx, p, u, res, g.EndedAt); err != nil {
			return err
		}
	case g.Live:
		moves, err := tx.Moves(g.ID)
		if err != nil {
			return err
		}
		sheet, err := sheetText(p.e.Game, p.st, g, moves)
		if err != nil {
			return err
		}
		if err := updateRoundGame(tx, g, func(tg *tournament.Game) {
			tg.Result, tg.Sheet, tg.SheetReport = &res, sheet, nil
		}); err != nil {
			return err
		}
	default:
		if err := setRoundResult(tx, g, &res); err != nil {
			return err
		}
	}
	if err := tx.SaveGame(g); err != nil {
		return err
	}
	for _, id := range []int64{g.WhiteID, g.BlackID} {
		if err := s.notifyPlayer(tx, g, id, GameOver, append(gameArgs(p.e, g, p.players), res.Score())...); err != nil {
			return err
		}
	}
	return tournament.Audit(tx, s.now(), u, p.e.ID, action, gameSubject(g), before, gameLog(g), note)
}

// toAdjudication stops the clocks (EndedAt is when) and hands the game to
// the arbiter.
func (s *Service) toAdjudication(tx Tx, p *play, u *tournament.User, action, note string) error {
	if p.gameOnly {
		return errEventLock
	}
	g := p.g
	before := gameLog(g)
	g.Status, g.Note, g.OfferBy, g.EndedAt = Adjudication, note, nil, s.now().UTC()
	if err := tx.SaveGame(g); err != nil {
		return err
	}
	args := gameArgs(p.e, g, p.players)
	for _, id := range []int64{g.WhiteID, g.BlackID} {
		if err := s.notifyPlayer(tx, g, id, Adjudicate, args...); err != nil {
			return err
		}
	}
	if err := s.notifyUser(tx, g, p.e.OwnerID, Adjudicate, args...); err != nil {
		return err
	}
	return tournament.Audit(tx, s.now(), u, p.e.ID, action, gameSubject(g), before, gameLog(g), note)
}

// setRoundResult writes the result (nil: none) into the tournament game
// the correspondence game plays and keeps its round's status in step.
func setRoundResult(tx Tx, g *Game, res *tournament.Result) error {
	if g.MicroGame != 0 {
		_, err := recordMicroGame(tx, g, res, "")
		return err
	}
	return updateRoundGame(tx, g, func(tg *tournament.Game) { tg.Result = res })
}

// updateRoundGame changes the event's game that g plays and stores it as
// every result is stored (tournament.StoreGame), round status and all.
func updateRoundGame(tx Tx, g *Game, change func(tg *tournament.Game)) error {
	rounds, err := tx.Rounds(g.EventID)
	if err != nil {
		return err
	}
	for ri := range rounds {
		r := &rounds[ri]
		for gi := range r.Games {
			tg := &r.Games[gi]
			if tg.ID != g.BoardGameID {
				continue
			}
			change(tg)
			return tournament.StoreGame(tx, r, tg)
		}
	}
	return fmt.Errorf("game %d (board game %d) is in no round of event %d", g.ID, g.BoardGameID, g.EventID)
}

// gameLogEntry is a game's state as the audit log keeps it; it never holds
// anything but what was played.
type gameLogEntry struct {
	Status string `json:"status"`
	Ply    int    `json:"ply"`
	ToMove string `json:"to_move"`
	Result string `json:"result,omitempty"`
	Offer  string `json:"draw_offer,omitempty"`
}

func gameLog(g *Game) gameLogEntry {
	l := gameLogEntry{Status: string(g.Status), Ply: g.Ply, ToMove: g.ToMove.String()}
	if g.Result != nil {
		l.Result = resultWords(g.Result)
	}
	if g.OfferBy != nil {
		l.Offer = g.OfferBy.String()
	}
	return l
}

func gameSubject(g *Game) string {
	return fmt.Sprintf("game %d (round %d board %d)", g.ID, g.Round, g.Board)
}

// Move plays a move for the signed-in player. The move is checked by the
// rules as a sheet's move is; the ply must be the game's current one (a
// stale ply is a conflict, so of two moves sent at once one wins).
func (s *Service) Move(ctx context.Context, in MoveInput) (*View, error) {
	text := strings.TrimSpace(in.Move)
	var view *View
	err := s.updateStaged(ctx, func(tx Tx, eventLock bool) error {
		p, err := s.loadLocked(ctx, tx, in.GameID, false, eventLock)
		if err != nil {
			return err
		}
		g := p.g
		switch {
		case g.Status != Running:
			return s.checkRunning(tx, p, s.now())
		case in.Ply != g.Ply:
			return tournament.Conflict("ply", "game %d has moved on: it is at ply %d and you sent ply %d; reload the game", g.ID, g.Ply, in.Ply)
		case g.ToMove != p.side:
			return tournament.Forbidden("it is %s's move in game %d; you play %s", g.ToMove, g.ID, p.side)
		}
		now := s.now().UTC()
		if err := s.checkRunning(tx, p, now); err != nil {
			return err
		}
		if err := checkStarted(g, now, p.e.Location()); err != nil {
			return err
		}
		if err := oneLiveGame(tx, p, now); err != nil {
			return err
		}
		history, err := s.movesOf(tx, g)
		if err != nil {
			return err
		}
		state, err := stateOf(p.e, p.st, g, history)
		if err != nil {
			return err
		}
		start, err := gameStart(p.e.Game, p.st, g)
		if err != nil {
			return err
		}
		played, err := findMove(state, g, text)
		if err != nil {
			return err
		}
		rec, _ := rules.ParseRecord(text)
		offer := in.OfferDraw || rec.DrawOffer
		used := Charged(g.TurnStart, now, leavePeriods(p.leaves, g.PlayerID(g.ToMove)))
		mover := g.ToMove
		first := g.FirstSide()
		before := gameLog(g)
		next := played.After
		g.Ply++
		g.Position, g.ToMove = next.Notation(), next.ToMove()
		g.Bank[mover] = BankAfterMove(clockOf(p.e, g), g.Bank[mover], used, movesOf(mover, first, g.Ply))
		declined := g.OfferBy != nil && *g.OfferBy != mover
		switch {
		case offer:
			g.OfferBy, g.OfferPly = &mover, g.Ply
		case declined:
			g.OfferBy = nil
		}
		startTurn(g, p.st, p.leaves, now)
		if g.Live {
			if g.Shown[mover].IsZero() {
				g.Shown[mover] = now
			}
			g.Deadline = liveCheck(g, clockOf(p.e, g), now)
		}
		mv := &Move{GameID: g.ID, Ply: g.Ply, Notation: played.Notation, Position: g.Position, PlayedAt: now, Used: used, DrawOffer: offer, Left: g.Bank[mover]}
		if err := tx.AddMove(mv); err != nil {
			return err
		}
		// A live game's moves are its record (each with its receipt and
		// clock); its sheet is written into the round when it ends
		// (finish), so that a move costs the same in an event of a
		// thousand players as in one of two.
		if !g.Live {
			if err := syncSheet(tx, p.e.Game, p.st, g, append(history, *mv)); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), p.user, p.e.ID, ActionMove, gameSubject(g), before,
				map[string]any{"ply": g.Ply, "move": mv.Notation, "used": used.String(), "draw_offer": offer}, ""); err != nil {
				return err
			}
		}
		opponent := g.PlayerID(g.ToMove)
		args := gameArgs(p.e, g, p.players)
		switch out := next.Outcome(); {
		case out.Over:
			res, note := resultOf(out, mover, mv.Notation)
			if err := s.finish(tx, p, p.user, res, ActionFinal, note); err != nil {
				return err
			}
		case repeated(start.Notation(), g.RepetitionFrom, history, mv) >= 3:
			note := tournament.Note("note.game.repetition.white", g.Ply)
			if g.ToMove == rules.Black {
				note = tournament.Note("note.game.repetition.black", g.Ply)
			}
			if err := s.toAdjudication(tx, p, p.user, ActionAdjudication, note); err != nil {
				return err
			}
		default:
			if err := tx.SaveGame(g); err != nil {
				return err
			}
			if err := s.notifyPlayer(tx, g, opponent, YourMove, args...); err != nil {
				return err
			}
			if offer {
				if err := s.notifyPlayer(tx, g, opponent, DrawOffered, args...); err != nil {
					return err
				}
			}
			// Only a game that goes on declines the offer: one that ended
			// or waits for the arbiter says so instead.
			if declined {
				if err := s.notifyPlayer(tx, g, opponent, DrawDeclined, args...); err != nil {
					return err
				}
			}
		}
		v := viewOf(p.e.Game, g, p.st, p.leaves, s.now())
		v.Moves = append(history, *mv)
		view = &v
		return nil
	})
	switch {
	case err != nil:
		s.changed(in.GameID)
	case view.MicroGame != 0 && view.Status != Running:
		// A micro-match's game the move ended may have started the
		// second: its watchers read the game with its micro-match.
		s.changed(in.GameID)
	default:
		s.moved(view)
	}
	return view, err
}

// findMove plays a written move by the rules of the game's event. Its
// errors are the sheet check's: the rules' reason (with the rule's
// paragraph where one applies) and the legal moves.
func findMove(state rules.State, g *Game, text string) (rules.GameMove, error) {
	ply := g.Ply + 1
	moveNo := g.MoveNumber(ply)
	if text == "" {
		return rules.GameMove{}, tournament.Invalid("move", "write the move, like \"c3-b4\" or \"a3:a7\"")
	}
	played, err := state.Play(text)
	if err == nil {
		return played, nil
	}
	var legal []string
	for _, m := range state.Moves() {
		legal = append(legal, m.Notation)
	}
	return rules.GameMove{}, tournament.Invalid("move", "move %d (ply %d): %s; the legal moves are %s", moveNo, ply, rules.Detail(err), strings.Join(legal, ", "))
}

// movesOf is the number of moves side has made once the game reached ply,
// first being the side that moved first.
func movesOf(side, first rules.Color, ply int) int {
	if side == first {
		return (ply + 1) / 2
	}
	return ply / 2
}

// repeated counts the occurrences of the position after mv with the same
// side to move since ply from (the start position included when from is
// 0): positions can repeat in Adiukh (§5) and nothing in its rules ends
// such a game. (Russian draughts' rules draw it, axiom 7: Move finds the
// game over before it counts.)
func repeated(start string, from int, history []Move, mv *Move) int {
	n := 0
	if from == 0 && mv.Ply%2 == 0 && mv.Position == start {
		n++
	}
	for _, h := range history {
		if h.Ply >= from && h.Ply%2 == mv.Ply%2 && h.Position == mv.Position {
			n++
		}
	}
	return n + 1
}

// OfferDraw offers a draw without a move (§6.1.3). The offer stands until
// the opponent moves, accepts or declines it.
func (s *Service) OfferDraw(ctx context.Context, gameID int64) (*View, error) {
	return s.onGame(ctx, gameID, false, func(tx Tx, p *play) error {
		g := p.g
		switch {
		case g.OfferBy != nil && *g.OfferBy == p.side:
			return tournament.Conflict("", "your draw offer in game %d already stands", g.ID)
		case g.OfferBy != nil:
			return tournament.Conflict("", "your opponent's draw offer in game %d stands: accept or decline it", g.ID)
		}
		// No draw is agreed on a board whose clocks have not started.
		if err := checkStarted(g, s.now(), p.e.Location()); err != nil {
			return err
		}
		if err := oneLiveGame(tx, p, s.now()); err != nil {
			return err
		}
		// §6.1.3.1: a player offers a draw only after making a move, so
		// that no draw is agreed before a move is played.
		if !g.HasMoved(p.side) {
			return tournament.Conflict("", "a draw may be offered only after one's own move: you have not moved yet in game %d", g.ID)
		}
		before := gameLog(g)
		side := p.side
		g.OfferBy, g.OfferPly = &side, g.Ply
		if err := tx.SaveGame(g); err != nil {
			return err
		}
		if err := s.notifyPlayer(tx, g, g.PlayerID(side.Opponent()), DrawOffered, gameArgs(p.e, g, p.players)...); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), p.user, p.e.ID, ActionDrawOffer, gameSubject(g), before, gameLog(g), "")
	})
}

// AcceptDraw accepts the opponent's standing offer: 12:12 (§6.1.3), 1:1
// in Russian draughts.
func (s *Service) AcceptDraw(ctx context.Context, gameID int64) (*View, error) {
	return s.onGame(ctx, gameID, false, func(tx Tx, p *play) error {
		if err := noOffer(p); err != nil {
			return err
		}
		if err := checkStarted(p.g, s.now(), p.e.Location()); err != nil {
			return err
		}
		if err := oneLiveGame(tx, p, s.now()); err != nil {
			return err
		}
		return s.finish(tx, p, p.user, p.e.Game.Draw(tournament.Agreement), ActionDrawAccept, tournament.Note("note.game.draw_agreed"))
	})
}

// DeclineDraw declines the opponent's standing offer.
func (s *Service) DeclineDraw(ctx context.Context, gameID int64) (*View, error) {
	return s.onGame(ctx, gameID, false, func(tx Tx, p *play) error {
		if err := noOffer(p); err != nil {
			return err
		}
		g := p.g
		before := gameLog(g)
		g.OfferBy = nil
		if err := tx.SaveGame(g); err != nil {
			return err
		}
		if err := s.notifyPlayer(tx, g, g.PlayerID(p.side.Opponent()), DrawDeclined, gameArgs(p.e, g, p.players)...); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), p.user, p.e.ID, ActionDrawDecline, gameSubject(g), before, gameLog(g), "")
	})
}

func noOffer(p *play) error {
	if p.g.OfferBy == nil || *p.g.OfferBy == p.side {
		return tournament.Conflict("", "no draw offer of your opponent stands in game %d", p.g.ID)
	}
	return nil
}

// Resign gives up the game: the opponent wins 24:0 (§5.2), 2:0 in
// Russian draughts.
func (s *Service) Resign(ctx context.Context, gameID int64) (*View, error) {
	return s.onGame(ctx, gameID, false, func(tx Tx, p *play) error {
		res := p.e.Game.Win(p.side.Opponent(), tournament.Resignation)
		note := tournament.Note("note.game.resigned.white")
		if p.side == rules.Black {
			note = tournament.Note("note.game.resigned.black")
		}
		return s.finish(tx, p, p.user, res, ActionResign, note)
	})
}

// ClaimFlag ends the game at once when the opponent's flag has fallen by
// the server's clock: the player who sees the opponent's clock at zero
// need not wait for the sweep. The game ends as the sweep would end it
// (24:0 on time, or a forfeit for a player who never showed up); a claim
// the server's clock does not bear out is refused with the time the
// opponent has left. A claim the sweep has already granted answers the
// game as it ended. The audit names the claimant (ActionClaim).
func (s *Service) ClaimFlag(ctx context.Context, gameID int64) (*View, error) {
	var view *View
	err := s.update(ctx, func(tx Tx) error {
		p, err := s.load(ctx, tx, gameID, false)
		if err != nil {
			return err
		}
		g := p.g
		p.claimant = p.user
		now := s.now().UTC()
		switch {
		case !g.Live:
			return tournament.Conflict("", "game %d is played by correspondence: the server ends it when a player's time runs out, with no claim", g.ID)
		case g.Status == Finished && g.Result != nil && (g.Result.EndReason == tournament.LossOnTime || g.Result.EndReason == tournament.Forfeit) && wonBy(g.Result, p.side):
		case g.Status != Running:
			return s.checkRunning(tx, p, now)
		case g.Shown[p.side.Opponent()].IsZero():
			// An absent opponent loses at the no-show time, whoever's
			// clock runs.
			ended, err := s.expire(tx, p, now)
			if err != nil {
				return err
			}
			if !ended {
				at := g.NoShowAt(clockOf(p.e, g))
				return tournament.Conflict("", "your opponent has not shown up for game %d: unless they come, they lose by forfeit at %s, in %.0f s", g.ID, at.In(p.e.Location()).Format("15:04:05 MST"), at.Sub(now).Seconds())
			}
		case g.ToMove == p.side:
			return tournament.Conflict("", "it is your move in game %d: only your own clock is running", g.ID)
		default:
			if err := checkStarted(g, now, p.e.Location()); err != nil {
				return err
			}
			ended, err := s.expire(tx, p, now)
			if err != nil {
				return err
			}
			if !ended {
				left := deadlineOf(g, p.st, p.leaves).Sub(now)
				return tournament.Conflict("", "your opponent's flag has not fallen in game %d: by the server's clock they have %.1f s left", g.ID, left.Seconds())
			}
		}
		v := viewOf(p.e.Game, g, p.st, p.leaves, now)
		view = &v
		return nil
	})
	s.changed(gameID)
	return view, err
}

// wonBy reports whether the result is a win for the player of side.
func wonBy(r *tournament.Result, side rules.Color) bool {
	if side == rules.White {
		return r.White > r.Black
	}
	return r.Black > r.White
}

// onGame runs an action on a running game, by one of its players or, with
// arbiter, by the event's arbiter, and returns the game.
func (s *Service) onGame(ctx context.Context, gameID int64, arbiter bool, fn func(tx Tx, p *play) error) (*View, error) {
	var view *View
	err := s.update(ctx, func(tx Tx) error {
		p, err := s.load(ctx, tx, gameID, arbiter)
		if err != nil {
			return err
		}
		if err := s.checkRunning(tx, p, s.now()); err != nil {
			return err
		}
		if err := fn(tx, p); err != nil {
			return err
		}
		v := viewOf(p.e.Game, p.g, p.st, p.leaves, s.now())
		view = &v
		return nil
	})
	s.changed(gameID)
	return view, err
}
