package correspondence

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// Live play: the games of an online rapid or blitz event (tournament.Event
// Online) are played on the server as correspondence games are, move by
// move checked by the rules, with what differs:
//
//   - each round's games start when the round is published, or at the start
//     time the arbiter gives with it (StartLiveRound);
//   - the clock is the event's Fischer control in minutes and seconds
//     ("5+3"): a move costs the time from the start of the turn to the
//     moment the server received it, and earns the increment;
//   - a flag falls on the server when the side to move's time runs out,
//     whether anyone is connected or not (the sweep, Expire), for 24:0;
//   - a player who has not shown up (opened the game or moved) by the
//     no-show time loses by forfeit, 24:0, not rated;
//   - nobody is mailed about moves: both players are watching.

// The audit actions of live play: a round's games started, a game lost by
// a player who did not show up, a game adjourned and time given by the
// arbiter, a flag fallen, a win claimed.
const (
	ActionLiveStart = tournament.ActionLiveStart
	ActionNoShow    = "live.no_show"
	ActionAdjourn   = "live.adjourn"
	ActionGiveTime  = "live.give_time"
	ActionOutage    = "live.outage"
	// ActionFlag is a live game's flag fallen, where a correspondence
	// game's time limit passes (ActionTimeout).
	ActionFlag = "live.flag"
	// ActionClaim is a live game won by a player's claim: the opponent's
	// flag fallen or the opponent not come, before the sweep saw it.
	ActionClaim = "live.claim"
)

// NoShowAfter is how long after its start a live game waits for a player:
// the base time of the event's clock (by then the absent first mover's
// flag has fallen anyway, and the other side has waited as long).
func NoShowAfter(tc tournament.TimeControl) time.Duration {
	return time.Duration(tc.BaseMinutes) * time.Minute
}

// StartLiveRound starts the live games of a published round of an online
// event, their clocks running from at (the moment the round is published
// when it has no start time), or the games of a published round of a
// correspondence knockout (knockout.go), each the first of its match.
// Games already started are left as they are, so that the publish's own
// call and the sweep (SyncLive) may both run.
func (s *Service) StartLiveRound(ctx context.Context, eventID int64, n int, at time.Time) error {
	return s.store.Update(ctx, func(tx Tx) error {
		_, err := s.startLiveRound(tx, eventID, n, at)
		return err
	})
}

func (s *Service) startLiveRound(tx Tx, eventID int64, n int, at time.Time) (int, error) {
	if err := tx.LockEvent(eventID); err != nil {
		return 0, err
	}
	e, err := tx.Event(eventID)
	if err != nil {
		return 0, err
	}
	if !e.Online && !roundByRound(e) {
		return 0, tournament.Invalid("online", "%s is not played live on the site", e.Name)
	}
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > len(rounds) || rounds[n-1].Status == tournament.Draft {
		return 0, tournament.Conflict("", "round %d of %s is not published", n, e.Name)
	}
	existing, err := tx.Games(eventID)
	if err != nil {
		return 0, err
	}
	started := map[int64]bool{}
	for _, g := range existing {
		started[g.BoardGameID] = true
	}
	settings, err := tx.Settings(eventID)
	if err != nil {
		return 0, err
	}
	start, err := startState(e.Game, settings)
	if err != nil {
		return 0, fmt.Errorf("event %d: start position: %w", eventID, err)
	}
	clocks, err := s.boardClocks(tx, e, n)
	if err != nil {
		return 0, err
	}
	var leaves []Leave
	if !e.Online {
		if leaves, err = tx.Leaves(eventID); err != nil {
			return 0, err
		}
	}
	var games []Game
	for _, g := range rounds[n-1].Games {
		if g.IsBye() || g.Result != nil || started[g.ID] {
			continue
		}
		lg := Game{BoardGameID: g.ID, EventID: eventID, Round: n, Board: g.Board, WhiteID: g.WhiteID, BlackID: g.BlackID,
			Status: Running, Position: start.Notation(), ToMove: start.ToMove(), StartedAt: at.UTC(), Live: e.Online, TimeControl: clocks[g.Board]}
		if settings.StartPosition != "" {
			// The game keeps its round's thematic start: the arbiter may
			// give the next round another (Configure).
			lg.Start = start.Notation()
		}
		micro, err := microGames(e, &rounds[n-1], lg)
		if err != nil {
			return 0, err
		}
		lg = micro[0]
		firstMatchGame(e, &lg)
		bank := InitialBank(clockOf(e, &lg))
		lg.Bank = [2]time.Duration{bank, bank}
		startTurn(&lg, settings, leaves, at.UTC())
		if lg.Live {
			lg.Deadline = liveCheck(&lg, clockOf(e, &lg), s.now())
		}
		games = append(games, lg)
	}
	if len(games) == 0 {
		return 0, nil
	}
	if err := tx.CreateGames(games); err != nil {
		return 0, err
	}
	if !e.Online {
		players, err := tx.Players(eventID)
		if err != nil {
			return 0, err
		}
		for i := range games {
			if err := s.notifyPlayer(tx, &games[i], games[i].PlayerID(games[i].ToMove), YourMove, gameArgs(e, &games[i], players)...); err != nil {
				return 0, err
			}
		}
	}
	return len(games), tournament.Audit(tx, s.now(), nil, eventID, ActionLiveStart, fmt.Sprintf("round %d", n), nil,
		map[string]any{"games": len(games), "starts_at": at.UTC(), "time_control": e.TimeControl.String()}, "")
}

// boardClocks are the time controls of round n's boards that are not
// event e's (Options.BoardClocks), read in tx.
func (s *Service) boardClocks(tx Tx, e *tournament.Event, n int) (map[int]string, error) {
	if s.clocks == nil {
		return nil, nil
	}
	return s.clocks(tx, e, n)
}

// SyncLive starts the live games of every published round of the running
// online events that are not started yet: a round published while the
// publish's own start failed, or by another instance that stopped. It
// reports how many games it started.
func (s *Service) SyncLive(ctx context.Context) (int, error) {
	type due struct {
		event int64
		round int
	}
	var rounds []due
	err := s.store.View(ctx, func(tx Tx) error {
		events, err := tx.Events(0, true)
		if err != nil {
			return err
		}
		for _, e := range events {
			if (!e.Online && !roundByRound(&e)) || e.Status != tournament.Running {
				continue
			}
			rs, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			games, err := tx.Games(e.ID)
			if err != nil {
				return err
			}
			started := map[int64]bool{}
			for _, g := range games {
				started[g.BoardGameID] = true
			}
			for _, r := range rs {
				for _, g := range r.Games {
					if r.Status != tournament.Draft && !g.IsBye() && g.Result == nil && !started[g.ID] {
						rounds = append(rounds, due{e.ID, r.Number})
						break
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	total := 0
	for _, r := range rounds {
		err := s.store.Update(ctx, func(tx Tx) error {
			n, err := s.startLiveRound(tx, r.event, r.round, s.now())
			total += n
			return err
		})
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// Present records that the signed-in player has opened their live game:
// they have shown up, and will not lose it by no-show; so has one who opens
// it before its start or while the arbiter has adjourned it. Anyone else,
// and a game not live or over, changes nothing.
func (s *Service) Present(ctx context.Context, gameID int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil
	}
	shown := false
	err := s.updateStaged(ctx, func(tx Tx, eventLock bool) error {
		// Most reads are of games not live, or whose reader has shown
		// up or does not play: a glance at the game and the reader's
		// players spares them the rest.
		if waiting, err := absent(tx, u, gameID); err != nil || !waiting {
			return err
		}
		p, err := s.loadLocked(ctx, tx, gameID, false, eventLock)
		if err != nil {
			return err
		}
		if !p.g.Live || !p.g.Shown[p.side].IsZero() || p.g.Status != Running && !adjourned(p.g) {
			return nil
		}
		if p.g.Status == Running {
			if err := s.checkRunning(tx, p, s.now()); err != nil {
				return err
			}
		}
		// One playing another live game is not at this one's board.
		if err := oneLiveGame(tx, p, s.now()); err != nil {
			return err
		}
		p.g.Shown[p.side] = s.now().UTC()
		if p.g.Status == Running {
			p.g.Deadline = liveCheck(p.g, clockOf(p.e, p.g), s.now())
		}
		shown = true
		return tx.SaveGame(p.g)
	})
	if code := tournament.ErrorCode(err); code == tournament.EFORBIDDEN || code == tournament.ECONFLICT {
		return nil // a reader who does not play, or a game just over
	}
	if err == nil && shown {
		s.changed(gameID) // the opponent's page stops waiting for them
	}
	return err
}

// Connect records that the signed-in player's stream of their live game
// has opened: the opponent's page shows them connected. The function it
// returns records that the stream closed (the page left, the connection
// lost), when it is still the player's newest: one opened meanwhile (the
// page in another tab, the browser reconnecting through another instance)
// keeps them connected. Anyone else, and a game not live or over, changes
// nothing, and so does the function. The record is the game's, so every
// instance's watchers hear of it as of a move.
func (s *Service) Connect(ctx context.Context, gameID int64) (func(), error) {
	side, connection, err := s.connect(ctx, gameID, func(g *Game, side rules.Color) bool {
		g.Connection[side] = g.Version + 1 // the version this save makes
		return true
	})
	if err != nil || connection == 0 {
		return func() {}, err
	}
	// The stream's request is over when this runs: the record is made
	// for its user all the same.
	left := context.WithoutCancel(ctx)
	return func() {
		_, _, _ = s.connect(left, gameID, func(g *Game, _ rules.Color) bool {
			if g.Connection[side] != connection {
				return false
			}
			g.Connection[side] = -connection
			return true
		})
	}, nil
}

// connect changes the signed-in player's connection to their live game,
// while it is played, by change, which reports whether it changed
// anything. It returns the player's side and their connection after it.
func (s *Service) connect(ctx context.Context, gameID int64, change func(g *Game, side rules.Color) bool) (rules.Color, int, error) {
	if tournament.UserFromContext(ctx) == nil {
		return 0, 0, nil
	}
	var side rules.Color
	var connection int
	changed := false
	err := s.updateStaged(ctx, func(tx Tx, eventLock bool) error {
		changed = false
		p, err := s.loadLocked(ctx, tx, gameID, false, eventLock)
		if err != nil {
			return err
		}
		if !p.g.Live || p.g.Status != Running && !adjourned(p.g) || !change(p.g, p.side) {
			return nil
		}
		side, changed = p.side, true
		if err := tx.SaveGame(p.g); err != nil {
			return err
		}
		connection = p.g.Connection[side]
		return nil
	})
	if code := tournament.ErrorCode(err); code == tournament.EFORBIDDEN || code == tournament.ECONFLICT || code == tournament.ENOTFOUND {
		return 0, 0, nil // a reader who does not play, or a game just over
	}
	if err == nil && changed {
		s.changed(gameID) // the opponent's page shows it
	}
	return side, connection, err
}

// adjourned reports whether a live game waits for the arbiter, who stopped
// its clocks (Adjourn), to resume or decide it.
func adjourned(g *Game) bool {
	return g.Live && g.Status == Adjudication
}

// Elsewhere is the live game an account is playing, which keeps it from
// playing another (one live game per account at a time), and its event.
type Elsewhere struct {
	Game  Game
	Event *tournament.Event
}

// playingElsewhere finds the live game that keeps the player of side in g
// from playing it: an account plays one live game at a time, the one of
// its running and started games it took up first (showed up in or moved
// in, counted from the game's start), until that game is over; its other
// games wait, their clocks running. accounts are the account's players in
// every event. Nil when the player is free to play g.
func playingElsewhere(tx Tx, accounts []Account, g *Game, side rules.Color, now time.Time) (*Elsewhere, error) {
	if !g.Live {
		return nil, nil
	}
	mine := g.PlayerID(side)
	var others []int64
	for _, a := range accounts {
		if a.PlayerID != mine {
			others = append(others, a.PlayerID)
		}
	}
	if len(others) == 0 {
		return nil, nil // an account that plays in this event alone
	}
	// Move after move this runs for the player moving: only the running
	// live games are read, not every game the account ever played.
	games, err := tx.RunningLiveGamesOfPlayers(others)
	if err != nil {
		return nil, err
	}
	since := takenUp(g, side, now)
	for i := range games {
		o := &games[i]
		// A game whose flag or no-show time has passed is over, whether
		// the sweep has ended it yet or not; one whose deadline is still
		// its start has only not been announced yet (announceStarts).
		if o.ID == g.ID || !o.Live || o.Status != Running || now.Before(o.StartedAt) || !now.Before(o.Deadline) && !waitsForStart(o) {
			continue
		}
		for _, id := range others {
			s, ok := o.SideOf(id)
			if !ok || o.Shown[s].IsZero() {
				continue
			}
			if at := takenUp(o, s, now); at.Before(since) || at.Equal(since) && o.ID < g.ID {
				e, err := tx.Event(o.EventID)
				if err != nil {
					return nil, err
				}
				return &Elsewhere{Game: *o, Event: e}, nil
			}
		}
	}
	return nil, nil
}

// takenUp is when the player of side took up a live game: showed up in it
// (now when they have not yet), and not before it started.
func takenUp(g *Game, side rules.Color, now time.Time) time.Time {
	if g.Shown[side].IsZero() {
		return later(now, g.StartedAt)
	}
	return later(g.Shown[side], g.StartedAt)
}

// oneLiveGame refuses play in a live game (a move, showing up, a draw
// offered or accepted) by a player whose account is playing another live
// game (playingElsewhere), naming that game. Resigning is never refused.
func oneLiveGame(tx Tx, p *play, now time.Time) error {
	if !p.isPlayer {
		return nil
	}
	other, err := playingElsewhere(tx, p.accounts, p.g, p.side, now)
	if err != nil || other == nil {
		return err
	}
	return tournament.Conflict("", "you are playing game %d (%s, round %d, board %d) with this account: one live game at a time; game %d waits, its clock running, until that one is over", other.Game.ID, other.Event.Name, other.Game.Round, other.Game.Board, p.g.ID)
}

// absent reports whether u plays a side of the running live game that has
// not shown up.
func absent(tx Tx, u *tournament.User, gameID int64) (bool, error) {
	g, err := tx.Game(gameID)
	if err != nil {
		return false, err
	}
	if !g.Live || g.Status != Running && !adjourned(g) || (!g.Shown[rules.White].IsZero() && !g.Shown[rules.Black].IsZero()) {
		return false, nil
	}
	accounts, err := tx.AccountsOfUser(u.ID)
	if err != nil {
		return false, err
	}
	for _, a := range accounts {
		if side, ok := g.SideOf(a.PlayerID); ok && a.EventID == g.EventID && g.Shown[side].IsZero() {
			return true, nil
		}
	}
	return false, nil
}

// noShow ends a live game one or both of whose players have not shown up
// by the no-show time: the absent side loses by forfeit 24:0 or 2:0 (both: a
// double forfeit). It reports whether it did.
func (s *Service) noShow(tx Tx, p *play, now time.Time) (bool, error) {
	g := p.g
	if !g.Live || g.Status != Running || now.Before(g.NoShowAt(clockOf(p.e, g))) {
		return false, nil
	}
	absent := [2]bool{g.Shown[rules.White].IsZero(), g.Shown[rules.Black].IsZero()}
	var res tournament.Result
	var note string
	switch {
	case absent[rules.White] && absent[rules.Black] && g.MatchGame != 0:
		// A knockout match needs a winner, which a double forfeit does not
		// give: the arbiter decides the game.
		u, action := p.endedBy(ActionNoShow)
		return true, s.toAdjudication(tx, p, u, action, tournament.Note("note.game.no_show.both"))
	case absent[rules.White] && absent[rules.Black]:
		res, note = tournament.Result{EndReason: tournament.DoubleForfeit}, tournament.Note("note.game.no_show.both")
	case absent[rules.White]:
		res, note = p.e.Game.Win(rules.Black, tournament.Forfeit), tournament.Note("note.game.no_show.white")
	case absent[rules.Black]:
		res, note = p.e.Game.Win(rules.White, tournament.Forfeit), tournament.Note("note.game.no_show.black")
	default:
		return false, nil
	}
	u, action := p.endedBy(ActionNoShow)
	return true, s.finish(tx, p, u, res, action, note)
}

// checkStarted refuses a move on a live game whose clocks have not started.
func checkStarted(g *Game, now time.Time, zone *time.Location) error {
	if g.Live && now.Before(g.StartedAt) {
		return tournament.Conflict("", "game %d starts at %s", g.ID, g.StartedAt.In(zone).Format("15:04:05 MST"))
	}
	return nil
}

// liveCheck is the next moment after now the sweep must look at a running
// live game (kept as its Deadline, by which the sweep finds it): its start,
// while it waits for it, when the pages opened before are told
// (announceStarts); then the side to move's flag, or the no-show time while
// a player has not shown up.
func liveCheck(g *Game, tc tournament.TimeControl, now time.Time) time.Time {
	if now.Before(g.StartedAt) {
		return g.StartedAt
	}
	flag := g.TurnStart.Add(g.Bank[g.ToMove])
	if g.Shown[rules.White].IsZero() || g.Shown[rules.Black].IsZero() {
		if noShow := g.NoShowAt(tc); noShow.Before(flag) {
			return noShow
		}
	}
	return flag
}

// ExpireLive is the live games' sweep, run every second: the games whose
// start came are announced to their watchers (announceStarts), a flag that
// fell ends its game (24:0), and a player who has not shown up by the
// no-show time loses by forfeit. Each game is ended in its own transaction
// and re-checked there, so several instances may sweep at once. It reports
// how many games it ended.
func (s *Service) ExpireLive(ctx context.Context, at time.Time) (int, error) {
	var due []Game
	err := s.store.View(ctx, func(tx Tx) (err error) {
		due, err = tx.DueGames(at)
		return err
	})
	if err != nil {
		return 0, err
	}
	starting := map[int64][]Game{}
	var expiring []Game
	for _, g := range due {
		switch {
		case !g.Live:
			// A correspondence game: its sweep's, once a minute.
		case waitsForStart(&g):
			// Its deadline is kept to the millisecond, its start finer.
			if !at.Before(g.StartedAt) {
				starting[g.EventID] = append(starting[g.EventID], g)
			}
		default:
			expiring = append(expiring, g)
		}
	}
	// The players waiting at their boards first: their clocks run.
	if err := s.announceStarts(ctx, starting, at); err != nil {
		return 0, err
	}
	ended := 0
	for _, g := range expiring {
		err := s.store.Update(ctx, func(tx Tx) error {
			p, err := loadGame(tx, g.ID)
			if err != nil {
				return err
			}
			done, err := s.expire(tx, p, at)
			if done {
				ended++
			}
			return err
		})
		s.changed(g.ID)
		if err != nil {
			return ended, err
		}
	}
	return ended, nil
}

// waitsForStart reports whether the running live game's start is still to
// be announced: its Deadline is kept at its start until then (liveCheck;
// stored to the millisecond, so at most as late), and no flag or no-show
// time can be as early.
func waitsForStart(g *Game) bool {
	return g.Live && g.Status == Running && !g.Deadline.After(g.StartedAt)
}

// announceStarts tells the watchers of the live games whose start came,
// by event, that they have started: each game is saved with its next
// check (a new version, which every instance's streams send), and a page
// opened before the start puts its game anew, with the clocks running and
// the move form. A round's games start together, and their first moves
// come within a second: each game is saved at the version the sweep read
// it at (SaveGames checks it), announceBatch games a statement, and no
// game is locked for the rest of the round. A game a move, a player
// showing up or another instance's sweep changed meanwhile is theirs: a
// move and a player showing up set its next check themselves, the other
// sweep announced it, and a game still waiting is found again by the next
// sweep. Holding a round's games in one transaction while both instances'
// sweeps locked them in turn kept its first moves waiting for seconds.
func (s *Service) announceStarts(ctx context.Context, starting map[int64][]Game, at time.Time) error {
	for _, eventID := range slices.Sorted(maps.Keys(starting)) {
		// In the order of their IDs, as every writer of several games
		// saves them: no two wait for each other.
		games := slices.SortedFunc(slices.Values(starting[eventID]), func(a, b Game) int { return cmp.Compare(a.ID, b.ID) })
		for batch := range slices.Chunk(games, announceBatch) {
			var announced []Game
			err := s.store.Update(ctx, func(tx Tx) error {
				announced = announced[:0]
				e, err := tx.Event(eventID)
				if err != nil {
					return err
				}
				saving := make([]*Game, len(batch))
				for i, g := range batch {
					g.Deadline = liveCheck(&g, clockOf(e, &g), at)
					saving[i] = &g
				}
				outcome, err := tx.SaveGames(saving)
				if err != nil {
					return err
				}
				for i, err := range outcome {
					if err == nil {
						announced = append(announced, *saving[i])
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			// The watchers make the new version from the game as saved,
			// as from another instance's notice: a round's start costs
			// this instance no read of its games.
			for i := range announced {
				g := &announced[i]
				s.heard(GameNotice{GameID: g.ID, Version: g.Version, From: g.Version - 1, Game: g})
			}
		}
	}
	return nil
}

// announceBatch is how many games' starts one transaction saves: few
// enough that a move waits for one batch at most, many enough that a
// round of 500 games is some twenty transactions.
const announceBatch = 25

// outageAfter is how long the live clock may miss its beat (every second,
// on every instance) before the time since its last one counts as the
// server's outage.
const outageAfter = 5 * time.Second

// Beat is the live clock's beat, run by every instance each second ahead
// of its sweep (ExpireLive), and once as it starts. It keeps the moment;
// when the last beat of any instance is more than outageAfter old, the
// server was away, and the running live games get that time back: each
// side to move's clock and the no-show time resume as they stood at the
// last beat, not charged for the outage. It reports the outage given back
// (zero when there was none).
func (s *Service) Beat(ctx context.Context, at time.Time) (time.Duration, error) {
	var outage time.Duration
	var resumed []int64
	err := s.store.Update(ctx, func(tx Tx) error {
		outage, resumed = 0, nil
		last, err := tx.LiveBeat()
		if err != nil {
			return err
		}
		if !at.After(last) {
			return nil // another instance beat meanwhile
		}
		if !last.IsZero() && at.Sub(last) > outageAfter {
			outage = at.Sub(last)
			if resumed, err = s.resumeAfterOutage(tx, last, at); err != nil {
				return err
			}
		}
		return tx.SetLiveBeat(at)
	})
	if err != nil {
		return 0, err
	}
	for _, id := range resumed {
		s.changed(id)
	}
	return outage, nil
}

// resumeAfterOutage gives the running live games the time from the last
// beat to at, and logs it in each event's audit log. It returns the games.
func (s *Service) resumeAfterOutage(tx Tx, last, at time.Time) ([]int64, error) {
	games, err := tx.RunningLiveGames()
	if err != nil {
		return nil, err
	}
	events := map[int64]*tournament.Event{}
	var ids []int64
	resumed := map[int64]int{}
	for i := range games {
		g := &games[i]
		stood := at.Sub(later(last, g.TurnStart))
		if stood <= 0 {
			continue // its clock starts later
		}
		e := events[g.EventID]
		if e == nil {
			if e, err = tx.Event(g.EventID); err != nil {
				return nil, err
			}
			events[g.EventID] = e
		}
		g.TurnStart = g.TurnStart.Add(stood)
		if noShow := at.Sub(later(last, g.StartedAt)); noShow > 0 {
			g.Stopped += noShow
		}
		g.Deadline = liveCheck(g, clockOf(e, g), at)
		if err := tx.SaveGame(g); err != nil {
			return nil, err
		}
		ids = append(ids, g.ID)
		resumed[g.EventID]++
	}
	for eventID, n := range resumed {
		if err := tournament.Audit(tx, s.now(), nil, eventID, ActionOutage, "", nil,
			map[string]any{"games": n, "last_beat": last.UTC(), "resumed_at": at.UTC(), "seconds": int(at.Sub(last).Seconds())}, ""); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// DueRound is a live event whose last round is over and whose pause after
// it (tournament.Event.NextRoundAfter) has passed: the server pairs and
// publishes round Done+1 (tournament.Service.PairAndPublishAfter).
type DueRound struct {
	EventID int64
	Done    int
}

// DueRounds lists the live events whose next round is due at at: every
// game of the last round over (its result in the round) for the event's
// pause, and rounds left to play.
func (s *Service) DueRounds(ctx context.Context, at time.Time) ([]DueRound, error) {
	var out []DueRound
	err := s.store.View(ctx, func(tx Tx) error {
		events, err := tx.Events(0, true)
		if err != nil {
			return err
		}
		for _, e := range events {
			if !e.Online || e.NextRoundAfter == 0 || e.Status != tournament.Running {
				continue
			}
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			n := len(rounds)
			if n == 0 || n >= e.Rounds || rounds[n-1].Status != tournament.Done {
				continue
			}
			games, err := tx.Games(e.ID)
			if err != nil {
				return err
			}
			var last time.Time
			for _, g := range games {
				if g.Round == n && g.EndedAt.After(last) {
					last = g.EndedAt
				}
			}
			if !at.Before(last.Add(time.Duration(e.NextRoundAfter) * time.Second)) {
				out = append(out, DueRound{EventID: e.ID, Done: n})
			}
		}
		return nil
	})
	return out, err
}
