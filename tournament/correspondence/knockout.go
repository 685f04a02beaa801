package correspondence

import (
	"fmt"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// Knockouts on the server (issue 68): a knockout event played live or by
// correspondence plays each board's match here, one game after the other.
// A published round starts each match's first game (MatchGame 1), the
// board's White with White; when a game ends its result goes into the
// match through tournament/knockout (knockout.RecordPlayed, the checks of
// a game entered on the bracket), which writes the board's result once the
// match is decided, and the match's next game starts at once, the colours
// exchanged, on the clock of its stage (knockout.GameTimeControl: the
// event's for the match's own games, the tie-break stage's for its
// games), until the match is decided or only a lot, the arbiter's, can
// decide it. The bracket then goes on as over the board: the arbiter pairs
// and publishes the next round.

// roundByRound reports whether e is a correspondence event whose rounds
// start one by one as they are published (a knockout), where a round-robin
// section starts them all at once (Start).
func roundByRound(e *tournament.Event) bool {
	return e.Discipline == tournament.Correspondence && !e.StartsAtOnce()
}

// clockOf is the time control game g is played at: its own when its
// round's start gave it one (a team knockout's tie-break leg), a
// tie-break game's stage's, else the event's.
func clockOf(e *tournament.Event, g *Game) tournament.TimeControl {
	if g.TimeControl != "" {
		if tc, err := tournament.ParseTimeControl(g.TimeControl); err == nil {
			return tc
		}
	}
	if g.MatchGame == 0 {
		return e.TimeControl
	}
	return knockout.GameTimeControl(e, g.MatchGame)
}

// firstMatchGame makes g, a board's game as its round starts it, the
// first game of its match when the event is a knockout of players. A
// team knockout's board is a single game of a leg, the leg a team
// match: its result goes into the match as any team board's does.
func firstMatchGame(e *tournament.Event, g *Game) {
	if e.System == tournament.Knockout && !e.Discipline.IsTeam() {
		g.MatchGame = 1
	}
}

// knockoutTx is the transaction as tournament/knockout reads and writes
// it; the store's transaction is one (Store.Correspondence and
// Store.Knockout share it).
func knockoutTx(tx Tx) (knockout.Tx, error) {
	if st, ok := tx.(*staged); ok {
		tx = st.Tx
	}
	ktx, ok := tx.(knockout.Tx)
	if !ok {
		return nil, fmt.Errorf("the store's transaction (%T) keeps no knockout matches", tx)
	}
	return ktx, nil
}

// recordMatchGame records the end of p's game in its knockout match with
// its moves, and starts the match's next game, when it has one, at now. u is the arbiter
// who decided the game (nil when it ended in play).
func (s *Service) recordMatchGame(tx Tx, p *play, u *tournament.User, res tournament.Result, now time.Time) error {
	ktx, err := knockoutTx(tx)
	if err != nil {
		return err
	}
	g := p.g
	m, err := knockout.RecordPlayed(ktx, now, knockout.PlayedInput{EventID: g.EventID, Round: g.Round, Board: g.Board, Number: g.MatchGame, Result: res, By: u})
	if err != nil {
		return err
	}
	if err := keepMatchMoves(tx, ktx, p); err != nil {
		return err
	}
	if m.Next == nil {
		return nil
	}
	return s.startMatchGame(tx, p, m.Next, now)
}

// keepMatchMoves keeps the moves of p's game, once it has ended, as its
// sheet in its knockout match, where the bracket, the JSON API and
// games.pdn read them; a game ended before its first move has none.
func keepMatchMoves(tx Tx, ktx knockout.Tx, p *play) error {
	moves, err := tx.Moves(p.g.ID)
	if err != nil || len(moves) == 0 {
		return err
	}
	sheet, err := sheetText(p.e.Game, p.st, p.g, moves)
	if err != nil {
		return err
	}
	return knockout.KeepPlayedMoves(ktx, p.e, p.g.Round, p.g.Board, p.g.MatchGame, sheet)
}

// startMatchGame starts game next of the match whose game p has just
// ended: from the same start, next's White with White, on full clocks of
// its stage. The players of a live game are at the board: they have shown
// up for the next.
func (s *Service) startMatchGame(tx Tx, p *play, next *knockout.NextGame, now time.Time) error {
	prev := p.g
	start, err := gameStart(p.e.Game, p.st, prev)
	if err != nil {
		return fmt.Errorf("game %d: its start: %w", prev.ID, err)
	}
	ng := Game{BoardGameID: prev.BoardGameID, EventID: prev.EventID, Round: prev.Round, Board: prev.Board,
		WhiteID: next.WhiteID, BlackID: prev.WhiteID + prev.BlackID - next.WhiteID, Status: Running,
		Position: start.Notation(), ToMove: start.ToMove(), StartedAt: now, Live: prev.Live, Start: prev.Start, MatchGame: next.Number}
	bank := InitialBank(clockOf(p.e, &ng))
	ng.Bank = [2]time.Duration{bank, bank}
	var leaves []Leave
	if ng.Live {
		for _, side := range []rules.Color{rules.White, rules.Black} {
			from, _ := prev.SideOf(ng.PlayerID(side))
			ng.Shown[side] = prev.Shown[from]
		}
	} else if leaves, err = tx.Leaves(prev.EventID); err != nil {
		return err
	}
	startTurn(&ng, p.st, leaves, now)
	if ng.Live {
		ng.Deadline = liveCheck(&ng, clockOf(p.e, &ng), now)
	}
	if err := tx.CreateGames([]Game{ng}); err != nil {
		return err
	}
	if ng.Live {
		return nil
	}
	return s.notifyPlayer(tx, &ng, ng.PlayerID(ng.ToMove), YourMove, gameArgs(p.e, &ng, p.players)...)
}

// matchStanding is where the knockout match of game g stands, from g's
// White's side: nil when its board is in no round read.
func matchStanding(e *tournament.Event, rounds []tournament.Round, all []knockout.Game, g *Game) *knockout.Standing {
	var board *tournament.Game
	for ri := range rounds {
		if rounds[ri].Number == g.Round {
			board = tournament.FindGame(&rounds[ri], g.Board)
		}
	}
	if board == nil {
		return nil
	}
	var games []knockout.Game
	for _, mg := range all {
		if mg.Round == g.Round && mg.Board == g.Board && mg.Number != 0 {
			games = append(games, mg)
		}
	}
	sd := knockout.StandingOf(e, board, games, g.MatchGame)
	if board.WhiteID != g.WhiteID {
		sd.Points[0], sd.Points[1] = sd.Points[1], sd.Points[0]
	}
	return &sd
}

// nextMatchGames fills in the next games of the finished live knockout
// games among views that are being played, reading each event's games
// once: none is read while no such game is shown.
func nextMatchGames(tx Tx, views []View) error {
	byEvent := map[int64][]Game{}
	for i := range views {
		v := &views[i]
		if v.Match == nil || !v.Live || v.Status != Finished {
			continue
		}
		games, ok := byEvent[v.EventID]
		if !ok {
			var err error
			if games, err = tx.Games(v.EventID); err != nil {
				return err
			}
			byEvent[v.EventID] = games
		}
		for _, g := range games {
			if g.BoardGameID == v.BoardGameID && g.MatchGame == v.MatchGame+1 && g.Status == Running {
				v.MatchNext = g.ID
			}
		}
	}
	return nil
}
