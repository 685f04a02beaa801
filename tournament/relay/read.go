package relay

import (
	"context"
	"slices"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// SilentAfter is how long a source may send nothing before its board
// shows it silent: a bridge pushes, and a polled file is read, every few
// seconds while a game goes on.
const SilentAfter = 30 * time.Second

// BoardView is a board of a round as its readers see it: the pairing, and
// what the relay has of its game.
type BoardView struct {
	Board  int
	GameID int64
	// White and Black are the players' names, WhiteNo and BlackNo their
	// start numbers.
	White, Black     string
	WhiteNo, BlackNo int
	Status           Status
	// Plies are the moves relayed, each with the position it left and the
	// clocks where the source gives them; Start is the game's first
	// position and FEN the last one, in the game's notation.
	Plies      []Ply
	Start, FEN string
	// LastMove is the last ply, nil before the first; LastPath its
	// squares, for drawing it.
	LastMove *Ply
	LastPath []string
	// Clock is the last clocks the source gave, nil when it gives none.
	Clock *Clock
	// Paused is where the relay stopped, as every reader is told of it;
	// nil while it goes on. Stop is why, in the reader's language through
	// the catalogue, for those who check it alone (the event's managers,
	// the round's operators, the holders of the event's relay keys): nil
	// for every other reader, who is told where, never why (an illegal
	// move, a game of other players). StopPly is the ply it stopped at
	// (0: none, or the arbiter's stop).
	Paused  *Pause
	Stop    *rules.Message
	StopPly int
	// Proposed is the result the relay proposes and the arbiter has not
	// confirmed; Result the board's result (the arbiter's), nil until in.
	Proposed *tournament.Result
	Result   *tournament.Result
	// Source is the board's source; URL a polled one's address (for the
	// event's managers only); LastHeard when the source last answered;
	// SilentSince when it went silent (zero while it is heard).
	Source      Source
	URL         string
	LastHeard   time.Time
	SilentSince time.Time
	Version     int
}

// Pause is where a board's relay stopped until the arbiter has checked
// it: the ply it stopped at, the one refused or the next one when the
// arbiter stopped it or the feed was not a game; Move is its move's
// number, as a score sheet numbers it.
type Pause struct {
	Ply, Move int
}

// pauseOf is the pause of board b's relay, nil while it goes on.
func pauseOf(b *BoardView) *Pause {
	if b.Status != Stopped {
		return nil
	}
	ply := b.StopPly
	if ply == 0 {
		ply = len(b.Plies) + 1
	}
	return &Pause{Ply: ply, Move: (ply + 1) / 2}
}

// RoundView is a round's relayed boards, in board order, the bye left
// out.
type RoundView struct {
	Event  *tournament.Event
	Round  int
	Status tournament.RoundStatus
	Boards []BoardView
	// Stamp grows with every change of the round's relay: a stream sends
	// the round again when it moved.
	Stamp int64
	// CanManage: the reader is the event's arbiter (sources, stops,
	// confirmations are theirs). CanOperate: the reader may tap the
	// round's moves (the arbiter, an operator named for the round, the
	// holder of the round's link while it lasts).
	CanManage  bool
	CanOperate bool
}

// Board is one board of the view, nil when the round has no such board.
func (v *RoundView) Board(n int) *BoardView {
	for i := range v.Boards {
		if v.Boards[i].Board == n {
			return &v.Boards[i]
		}
	}
	return nil
}

// Round reads round n of an event with its relay, for anyone who may read
// the event: the pairing of every board, the moves relayed, the last move,
// the clocks, the status, the result proposed.
func (s *Service) Round(ctx context.Context, eventID int64, n int) (*RoundView, error) {
	var out *RoundView
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, r, reader, err := readRound(ctx, tx, eventID, n)
		if err != nil {
			return err
		}
		boards, err := tx.RelayBoards(eventID, n)
		if err != nil {
			return err
		}
		stamps, err := tx.RelayStamps([]RoundKey{{EventID: eventID, Round: n}})
		if err != nil {
			return err
		}
		out = s.view(ctx, e, players, r, boards, reader.knowsWhy)
		out.CanOperate = (out.CanManage || reader.operates) && r.Status == tournament.Published && e.Relays(r) == nil
		out.Stamp = stamps[RoundKey{EventID: eventID, Round: n}]
		return nil
	})
	return out, err
}

// roundReader is what a round's reader is to its relay, besides the
// event's manager: operates, they tap the round's moves (named for the
// round, or by its link while it is published); knowsWhy, they are told
// why a board's relay stopped (a named operator, the holder of a relay
// key of the event: an operator's link, the arbiter's bridge).
type roundReader struct {
	operates, knowsWhy bool
}

// readRound reads round n of an event for its reader: a reader who may
// see the event, or the holder of a relay key of the event (whose link
// opens the round's page even when the event is private).
func readRound(ctx context.Context, tx Tx, eventID int64, n int) (*tournament.Event, []tournament.Player, *tournament.Round, roundReader, error) {
	if key := keyFrom(ctx); key != "" {
		k, err := tx.RelayKey(hashKey(key))
		switch {
		case tournament.ErrorCode(err) == tournament.ENOTFOUND || err == nil && (k.EventID != eventID || k.Round != 0 && k.Round != n):
			return nil, nil, nil, roundReader{}, tournament.NotFound("round %d of event %d not found", n, eventID)
		case err != nil:
			return nil, nil, nil, roundReader{}, err
		}
		e, err := tx.Event(eventID)
		if err != nil {
			return nil, nil, nil, roundReader{}, err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return nil, nil, nil, roundReader{}, err
		}
		_, r, err := tournament.StoredRound(tx, eventID, n)
		if err != nil {
			return nil, nil, nil, roundReader{}, err
		}
		if r.Status == tournament.Draft {
			return nil, nil, nil, roundReader{}, tournament.NotFound("round %d of event %d not found", n, eventID)
		}
		return e, players, r, roundReader{operates: k.Kind == Operator && r.Status == tournament.Published, knowsWhy: true}, nil
	}
	e, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
	if err != nil {
		return nil, nil, nil, roundReader{}, err
	}
	r, err := tournament.FindRound(rounds, eventID, n)
	if err != nil {
		return nil, nil, nil, roundReader{}, err
	}
	var reader roundReader
	if u := tournament.UserFromContext(ctx); u != nil {
		ops, err := tx.RelayOperators(eventID, n)
		if err != nil {
			return nil, nil, nil, roundReader{}, err
		}
		reader.operates = slices.Contains(ops, u.ID)
		reader.knowsWhy = reader.operates
	}
	return e, players, r, reader, nil
}

// view is the round as its reader sees it: why a board's relay stopped
// only for the event's manager and for a reader who knowsWhy.
func (s *Service) view(ctx context.Context, e *tournament.Event, players []tournament.Player, r *tournament.Round, boards []Board, knowsWhy bool) *RoundView {
	manager := tournament.CanManage(tournament.UserFromContext(ctx), e)
	knowsWhy = knowsWhy || manager
	out := &RoundView{Event: e, Round: r.Number, Status: r.Status, CanManage: manager}
	byBoard := map[int]*Board{}
	for i := range boards {
		byBoard[boards[i].Board] = &boards[i]
	}
	game := e.Game.Rules()
	start := game.Start()
	now := s.now()
	for _, g := range r.Games {
		if g.IsBye() {
			continue
		}
		v := BoardView{Board: g.Board, GameID: g.ID, White: nameOf(players, g.WhiteID), Black: nameOf(players, g.BlackID),
			WhiteNo: g.WhiteNo, BlackNo: g.BlackNo, Status: Waiting, Start: start.Notation(), FEN: start.Notation(), Result: g.Result}
		if b := byBoard[g.Board]; b != nil {
			v.Status, v.Plies, v.StopPly, v.Proposed, v.Source, v.LastHeard, v.Version = b.Status, b.Plies, b.StopPly, b.Proposed, b.Source, b.LastHeard, b.Version
			if manager {
				v.URL = b.URL
			}
			if b.Stop != "" && knowsWhy {
				m := tournament.NoteMessage(b.Stop)
				v.Stop = &m
			}
			if n := len(b.Plies); n > 0 {
				last := b.Plies[n-1]
				v.LastMove, v.FEN = &last, last.FEN
				v.LastPath = pathOf(game, b.Plies)
				for i := n - 1; i >= 0; i-- {
					if b.Plies[i].Clock != nil {
						v.Clock = b.Plies[i].Clock
						break
					}
				}
			}
			if g.Result == nil && b.Source != "" && b.Source != Operator && v.Status != Stopped {
				heard := b.LastHeard
				if heard.IsZero() {
					heard = b.SourceSince
				}
				if !heard.IsZero() && now.Sub(heard) > SilentAfter {
					v.SilentSince = heard
				}
			}
		}
		if g.Result != nil {
			v.Status, v.Proposed = Ended, nil
		}
		v.Paused = pauseOf(&v)
		out.Boards = append(out.Boards, v)
	}
	return out
}

// pathOf is the squares of the last ply, replayed: its start, landings
// and end.
func pathOf(game rules.Game, plies []Ply) []string {
	if game.Memoryless() && len(plies) > 1 {
		prev := plies[len(plies)-2]
		side := rules.White
		if len(plies)%2 == 0 {
			side = rules.Black
		}
		if st, err := game.ParseState(prev.FEN, side); err == nil {
			if m, err := st.Play(plies[len(plies)-1].Move); err == nil {
				return m.Path
			}
		}
	}
	st, err := stateAfter(game, plies[:len(plies)-1])
	if err != nil {
		return nil
	}
	m, err := st.Play(plies[len(plies)-1].Move)
	if err != nil {
		return nil
	}
	return m.Path
}
