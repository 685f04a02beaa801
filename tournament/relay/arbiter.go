package relay

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"adiukh/rules"
	"adiukh/tournament"
)

// MoveInput is a move an operator taps at the board.
type MoveInput struct {
	EventID int64
	Round   int
	Board   int
	// Ply is the move's place in the game (1 for White's first): a tap
	// sent twice, or after another operator's, is refused rather than
	// played twice.
	Ply  int
	Move string
}

// Move plays an operator's move on the board (Source Operator), checked
// by the rules of the event's game: a move the rules refuse is refused
// with the legal ones, and the board goes on.
func (s *Service) Move(ctx context.Context, in MoveInput) (*Taken, error) {
	return s.operate(ctx, in.EventID, in.Round, in.Board, func(p pairing, b *Board, game rules.Game) (feedGame, error) {
		if in.Ply != len(b.Plies)+1 {
			return feedGame{}, tournament.Conflict("ply", "the board has %d plies already; this move was sent for ply %d — reload the board", len(b.Plies), in.Ply)
		}
		st, err := stateAfter(game, b.Plies)
		if err != nil {
			return feedGame{}, err
		}
		played, err := st.Play(strings.TrimSpace(in.Move))
		if err != nil {
			return feedGame{}, tournament.Invalid("move", "%s is not a legal move at ply %d: %s", in.Move, in.Ply, err)
		}
		fg := feedFrom(p, b)
		fg.Plies = append(fg.Plies, Ply{Move: played.Notation, FEN: played.After.Notation()})
		if out := played.After.Outcome(); out.Over {
			fg.Over = &tournament.Result{White: out.Score.White, Black: out.Score.Black, EndReason: tournament.FinalPosition}
		}
		return fg, nil
	})
}

// TakeBack takes the board's last move back: an operator's slip, audited
// as a correction.
func (s *Service) TakeBack(ctx context.Context, eventID int64, n, board, ply int) (*Taken, error) {
	return s.operate(ctx, eventID, n, board, func(p pairing, b *Board, game rules.Game) (feedGame, error) {
		if len(b.Plies) == 0 || ply != len(b.Plies) {
			return feedGame{}, tournament.Conflict("ply", "the board has %d plies; ply %d is not its last — reload the board", len(b.Plies), ply)
		}
		fg := feedFrom(p, b)
		fg.Plies = fg.Plies[:len(fg.Plies)-1]
		return fg, nil
	})
}

// ProposeResult is an operator's result of the board's game (a
// resignation, an agreed draw, a flag): proposed to the arbiter, as a
// result a feed writes is.
func (s *Service) ProposeResult(ctx context.Context, eventID int64, n, board int, score, reason string) (*Taken, error) {
	return s.operate(ctx, eventID, n, board, func(p pairing, b *Board, game rules.Game) (feedGame, error) {
		fg := feedFrom(p, b)
		if score == "" {
			return fg, nil // the proposal withdrawn
		}
		res, err := p.event().ParseResult(score, reason)
		if err != nil {
			return feedGame{}, err
		}
		fg.Result = &res
		return fg, nil
	})
}

// event is the pairing's event, set by operate.
func (p pairing) event() *tournament.Event { return p.ev }

// operate runs an operator's change of a board as a feed of the board's
// whole game.
func (s *Service) operate(ctx context.Context, eventID int64, n, board int, next func(p pairing, b *Board, game rules.Game) (feedGame, error)) (*Taken, error) {
	if err := s.admit(ctx, PushInput{EventID: eventID, Round: n, Board: board}); err != nil {
		return nil, err
	}
	var out *Taken
	var changed *Board
	err := s.store.Update(ctx, func(tx Tx) error {
		a, err := mayFeed(ctx, tx, eventID, n, Operator)
		if err != nil {
			return err
		}
		if err := linkOpen(tx, a, n); err != nil {
			return err
		}
		p, b, err := boardOf(tx, a.event, n, board)
		if err != nil {
			return err
		}
		if err := open(p); err != nil {
			return err
		}
		if err := claim(b, Operator, s.now()); err != nil {
			return err
		}
		fg, err := next(p, b, a.event.Game.Rules())
		if err != nil {
			return err
		}
		ch := take(b, p, fg, s.now())
		if b.ID == 0 {
			ch.changed = true
		}
		if err := s.save(tx, a, b, ch); err != nil {
			return err
		}
		out, changed = takenOf(b), b
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.changed(changed)
	return out, nil
}

// feedFrom is the board's game as a feed: its moves, and the proposal it
// stands at.
func feedFrom(p pairing, b *Board) feedGame {
	fg := feedGame{White: p.white, Black: p.black, Plies: append([]Ply(nil), b.Plies...)}
	if b.Proposed != nil && b.Proposed.EndReason != tournament.FinalPosition {
		r := *b.Proposed
		fg.Result = &r
	}
	return fg
}

// stateAfter is the game's state after the plies, replayed from the
// start by the rules of the game.
func stateAfter(game rules.Game, plies []Ply) (rules.State, error) {
	st := game.Start()
	for i, p := range plies {
		played, err := st.Play(p.Move)
		if err != nil {
			return nil, fmt.Errorf("relay: stored ply %d (%s): %w", i+1, p.Move, err)
		}
		st = played.After
	}
	return st, nil
}

// linkOpen refuses the round's operator link once the round's results
// are all in: it expires then.
func linkOpen(tx Tx, a *access, n int) error {
	if a.key == nil {
		return nil
	}
	_, r, err := tournament.StoredRound(tx, a.event.ID, n)
	if err != nil {
		return err
	}
	if r.Status == tournament.Done {
		return tournament.Unauthorized("the results of round %d are all in: its operator link has expired", n)
	}
	return nil
}

// SourceInput is a board's source as the arbiter sets it: a kind, and a
// polled source's address.
type SourceInput struct {
	EventID int64
	Round   int
	// Board is the board's number; 0 sets every board of the round (a
	// polled address then holds the round's games, matched by names).
	Board int
	Kind  Source
	URL   string
}

// SetSource sets where a board's moves come from (or every board's of the
// round), the arbiter's switch between sources: the moves relayed stay,
// and a stop by the old source is lifted.
func (s *Service) SetSource(ctx context.Context, in SourceInput) ([]Board, error) {
	switch in.Kind {
	case Operator, Push:
		if in.URL != "" {
			return nil, tournament.Invalid("url", "only a polled source has an address")
		}
	case Poll:
		if err := checkURL(in.URL); err != nil {
			return nil, err
		}
	case "":
	default:
		return nil, tournament.Invalid("source", "a source is %s, %s or %s", Operator, Push, Poll)
	}
	var out []Board
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		_, r, err := tournament.StoredRound(tx, in.EventID, in.Round)
		if err != nil {
			return err
		}
		if err := relayable(e, r); err != nil {
			return err
		}
		boards := []int{in.Board}
		if in.Board == 0 {
			boards = nil
			for _, g := range r.Games {
				if !g.IsBye() && g.Result == nil {
					boards = append(boards, g.Board)
				}
			}
		}
		for _, n := range boards {
			_, b, err := boardOf(tx, e, in.Round, n)
			if err != nil {
				return err
			}
			before := map[string]any{"source": b.Source, "url": b.URL}
			b.Source, b.URL, b.WholeRound, b.SourceSince = in.Kind, in.URL, in.Kind == Poll && in.Board == 0, s.now()
			b.Failures, b.NextPoll = 0, s.now()
			if b.Status == Stopped && b.StoppedBy == stoppedByFeed {
				b.Status, b.Stop, b.StopPly, b.StoppedBy = Playing, "", 0, ""
				if len(b.Plies) == 0 {
					b.Status = Waiting
				}
			}
			b.UpdatedAt = s.now()
			if err := tx.SaveRelayBoard(b); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), u, e.ID, ActionSource, fmt.Sprintf("round %d board %d", in.Round, n), before, map[string]any{"source": b.Source, "url": b.URL}, ""); err != nil {
				return err
			}
			out = append(out, *b)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range out {
		s.changed(&out[i])
	}
	return out, nil
}

// checkURL accepts an address the server may read: http or https, with
// a host.
func checkURL(raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return tournament.Invalid("url", "%q is not a web address; give one starting with https://", raw)
	}
	return nil
}

// SetStopped stops a board's relay (the arbiter's stop: nothing is taken
// until the arbiter resumes it) or resumes it.
func (s *Service) SetStopped(ctx context.Context, eventID int64, n, board int, stopped bool) (*Taken, error) {
	var out *Taken
	var changed *Board
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		p, b, err := boardOf(tx, e, n, board)
		if err != nil {
			return err
		}
		if err := open(p); err != nil {
			return err
		}
		action := ActionResume
		if stopped {
			action = ActionStop
			stop(b, 0, stoppedByArbiter, tournament.Note("note.relay.stopped_by_arbiter"))
		} else {
			if b.Status != Stopped {
				return tournament.Conflict("", "board %d of round %d is not stopped", board, n)
			}
			fg := feedFrom(p, b)
			b.Stop, b.StopPly, b.StoppedBy, b.Status = "", 0, "", Playing
			if st, err := stateAfter(e.Game.Rules(), b.Plies); err == nil {
				if out := st.Outcome(); out.Over {
					fg.Over = &tournament.Result{White: out.Score.White, Black: out.Score.Black, EndReason: tournament.FinalPosition}
				}
			}
			take(b, p, fg, b.LastHeard)
		}
		b.UpdatedAt = s.now()
		if err := tx.SaveRelayBoard(b); err != nil {
			return err
		}
		out, changed = takenOf(b), b
		return tournament.Audit(tx, s.now(), u, eventID, action, fmt.Sprintf("round %d board %d", n, board), nil, map[string]any{"plies": len(b.Plies)}, "")
	})
	if err != nil {
		return nil, err
	}
	s.changed(changed)
	return out, nil
}

// Confirm records the result the board proposes, through the domain's
// one result entry (tournament.Service.RecordResult: standings, pairings
// and documents follow as for any result), with the relayed record as
// the board's score sheet. The board's relay ends with it.
func (s *Service) Confirm(ctx context.Context, eventID int64, n, board int) (*tournament.RecordedResult, error) {
	var in tournament.ResultInput
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := tournament.MayManage(ctx, e); err != nil {
			return err
		}
		p, b, err := boardOf(tx, e, n, board)
		if err != nil {
			return err
		}
		if err := open(p); err != nil {
			return err
		}
		if b.Proposed == nil {
			return tournament.Conflict("", "board %d of round %d proposes no result yet", board, n)
		}
		sheet, err := record(e, p, b.Plies, *b.Proposed)
		if err != nil {
			return err
		}
		in = tournament.ResultInput{EventID: eventID, Round: n, Board: board, Score: b.Proposed.Score(), EndReason: string(b.Proposed.EndReason), Sheet: sheet, Version: p.game.Version}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rec, err := s.events.RecordResult(ctx, in)
	if err != nil {
		return nil, err
	}
	// The board's relay moves on with its result, so that the round's
	// watchers on every instance are told.
	var changed *Board
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		b, err := tx.RelayBoard(eventID, n, board)
		if err != nil || b == nil {
			return err
		}
		b.Status, b.UpdatedAt = Ended, s.now()
		changed = b
		return tx.SaveRelayBoard(b)
	})
	if err != nil {
		return nil, err
	}
	s.changed(changed)
	return rec, nil
}
