package relay

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
)

// access is who sends a board's moves, as the service found them.
type access struct {
	event *tournament.Event
	user  *tournament.User // nil for a relay key's holder
	key   *Key
	// manager: the event's arbiter (or an administrator), who may set
	// sources and confirm results.
	manager bool
}

// mayFeed checks that the context may send moves of round n of an event
// by a source of kind, and reads the event. The arbiter may send any; a
// push key of the event pushes; the round's operators (named accounts,
// the round's link) tap moves. A relay key does nothing else.
func mayFeed(ctx context.Context, tx Tx, eventID int64, n int, kind Source) (*access, error) {
	if err := tx.LockEvent(eventID); err != nil {
		return nil, err
	}
	if key := keyFrom(ctx); key != "" {
		k, err := tx.RelayKey(hashKey(key))
		if tournament.ErrorCode(err) == tournament.ENOTFOUND || err == nil && k.EventID != eventID {
			return nil, tournament.Unauthorized("the relay key is not valid for this event")
		}
		if err != nil {
			return nil, err
		}
		if k.Round != 0 && k.Round != n {
			return nil, tournament.Forbidden("this relay key is for round %d only", k.Round)
		}
		if k.Kind != kind {
			return nil, tournament.Forbidden("this relay key feeds boards by %s, not by %s", k.Kind, kind)
		}
		e, err := tx.Event(eventID)
		if err != nil {
			return nil, err
		}
		return &access{event: e, key: k}, nil
	}
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in, or send the event's relay key, to relay its games")
	}
	e, err := tournament.Readable(ctx, tx, eventID)
	if err != nil {
		return nil, err
	}
	if tournament.CanManage(u, e) {
		return &access{event: e, user: u, manager: true}, nil
	}
	if kind == Operator {
		ops, err := tx.RelayOperators(eventID, n)
		if err != nil {
			return nil, err
		}
		if slices.Contains(ops, u.ID) {
			return &access{event: e, user: u}, nil
		}
	}
	return nil, tournament.Forbidden("only the arbiter and the operators the arbiter names relay the games of round %d", n)
}

// relayable checks that round n of the event is relayed
// (tournament.Event.Relays).
func relayable(e *tournament.Event, r *tournament.Round) error {
	return e.Relays(r)
}

// boardOf reads round n's board b with its players' names and its relay
// (a new one when none is stored).
func boardOf(tx Tx, e *tournament.Event, n, b int) (pairing, *Board, error) {
	r, err := tx.Board(e.ID, n, b)
	if err != nil {
		return pairing{}, nil, err
	}
	if err := relayable(e, r); err != nil {
		return pairing{}, nil, err
	}
	g := tournament.FindGame(r, b)
	if g == nil {
		return pairing{}, nil, tournament.NotFound("board %d of round %d not found", b, n)
	}
	if g.IsBye() {
		return pairing{}, nil, tournament.Conflict("", "board %d of round %d is the bye; nothing is played there", b, n)
	}
	players, err := tx.Players(e.ID)
	if err != nil {
		return pairing{}, nil, err
	}
	p := pairing{ev: e, round: r, game: g, white: nameOf(players, g.WhiteID), black: nameOf(players, g.BlackID)}
	rb, err := tx.RelayBoard(e.ID, n, b)
	if err != nil {
		return pairing{}, nil, err
	}
	if rb == nil {
		rb = &Board{EventID: e.ID, Round: n, Board: b, Status: Waiting}
	}
	return p, rb, nil
}

func nameOf(players []tournament.Player, id int64) string {
	if p := tournament.FindPlayer(players, id); p != nil {
		return p.Name
	}
	return ""
}

// claim makes kind the board's source when it has none, and refuses
// another source than the board's: two sources would fight over its moves.
func claim(b *Board, kind Source, now time.Time) error {
	if b.Source == "" {
		b.Source, b.SourceSince = kind, now
		return nil
	}
	if b.Source != kind {
		return tournament.Conflict("source", "board %d of round %d is relayed by %s; the arbiter may switch its source", b.Board, b.Round, b.Source)
	}
	return nil
}

// open refuses moves for a board whose result is in: its relay ended.
func open(p pairing) error {
	if p.game.Result != nil {
		return tournament.Conflict("", "board %d of round %d has its result; its relay has ended", p.game.Board, p.round.Number)
	}
	return nil
}

// save stores the board when it changed, with the audit entry of a
// correction or a stop.
func (s *Service) save(tx Tx, a *access, b *Board, ch change) error {
	if !ch.changed && b.ID != 0 {
		return tx.RelayHeard(b.ID, b.LastHeard)
	}
	b.UpdatedAt = s.now()
	if err := tx.SaveRelayBoard(b); err != nil {
		return err
	}
	subject := fmt.Sprintf("round %d board %d", b.Round, b.Board)
	if ch.corrected {
		if err := tournament.Audit(tx, s.now(), a.user, b.EventID, ActionCorrection, subject,
			map[string]any{"from_ply": ch.from, "moves": ch.before}, map[string]any{"from_ply": ch.from, "moves": moveTexts(b.Plies[min(ch.from-1, len(b.Plies)):])}, ""); err != nil {
			return err
		}
	}
	if ch.stopped {
		return tournament.Audit(tx, s.now(), a.user, b.EventID, ActionStop, subject, nil, map[string]any{"ply": b.StopPly}, b.Stop)
	}
	return nil
}

// PushInput is a game's PDN so far for one board, or a whole round's.
type PushInput struct {
	EventID int64
	Round   int
	// Board is the board's number; 0 for a round's PDN, each game matched
	// to its board by its players' names.
	Board int
	PDN   string
}

// Push takes a program's PDN of one board's game (Source Push): its moves
// checked by the rules of the event's game, a correction where it differs
// from what the board has, a stop at a refused move or a game of other
// players, a result proposed at its end.
func (s *Service) Push(ctx context.Context, in PushInput) (*Taken, error) {
	if err := s.admit(ctx, in); err != nil {
		return nil, err
	}
	var out *Taken
	var changed *Board
	err := s.store.Update(ctx, func(tx Tx) error {
		a, err := mayFeed(ctx, tx, in.EventID, in.Round, Push)
		if err != nil {
			return err
		}
		games := readFeed(a.event.Game, in.PDN)
		if len(games) != 1 {
			return tournament.Invalid("pdn", "a board's PDN holds one game; this one holds %d", len(games))
		}
		b, err := s.feed(tx, a, in.Round, in.Board, Push, games[0])
		if err != nil {
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

// PushRound takes a program's PDN of a whole round: each game matched to
// its board by its players' names (White and Black), then taken as Push
// takes one. A game that matches no board is answered with why; the
// others go on.
func (s *Service) PushRound(ctx context.Context, in PushInput) ([]Taken, error) {
	if err := s.admit(ctx, in); err != nil {
		return nil, err
	}
	var out []Taken
	var boards []*Board
	err := s.store.Update(ctx, func(tx Tx) error {
		a, err := mayFeed(ctx, tx, in.EventID, in.Round, Push)
		if err != nil {
			return err
		}
		games := readFeed(a.event.Game, in.PDN)
		if len(games) == 0 {
			return tournament.Invalid("pdn", "the PDN holds no game")
		}
		out, boards, err = s.feedRound(tx, a, in.Round, Push, games)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, b := range boards {
		s.changed(b)
	}
	return out, nil
}

// feedRound takes each game of a round's feed on the board its players'
// names match.
func (s *Service) feedRound(tx Tx, a *access, n int, kind Source, games []feedGame) ([]Taken, []*Board, error) {
	_, r, err := tournament.StoredRound(tx, a.event.ID, n)
	if err != nil {
		return nil, nil, err
	}
	if err := relayable(a.event, r); err != nil {
		return nil, nil, err
	}
	players, err := tx.Players(a.event.ID)
	if err != nil {
		return nil, nil, err
	}
	var out []Taken
	var boards []*Board
	for _, fg := range games {
		board, err := matchBoard(r, players, fg)
		if err != nil {
			out = append(out, Taken{White: fg.White, Black: fg.Black, Err: err})
			continue
		}
		b, err := s.feed(tx, a, n, board, kind, fg)
		if err != nil {
			if tournament.ErrorCode(err) == "" {
				return nil, nil, err
			}
			out = append(out, Taken{Board: board, White: fg.White, Black: fg.Black, Err: err})
			continue
		}
		t := takenOf(b)
		t.White, t.Black = fg.White, fg.Black
		out, boards = append(out, *t), append(boards, b)
	}
	return out, boards, nil
}

// matchBoard finds the board of a round whose players a game of a
// round's feed names: the full names first, then surnames where they fit
// one board alone.
func matchBoard(r *tournament.Round, players []tournament.Player, fg feedGame) (int, error) {
	if strings.TrimSpace(fg.White) == "" || strings.TrimSpace(fg.Black) == "" {
		return 0, tournament.Invalid("pdn", "a game of the round's PDN names no players (White and Black tags), so it matches no board")
	}
	for _, same := range []func(a, b string) bool{tournament.SameFolded, tournament.NamesPlayer} {
		var fits []int
		for _, g := range r.Games {
			if !g.IsBye() && same(fg.White, nameOf(players, g.WhiteID)) && same(fg.Black, nameOf(players, g.BlackID)) {
				fits = append(fits, g.Board)
			}
		}
		switch len(fits) {
		case 1:
			return fits[0], nil
		case 0:
			continue
		}
		return 0, tournament.Invalid("pdn", "%d boards of round %d fit %s – %s; push this game to its board", len(fits), r.Number, fg.White, fg.Black)
	}
	return 0, tournament.Invalid("pdn", "no board of round %d is %s – %s", r.Number, fg.White, fg.Black)
}

// feed takes one game of a source on board b of round n.
func (s *Service) feed(tx Tx, a *access, n, board int, kind Source, fg feedGame) (*Board, error) {
	p, b, err := boardOf(tx, a.event, n, board)
	if err != nil {
		return nil, err
	}
	if err := open(p); err != nil {
		return nil, err
	}
	if err := claim(b, kind, s.now()); err != nil {
		return nil, err
	}
	ch := take(b, p, fg, s.now())
	if b.ID == 0 {
		ch.changed = true
	}
	if err := s.save(tx, a, b, ch); err != nil {
		return nil, err
	}
	return b, nil
}

// admit checks a feed's size and its sender's rate before it is read.
func (s *Service) admit(ctx context.Context, in PushInput) error {
	if len(in.PDN) > MaxFeedBytes {
		return tournament.TooLarge("pdn", "the PDN is %d bytes; a feed may hold up to %d MB", len(in.PDN), MaxFeedBytes>>20)
	}
	sender := keyFrom(ctx)
	if sender != "" {
		sender = "key " + hashKey(sender)
	} else if u := tournament.UserFromContext(ctx); u != nil {
		sender = fmt.Sprintf("user %d", u.ID)
	}
	return s.limits.allow(sender, fmt.Sprintf("%d/%d/%d", in.EventID, in.Round, in.Board))
}
